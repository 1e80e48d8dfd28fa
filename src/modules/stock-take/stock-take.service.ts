// Stock takes: freeze a count point, count, review the differences, reconcile them into
// movements. Each write is one transaction (and idempotent with a key); the steps live in
// stock-take.start/count/accept/reconcile.ts; the stock takes' reads here, their lines' in
// stock-take.line-list.ts and the count log in stock-take.count-log.ts.
import { idempotent, type Idempotent, type WriteSteps } from "../../db/idempotency.js";
import { Prisma, type Tx } from "../../db/client.js";
import type { Walk } from "../../operations.js";
import { inTransaction } from "../../db/transaction.js";
import { readDb, type ServiceContext } from "../../context.js";
import { seesMoney, type Principal, type Scope } from "../../auth/principal.js";
import { decodeIdCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { AppError } from "../../errors.js";
import type { StockTakeLineState, StockTakeStatus } from "../../generated/prisma/enums.js";
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
import { selectLines, seesExpected, viewOf, type StockTakeLineView } from "./stock-take.lines.js";
import { STATUSES, oneOf, type Path } from "./stock-take.parse.js";
import { FIRST_LINES, linePage } from "./stock-take.line-list.js";
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
import {
  mayAutoAccept,
  parseStart,
  previewStart,
  start,
  unlistedScopeLines,
  type StartData,
  type StartPreview,
} from "./stock-take.start.js";
import { parseAreaDepth, type AreaProgress } from "./stock-take.areas.js";
import { counterProgress } from "./stock-take.counters.js";
import { rowsAdded } from "../../db/statistics.js";
import { requireSite } from "../site/site.service.js";
import { siteFor } from "../site/site.access.js";

export { stockTakesByIds } from "./stock-take.records.js";
export { hidesStock } from "./stock-take.lines.js";
export type { StockTakeView, StockTakeSummary, StockTakeLineView, CountsResult, AcceptResult };
export type { StartPreview };
export type { ReconcileResult };

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
  mayAutoAccept(ctx.principal, request.autoAccept);
  return {
    key: `start:${JSON.stringify(request.skuIds === null ? null : [request.siteId, request.locations ?? []])}`,
    lines: () => unlistedScopeLines(ctx.db, ctx.principal, request),
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

/**
 * Starts a stock take over the scope (default: all active SKUs and all unlinked supplier items);
 * a dry run answers what it would freeze, and writes nothing (no idempotency key either).
 */
export async function startStockTake(
  ctx: ServiceContext,
  data: StartData & { dryRun?: false | null },
  idempotencyKey?: string,
): Promise<Idempotent<StartedStockTake>>;
export async function startStockTake(
  ctx: ServiceContext,
  data: StartData,
  idempotencyKey?: string,
): Promise<Idempotent<StartedStockTake | StartPreview>>;
export async function startStockTake(
  ctx: ServiceContext,
  data: StartData,
  idempotencyKey?: string,
): Promise<Idempotent<StartedStockTake | StartPreview>> {
  const request = parseStart(data);
  mayAutoAccept(ctx.principal, request.autoAccept);
  // The site named is one the caller may use, before the account's start lock is waited for.
  siteFor(ctx.principal, request.siteId, ["siteId"]);
  if (request.dryRun) {
    const preview = await inTransaction(ctx.db, (tx) => previewStart(ctx, tx, request));
    return { value: preview, replayed: false };
  }
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
        const visible = seesExpected(take, ctx.principal);
        const money = seesMoney(ctx.principal);
        const page = linePage(rows, FIRST_LINES, take, visible, undefined, money);
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
      requireStarter(await loadStockTake(tx, ctx.principal, stockTakeId), ctx.principal);
    }
    return keyed(ctx, tx, idempotencyKey, {
      operation: `cancel:${stockTakeId}`,
      input: () => ({}),
      run: async () => {
        requireOpen(await lockStockTake(tx, ctx.principal, stockTakeId));
        await tx.stockTake.update({
          where: { accountId_id: { accountId, id: stockTakeId } },
          data: { status: "cancelled", cancelledAt: new Date() },
        });
        return loadStockTake(tx, ctx.principal, stockTakeId);
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
  return idempotent(tx, ctx.principal, key, {
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
  // Counted only for a caller who pays by it (a rate-limited token): else no statement.
  const [take, lineCount] = await Promise.all([
    loadStockTake(readDb(ctx), ctx.principal, id),
    priced ? lineCounts(ctx, [id]).then((counts) => counts.get(id) ?? 0) : 0,
  ]);
  return { take, lineCount, summary: () => summarize(ctx, take, readDb(ctx), depth) };
}

/**
 * One stock take without its summary (STOCK_TAKE_NOT_FOUND for another account's): what GraphQL
 * reads, whose summary and areas are fields of their own, read only when selected.
 */
export const findStockTake = (ctx: ServiceContext, id: number): Promise<StockTakeView> =>
  loadStockTake(readDb(ctx), ctx.principal, id);

/** How many lines each of the stock takes has, by id (what their summaries would aggregate). */
export async function lineCounts(
  ctx: ServiceContext,
  stockTakeIds: readonly number[],
): Promise<Map<number, number>> {
  // Read from the stock takes' rows (line_count, kept by a trigger), no line read: one
  // statement for them all, whatever their size, so a walk refused for its price costs no walk.
  const { sites } = ctx.principal;
  // Of the stock takes the caller may see only: another site's is not there to price.
  const rows = await readDb(ctx).$queryRaw<{ id: number; n: number }[]>`
    SELECT id, line_count AS n FROM stock_takes
    WHERE account_id = ${ctx.principal.accountId} AND id = ANY(${[...stockTakeIds]}::int[])
      ${sites ? Prisma.sql`AND site_id = ANY(${[...sites]}::int[])` : Prisma.empty}`;
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

/**
 * A stock take's progress by counter (GraphQL's progressByCounter, REST's summary.counters), to
 * work out once the caller has paid for its lines.
 */
export const progressByCounter = (ctx: ServiceContext, take: StockTakeView) => () =>
  counterProgress(ctx, take);

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
  if (siteId !== null) await requireSite(db, ctx.principal, siteId, ["siteId"]);
  const limited = ctx.principal.sites;
  const rows = await db.stockTake.findMany({
    where: {
      accountId: ctx.principal.accountId,
      ...(status ? { status } : {}),
      ...(siteId !== null ? { siteId } : limited ? { siteId: { in: [...limited] } } : {}),
      ...(before !== null ? { id: { lt: before } } : {}),
    },
    orderBy: { id: "desc" },
    take: take + 1,
  });
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor("stock_take", [r.id]),
    node: toStockTake(r, ctx.principal),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

export type { StockTakeLineState, StockTakeStatus };
