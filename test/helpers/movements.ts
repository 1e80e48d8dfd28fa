// Helpers for the movement query tests: movements placed at chosen instants (the API always stamps
// "now"), and an app whose Prisma client reports every SQL statement it sends.
import { PrismaPg } from "@prisma/adapter-pg";
import { buildApp, type AppDeps } from "../../src/server/app.js";
import { PrismaClient, type Prisma } from "../../src/db/client.js";
import { UPKEEP_MARK } from "../../src/db/statistics.js";
import { BACKGROUND_MARK } from "../../src/db/client.js";
import { listenWithContract, rest, type TestApp } from "./app.js";
import { databaseUrl, testDb } from "./db.js";
import { defaultSiteId } from "../../src/modules/site/site.service.js";

let counter = 0;
/** A code no other test uses. */
export const uniqueCode = (prefix: string): string => `${prefix}-${process.pid}-${++counter}`;

/** Creates a SKU over REST and returns its id (a non-zero opening writes an opening_balance movement). */
export async function createSku(t: TestApp, token: string, openingOnHand = 0): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token,
    body: { code: uniqueCode("MV"), name: "Movement test SKU", opening_on_hand: openingOnHand },
  });
  if (res.status !== 201) throw new Error(`creating a SKU failed: ${res.status}`);
  return res.body.id as number;
}

/** Creates an unlinked supplier item over REST and returns its id. */
export async function createSupplierItem(t: TestApp, token: string): Promise<number> {
  const res = await rest(t, "POST", "/supplier-items", {
    token,
    body: { supplier: "ACME", code: uniqueCode("MVI"), name: "Movement test item" },
  });
  if (res.status !== 201) throw new Error(`creating a supplier item failed: ${res.status}`);
  return res.body.id as number;
}

/** A stock take row of the account, created directly (its lines do not matter to movements). */
export async function createStockTake(
  db: PrismaClient,
  accountId: number,
  reference = uniqueCode("ST"),
): Promise<number> {
  const stockTake = await db.stockTake.create({
    data: {
      accountId,
      siteId: await defaultSiteId(db, accountId),
      status: "reconciled",
      scope: {},
      actorName: "test",
      reference,
    },
  });
  return stockTake.id;
}

export interface PlacedMovement {
  /** When it happened: a Date or any timestamp PostgreSQL reads ("2026-01-31T23:30:00+13:00"). */
  at: Date | string;
  skuId?: number;
  supplierItemId?: number;
  stockTakeId?: number;
  before?: number;
  after?: number;
}

/**
 * Inserts one movement at a chosen instant straight into stock_movements (appending is all the
 * ledger allows) and returns its id.
 */
export async function placeMovement(
  db: PrismaClient,
  accountId: number,
  m: PlacedMovement,
): Promise<number> {
  const at = m.at instanceof Date ? m.at.toISOString() : m.at;
  const entityType = m.skuId !== undefined ? "sku" : "supplier_item";
  const before = m.before ?? 0;
  const after = m.after ?? 1;
  const stockTake = m.stockTakeId !== undefined;
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, supplier_item_id,
      quantity_before, quantity_after, change, reason, source, stock_take_id, actor_name, site_id)
    VALUES (${accountId}, ${at}::timestamptz, ${entityType}::entity_type, ${m.skuId ?? null}::int,
      ${m.supplierItemId ?? null}::int, ${before}::numeric, ${after}::numeric,
      ${after - before}::numeric,
      ${stockTake ? "stock_take" : "correction"}::stock_reason,
      ${stockTake ? "stock_take" : "adjustment"}::movement_source,
      ${m.stockTakeId ?? null}::int, 'seed', (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default))
    RETURNING id`;
  return Number(rows[0]!.id);
}

/** Places several movements in the given order; returns their ids in the same order. */
export async function placeMovements(
  db: PrismaClient,
  accountId: number,
  movements: PlacedMovement[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const m of movements) ids.push(await placeMovement(db, accountId, m));
  return ids;
}

/** The app over a Prisma client that records every SQL statement it sends, with its parameters. */
export interface LoggedApp extends TestApp {
  /** Statements the app's client sent, oldest first; clear it with `queries.length = 0`. */
  queries: { sql: string; params: unknown[] }[];
  /** The app's own (logging) client, for calling services directly. */
  appDb: PrismaClient;
}

/**
 * A Prisma client that records every statement a request sends into `queries`: not the statistics
 * upkeep a big start sets off after its commit (src/db/statistics.ts), nor what the process sends
 * on its own (BACKGROUND_MARK: the tokens' signing state at start and each minute), which are off
 * its path and may land in the next request's count.
 */
export function loggingClient(queries: LoggedApp["queries"]): PrismaClient {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl(), max: 5 }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (event: Prisma.QueryEvent) => {
    if (event.query.startsWith(UPKEEP_MARK) || event.query.startsWith(BACKGROUND_MARK)) return;
    queries.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  return client as unknown as PrismaClient;
}

/**
 * The real HTTP app whose database client logs its queries. `db` is a separate, silent client for
 * setting up data, so only what the app itself sends is recorded.
 */
export async function startLoggedApp(
  config: Omit<AppDeps["config"], "logLevel" | "bodyLimit" | "graphqlIntrospection"> = {},
): Promise<LoggedApp> {
  const db = await testDb();
  const queries: LoggedApp["queries"] = [];
  const appDb = loggingClient(queries);
  const app = await buildApp({
    db: appDb,
    config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true, ...config },
  });
  return {
    db,
    app,
    ...(await listenWithContract(app)),
    queries,
    appDb,
    close: async () => {
      await app.close();
      await appDb.$disconnect();
      await db.$disconnect();
    },
  };
}

/** The statements in `queries` that read the given table. */
export const selectsFrom = (queries: LoggedApp["queries"], table: string) => {
  // Prisma's statements name the table quoted, the services' own SQL plainly.
  const from = new RegExp(`FROM (?:"public"\\.)?"?${table}"?\\s`);
  return queries.filter((q) => /^\s*SELECT\b/i.test(q.sql) && from.test(q.sql));
};

/**
 * Appends `count` movements of one SKU in one statement, the n-th (from 0) at `first` + n × `stepMs`
 * milliseconds, quantities counting up from `startQty` (each a change of +1).
 */
export async function placeSkuSeries(
  db: PrismaClient,
  accountId: number,
  skuId: number,
  options: { count: number; first: Date; stepMs: number; startQty?: number },
): Promise<void> {
  const start = options.startQty ?? 0;
  await db.$executeRaw`
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
      quantity_after, change, reason, source, actor_name, site_id)
    SELECT ${accountId}, ${options.first.toISOString()}::timestamptz
        + n * ${options.stepMs}::bigint * interval '1 millisecond',
      'sku', ${skuId}::int, ${start}::int + n, ${start}::int + n + 1, 1, 'correction', 'adjustment',
      'seed', (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)
    FROM generate_series(0, ${options.count}::int - 1) AS n
    ORDER BY n`;
}
