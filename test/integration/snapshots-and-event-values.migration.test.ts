// The migrations that bring the valuation's monthly stock snapshots and values in events, run on a
// database made by the migrations before them holding two accounts' items, costs, movements, stock
// and webhook endpoints: every row keeps what it held, the snapshot tables start empty, no endpoint
// asks for values (include_values false), and the first snapshots taken afterwards hold the stock
// the ledger adds up to, item by item.
import { createPrismaClient } from "../../src/db/client.js";
import { takeSnapshots } from "../../src/ledger/snapshots.js";
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const SNAPSHOTS = "20261230000000_stock_snapshots";
const EVENT_VALUES = "20261231000000_event_values";

const base = useDatabaseBefore(SNAPSHOTS);

/** The 3rd of the UTC month `n` months before this one. */
function monthsAgo(n: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 3));
}

it("keeps every row, starts with no snapshot and no endpoint asking for values, then snapshots the ledger's stock", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  const began = monthsAgo(3);
  for (const [n, accountId] of accounts.entries()) {
    await base.sql.query(
      "UPDATE accounts SET created_at = $2, currency = 'EUR', currency_minor_units = 2 WHERE id = $1",
      [accountId, began],
    );
    const { rows: sites } = await base.sql.query<{ id: number }>(
      "SELECT id FROM sites WHERE account_id = $1 ORDER BY id",
      [accountId],
    );
    for (const [i, site] of sites.entries()) {
      const { rows } = await base.sql.query<{ id: number }>(
        "INSERT INTO skus (account_id, code, name, unit_cost) VALUES ($1, $2, 'Bolt', 1.25) RETURNING id",
        [accountId, `BOLT-${i}`],
      );
      const sku = rows[0]!.id;
      // Two movements, a month apart: 12.5 then 7 + n + i.
      const final = 7 + n + i;
      for (const [k, [from, to]] of [
        [0, 12.5],
        [12.5, final],
      ].entries()) {
        await base.sql.query(
          `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id,
             quantity_before, quantity_after, change, reason, source, actor_name, site_id,
             unit_cost, value_change)
           VALUES ($1, $2, 'sku', $3, $4, $5, $5::numeric - $4::numeric, 'correction',
             'adjustment', 'erp', $6, 1.25, round(($5::numeric - $4::numeric) * 1.25, 2))`,
          [accountId, new Date(began.getTime() + k * 31 * 86_400_000), sku, from, to, site.id],
        );
      }
      await base.sql.query(
        "INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand) VALUES ($1, $2, $3, $4)",
        [accountId, site.id, sku, final],
      );
    }
    await base.sql.query(
      `INSERT INTO webhook_endpoints (account_id, url, event_types, secret, feed_at, active)
       VALUES ($1, 'https://erp.example.com/a', '{stock.changed}', 'whsec_a', now(), true)`,
      [accountId],
    );
  }
  // The columns of the table the second migration widens, as they are before it.
  const { rows: columns } = await base.sql.query<{ list: string }>(
    `SELECT string_agg('t.' || column_name, ', ' ORDER BY ordinal_position) AS list
     FROM information_schema.columns WHERE table_name = 'webhook_endpoints'`,
  );
  const BEFORE = { webhook_endpoints: columns[0]!.list };
  const before = await tableSnapshot(base.sql, BEFORE);
  expect(before.stock_movements).toMatch(/^6 rows/);

  expect((await base.apply(SNAPSHOTS)).applied).toEqual([SNAPSHOTS]);
  expect(await tableSnapshot(base.sql, BEFORE)).toEqual({
    ...before,
    stock_snapshots: "0 rows, null",
    stock_snapshot_runs: "0 rows, null",
  });

  expect((await base.apply(EVENT_VALUES)).applied).toEqual([EVENT_VALUES]);
  const after = await tableSnapshot(base.sql, BEFORE);
  expect(after).toEqual({
    ...before,
    stock_snapshots: "0 rows, null",
    stock_snapshot_runs: "0 rows, null",
  });
  const { rows: asking } = await base.sql.query<{ include_values: boolean }>(
    "SELECT include_values FROM webhook_endpoints",
  );
  expect(asking).toEqual([{ include_values: false }, { include_values: false }]);

  // The months since the first movement, each snapshot the stock the ledger held then: the last
  // one (this month's start) what sku_stock holds now.
  const db = createPrismaClient(base.fresh.url, 1);
  try {
    expect(await takeSnapshots(db, { accountIds: accounts })).toBe(2 * 3);
  } finally {
    await db.$disconnect();
  }
  const { rows: latest } = await base.sql.query<{ same: boolean; n: string }>(`
    SELECT count(*)::text AS n, bool_and(s.on_hand = k.on_hand) AS same
    FROM sku_stock k JOIN stock_snapshots s ON s.account_id = k.account_id
      AND s.site_id = k.site_id AND s.entity_type = 'sku' AND s.item_id = k.sku_id
    WHERE s.taken_at = date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`);
  expect(latest).toEqual([{ n: "3", same: true }]);
  // The first month's start, before the second movement: 12.5 of each.
  const { rows: first } = await base.sql.query<{ on_hand: string }>(
    "SELECT on_hand::text FROM stock_snapshots WHERE taken_at = $1 ORDER BY account_id, site_id",
    [monthsAgo(2).toISOString().slice(0, 8) + "01T00:00:00Z"],
  );
  expect(first.map((r) => r.on_hand)).toEqual(["12.500", "12.500", "12.500"]);
});
