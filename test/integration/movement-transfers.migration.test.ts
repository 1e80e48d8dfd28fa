// The migration that indexes a transfer's movements, run on a database made by the migrations
// before it and holding movements of transfers and of adjustments: every row stays as it was,
// and the index holds the transfers' movements only (a partial index).
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261225000000_movement_transfers";

const base = useDatabaseBefore(MIGRATION);

it("keeps every movement as it was and indexes those of transfers", async () => {
  const [store] = await twoAccountsWithVan(base.sql);
  const { rows: sites } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 ORDER BY id",
    [store],
  );
  const [from, to] = [sites[0]!.id, sites[1]!.id];
  const { rows: transfer } = await base.sql.query<{ id: number }>(
    `INSERT INTO transfers (account_id, from_site_id, to_site_id, status, actor_name, line_count)
     VALUES ($1, $2, $3, 'in_transit', 'erp', 1) RETURNING id`,
    [store, from, to],
  );
  const { rows: sku } = await base.sql.query<{ id: number }>(
    "INSERT INTO skus (account_id, code, name) VALUES ($1, 'T-1', 'Moved') RETURNING id",
    [store],
  );
  await base.sql.query(
    `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before, quantity_after,
       change, reason, source, actor_name, site_id, transfer_id)
     VALUES ($1, 'sku', $2, 0, 5, 5, 'received', 'adjustment', 'erp', $3, NULL),
       ($1, 'sku', $2, 5, 3, -2, 'transfer_out', 'transfer', 'erp', $3, $4)`,
    [store, sku[0]!.id, from, transfer[0]!.id],
  );
  const before = await tableSnapshot(base.sql);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql)).toEqual(before);
  await base.sql.query("SET enable_seqscan = off");
  const { rows } = await base.sql.query<{ change: string }>(
    `SELECT change::text FROM stock_movements WHERE account_id = $1 AND transfer_id = $2`,
    [store, transfer[0]!.id],
  );
  expect(rows).toEqual([{ change: "-2.000" }]);
  const { rows: plan } = await base.sql.query<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT id FROM stock_movements WHERE account_id = ${store} AND transfer_id = ${transfer[0]!.id}`,
  );
  // Each partition's copy of the index (named after its partition) serves the look-up.
  const scans = plan.map((p) => p["QUERY PLAN"]).filter((line) => line.includes(" on "));
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) expect(scan).toMatch(/Index.* Scan using \S*transfer_id_occurred_at/);
});
