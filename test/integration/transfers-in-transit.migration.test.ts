// The migration that indexes the transfers in transit, run on a database made by the migrations
// before it and holding transfers in every status: every row stays as it was, and the index
// holds the transfers in transit only.
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261223000000_transfers_in_transit";

const base = useDatabaseBefore(MIGRATION);

it("keeps every transfer as it was and indexes those in transit", async () => {
  const [store] = await twoAccountsWithVan(base.sql);
  const { rows: sites } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 ORDER BY id",
    [store],
  );
  await base.sql.query(
    `INSERT INTO transfers (account_id, from_site_id, to_site_id, status, actor_name, line_count)
     SELECT $1, $2, $3, s::transfer_status, 'erp', 1
     FROM unnest(ARRAY['in_transit', 'received', 'cancelled', 'in_transit']) AS s`,
    [store, sites[0]!.id, sites[1]!.id],
  );
  const before = await tableSnapshot(base.sql);
  expect(before.transfers).toMatch(/^4 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql)).toEqual(before);
  await base.sql.query("SET enable_seqscan = off");
  const { rows } = await base.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transfers
     WHERE account_id = $1 AND status = 'in_transit' AND to_site_id = $2`,
    [store, sites[1]!.id],
  );
  expect(rows).toEqual([{ n: 2 }]);
  const { rows: plan } = await base.sql.query<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT id FROM transfers
     WHERE account_id = ${store} AND status = 'in_transit' AND to_site_id > 0`,
  );
  expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("transfers_in_transit_idx");
});
