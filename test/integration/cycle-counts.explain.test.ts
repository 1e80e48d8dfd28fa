// What is due is read by index ranges of the cycle counts, in the index's order, each SKU's
// activity probed by key: the list of an account of 20,000 SKUs reads a few rows per class, not
// the catalog, on statistics of a smaller account and on fresh ones. (Why a probe rather than a
// join: on a 3,000-SKU account's fresh statistics the join was hashed over the whole catalog,
// 22 ms against 3; this test's account is too large for that plan to look cheap.) Lists of up to
// a hundred: for a thousand out of 20,000, reading a class whole and sorting it is a fair plan.
import type pg from "pg";
import type { ServiceContext } from "../../src/context.js";
import { listDue } from "../../src/modules/cycle-count/cycle-count.service.js";
import type { LoggedApp } from "../helpers/movements.js";
import {
  explain,
  planTest,
  rowsRead,
  scansOf,
  type PlanNode,
  type PlanTest,
} from "../helpers/explain.js";

const SKUS = 20_000;

let sql: pg.Client;
const queries: LoggedApp["queries"] = [];
let ctx: ServiceContext;
let plan: PlanTest;

beforeAll(async () => {
  plan = await planTest(queries);
  ({ sql, ctx } = plan);
  const { accountId } = ctx.principal;
  // The statistics learn the account with a handful of SKUs and cycle counts; then it grows.
  const fill = async (from: number, to: number) => {
    await sql.query(
      `INSERT INTO skus (account_id, code, name) SELECT $1, 'DUE-' || g, 'Due' FROM generate_series($2::int, $3::int) g`,
      [accountId, from, to],
    );
    // Every third never counted; the rest counted 0 to 999 days ago; classes A, B, C in turn.
    await sql.query(
      `INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class, last_counted_at)
       SELECT account_id, (SELECT id FROM sites WHERE account_id = s.account_id AND is_default), id, (ARRAY['A','B','C'])[id % 3 + 1]::count_class,
         CASE WHEN id % 3 = 0 THEN NULL ELSE now() - (id % 1000) * interval '1 day' END
       FROM skus s WHERE account_id = $1 AND NOT EXISTS (SELECT 1 FROM sku_cycle_counts c
         WHERE c.account_id = s.account_id AND c.sku_id = s.id)`,
      [accountId],
    );
  };
  await fill(1, 5);
  await sql.query("ANALYZE skus, sku_cycle_counts");
  await fill(6, SKUS);
});
afterAll(async () => {
  // Statistics that know the tables as they are, for the suites that share the database.
  await sql.query("ANALYZE skus, sku_cycle_counts");
  await plan.close();
});

/** The list's statement for `limit`, run and explained: its plan's nodes. */
async function dueListPlan(limit: number): Promise<PlanNode[]> {
  queries.length = 0;
  const due = await listDue(ctx, { limit });
  expect(due).toHaveLength(limit);
  const statement = queries.find((q) => q.sql.includes("sku_cycle_counts"))!;
  return explain(sql, statement, true);
}

/** No sequential scan, and the reads a list of `limit` may make. */
function expectIndexServed(nodes: PlanNode[], limit: number) {
  for (const table of ["sku_cycle_counts", "skus"]) {
    expect(scansOf(table, nodes).filter((n) => n["Node Type"] === "Seq Scan")).toEqual([]);
  }
  // Six ranges of at most `limit` rows each, a probe of each row's SKU, and the answer's SKUs.
  expect(rowsRead("sku_cycle_counts", nodes)).toBeLessThanOrEqual(6 * limit);
  expect(rowsRead("skus", nodes)).toBeLessThanOrEqual(7 * limit);
}

describe("the list of what is due", () => {
  it.each([10, 100])(
    "reads the cycle counts by index and each SKU by key (limit %i), on statistics of a smaller account",
    async (limit) => expectIndexServed(await dueListPlan(limit), limit),
  );

  it("does the same on statistics that know the account", async () => {
    await sql.query("ANALYZE skus, sku_cycle_counts");
    expectIndexServed(await dueListPlan(100), 100);
  });
});
