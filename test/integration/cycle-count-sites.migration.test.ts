// The migration that keeps cycle counts per site, run on a database made by the migrations before
// it and holding two accounts' classes and last counts: every row keeps every value it had and is
// at its account's default site (not at another site of the account); afterwards a row must name
// a site of its own account (a foreign key until 20261216000000_cycle_counts_site_unchecked drops
// it: since then the service alone writes only sites it found in the account).
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261213000000_cycle_count_sites";
const BEFORE = {
  sku_cycle_counts: "t.account_id, t.sku_id, t.count_class, t.last_counted_at, t.classified_at",
};

const base = useDatabaseBefore(MIGRATION);

it("puts every SKU's class and last count at its account's default site, keeping every value", async () => {
  // The first account's second site must get nothing.
  const accounts = await twoAccountsWithVan(base.sql);
  for (const accountId of accounts) {
    await base.sql.query(
      `INSERT INTO skus (account_id, code, name) SELECT $1, 'SKU-' || g, 'Item'
       FROM generate_series(1, 5) g`,
      [accountId],
    );
    await base.sql.query(
      `INSERT INTO sku_cycle_counts (account_id, sku_id, count_class, last_counted_at, classified_at)
       SELECT account_id, id, (ARRAY['A','B','C',NULL])[id % 4 + 1]::count_class,
         CASE WHEN id % 2 = 0 THEN now() - id * interval '1 day' END, now()
       FROM skus WHERE account_id = $1 AND id % 5 <> 0`,
      [accountId],
    );
  }
  const before = await tableSnapshot(base.sql, BEFORE);

  await base.apply(MIGRATION);

  expect(await tableSnapshot(base.sql, BEFORE)).toEqual(before);
  const { rows: misplaced } = await base.sql.query(
    `SELECT c.account_id, c.sku_id FROM sku_cycle_counts c
     JOIN sites s ON s.account_id = c.account_id AND s.id = c.site_id WHERE NOT s.is_default`,
  );
  expect(misplaced).toEqual([]);
  const { rows: counted } = await base.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sku_cycle_counts WHERE account_id = ANY($1)",
    [accounts],
  );
  expect(counted[0]!.n).toBe(8);
  // Another account's site is refused.
  const { rows: theirs } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 AND is_default",
    [accounts[1]],
  );
  await expect(
    base.sql.query(
      `INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class)
       SELECT $1, $2, id, 'A' FROM skus WHERE account_id = $1 LIMIT 1`,
      [accounts[0], theirs[0]!.id],
    ),
  ).rejects.toThrow(/foreign key/);
});
