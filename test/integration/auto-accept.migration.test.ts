// The migration that brings automatic acceptance, run on a database made by the migrations before
// it holding stock takes with counted, accepted and applied lines: every row keeps what it held, no
// stock take accepts automatically (auto_accept null) and no line says it was (auto_accepted false).
import {
  countingStockTake,
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20261229000000_auto_accept";

const base = useDatabaseBefore(MIGRATION);

/** The columns of the tables the migration widens, as they were before it. */
const BEFORE = {
  stock_takes:
    "t.account_id, t.id, t.status, t.frozen_at, t.reference, t.note, t.blind, t.scope, t.actor_name, t.actor_token_id, t.reconciled_at, t.cancelled_at, t.created_at, t.basis, t.line_count, t.site_id",
  stock_take_lines:
    "t.account_id, t.id, t.stock_take_id, t.entity_type, t.sku_id, t.supplier_item_id, t.expected_qty, t.counted_qty, t.counted_at, t.counted_by, t.state, t.moved_since_freeze, t.movement_id, t.basis_qty, t.recount_requested, t.location, t.found_location, t.unit_cost",
};

it("keeps every stock take and line as it was, none accepting or accepted automatically", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  for (const accountId of accounts) {
    const take = await countingStockTake(base.sql, accountId);
    for (const [i, state] of ["uncounted", "counted", "accepted", "applied"].entries()) {
      const { rows: sku } = await base.sql.query<{ id: number }>(
        "INSERT INTO skus (account_id, code, name, unit_cost) VALUES ($1, $2, 'Bolt', 1.25) RETURNING id",
        [accountId, `BOLT-${i}`],
      );
      await base.sql.query(
        `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty,
           counted_qty, state, unit_cost)
         VALUES ($1, $2, 'sku', $3, 10, $4, $5::stock_take_line_state, 1.25)`,
        [accountId, take, sku[0]!.id, state === "uncounted" ? null : 9 + i, state],
      );
    }
  }
  const before = await tableSnapshot(base.sql);
  expect(before.stock_take_lines).toMatch(/^8 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, BEFORE)).toEqual(before);
  const { rows } = await base.sql.query<{ takes: string; lines: string }>(`
    SELECT (SELECT count(*) FROM stock_takes WHERE auto_accept IS NULL)::text AS takes,
      (SELECT count(*) FROM stock_take_lines WHERE NOT auto_accepted)::text AS lines`);
  expect(rows).toEqual([{ takes: "2", lines: "8" }]);
});
