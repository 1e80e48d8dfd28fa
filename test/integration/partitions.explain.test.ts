// Movement queries read only the monthly partitions they need: a window reads the months it
// spans, and a page of one SKU's history after a cursor reads no month after the cursor. The
// statements the service really sends are captured and run under EXPLAIN ANALYZE with their own
// parameters; a partition counts as read when it appears in the plan and was executed.
import type pg from "pg";
import type { ServiceContext } from "../../src/context.js";
import { queryMovements, type MovementQuery } from "../../src/modules/movement/movement.service.js";
import { explain, planTest, scansOf, type PlanTest } from "../helpers/explain.js";
import type { LoggedApp } from "../helpers/movements.js";

const YEAR = 2025;
const SKUS = 20;

let sql: pg.Client;
let ctx: ServiceContext;
let plan: PlanTest;
const queries: LoggedApp["queries"] = [];
/** The monthly partitions of stock_movements, by name: where each starts. */
let monthStarts: Map<string, Date>;

beforeAll(async () => {
  plan = await planTest(queries);
  ({ sql, ctx } = plan);
  const { accountId } = ctx.principal;
  // The months of the year exist as partitions (rows other tests left in the DEFAULT partition
  // for them move in).
  await sql.query(
    `SELECT countpoint_create_partition('stock_movements', make_date($1, m, 1))
     FROM generate_series(1, 12) AS m`,
    [YEAR],
  );
  // An hourly movement through the year, the SKUs in turn.
  await sql.query(
    `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
       quantity_after, change, reason, source, actor_name, site_id)
     SELECT $1, make_timestamptz($2, 1, 1, 0, 0, 0, 'UTC') + h * interval '1 hour', 'sku',
       1 + h % $3, h / $3, h / $3 + 1, 1, 'correction', 'adjustment', 'seed',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     FROM generate_series(0, 365 * 24 - 1) AS h`,
    [accountId, YEAR, SKUS],
  );
  await sql.query(
    `INSERT INTO skus (account_id, id, code, name)
     SELECT $1, g, 'PART-' || g, 'Partitioned' FROM generate_series(1, $2::int) AS g`,
    [accountId, SKUS],
  );
  await sql.query("ANALYZE stock_movements");
  const { rows } = await sql.query<{ name: string; start: Date }>(
    `SELECT partition::text AS name, range_start AS start FROM countpoint_partitions('stock_movements')
     WHERE range_start IS NOT NULL`,
  );
  monthStarts = new Map(rows.map((r) => [r.name, r.start]));
}, 120_000);
afterAll(() => plan.close());

/**
 * The partitions of stock_movements that the plan of the service's statement for `query` holds
 * (the others were pruned when it was planned, or "Subplans Removed" when it started), and those
 * of them it executed, by name.
 */
async function partitionsRead(query: MovementQuery) {
  queries.length = 0;
  const page = await queryMovements(ctx, query);
  expect(page.items.length).toBeGreaterThan(0);
  const statements = queries.filter((q) => q.sql.includes(`FROM stock_movements m`));
  expect(statements.length).toBeGreaterThan(0);
  const scans: ReturnType<typeof scansOf> = [];
  for (const statement of statements) {
    scans.push(...scansOf("stock_movements", await explain(sql, statement, true)));
  }
  // Every scan is of a partition (the table itself holds no rows).
  expect(scans.every((s) => s.Partition !== undefined)).toBe(true);
  const names = (list: typeof scans) => [...new Set(list.map((s) => s.Partition!))].sort();
  return {
    statements: statements.length,
    planned: names(scans),
    // An ordered read stops once the page is full: later partitions are "never executed".
    executed: names(scans.filter((s) => s["Actual Loops"] !== 0)),
  };
}

const month = (m: number) => `stock_movements_p${YEAR}_${String(m).padStart(2, "0")}`;

describe("a movement window reads the months it spans, and no other", () => {
  it.each([
    ["one day", { from: `${YEAR}-06-15`, to: `${YEAR}-06-15` }, [month(6)]],
    ["31 days in one month", { from: `${YEAR}-03-01`, to: `${YEAR}-03-31` }, [month(3)]],
    [
      "31 days over two months",
      { from: `${YEAR}-06-20`, to: `${YEAR}-07-20` },
      [month(6), month(7)],
    ],
    ["one day, one SKU", { from: `${YEAR}-09-02`, to: `${YEAR}-09-02`, skuId: 3 }, [month(9)]],
  ] as const)("%s", async (_name, window, expected) => {
    for (const order of ["desc", "asc"] as const) {
      const read = await partitionsRead({ ...window, order, limit: 20 });
      expect(read.planned).toEqual(expected);
      expect(read.executed.length).toBeGreaterThan(0);
    }
  });
});

describe("one SKU's history, newest first", () => {
  it("reads no month after the cursor of the page it continues", async () => {
    // The newest 300 of the SKU's 438 movements go back to the spring.
    const first = await queryMovements(ctx, { skuId: 2, limit: 300 });
    const cursorAt = first.items.at(-1)!.node.occurredAt;
    expect(cursorAt.getUTCMonth()).toBeLessThan(6);

    const after = await partitionsRead({ skuId: 2, limit: 20, cursor: first.nextCursor! });
    const months = after.planned.filter((p) => monthStarts.has(p));
    expect(months).toContain(month(cursorAt.getUTCMonth() + 1));
    for (const p of months) expect(monthStarts.get(p)!.getTime()).toBeLessThanOrEqual(+cursorAt);

    // Without the cursor the same query reads the later months too (what the cursor spares).
    const all = await partitionsRead({ skuId: 2, limit: 20 });
    expect(all.planned).toEqual(expect.arrayContaining([month(7), month(12)]));
  }, 60_000);
});

describe("one SKU's first page, newest first, looks in the 31 days before its end first", () => {
  it("reads only the months of those 31 days when they fill the page, and further back only when not", async () => {
    // About 36 movements of the SKU in any 31 days: a page of 20 is filled by them.
    const to = `${YEAR}-06-30`;
    const end = new Date(`${YEAR}-07-01T00:00:00Z`);
    const filled = await partitionsRead({ skuId: 4, limit: 20, to });
    expect(filled.statements).toBe(1);
    const edge = new Date(+end - 31 * 86_400_000);
    const months = filled.planned.filter((p) => monthStarts.has(p));
    expect(months.length).toBeLessThanOrEqual(2);
    for (const p of months) {
      const start = monthStarts.get(p)!;
      expect(+start).toBeLessThan(+end);
      // The month holding the edge, or a later one.
      expect(start.getUTCFullYear() * 12 + start.getUTCMonth()).toBeGreaterThanOrEqual(
        edge.getUTCFullYear() * 12 + edge.getUTCMonth(),
      );
    }
    // A page larger than those 31 days hold reads on, older months too, and misses nothing.
    const long = await queryMovements(ctx, { skuId: 4, limit: 100, to });
    const direct = await sql.query<{ id: string }>(
      `SELECT id::text FROM stock_movements WHERE account_id = $1 AND sku_id = 4
         AND occurred_at < $2 ORDER BY occurred_at DESC, id DESC LIMIT 100`,
      [ctx.principal.accountId, end],
    );
    expect(long.items.map((i) => String(i.node.id))).toEqual(direct.rows.map((r) => r.id));
  }, 60_000);
});
