// The migration that brings transfers, run on a database made by the migrations before it and
// holding movements at two sites: every movement keeps every value it had and names no transfer,
// no other table's rows change, and the new reasons are movements' reasons from then on.
import {
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261222000000_transfers";
const BEFORE = {
  stock_movements:
    "t.account_id, t.id, t.occurred_at, t.entity_type, t.sku_id, t.supplier_item_id, t.quantity_before, t.quantity_after, t.change, t.reason, t.note, t.reference, t.source, t.adjustment_id, t.stock_take_id, t.actor_name, t.actor_token_id, t.site_id",
};

const base = useDatabaseBefore(MIGRATION);

it("keeps every movement as it was, naming no transfer", async () => {
  const [store] = await twoAccountsWithVan(base.sql);
  const { rows: sites } = await base.sql.query<{ id: number }>(
    "SELECT id FROM sites WHERE account_id = $1 ORDER BY id",
    [store],
  );
  const { rows: skus } = await base.sql.query<{ id: number }>(
    `INSERT INTO skus (account_id, code, name) SELECT $1, 'M-' || g, 'Moved ' || g
     FROM generate_series(1, 3) AS g RETURNING id`,
    [store],
  );
  for (const [i, site] of sites.entries()) {
    await base.sql.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id)
       SELECT $1, now() - interval '1 day' * g, 'sku', s, 0, g + $3, g + $3, 'received',
         'adjustment', 'erp', $2
       FROM unnest($4::int[]) AS s, generate_series(1, 2) AS g`,
      [store, site.id, i, skus.map((s) => s.id)],
    );
  }
  const before = await tableSnapshot(base.sql, BEFORE);
  expect(before.stock_movements).toMatch(/^12 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  const after = await tableSnapshot(base.sql, BEFORE);
  expect(Object.keys(after).sort()).toEqual(
    [...Object.keys(before), "transfer_lines", "transfers"].sort(),
  );
  expect({ ...after, transfers: undefined, transfer_lines: undefined }).toEqual({
    ...before,
    transfers: undefined,
    transfer_lines: undefined,
  });
  expect(after.transfers).toMatch(/^0 rows/);
  const { rows } = await base.sql.query<{ movements: number; named: number }>(
    "SELECT count(*)::int AS movements, count(transfer_id)::int AS named FROM stock_movements",
  );
  expect(rows).toEqual([{ movements: 12, named: 0 }]);
  const { rows: reasons } = await base.sql.query<{ reason: string }>(
    "SELECT unnest(enum_range(NULL::stock_reason))::text AS reason",
  );
  expect(reasons.map((r) => r.reason)).toEqual(
    expect.arrayContaining(["transfer_out", "transfer_in", "transfer_loss"]),
  );
});
