// Stock takes: freeze a count point, count, review the differences, reconcile them into
// movements. Each write is one transaction (and idempotent with a key); the steps live in
// stock-take.start/count/accept/reconcile.ts, the reads here.
import { TEXT_LIMITS } from "../../limits.js";
import { Prisma } from "../../db/client.js";
import { idempotent, type Idempotent, type WriteSteps } from "../../db/idempotency.js";
import type { Tx } from "../../db/client.js";
import type { Walk } from "../../operations.js";
import { inTransaction } from "../../db/transaction.js";
import { readDb, type ServiceContext } from "../../context.js";
import type { Principal, Scope } from "../../auth/principal.js";
import { decodeCursor, decodeIdCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { AppError, type FieldError } from "../../errors.js";
import { locationStartsWith, parseLocationPrefix } from "../catalog/location.js";
import type {
  CountMode,
  EntityType,
  StockTakeLineState,
  StockTakeStatus,
} from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import {
  acceptLines,
  parseAccept,
  type AcceptData,
  type AcceptResult,
} from "./stock-take.accept.js";
import {
  lookupErrors,
  parseCountsData,
  recordCounts,
  type CountsData,
  type CountsResult,
} from "./stock-take.count.js";
import { acceptAsSent, countsAsSent, startAsSent } from "./stock-take.sent.js";
import {
  differenceOf,
  misplacedSql,
  selectLines,
  seesExpected,
  toLine,
  viewOf,
  type LineRow,
  type StockTakeLineView,
} from "./stock-take.lines.js";
import { LINE_ORDERS, type Path } from "./stock-take.parse.js";
import { checkText } from "../../text.js";
import { parseBarcode } from "../catalog/barcode.js";
import { reconcile, type ReconcileResult } from "./stock-take.reconcile.js";
import {
  loadStockTake,
  lockStockTake,
  requireOpen,
  summarize,
  toStockTake,
  type StockTakeView,
  type StockTakeSummary,
} from "./stock-take.records.js";
import { parseStart, start, unlistedScopeLines, type StartData } from "./stock-take.start.js";
import { parseAreaDepth, type AreaProgress } from "./stock-take.areas.js";
import { rowsAdded } from "../../db/statistics.js";
import { requireSite } from "../site/site.service.js";

export { stockTakesByIds } from "./stock-take.records.js";
export { hidesStock } from "./stock-take.lines.js";
export type { StockTakeView, StockTakeSummary, StockTakeLineView, CountsResult, AcceptResult };
export type { ReconcileResult };

/** Lines in a start response; the rest are paged with lines_next_cursor. */
export const FIRST_LINES = 1000;
export const STATUSES = ["open", "counting", "reconciled", "cancelled"] as const;
export const LINE_STATES = ["uncounted", "counted", "accepted", "applied"] as const;

export interface StartedStockTake extends StockTakeView {
  lines: StockTakeLineView[];
  linesNextCursor: string | null;
}

/**
 * The walk of a start of `data` beyond the ids and the due limit it names (its price:
 * src/operations.ts): the lines its whole-catalog or location scope will freeze, counted when
 * asked, before it runs; bad input is refused first, here.
 */
export function startWalk(ctx: ServiceContext, data: StartData): Walk {
  const request = parseStart(data);
  return {
    key: `start:${JSON.stringify(request.skuIds === null ? null : (request.locations ?? []))}`,
    lines: () => unlistedScopeLines(ctx.db, ctx.principal.accountId, request),
  };
}

/**
 * The walk of a review of the stock take (its price: src/operations.ts), read from the stock
 * take's row when asked, before it runs: all of its lines for reconcile and for accept-lines'
 * safe pass, none for an accept of listed lines alone (priced by its lists).
 */
export function reviewWalk(ctx: ServiceContext, stockTakeId: number, accept?: AcceptData): Walk {
  const walks = !accept || parseAccept(accept).safe;
  return {
    key: `review:${stockTakeId}`,
    lines: async () => (walks ? ((await lineCounts(ctx, [stockTakeId])).get(stockTakeId) ?? 0) : 0),
  };
}

/** Starts a stock take over the scope (default: all active SKUs and all unlinked supplier items). */
export async function startStockTake(
  ctx: ServiceContext,
  data: StartData,
  idempotencyKey?: string,
): Promise<Idempotent<StartedStockTake>> {
  const request = parseStart(data);
  let added = 0;
  const started = await inTransaction(ctx.db, (tx) =>
    keyed(ctx, tx, idempotencyKey, {
      operation: "startStockTake",
      input: () => startAsSent(data),
      run: async () => {
        const { take, lines } = await start(ctx, tx, request);
        added = lines;
        const rows = await selectLines(tx, ctx.principal.accountId, take.id, {
          limit: FIRST_LINES + 1,
        });
        const page = linePage(rows, FIRST_LINES, take, seesExpected(take, ctx.principal));
        return { ...take, lines: page.items.map((i) => i.node), linesNextCursor: page.nextCursor };
      },
    }),
  );
  // Committed: the planner learns of the new lines now, not when autovacuum comes by.
  void rowsAdded(ctx.db, "stock_take_lines", added);
  return started;
}

/**
 * Records counts (at most 10,000 per request). `path` names a count's field for the caller:
 * JSON pointer parts by default, CSV rows for a CSV body.
 */
export async function submitCounts(
  ctx: ServiceContext,
  stockTakeId: number,
  data: CountsData,
  idempotencyKey?: string,
  path: (index: number, field: string) => Path = (i, f) => ["counts", i, f],
): Promise<Idempotent<CountsResult>> {
  const request = parseCountsData(ctx, data, path);
  return inTransaction(ctx.db, (tx) =>
    keyed(ctx, tx, idempotencyKey, {
      operation: `submitCounts:${stockTakeId}`,
      input: () => countsAsSent(data),
      // Bad counts are answered as such whatever the key, with what the lookup finds besides.
      inputErrors: request.errors,
      check: async () =>
        request.errors.length > 0 ? lookupErrors(ctx, tx, stockTakeId, request) : [],
      run: () => recordCounts(ctx, tx, stockTakeId, request),
    }),
  );
}

/** Accepts lines (listed, or safe by tolerance) and sends lines back for a recount. */
export async function acceptStockTakeLines(
  ctx: ServiceContext,
  stockTakeId: number,
  data: AcceptData,
  idempotencyKey?: string,
): Promise<Idempotent<AcceptResult>> {
  const request = parseAccept(data);
  return inTransaction(ctx.db, (tx) =>
    keyed(ctx, tx, idempotencyKey, {
      operation: `acceptLines:${stockTakeId}`,
      input: () => acceptAsSent(data),
      run: () => acceptLines(ctx, tx, stockTakeId, request),
    }),
  );
}

/** Applies the accepted differences; again, the same answer and nothing written. */
export async function reconcileStockTake(
  ctx: ServiceContext,
  stockTakeId: number,
  data: { dryRun?: boolean | null },
  idempotencyKey?: string,
): Promise<Idempotent<ReconcileResult>> {
  return inTransaction(ctx.db, (tx) =>
    keyed(ctx, tx, idempotencyKey, {
      operation: `reconcile:${stockTakeId}`,
      input: () => ({ dryRun: data.dryRun ?? false }),
      run: () => reconcile(ctx, tx, stockTakeId, data.dryRun ?? false),
    }),
  );
}

/**
 * The scopes that may read stock takes (either transport): the list, one with its summary, its
 * lines, its progress. A counting device (count without read) reads them to find what it scans
 * and see how far the count is; seesExpected hides every quantity of stock from it.
 */
export const READ_SCOPES = ["read", "count"] as const satisfies readonly Scope[];

/** The scopes that may ask to cancel (either transport): which stock takes, cancelStockTake says. */
export const CANCEL_SCOPES = ["approve", "count"] as const satisfies readonly Scope[];

/**
 * Cancels an open or counting stock take; its lines stay readable, nothing is applied. A token
 * with approve cancels any; one without it (a counter) only a stock take it started, checked
 * before a stored answer could be replayed to it.
 */
export async function cancelStockTake(
  ctx: ServiceContext,
  stockTakeId: number,
  idempotencyKey?: string,
): Promise<Idempotent<StockTakeView>> {
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    if (!ctx.principal.scopes.has("approve")) {
      requireStarter(await loadStockTake(tx, accountId, stockTakeId), ctx.principal);
    }
    return keyed(ctx, tx, idempotencyKey, {
      operation: `cancel:${stockTakeId}`,
      input: () => ({}),
      run: async () => {
        requireOpen(await lockStockTake(tx, accountId, stockTakeId));
        await tx.stockTake.update({
          where: { accountId_id: { accountId, id: stockTakeId } },
          data: { status: "cancelled", cancelledAt: new Date() },
        });
        return loadStockTake(tx, accountId, stockTakeId);
      },
    });
  });
}

/**
 * Refuses a caller without approve a stock take another token started: counting devices may
 * undo their own start (which holds its SKUs from other starts), not another's work. A stock
 * take the service started itself (no token) is an approver's to cancel.
 */
function requireStarter(take: StockTakeView, principal: Principal): void {
  const { tokenId } = principal.actor;
  if (tokenId === null || take.startedBy.tokenId !== tokenId) {
    throw new AppError(
      "FORBIDDEN",
      "cancelling a stock take another token started needs the approve scope",
    );
  }
}

/**
 * A stock take write under its idempotency key: `input` is the request as sent (fixed key order),
 * `inputErrors` what its parse found wrong (answered as such whatever the key), `check` what the
 * data says besides; the rest of the checks against the data run inside `run`, under its locks.
 * A stored answer shows expected quantities only if its caller could see them, so what decides
 * that (viewOf) is part of the request: a replay never shows a counter what an approver or a
 * reader was shown.
 */
function keyed<T>(
  ctx: ServiceContext,
  tx: Tx,
  key: string | undefined,
  steps: Pick<WriteSteps<T>, "operation" | "input" | "run"> & Partial<WriteSteps<T>>,
): Promise<Idempotent<T>> {
  return idempotent(tx, ctx.principal.accountId, key, {
    inputErrors: [],
    check: async () => [],
    ...steps,
    input: () => ({ request: steps.input(), ...viewOf(ctx.principal) }),
  });
}

/** A stock take found, and the summary of its lines still to be worked out. */
export interface ToSummarize {
  take: StockTakeView;
  /** How many lines the summary aggregates (its price, known before it is worked out); 0 unpriced. */
  lineCount: number;
  summary(): Promise<StockTakeSummary>;
}

/**
 * One stock take and its line count (STOCK_TAKE_NOT_FOUND, or a bad `areaDepth`, first), with
 * its summary to work out once the caller has charged for it: the summary reads every line.
 * With an `areaDepth` (1 to 5) the summary has the progress by area at that many location
 * segments (REST's summary.locations); without one, no area is worked out.
 */
export async function stockTakeToSummarize(
  ctx: ServiceContext,
  id: number,
  areaDepth: number | null,
  { priced }: { priced: boolean },
): Promise<ToSummarize> {
  const depth = areaDepth === null ? null : parseAreaDepth(areaDepth, ["area_depth"]);
  const { accountId } = ctx.principal;
  // Counted only for a caller who pays by it (a rate-limited token): else no statement.
  const [take, lineCount] = await Promise.all([
    loadStockTake(readDb(ctx), accountId, id),
    priced ? lineCounts(ctx, [id]).then((counts) => counts.get(id) ?? 0) : 0,
  ]);
  return { take, lineCount, summary: () => summarize(ctx, take, readDb(ctx), depth) };
}

/**
 * One stock take without its summary (STOCK_TAKE_NOT_FOUND for another account's): what GraphQL
 * reads, whose summary and areas are fields of their own, read only when selected.
 */
export const findStockTake = (ctx: ServiceContext, id: number): Promise<StockTakeView> =>
  loadStockTake(readDb(ctx), ctx.principal.accountId, id);

/** How many lines each of the stock takes has, by id (what their summaries would aggregate). */
export async function lineCounts(
  ctx: ServiceContext,
  stockTakeIds: readonly number[],
): Promise<Map<number, number>> {
  // Read from the stock takes' rows (line_count, kept by a trigger), no line read: one
  // statement for them all, whatever their size, so a walk refused for its price costs no walk.
  const rows = await readDb(ctx).$queryRaw<{ id: number; n: number }[]>`
    SELECT id, line_count AS n FROM stock_takes
    WHERE account_id = ${ctx.principal.accountId} AND id = ANY(${[...stockTakeIds]}::int[])`;
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** The summary of a stock take already loaded (GraphQL's StockTake.summary). */
export const stockTakeSummary = (ctx: ServiceContext, take: StockTakeView) => summarize(ctx, take);

/**
 * A stock take's progress by area at `depth` location segments (GraphQL's progressByLocation),
 * to work out once the caller has paid for its lines: a bad depth is refused here, before.
 */
export function progressByLocation(
  ctx: ServiceContext,
  take: StockTakeView,
  depth: number | null | undefined,
): () => Promise<AreaProgress[]> {
  const areaDepth = parseAreaDepth(depth, ["depth"]);
  return async () => (await summarize(ctx, take, readDb(ctx), areaDepth)).locations;
}

/** Stock takes of the account, newest first, optionally of one status. */
export async function listStockTakes(
  ctx: ServiceContext,
  args: {
    status?: string | null;
    /** Only the stock takes of this site (SITE_NOT_FOUND when the account has none by this id). */
    siteId?: number | null;
    limit?: number | null;
    cursor?: string | null;
  },
): Promise<Page<StockTakeView>> {
  const take = pageSize(args.limit);
  const status = oneOf(args.status, STATUSES, "status");
  const before = args.cursor ? decodeIdCursor("stock_take", args.cursor) : null;
  const db = readDb(ctx);
  const siteId = args.siteId ?? null;
  if (siteId !== null) await requireSite(db, ctx.principal.accountId, siteId, ["siteId"]);
  const rows = await db.stockTake.findMany({
    where: {
      accountId: ctx.principal.accountId,
      ...(status ? { status } : {}),
      ...(siteId !== null ? { siteId } : {}),
      ...(before !== null ? { id: { lt: before } } : {}),
    },
    orderBy: { id: "desc" },
    take: take + 1,
  });
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor("stock_take", [r.id]),
    node: toStockTake(r),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

/** Which of a stock take's lines a list or a count sheet holds. */
export interface LineFilter {
  state?: string | null;
  moved?: boolean | null;
  /** Lines whose location at the freeze starts with this, any case. */
  location?: string | null;
  /** Only lines found away from their location (true), or not (false). */
  misplaced?: boolean | null;
  /** A scan: the line of the SKU with this code, or of the SKU or supplier item with this barcode. */
  code?: string | null;
}

export interface LineQuery extends LineFilter {
  limit?: number | null;
  cursor?: string | null;
  /** walk (default) or difference: counted lines, largest absolute difference first. */
  order?: string | null;
}

/** A counted line's absolute difference, over alias l (null for an uncounted line). */
const ABS_DIFFERENCE = Prisma.sql`abs(l.counted_qty - COALESCE(l.basis_qty, l.expected_qty))`;

/**
 * A stock take's lines in walking order (line order: by location at the freeze, then code),
 * filtered by state, moved-since-freeze and location prefix.
 */
export async function listLines(
  ctx: ServiceContext,
  stockTakeId: number,
  query: LineQuery,
  stockTake?: StockTakeView,
): Promise<Page<StockTakeLineView>> {
  const order = oneOf(query.order, LINE_ORDERS, "order") ?? "walk";
  const size = pageSize(query.limit);
  const filter = lineFilter(query);
  const ids = (await scannedLineIds(ctx, stockTakeId, query.code)) ?? undefined;
  const take =
    stockTake ?? (await loadStockTake(readDb(ctx), ctx.principal.accountId, stockTakeId));
  const visible = seesExpected(take, ctx.principal);
  if (order === "difference") {
    // Who may not see expected quantities may not learn their order either.
    if (!visible) {
      throw new AppError(
        "FORBIDDEN",
        take.blind
          ? "ordering a blind stock take's lines by difference needs the approve scope"
          : "ordering lines by difference needs the read or approve scope",
      );
    }
    const after = query.cursor ? decodeDifferenceCursor(query.cursor, stockTakeId) : null;
    const rows = await selectLines(readDb(ctx), ctx.principal.accountId, stockTakeId, {
      where: Prisma.sql`AND l.counted_qty IS NOT NULL ${
        after
          ? Prisma.sql`AND (${ABS_DIFFERENCE} < ${after.difference}::numeric
              OR (${ABS_DIFFERENCE} = ${after.difference}::numeric AND l.id > ${after.lineId}))`
          : Prisma.empty
      } ${filter}`,
      orderBy: Prisma.sql`${ABS_DIFFERENCE} DESC, l.id`,
      limit: size + 1,
      ids,
    });
    return linePage(rows, size, take, visible, (r) =>
      encodeCursor("stock_take_line_difference", [
        take.id,
        (differenceOf(r) ?? new Decimal(0)).abs().toString(),
        r.lineId,
      ]),
    );
  }
  const after = query.cursor ? decodeLineCursor(query.cursor, stockTakeId) : 0;
  const rows = await selectLines(readDb(ctx), ctx.principal.accountId, stockTakeId, {
    where: Prisma.sql`AND l.id > ${after} ${filter}`,
    limit: size + 1,
    ids,
  });
  return linePage(rows, size, take, visible);
}

/**
 * Said beside a state other than uncounted: the state index holds only such lines, and a plan
 * made for any state (a prepared statement's generic plan) can use it only when told so.
 */
const countedLines = Prisma.sql`AND l.state <> 'uncounted'`;

/** The conditions on `l` (a stock take's line) a line query's filters make (bad ones refused). */
function lineFilter(query: LineFilter): Prisma.Sql {
  const state = oneOf(query.state, LINE_STATES, "state");
  return Prisma.sql`${inArea(query.location)}
    ${typeof query.misplaced === "boolean" ? Prisma.sql`AND ${misplacedSql} = ${query.misplaced}` : Prisma.empty}
    ${state ? Prisma.sql`AND l.state = ${state}::stock_take_line_state` : Prisma.empty}
    ${state && state !== "uncounted" ? countedLines : Prisma.empty}
    ${typeof query.moved === "boolean" ? Prisma.sql`AND l.moved_since_freeze = ${query.moved}` : Prisma.empty}`;
}

/**
 * The condition (appended with AND) that a line l's location at the freeze starts with
 * `location`, regardless of case; none without one. A bad prefix is INVALID_PARAMETER.
 */
function inArea(location: string | null | undefined): Prisma.Sql {
  const errors: FieldError[] = [];
  const prefix = parseLocationPrefix(location, ["location"], errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  return prefix === null
    ? Prisma.empty
    : Prisma.sql`AND ${locationStartsWith(Prisma.sql`l.location`, prefix)}`;
}

/**
 * The ids of the lines that count what a scanner read (`code`): the SKU with this code
 * (regardless of case), or the SKU or supplier item with this barcode (any spelling of a GTIN). A
 * supplier item's code is unique only with its supplier, so it is found by its barcodes. Null
 * without a code. A statement of its own, each step behind an initplan so the planner probes by
 * key: read in the same statement as the lines, right after a start (statistics that do not know
 * the stock take yet) the lines would be read by walking the stock take's.
 */
async function scannedLineIds(
  ctx: ServiceContext,
  stockTakeId: number,
  code: string | null | undefined,
): Promise<number[] | null> {
  if (code === null || code === undefined) return null;
  const text = code.trim();
  const errors: FieldError[] = [];
  if (!text)
    errors.push({ path: ["code"], code: "INVALID_PARAMETER", message: "must not be blank" });
  checkText(text, ["code"], TEXT_LIMITS.code, errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  // Not a valid barcode (a GTIN with a wrong check digit): it can still be a SKU's code.
  const key = parseBarcode(text, ["code"], [])?.key ?? null;
  const { accountId } = ctx.principal;
  const take = Prisma.sql`(SELECT ${stockTakeId}::int)`;
  const rows = await readDb(ctx).$queryRaw<{ id: number }[]>`
    SELECT x.id FROM stock_take_lines x
    WHERE x.account_id = ${accountId} AND x.stock_take_id = ${take} AND x.sku_id = ANY (ARRAY(
      SELECT id FROM skus WHERE account_id = ${accountId} AND code = ${text}::citext
      UNION ALL SELECT sku_id FROM barcodes
        WHERE account_id = ${accountId} AND key = ${key} AND sku_id IS NOT NULL))
    UNION ALL
    SELECT x.id FROM stock_take_lines x
    WHERE x.account_id = ${accountId} AND x.stock_take_id = ${take}
      AND x.supplier_item_id = ANY (ARRAY(SELECT supplier_item_id FROM barcodes
        WHERE account_id = ${accountId} AND key = ${key} AND supplier_item_id IS NOT NULL))`;
  return rows.map((r) => r.id);
}

/** A whole count sheet: its line count, known before any line is read (its price), and its lines. */
export interface CountSheet {
  /** Whether the caller may see expected quantities (blind stock takes). */
  visible: boolean;
  lineCount: number;
  /** Every line, 1000 at a time by keyset: a sheet of any size, read in short statements. */
  lines(): AsyncGenerator<StockTakeLineView[]>;
}

/**
 * The count sheet of a stock take, or of the lines a filter keeps (one area by `location`, a
 * prefix; a state; moved or misplaced lines, as the list takes them): lines in walking order
 * (a bad filter, then STOCK_TAKE_NOT_FOUND, before anything else is read).
 */
export async function countSheet(
  ctx: ServiceContext,
  stockTakeId: number,
  filter: LineFilter = {},
): Promise<CountSheet> {
  const { accountId } = ctx.principal;
  const area = lineFilter(filter);
  const ids = (await scannedLineIds(ctx, stockTakeId, filter.code)) ?? undefined;
  const take = await loadStockTake(readDb(ctx), accountId, stockTakeId);
  const visible = seesExpected(take, ctx.principal);
  // Counted, not read (no line is built): only the columns the filters look at.
  const [counted] = await readDb(ctx).$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT id, location, found_location, state, moved_since_freeze
      FROM stock_take_lines WHERE account_id = ${accountId} AND stock_take_id = ${stockTakeId}
        ${ids ? Prisma.sql`AND id = ANY (${ids}::int[])` : Prisma.empty}) AS l
    WHERE true ${area}`;
  const lineCount = counted?.n ?? 0;
  async function* lines(): AsyncGenerator<StockTakeLineView[]> {
    let after = 0;
    for (;;) {
      const rows = await selectLines(readDb(ctx), accountId, stockTakeId, {
        where: Prisma.sql`AND l.id > ${after} ${area}`,
        limit: FIRST_LINES,
        ids,
      });
      if (rows.length) yield rows.map((r) => toLine(r, visible));
      const last = rows.at(-1);
      if (!last || rows.length < FIRST_LINES) return;
      after = last.lineId;
    }
  }
  return { visible, lineCount, lines };
}

/** One entry of the count log. */
export interface StockTakeCount {
  type: EntityType;
  id: number;
  code: string;
  name: string;
  supplier: string | null;
  mode: CountMode;
  quantity: Decimal;
  /** The line's count after this entry. */
  countedQty: Decimal;
  counter: string;
  countedAt: Date;
  receivedAt: Date;
  /** Where the counter found it, when the count said. */
  foundLocation: string | null;
}

/** The count log of a stock take, oldest first. */
export async function listCounts(
  ctx: ServiceContext,
  stockTakeId: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<StockTakeCount>> {
  const { accountId } = ctx.principal;
  await loadStockTake(readDb(ctx), accountId, stockTakeId);
  const size = pageSize(query.limit);
  const after = query.cursor
    ? (decodeCursor("stock_take_count", query.cursor, ["number"])[0] as number)
    : 0;
  const rows = await readDb(ctx).$queryRaw<
    {
      id: bigint;
      entity_type: EntityType;
      entity_id: number;
      code: string;
      name: string;
      supplier: string | null;
      mode: CountMode;
      quantity: string;
      counted_qty: string;
      counter: string;
      counted_at: Date;
      received_at: Date;
      found_location: string | null;
    }[]
  >`
    SELECT c.id, c.entity_type, COALESCE(c.sku_id, c.supplier_item_id) AS entity_id,
      COALESCE(s.code, si.code) AS code, COALESCE(s.name, si.name) AS name, si.supplier, c.mode,
      c.quantity::text AS quantity, c.counted_qty::text AS counted_qty, c.counter, c.counted_at,
      c.received_at, c.found_location
    FROM stock_take_counts c
    -- Index lookups per count, whatever the statistics say (see selectLines).
    LEFT JOIN LATERAL (SELECT code, name FROM skus
      WHERE account_id = c.account_id AND id = c.sku_id OFFSET 0) AS s ON true
    LEFT JOIN LATERAL (SELECT code, name, supplier FROM supplier_items
      WHERE account_id = c.account_id AND id = c.supplier_item_id OFFSET 0) AS si ON true
    WHERE c.account_id = ${accountId} AND c.stock_take_id = ${stockTakeId} AND c.id > ${after}
    ORDER BY c.id LIMIT ${size + 1}`;
  const items = rows.slice(0, size).map((r) => ({
    cursor: encodeCursor("stock_take_count", [Number(r.id)]),
    node: {
      type: r.entity_type,
      id: r.entity_id,
      code: r.code,
      name: r.name,
      supplier: r.supplier,
      mode: r.mode,
      quantity: new Decimal(r.quantity),
      countedQty: new Decimal(r.counted_qty),
      counter: r.counter,
      countedAt: r.counted_at,
      receivedAt: r.received_at,
      foundLocation: r.found_location,
    },
  }));
  return { items, nextCursor: rows.length > size ? (items.at(-1)?.cursor ?? null) : null };
}

function linePage(
  rows: LineRow[],
  size: number,
  take: StockTakeView,
  visible: boolean,
  cursorOf = (r: LineRow) => encodeCursor("stock_take_line", [take.id, r.lineId]),
): Page<StockTakeLineView> {
  const items = rows.slice(0, size).map((r) => ({
    cursor: cursorOf(r),
    node: toLine(r, visible),
  }));
  return { items, nextCursor: rows.length > size ? (items.at(-1)?.cursor ?? null) : null };
}

function decodeLineCursor(cursor: string, stockTakeId: number): number {
  const [takeId, lineId] = decodeCursor("stock_take_line", cursor, ["int4", "int4"]);
  if (takeId !== stockTakeId) {
    throw new AppError("INVALID_CURSOR", "the cursor belongs to another stock take", [
      { path: ["cursor"], code: "INVALID_CURSOR", message: "belongs to another stock take" },
    ]);
  }
  return lineId as number;
}

/** Where a page in difference order starts: after this line and its absolute difference. */
function decodeDifferenceCursor(
  cursor: string,
  stockTakeId: number,
): { difference: string; lineId: number } {
  const [takeId, difference, lineId] = decodeCursor("stock_take_line_difference", cursor, [
    "int4",
    "string",
    "int4",
  ]);
  if (takeId !== stockTakeId || !/^\d{1,11}(\.\d{1,3})?$/.test(difference as string)) {
    throw new AppError("INVALID_CURSOR", "the cursor is not one of this stock take's", [
      { path: ["cursor"], code: "INVALID_CURSOR", message: "not a cursor of this list" },
    ]);
  }
  return { difference: difference as string, lineId: lineId as number };
}

function oneOf<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
  field: string,
): T | null {
  if (value === undefined || value === null) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const message = `${field} must be one of ${allowed.join(", ")}`;
  throw new AppError("INVALID_PARAMETER", message, [
    { path: [field], code: "INVALID_PARAMETER", message },
  ]);
}

export type { StockTakeLineState, StockTakeStatus };
