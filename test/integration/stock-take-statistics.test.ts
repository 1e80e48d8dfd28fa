// A big start tells the planner about its lines at once (src/db/statistics.ts): on statistics
// from before it, the planner believed the stock take held a line or two and walked all 100,000
// of them for each scan's lookup (bench A1). A database of its own: the table's size as last
// analyzed is what decides, and other suites' lines would change it.
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { ANALYZE_MIN_ROWS, rowsAdded } from "../../src/db/statistics.js";
import type { ServiceContext } from "../../src/context.js";
import { startStockTake } from "../../src/modules/stock-take/stock-take.service.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";
import { newAccountContext } from "../helpers/db.js";

let fresh: FreshDatabase;
let db: PrismaClient;
let sql: pg.Client;
let ctx: ServiceContext;

beforeAll(async () => {
  fresh = await createFreshDatabase();
  await migrate(fresh.url);
  db = createPrismaClient(fresh.url, 3);
  sql = new pg.Client({ connectionString: fresh.url });
  await sql.connect();
  ctx = await newAccountContext(db);
}, 120_000);
afterAll(async () => {
  await sql.end();
  await db.$disconnect();
  await fresh.drop();
});

/** What the planner knows of the lines: rows as last analyzed, and ANALYZEs run by hand. */
async function known(): Promise<{ rows: number; analyzed: number }> {
  const { rows } = await sql.query<{ rows: number; analyzed: string }>(
    `SELECT c.reltuples::float8 AS rows, s.analyze_count AS analyzed
     FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE c.oid = 'stock_take_lines'::regclass`,
  );
  return { rows: rows[0]!.rows, analyzed: Number(rows[0]!.analyzed) };
}

/** `n` SKUs of the account, 1 on hand each at its default site. */
async function skus(prefix: string, n: number): Promise<void> {
  await sql.query(
    `WITH s AS (
       INSERT INTO skus (account_id, code, name)
       SELECT $1, $2 || g, 'Item' FROM generate_series(1, $3::int) g
       RETURNING account_id, id
     )
     INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
     SELECT s.account_id, d.id, s.id, 1 FROM s
     JOIN sites AS d ON d.account_id = s.account_id AND d.is_default`,
    [ctx.principal.accountId, prefix, n],
  );
}

it("a start of thousands of lines has them analyzed right after its commit, not a minute later", async () => {
  await skus("BIG-", 5000);
  await sql.query("ANALYZE stock_take_lines");
  const before = await known();
  expect(before.rows).toBeLessThan(1000);
  const started = await startStockTake(ctx, {});
  expect(started.value.linesNextCursor).not.toBeNull();
  // Autovacuum's own runs count elsewhere (autoanalyze_count): this is the start's ANALYZE.
  const deadline = Date.now() + 20_000;
  let after = await known();
  while (after.analyzed === before.analyzed && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = await known();
  }
  expect(after.analyzed).toBeGreaterThan(before.analyzed);
  expect(after.rows).toBeGreaterThanOrEqual(5000);
}, 60_000);

it("rows that are few, or under a tenth of what the table holds, leave the statistics to autovacuum", async () => {
  // The table known at 5,000 lines or more (the test above).
  const before = await known();
  expect(before.rows).toBeGreaterThanOrEqual(5000);
  await rowsAdded(db, "stock_take_lines", ANALYZE_MIN_ROWS - 1);
  expect((await known()).analyzed).toBe(before.analyzed);
  // The minimum, under a tenth of 15,000 lines: not analyzed.
  await skus("MORE-", 10_000);
  await sql.query(
    `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
     SELECT account_id, (SELECT max(id) FROM stock_takes), 'sku', id, 1 FROM skus
     WHERE account_id = $1 AND code LIKE 'MORE-%'`,
    [ctx.principal.accountId],
  );
  await sql.query("ANALYZE stock_take_lines");
  const grown = await known();
  expect(grown.rows).toBeGreaterThanOrEqual(10 * ANALYZE_MIN_ROWS);
  await rowsAdded(db, "stock_take_lines", ANALYZE_MIN_ROWS);
  expect((await known()).analyzed).toBe(grown.analyzed);
  // A tenth or more: analyzed (the promise settles once it is done).
  await rowsAdded(db, "stock_take_lines", Math.ceil(grown.rows / 10));
  expect((await known()).analyzed).toBe(grown.analyzed + 1);
});
