// Every shape of the movement query and of the adjustment list is served by an index, never by
// reading the whole table: the SQL the service really sends is captured and explained by
// PostgreSQL over tables big enough (200,000 rows each in 50 accounts) that a missing index
// would show as a Seq Scan.
import type pg from "pg";
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import {
  queryMovements,
  queryMovementsJson,
  type MovementQuery,
} from "../../src/modules/movement/movement.service.js";
import {
  listAdjustments,
  type AdjustmentListQuery,
} from "../../src/modules/adjustment/adjustment.read.js";
import type { LoggedApp } from "../helpers/movements.js";
import {
  explain as explainWith,
  planTest,
  scansOf,
  type PlanNode,
  type PlanTest,
} from "../helpers/explain.js";

const ACCOUNTS = 50;
/** The ledger's partition of this month (stock_movements_pYYYY_MM). */
const currentPartition = () => {
  const now = new Date();
  return `stock_movements_p${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
};
/** Rows a sequential scan may read and discard: a partition this small is read whole. */
const SMALL = 500;
const PER_ACCOUNT = 4000;

let db: PrismaClient;
let sql: pg.Client;
const queries: LoggedApp["queries"] = [];
let ctx: ServiceContext;
let plan: PlanTest;

beforeAll(async () => {
  plan = await planTest(queries);
  ({ db, sql, ctx } = plan);
  const { accountId } = ctx.principal;

  const others = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO accounts (name)
    SELECT ${`explain-${process.pid}-`} || g FROM generate_series(2, ${ACCOUNTS}::int) AS g
    RETURNING id`;
  const accountIds = [accountId, ...others.map((a) => a.id)];
  // Per account, movement r (0..3999) every 30 minutes from 2026-01-01: a quarter of them on
  // supplier items 1..10, the rest on SKUs 2..20; every fifth from stock takes 1..4, the others
  // from adjustments of 100 movements each, with references PO-0..PO-2; every seventh of those
  // names transfer 1 + r / 700 too (the plans only read the columns).
  await db.$executeRaw`
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, supplier_item_id,
      quantity_before, quantity_after, change, reason, source, stock_take_id, adjustment_id,
      reference, actor_name, site_id, transfer_id)
    SELECT a.id,
      timestamptz '2026-01-01T00:00:00Z' + r * interval '30 minutes' + a.ord * interval '1 second',
      CASE WHEN r % 4 = 0 THEN 'supplier_item' ELSE 'sku' END::entity_type,
      CASE WHEN r % 4 = 0 THEN NULL ELSE 1 + r % 20 END,
      CASE WHEN r % 4 = 0 THEN 1 + (r / 4) % 10 END,
      0, 1, 1,
      CASE WHEN r % 5 = 0 THEN 'stock_take' ELSE 'correction' END::stock_reason,
      CASE WHEN r % 5 = 0 THEN 'stock_take' ELSE 'adjustment' END::movement_source,
      CASE WHEN r % 5 = 0 THEN 1 + (r / 5) % 4 END,
      CASE WHEN r % 5 <> 0 THEN 1 + r / 100 END,
      CASE WHEN r % 5 <> 0 THEN 'PO-' || r % 3 END,
      'seed', (SELECT s.id FROM sites s WHERE s.account_id = a.id AND s.is_default),
      CASE WHEN r % 5 <> 0 AND r % 7 = 0 THEN 1 + r / 700 END
    FROM unnest(${accountIds}::int[]) WITH ORDINALITY AS a(id, ord),
      generate_series(0, ${PER_ACCOUNT}::int - 1) AS r`;
  // Per account, adjustment r + 1 every 30 minutes from 2026-01-01, reasons in turn, references
  // REF-0..REF-49.
  await db.$executeRaw`
    INSERT INTO stock_adjustments (account_id, id, created_at, reason, reference, actor_name,
      site_id)
    SELECT a.id, r + 1,
      timestamptz '2026-01-01T00:00:00Z' + r * interval '30 minutes' + a.ord * interval '1 second',
      (ARRAY['damaged', 'found', 'received', 'lost', 'correction'])[1 + r % 5]::stock_reason,
      'REF-' || r % 50, 'seed', (SELECT s.id FROM sites s WHERE s.account_id = a.id AND s.is_default)
    FROM unnest(${accountIds}::int[]) WITH ORDINALITY AS a(id, ord),
      generate_series(0, ${PER_ACCOUNT}::int - 1) AS r`;
  // The entities the queries name exist in the caller's account (an unknown one is a 404).
  await db.$executeRaw`
    INSERT INTO skus (account_id, id, code, name)
    SELECT ${accountId}, g, 'EXPLAIN-' || g, 'Explain' FROM generate_series(1, 20) AS g`;
  await db.$executeRaw`
    INSERT INTO supplier_items (account_id, id, supplier, code, name)
    SELECT ${accountId}, g, 'EXPLAIN', 'EXPLAIN-' || g, 'Explain' FROM generate_series(1, 10) AS g`;
  await db.$executeRaw`
    INSERT INTO stock_takes (account_id, id, status, scope, actor_name, site_id)
    SELECT ${accountId}, g, 'reconciled', '{}', 'seed', (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)
    FROM generate_series(1, 4) AS g`;
  await db.$executeRaw`
    INSERT INTO sites (account_id, code, name) VALUES (${accountId}, 'EXPLAIN-TO', 'Explain')`;
  await db.$executeRaw`
    INSERT INTO transfers (account_id, id, from_site_id, to_site_id, status, actor_name, line_count)
    SELECT ${accountId}, g, d.id, t.id, 'received', 'seed', 1 FROM generate_series(1, 6) AS g,
      sites AS d, sites AS t
    WHERE d.account_id = ${accountId} AND d.is_default AND t.account_id = ${accountId}
      AND t.code = 'EXPLAIN-TO'`;
  await db.$executeRawUnsafe("ANALYZE stock_movements");
  await db.$executeRawUnsafe("ANALYZE stock_adjustments");
}, 300_000);

afterAll(() => plan.close());

/**
 * Runs a service query and returns the statements it sent to the table: one, or for an entity's
 * page newest first, the 31 days before it and then (when they do not fill it) the rest.
 */
async function captureFrom<P>(table: string, run: () => Promise<P>) {
  queries.length = 0;
  const page = await run();
  // Prisma's own statements name the table quoted, the service's SQL by its alias.
  const statements = queries.filter(
    (q) => q.sql.includes(`FROM "public"."${table}"`) || q.sql.includes(`FROM ${table} m`),
  );
  expect(statements.length).toBeGreaterThan(0);
  expect(statements.length).toBeLessThanOrEqual(2);
  return { page, statement: statements.at(-1)!, before: statements.slice(0, -1) };
}

/** The two readers of a page: row objects (GraphQL) and the REST body's JSON. */
type Reader = "rows" | "json";
const readers: Record<
  Reader,
  (
    ctx: ServiceContext,
    q: MovementQuery,
  ) => Promise<{ items: { length: number }; nextCursor: string | null }>
> = { rows: queryMovements, json: queryMovementsJson };

const capture = (query: MovementQuery, reader: Reader = "rows") =>
  captureFrom("stock_movements", () => readers[reader](ctx, query));

/** The nodes of PostgreSQL's plan for a captured statement, run with its own parameters. */
const explain = (statement: { sql: string; params: unknown[] }, analyze = false) =>
  explainWith(sql, statement, analyze);

const scansOfLedger = (nodes: PlanNode[]) => scansOf("stock_movements", nodes);

/** The index a scan reads through (a bitmap heap scan's is on the bitmap index scan beneath it). */
const indexOf = (scan: PlanNode) => scan["Index Name"] ?? scan.Plans?.[0]?.["Index Name"];

/**
 * The plan reads the table through an index in every partition it reads (once each), the rows
 * of the page through exactly the given index, and skips nothing by OFFSET. (In a partition
 * with next to no rows, such as the months made ahead, the planner may walk another index.)
 */
async function expectServedBy(
  table: string,
  statement: { sql: string; params: unknown[] },
  index: string,
  { readsRows = true } = {},
) {
  // The current month's partition fills as the suites beside this one write: its statistics
  // are taken again, as autovacuum would, so the plan is the one a running service gets.
  if (table === "stock_movements") await sql.query(`ANALYZE ${currentPartition()}`);
  const nodes = await explain(statement, true);
  const scans = scansOf(table, nodes);
  // A sequential scan only of a partition too small for an index to pay: a month made ahead, or
  // the current month, where the suites running beside this one write a few dozen rows the
  // planner rightly reads whole. Never one that reads this test's months (thousands of rows an
  // account) and throws them away.
  const wasteful = scans.filter(
    (n) => n["Node Type"] === "Seq Scan" && Number(n["Rows Removed by Filter"] ?? 0) > SMALL,
  );
  expect(wasteful).toEqual([]);
  expect(scans.length).toBeGreaterThan(0);
  // One scan per table or partition read: a partition is never read twice.
  expect(new Set(scans.map((n) => n.Partition ?? table)).size).toBe(scans.length);
  for (const scan of scans.filter((n) => n["Node Type"] !== "Seq Scan")) {
    expect(scan["Node Type"]).toMatch(/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/);
  }
  const reading = scans.filter((n) => (n["Actual Rows"] ?? 0) > 0);
  if (readsRows) {
    expect(reading.length).toBeGreaterThan(0);
    expect([...new Set(reading.map(indexOf))]).toEqual([index]);
  }
  // Prisma always writes an OFFSET clause; it must skip nothing (keyset, not offset paging).
  expect(offsets(statement).filter((o) => o !== 0)).toEqual([]);
}

/** The values every OFFSET clause of a statement is bound to. */
function offsets(statement: { sql: string; params: unknown[] }): number[] {
  return [...statement.sql.matchAll(/\bOFFSET\s+(\$\d+|\d+)/gi)].map((m) => {
    const value = m[1]!;
    return Number(value.startsWith("$") ? statement.params[Number(value.slice(1)) - 1] : value);
  });
}

const window = { from: "2026-02-01", to: "2026-02-28" };
const shapes: [string, MovementQuery, string][] = [
  ["an account-wide window", window, "stock_movements_window_idx"],
  ["one SKU", { skuId: 2 }, "stock_movements_sku_idx"],
  ["one supplier item", { supplierItemId: 3 }, "stock_movements_supplier_item_idx"],
  ["one stock take", { stockTakeId: 2 }, "stock_movements_stock_take_idx"],
  ["one SKU within a window", { skuId: 2, ...window }, "stock_movements_sku_idx"],
  ["one adjustment", { adjustmentId: 7 }, "stock_movements_adjustment_idx"],
  ["one transfer", { transferId: 2 }, "stock_movements_transfer_idx"],
  ["a window, one reason", { ...window, reason: "correction" }, "stock_movements_window_idx"],
  ["a window, one source", { ...window, source: "adjustment" }, "stock_movements_window_idx"],
  [
    "one SKU, one reason and reference",
    { skuId: 2, reason: "correction", reference: "PO-1" },
    "stock_movements_sku_idx",
  ],
];
const cases = shapes.flatMap(([name, filter, index]) =>
  (["desc", "asc"] as const).flatMap((order) =>
    (["first page", "page after a cursor"] as const).flatMap((page) =>
      (["rows", "json"] as const).map((reader) => ({
        name,
        filter,
        index,
        order,
        page,
        reader,
        withCursor: page !== "first page",
      })),
    ),
  ),
);

describe("movement queries are served by indexes", () => {
  it.each(cases)(
    "$name, $order, $page, as $reader: an index scan on $index, no Seq Scan, no rows skipped by OFFSET",
    async ({ filter, index, order, withCursor, reader }) => {
      const limit = 20;
      let cursor: string | undefined;
      if (withCursor) {
        const first = await readers[reader](ctx, { ...filter, order, limit });
        cursor = first.nextCursor ?? undefined;
        expect(cursor).toEqual(expect.any(String));
      }
      const { page, statement, before } = await capture(
        { ...filter, order, limit, cursor },
        reader,
      );
      expect(page.items).toHaveLength(limit);
      await expectServedBy("stock_movements", statement, index);
      // A look at the recent weeks that found too little (these rows are from months ago).
      for (const s of before)
        await expectServedBy("stock_movements", s, index, { readsRows: false });
    },
    60_000,
  );

  it("reads no more rows for a page 1,400 movements deep than for the first page", async () => {
    const query: MovementQuery = { from: "2026-01-01", to: "2026-01-31", order: "asc", limit: 20 };
    let cursor: string | undefined;
    for (let i = 0; i < 2; i++) {
      const page = await queryMovements(ctx, { ...query, limit: 700, cursor });
      cursor = page.nextCursor ?? undefined;
    }
    expect(cursor).toEqual(expect.any(String));

    const first = await capture(query);
    const deep = await capture({ ...query, cursor });
    expect(deep.page.items).toHaveLength(20);
    // Rows read from the ledger, over every partition the window touches.
    const rowsRead = (nodes: PlanNode[]) =>
      scansOfLedger(nodes).reduce((sum, n) => sum + (n["Actual Rows"] ?? 0), 0);
    expect(rowsRead(await explain(first.statement, true))).toBe(21);
    expect(rowsRead(await explain(deep.statement, true))).toBe(21);
  }, 60_000);
});

const adjustmentShapes: [string, AdjustmentListQuery, string][] = [
  ["every adjustment", {}, "stock_adjustments_created_idx"],
  ["a window", window, "stock_adjustments_created_idx"],
  ["one reason", { reason: "lost" }, "stock_adjustments_reason_idx"],
  ["one reference", { reference: "REF-7" }, "stock_adjustments_reference_idx"],
];

describe("adjustment lists are served by indexes", () => {
  it.each(
    adjustmentShapes.flatMap(([name, filter, index]) =>
      [false, true].map((withCursor) => ({ name, filter, index, withCursor })),
    ),
  )(
    "$name (after a cursor: $withCursor): an index scan on $index, no Seq Scan",
    async ({ filter, index, withCursor }) => {
      const limit = 20;
      let cursor: string | undefined;
      if (withCursor) {
        cursor = (await listAdjustments(ctx, { ...filter, limit })).nextCursor ?? undefined;
        expect(cursor).toEqual(expect.any(String));
      }
      const { page, statement } = await captureFrom("stock_adjustments", () =>
        listAdjustments(ctx, { ...filter, limit, cursor }),
      );
      expect(page.items).toHaveLength(limit);
      await expectServedBy("stock_adjustments", statement, index);
    },
    60_000,
  );
});
