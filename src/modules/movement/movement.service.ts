// Reading the ledger. Movements are written only by src/ledger.
import { createHash } from "node:crypto";
import type { Prisma, PrismaClient, Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { calendarDays, FILTER_DATE_RULE, parseFilterDate } from "../../dates.js";
import { AppError, type ErrorCode } from "../../errors.js";
import type { StockMovement as MovementRow } from "../../generated/prisma/client.js";
import type { StockMovement } from "./movement.types.js";

export const MAX_WINDOW_DAYS = 31;

/** A movement row as the API shows it. */
export function toMovement(row: MovementRow): StockMovement {
  const { accountId, actorName, actorTokenId, id, ...rest } = row;
  return { id: Number(id), ...rest, actor: { name: actorName, tokenId: actorTokenId } };
}

/** The movements with these ids, in the order given. */
export async function movementsByIds(
  db: PrismaClient | Tx,
  accountId: number,
  ids: number[],
): Promise<Map<number, StockMovement>> {
  if (ids.length === 0) return new Map();
  const rows = await db.stockMovement.findMany({
    where: { accountId, id: { in: ids.map(BigInt) } },
  });
  return new Map(rows.map((r) => [Number(r.id), toMovement(r)]));
}

export interface MovementFilter {
  from?: string | null;
  to?: string | null;
  skuId?: number | null;
  supplierItemId?: number | null;
  stockTakeId?: number | null;
}

export interface MovementQuery extends MovementFilter {
  limit?: number | null;
  cursor?: string | null;
  order?: "asc" | "desc" | null;
}

/**
 * Movements of the caller's account, newest first (or oldest first with order "asc"), keyset-
 * paginated on (occurred_at, id). A query must be bounded: by an entity (SKU, supplier item or
 * stock take; then any window, or none, pages the full history) or by a window of at most 31
 * calendar days in the account's time zone.
 */
export async function queryMovements(
  ctx: ServiceContext,
  query: MovementQuery,
): Promise<Page<StockMovement>> {
  const { accountId, timezone } = ctx.principal;
  // GraphQL's explicit null means "not given", as an absent REST parameter does.
  const { from, to, skuId, supplierItemId, stockTakeId, limit, cursor } = withoutNulls(query);
  const take = pageSize(limit);
  const order = query.order ?? "desc";
  const window = parseWindow({ from, to, skuId, supplierItemId, stockTakeId }, timezone);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([accountId, order, from, to, skuId, supplierItemId, stockTakeId]))
    .digest("base64url")
    .slice(0, 12);

  const where: Prisma.StockMovementWhereInput = { accountId, skuId, supplierItemId, stockTakeId };
  const bounds: Prisma.StockMovementWhereInput[] = [];
  if (window.start) bounds.push({ occurredAt: { gte: window.start } });
  if (window.end) bounds.push({ occurredAt: { lt: window.end } });
  if (cursor) bounds.push(after(decodeMovementCursor(cursor, fingerprint), order));
  const rows = await ctx.db.stockMovement.findMany({
    where: { ...where, AND: bounds },
    orderBy: [{ occurredAt: order }, { id: order }],
    take: take + 1,
  });
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor("movement", [r.occurredAt.getTime(), Number(r.id), fingerprint]),
    node: toMovement(r),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

function decodeMovementCursor(cursor: string, fingerprint: string): { at: Date; id: bigint } {
  const [at, id, seenFingerprint] = decodeCursor("movement", cursor, [
    "number",
    "number",
    "string",
  ]) as [number, number, string];
  if (seenFingerprint !== fingerprint) {
    throw invalid("INVALID_CURSOR", "cursor", "the cursor belongs to a different query");
  }
  // A safe integer past year 275760 is no Date: the database would fail on it (a 500).
  if (Number.isNaN(new Date(at).getTime())) {
    throw invalid("INVALID_CURSOR", "cursor", "not a cursor returned by this query");
  }
  return { at: new Date(at), id: BigInt(id) };
}

/**
 * Rows after the cursor in the page order. The range bound on occurred_at lets the index start
 * right at the cursor; the OR only sorts out rows sharing its millisecond.
 */
function after(
  { at, id }: { at: Date; id: bigint },
  order: "asc" | "desc",
): Prisma.StockMovementWhereInput {
  return order === "desc"
    ? { occurredAt: { lte: at }, OR: [{ occurredAt: { lt: at } }, { id: { lt: id } }] }
    : { occurredAt: { gte: at }, OR: [{ occurredAt: { gt: at } }, { id: { gt: id } }] };
}

function withoutNulls<T extends object>(query: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== null && v !== undefined),
  ) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}

/** The half-open window [start, end) the filter asks for, after checking the bounding rules. */
function parseWindow(filter: MovementFilter, timezone: string): { start?: Date; end?: Date } {
  const from = filter.from == null ? undefined : parseFilterDate(filter.from, timezone);
  const to = filter.to == null ? undefined : parseFilterDate(filter.to, timezone);
  if (from === null) {
    throw invalid("INVALID_PARAMETER", "from", `from must be ${FILTER_DATE_RULE}`);
  }
  if (to === null) {
    throw invalid("INVALID_PARAMETER", "to", `to must be ${FILTER_DATE_RULE}`);
  }
  const start = from && (from.kind === "date" ? from.start : from.at).toJSDate();
  // A date-only `to` includes that whole day; a timestamp `to` includes that instant.
  const end =
    to && (to.kind === "date" ? to.endExclusive.toJSDate() : new Date(to.at.toMillis() + 1));

  const byEntity =
    filter.skuId != null || filter.supplierItemId != null || filter.stockTakeId != null;
  if (!byEntity && !start) {
    throw invalid(
      "UNBOUNDED_QUERY",
      "from",
      `give a window (from, and optionally to) of at most ${MAX_WINDOW_DAYS} days, or filter by sku_id, supplier_item_id or stock_take_id`,
    );
  }
  // A missing `to` means now (the query itself stays open-ended, so nothing just written is cut off).
  if (start && start.getTime() >= (end ?? new Date()).getTime()) {
    throw invalid(
      "INVALID_DATE_RANGE",
      end ? "to" : "from",
      end ? "from must not be after to" : "from is in the future",
    );
  }
  if (!byEntity && start) {
    const days = calendarDays(start, end ?? new Date(), timezone);
    if (days > MAX_WINDOW_DAYS) {
      throw invalid(
        "WINDOW_TOO_LONG",
        end ? "to" : "from",
        `the window covers ${days} days; without an entity filter it may cover at most ${MAX_WINDOW_DAYS} (days counted in ${timezone})`,
      );
    }
  }
  return { start, end };
}

const invalid = (code: ErrorCode, parameter: string, message: string) =>
  new AppError(code, message, [{ path: [parameter], code, message }]);
