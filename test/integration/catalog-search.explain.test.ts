// Searching and syncing a large catalog reads only what a page needs: the SQL the service sends
// is captured and explained (with ANALYZE) over 20,000 SKUs and 20,000 supplier items in the
// caller's account, beside as many in another account. A search by part of a name goes through
// the trigram index, and a page of a sync reads about a page of rows, not every row changed
// since `updated_since` (a sort of all of them would read them all).
import type pg from "pg";
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { listSkus, listSupplierItems } from "../../src/modules/catalog/catalog.search.js";
import type { LoggedApp } from "../helpers/movements.js";
import { explain, planTest, scansOf, settle, type PlanTest } from "../helpers/explain.js";

const SIZE = 20_000;

let db: PrismaClient;
let sql: pg.Client;
let ctx: ServiceContext;
let plan: PlanTest;
const queries: LoggedApp["queries"] = [];

beforeAll(async () => {
  plan = await planTest(queries);
  ({ db, sql, ctx } = plan);
  const [other] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO accounts (name) VALUES (${`search-explain-${process.pid}`}) RETURNING id`;
  for (const accountId of [ctx.principal.accountId, other!.id]) {
    // SKUs named "Item g"; every fifth's name also says "bolt".
    await db.$executeRaw`
      INSERT INTO skus (account_id, code, name)
      SELECT ${accountId}, 'SKU-' || g, 'Item ' || g || CASE WHEN g % 5 = 0 THEN ' bolt' ELSE '' END
      FROM generate_series(1, ${SIZE}::int) AS g`;
    // Supplier items, half of them linked to the account's first 100 SKUs (by position: other
    // files insert SKUs at the same time, so the account's ids need not be consecutive).
    await db.$executeRaw`
      INSERT INTO supplier_items (account_id, supplier, code, name, sku_id)
      SELECT ${accountId}, 'ACME', 'I-' || g, 'Item ' || g, first.id
      FROM generate_series(1, ${SIZE}::int) AS g
      LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM skus
        WHERE account_id = ${accountId} ORDER BY id LIMIT 100) AS first
        ON g % 2 = 0 AND first.n = g % 100`;
  }
  await settle(sql, ["skus", "supplier_items"]);
}, 300_000);

afterAll(() => plan.close());

/** The one statement a list call sent that reads `table`, explained with ANALYZE. */
async function planOf(table: string, run: () => Promise<unknown>) {
  queries.length = 0;
  await run();
  const statement = queries.filter((q) => q.sql.includes(table) && q.sql.includes("ORDER BY"));
  expect(statement).toHaveLength(1);
  return explain(sql, statement[0]!, true);
}

const rowsRead = (nodes: Awaited<ReturnType<typeof planOf>>, table: string) =>
  scansOf(table, nodes).reduce((sum, n) => sum + (n["Actual Rows"] ?? 0), 0);

describe("catalog search and sync plans", () => {
  it("finds a rare part of a code or name through the trigram index", async () => {
    const nodes = await planOf("skus", () => listSkus(ctx, { q: "12345", limit: 100 }));
    // A bitmap index scan names its index, the heap scan above it its table.
    expect(nodes.map((n) => n["Index Name"])).toContain("skus_search_idx");
    expect(scansOf("skus", nodes).some((n) => n["Node Type"] === "Seq Scan")).toBe(false);
  });

  it("reads a bounded number of SKUs for a common word (at most the account's matches, by an index)", async () => {
    const nodes = await planOf("skus", () => listSkus(ctx, { q: "bolt", limit: 100 }));
    // One name in five says bolt: 4,000 of the account's 20,000 SKUs. The planner may walk the
    // ids in order until a page of matches (about 100 rows come out of the scan) or take every
    // match from the trigram index and sort them (4,000): either is bounded by the matches, and
    // neither reads the table through (nor the other account's matches).
    expect(scansOf("skus", nodes).some((n) => n["Node Type"] === "Seq Scan")).toBe(false);
    expect(rowsRead(nodes, "skus")).toBeLessThanOrEqual(SIZE / 5);
  });

  it("reads about a page of SKUs for a page of a sync, from the first page to a late one", async () => {
    const first = await planOf("skus", () =>
      listSkus(ctx, { updatedSince: "2000-01-01", limit: 100 }),
    );
    expect(rowsRead(first, "skus")).toBeLessThanOrEqual(101);
    const page = await listSkus(ctx, { updatedSince: "2000-01-01", limit: 1000 });
    const late = await planOf("skus", () =>
      listSkus(ctx, { updatedSince: "2000-01-01", limit: 100, cursor: page.nextCursor! }),
    );
    expect(rowsRead(late, "skus")).toBeLessThanOrEqual(101);
  });

  it("reads a bounded number of supplier items for a page of a sync, linked ones included", async () => {
    const nodes = await planOf("supplier_items", () =>
      listSupplierItems(ctx, { updatedSince: "2000-01-01", limit: 100 }),
    );
    // Each of the two parts reads at most a page of items of its own, and the first skips the
    // linked items whose SKU changed later (none here: the SKUs were written first).
    expect(rowsRead(nodes, "supplier_items")).toBeLessThan(1000);
  });
});
