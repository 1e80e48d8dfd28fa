// The migration that gives every stock adjustment its site, run on a database made by the
// migrations before it and holding adjustments of two accounts: each keeps every value it had and
// names its account's default site (the only site an adjustment could be at), never another one.
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261220000000_adjustment_sites";
const BEFORE = {
  stock_adjustments:
    "t.account_id, t.id, t.reason, t.note, t.reference, t.actor_name, t.actor_token_id, t.created_at",
};

const base = useDatabaseBefore(MIGRATION);

it("keeps every adjustment as it was, at its account's default site", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  for (const [i, accountId] of accounts.entries()) {
    await base.sql.query(
      `INSERT INTO stock_adjustments (account_id, reason, note, reference, actor_name, created_at)
       SELECT $1, (ARRAY['received', 'damaged', 'correction'])[1 + g % 3]::stock_reason,
         CASE WHEN g % 3 = 2 THEN 'note ' || g END, 'REF-' || g, 'erp',
         timestamptz '2026-01-01T00:00:00Z' + g * interval '1 hour'
       FROM generate_series(1, $2::int) AS g`,
      [accountId, 5 + i * 3],
    );
  }
  const before = await tableSnapshot(base.sql, BEFORE);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, BEFORE)).toEqual(before);
  const { rows } = await base.sql.query<{ account_id: number; code: string; n: number }>(
    `SELECT a.account_id, s.code, count(*)::int AS n FROM stock_adjustments a
     JOIN sites s ON s.account_id = a.account_id AND s.id = a.site_id
     GROUP BY a.account_id, s.code ORDER BY a.account_id`,
  );
  expect(rows).toEqual([
    { account_id: accounts[0], code: "MAIN", n: 5 },
    { account_id: accounts[1], code: "MAIN", n: 8 },
  ]);
  // The column is required from now on.
  await expect(
    base.sql.query(
      "INSERT INTO stock_adjustments (account_id, reason, actor_name) VALUES ($1, 'received', 'x')",
      [accounts[0]],
    ),
  ).rejects.toThrow(/site_id/);
});
