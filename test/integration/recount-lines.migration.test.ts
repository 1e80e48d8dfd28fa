// The migration that indexes the lines sent back for a recount, run on a database made by the
// migrations before it holding stock takes with lines sent back and lines not: every row keeps
// what it held, and the index holds exactly the lines sent back.
import {
  countingStockTake,
  tableSnapshot,
  twoAccountsWithVan,
  useDatabaseBefore,
} from "../helpers/migrations-before.js";

const MIGRATION = "20270101000000_recount_lines";

const base = useDatabaseBefore(MIGRATION);

it("keeps every stock take and line as it was, and indexes the lines sent back", async () => {
  const accounts = await twoAccountsWithVan(base.sql);
  for (const accountId of accounts) {
    const take = await countingStockTake(base.sql, accountId);
    for (const [i, [state, recount]] of [
      ["uncounted", false],
      ["uncounted", true],
      ["counted", false],
      ["uncounted", true],
    ].entries()) {
      const { rows: sku } = await base.sql.query<{ id: number }>(
        "INSERT INTO skus (account_id, code, name) VALUES ($1, $2, 'Bolt') RETURNING id",
        [accountId, `BOLT-${i}`],
      );
      await base.sql.query(
        `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty,
           counted_qty, state, recount_requested)
         VALUES ($1, $2, 'sku', $3, 10, $4, $5::stock_take_line_state, $6)`,
        [accountId, take, sku[0]!.id, state === "counted" ? 9 : null, state, recount],
      );
    }
  }
  const before = await tableSnapshot(base.sql);
  expect(before.stock_take_lines).toMatch(/^8 rows/);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql)).toEqual(before);
  // The index holds the lines sent back (its use by a list is shown by
  // stock-take-lines.explain.test.ts, on a stock take big enough for the planner to care).
  const { rows: index } = await base.sql.query<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE indexname = 'stock_take_lines_recount_idx'",
  );
  expect(index.map((r) => r.indexdef)).toEqual([
    expect.stringMatching(/\(account_id, stock_take_id, id\) WHERE recount_requested$/),
  ]);
  const { rows } = await base.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM stock_take_lines WHERE recount_requested",
  );
  expect(rows).toEqual([{ n: 4 }]);
});
