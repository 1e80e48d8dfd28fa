// The migration that gives every movement and every stock take its site, run on a database made
// by the migrations before it and holding accounts with stock, movements over several months (in
// their monthly partitions and the DEFAULT one) and stock takes: every row keeps every value it
// had, each movement and stock take is at its account's default site, the ledger is append-only
// again afterwards, and a stock take's events name its site.
import {
  COLUMNS_BEFORE_SITES,
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261212000000_movement_sites";

const base = useDatabaseBefore(MIGRATION);

it("puts every movement and stock take at its account's default site, keeping every value", async () => {
  // The first account's second site must get nothing.
  const accounts = await twoAccountsWithVan(base.sql);
  // The two months before this one get partitions of their own (as a database that has been
  // running makes them); older months are left to the DEFAULT partition.
  await base.sql.query(
    `SELECT countpoint_create_partition('stock_movements',
       (date_trunc('month', now() AT TIME ZONE 'UTC') - m * interval '1 month')::date)
     FROM generate_series(1, 2) AS m`,
  );
  for (const accountId of accounts) {
    const { rows: skus } = await base.sql.query<{ id: number }>(
      `INSERT INTO skus (account_id, code, name, on_hand)
       SELECT $1, 'SKU-' || g, 'Item', 10 FROM generate_series(1, 3) g RETURNING id`,
      [accountId],
    );
    // A movement a month for each SKU over the past 14 months (months with partitions and months
    // without, which fall into the DEFAULT partition), and one far in the future.
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name)
       SELECT $1, date_trunc('month', now()) - m * interval '1 month' + interval '3 days', 'sku',
         s, m, m + 1, 1, 'correction', 'adjustment', 'seed'
       FROM unnest($2::int[]) AS s, generate_series(0, 13) AS m`,
      [accountId, skus.map((s) => s.id)],
    );
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name)
       VALUES ($1, '2999-01-01T00:00:00Z', 'sku', $2, 0, 2.5, 2.5, 'found', 'adjustment', 'seed')`,
      [accountId, skus[0]!.id],
    );
    await base.sql.query(
      `INSERT INTO stock_takes (account_id, status, scope, actor_name)
       VALUES ($1, 'reconciled', '{"all": true}', 'seed'), ($1, 'open', '{"all": true}', 'seed')`,
      [accountId],
    );
  }
  const columns = COLUMNS_BEFORE_SITES;
  const before = await tableSnapshot(base.sql, columns);
  const { rows: partitionsBefore } = await base.sql.query(
    `SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM stock_movements
     GROUP BY 1 ORDER BY 1`,
  );
  expect(partitionsBefore.length).toBeGreaterThanOrEqual(4);

  const report = await base.apply(MIGRATION);
  expect(report.applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, columns)).toEqual(before);
  const { rows: partitionsAfter } = await base.sql.query(
    `SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM stock_movements
     GROUP BY 1 ORDER BY 1`,
  );
  expect(partitionsAfter).toEqual(partitionsBefore);

  for (const table of ["stock_movements", "stock_takes"]) {
    const { rows } = await base.sql.query(
      `SELECT t.account_id, count(*)::int AS n, bool_and(s.is_default) AS at_default
       FROM ${table} t JOIN sites s ON s.account_id = t.account_id AND s.id = t.site_id
       GROUP BY t.account_id ORDER BY t.account_id`,
    );
    const { rows: counts } = await base.sql.query(
      `SELECT account_id, count(*)::int AS n FROM ${table} GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual(counts.map((c) => ({ ...c, at_default: true })));
  }

  // The ledger is append-only again, and every row names a site from now on.
  await expect(base.sql.query("UPDATE stock_movements SET note = 'x'")).rejects.toThrow(
    /append-only/,
  );
  await expect(base.sql.query("DELETE FROM stock_movements")).rejects.toThrow(/append-only/);
  await expect(
    base.sql.query(
      `INSERT INTO stock_movements (account_id, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name)
       SELECT account_id, 'sku', sku_id, 0, 1, 1, 'found', 'adjustment', 'seed'
       FROM stock_movements LIMIT 1`,
    ),
  ).rejects.toThrow(/site_id/);
  // Only a site of the stock take's own account.
  const [first, second] = accounts;
  const { rows: van } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 AND code = 'VAN'",
    [first],
  );
  await expect(
    base.sql.query(
      `INSERT INTO stock_takes (account_id, scope, actor_name, site_id) VALUES ($1, '{}', 'x', $2)`,
      [second, van[0]!.id],
    ),
  ).rejects.toThrow(/stock_takes_account_id_site_id_fkey/);

  // A stock take's events name its site.
  const { rows: started } = await base.sql.query<{ id: number }>(
    `INSERT INTO stock_takes (account_id, scope, actor_name, site_id)
     VALUES ($1, '{}', 'seed', $2) RETURNING id`,
    [first, van[0]!.id],
  );
  const { rows: events } = await base.sql.query(
    `SELECT data FROM events WHERE account_id = $1 AND type = 'stock_take.started'
       AND (data->>'id')::int = $2`,
    [first, started[0]!.id],
  );
  expect(events).toEqual([{ data: expect.objectContaining({ site_id: van[0]!.id }) }]);
});
