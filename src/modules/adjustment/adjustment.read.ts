// Reading adjustments back: one by id with its lines, and the account's adjustments newest first.
// An adjustment holds up to 10,000 lines, so lines are paged (in line order) wherever they are
// read back: REST answers the first 1000 with a cursor for the rest, GraphQL pages a connection.
import { TEXT_LIMITS } from "../../limits.js";
import type { Prisma } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import {
  decodeCursor,
  decodeTimeCursor,
  encodeCursor,
  encodeTimeCursor,
  keysetAfter,
  pageSize,
  queryFingerprint,
  type Page,
} from "../../cursor.js";
import { AppError, notFound } from "../../errors.js";
import {
  checkWindowOrder,
  invalidFilter,
  parseWindow,
  textFilter,
  withoutNulls,
} from "../../filters.js";
import type {
  StockAdjustment as AdjustmentRow,
  StockAdjustmentLine as LineRow,
} from "../../generated/prisma/client.js";
import { ADJUSTMENT_REASONS } from "../../reasons.js";
import type { StockAdjustmentLine, StockAdjustmentRecord } from "./adjustment.types.js";
import type { Principal } from "../../auth/principal.js";
import { mayUseSite } from "../site/site.access.js";

/** How many lines GET /stock-adjustments/{id} answers with; the rest are paged. */
export const FIRST_LINES = 1000;

export interface AdjustmentListQuery {
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  reference?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

export interface LinePageQuery {
  limit?: number | null;
  cursor?: string | null;
}

/** The adjustment with this id in the caller's account, without its lines. */
export async function getAdjustment(
  ctx: ServiceContext,
  id: number,
): Promise<StockAdjustmentRecord> {
  const row = await readDb(ctx).stockAdjustment.findUnique({
    where: { accountId_id: { accountId: ctx.principal.accountId, id } },
  });
  if (!row || !mayUseSite(ctx.principal, row.siteId)) throw notFound("ADJUSTMENT_NOT_FOUND", id);
  return toRecord(row);
}

/** One page of an adjustment's lines, in the order the request listed them. */
export async function listAdjustmentLines(
  ctx: ServiceContext,
  adjustmentId: number,
  query: LinePageQuery,
): Promise<Page<StockAdjustmentLine>> {
  const { accountId } = ctx.principal;
  const take = pageSize(query.limit);
  let after = -1;
  if (query.cursor) {
    const [forId, lineNo] = decodeCursor("adjustment_line", query.cursor, ["int4", "int4"]);
    if (forId !== adjustmentId) {
      throw invalidFilter("INVALID_CURSOR", "cursor", "the cursor belongs to another adjustment");
    }
    after = lineNo as number;
  }
  const [record, rows] = await Promise.all([
    readDb(ctx).stockAdjustment.findUnique({
      where: { accountId_id: { accountId, id: adjustmentId } },
      select: { siteId: true },
    }),
    readDb(ctx).stockAdjustmentLine.findMany({
      where: { accountId, adjustmentId, lineNo: { gt: after }, ...linesAtSites(ctx.principal) },
      orderBy: { lineNo: "asc" },
      take: take + 1,
    }),
  ]);
  if (!record || !mayUseSite(ctx.principal, record.siteId)) {
    throw notFound("ADJUSTMENT_NOT_FOUND", adjustmentId);
  }
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor("adjustment_line", [adjustmentId, r.lineNo]),
    node: toLine(r, record.siteId),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

/**
 * The account's adjustments, newest first, keyset-paginated on (created_at, id). Adjustments
 * are one row per request, so unlike movements no window is required; from/to follow the
 * movement query's date rules. reason and reference are exact matches.
 */
export async function listAdjustments(
  ctx: ServiceContext,
  query: AdjustmentListQuery,
): Promise<Page<StockAdjustmentRecord>> {
  const { accountId, timezone } = ctx.principal;
  const q = withoutNulls(query);
  const take = pageSize(q.limit);
  if (q.reason !== undefined && !(ADJUSTMENT_REASONS as readonly string[]).includes(q.reason)) {
    throw invalidFilter(
      "INVALID_PARAMETER",
      "reason",
      `reason must be one of ${ADJUSTMENT_REASONS.join(", ")}`,
    );
  }
  const reference = textFilter(q.reference, "reference", TEXT_LIMITS.reference);
  const window = parseWindow(q.from, q.to, timezone);
  checkWindowOrder(window);
  const fingerprint = queryFingerprint([accountId, q.from, q.to, q.reason, reference]);

  const bounds: Prisma.StockAdjustmentWhereInput[] = [];
  if (window.start) bounds.push({ createdAt: { gte: window.start } });
  if (window.end) bounds.push({ createdAt: { lt: window.end } });
  if (q.cursor) {
    bounds.push(
      keysetAfter("createdAt", decodeTimeCursor("adjustment", q.cursor, fingerprint), "desc"),
    );
  }
  const rows = await readDb(ctx).stockAdjustment.findMany({
    where: {
      accountId,
      ...(ctx.principal.sites ? { siteId: { in: [...ctx.principal.sites] } } : {}),
      reason: q.reason as AdjustmentRow["reason"] | undefined,
      reference,
      AND: bounds,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
  });
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeTimeCursor("adjustment", { at: r.createdAt, id: r.id }, fingerprint),
    node: toRecord(r),
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}

/**
 * A token limited to sites sees the adjustments recorded at its sites (their record's site), and of
 * their lines those at its sites (a line naming none is at the record's).
 */
const linesAtSites = (caller: Principal): Prisma.StockAdjustmentLineWhereInput =>
  caller.sites ? { OR: [{ siteId: null }, { siteId: { in: [...caller.sites] } }] } : {};

function toRecord(row: AdjustmentRow): StockAdjustmentRecord {
  return {
    id: row.id,
    reason: row.reason,
    note: row.note,
    reference: row.reference,
    createdAt: row.createdAt,
    actor: { name: row.actorName, tokenId: row.actorTokenId },
    siteId: row.siteId,
  };
}

/** A line as stored; `recordSite`: the adjustment's site, a line's when it names none. */
function toLine(row: LineRow, recordSite: number): StockAdjustmentLine {
  const id = row.entityType === "sku" ? row.skuId : row.supplierItemId;
  if (id === null) throw new AppError("INTERNAL", `adjustment line ${row.lineNo} names no entity`);
  return {
    type: row.entityType,
    id,
    previousQty: row.previousQty,
    newQty: row.newQty,
    change: row.change,
    status: row.status,
    movementId: row.movementId === null ? null : Number(row.movementId),
    siteId: row.siteId ?? recordSite,
  };
}

/** The adjustment with its first FIRST_LINES lines and the cursor to the rest (null when none). */
export async function getAdjustmentWithLines(
  ctx: ServiceContext,
  id: number,
): Promise<
  StockAdjustmentRecord & { lines: StockAdjustmentLine[]; linesNextCursor: string | null }
> {
  const [record, lines] = await Promise.all([
    getAdjustment(ctx, id),
    listAdjustmentLines(ctx, id, { limit: FIRST_LINES }),
  ]);
  return { ...record, lines: lines.items.map((i) => i.node), linesNextCursor: lines.nextCursor };
}
