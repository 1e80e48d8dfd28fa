// Reading the ledger. Movements are written only by src/ledger.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import {
  decodeTimeCursor,
  encodeTimeCursor,
  keysetAfter,
  pageSize,
  queryFingerprint,
  type Page,
} from "../../cursor.js";
import { calendarDays } from "../../dates.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import {
  checkWindowOrder,
  invalidFilter,
  parseWindow,
  textFilter,
  withoutNulls,
  type Window,
} from "../../filters.js";
import type { StockMovement as MovementRow } from "../../generated/prisma/client.js";
import { MovementSource, StockReason } from "../../generated/prisma/enums.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
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
  adjustmentId?: number | null;
  reason?: string | null;
  source?: string | null;
  reference?: string | null;
}

export interface MovementQuery extends MovementFilter {
  limit?: number | null;
  cursor?: string | null;
  order?: "asc" | "desc" | null;
}

/** The longest reference a filter may name: as long as any stored one. */
export const MAX_REFERENCE = 200;
const REASONS = Object.values(StockReason) as string[];
const SOURCES = Object.values(MovementSource) as string[];

/**
 * Movements of the caller's account, newest first (or oldest first with order "asc"), keyset-
 * paginated on (occurred_at, id). A query must be bounded: by an entity (SKU, supplier item,
 * stock take or adjustment; then any window, or none, pages the full history) or by a window of
 * at most 31 calendar days in the account's time zone. reason, source and reference narrow a
 * bounded query. An entity that does not exist in the account is its 404, never an empty page;
 * a linked supplier item's history is its SKU's (its stock is the SKU's).
 */
export async function queryMovements(
  ctx: ServiceContext,
  query: MovementQuery,
): Promise<Page<StockMovement>> {
  const { accountId, timezone } = ctx.principal;
  const q = withoutNulls(query);
  const take = pageSize(q.limit);
  const order = q.order ?? "desc";
  const filter = checkFilter(q);
  const window = parseWindow(q.from, q.to, timezone);
  const fingerprint = fingerprintOf(accountId, order, q, filter);
  // Malformed input (400) is answered before unknown entities (404) and broken rules (422).
  const position = q.cursor ? decodeTimeCursor("movement", q.cursor, fingerprint) : undefined;
  // Oldest-first pages end at the horizon, which only the primary's locks tell.
  const db = order === "asc" ? ctx.db : readDb(ctx);
  const linkedSkuId = await checkEntities(db, accountId, filter);
  checkBounds(filter, window, timezone);

  const { skuId, supplierItemId, stockTakeId, adjustmentId, reason, source, reference } = filter;
  const where: Prisma.StockMovementWhereInput = {
    accountId,
    stockTakeId,
    adjustmentId,
    reason,
    source,
    reference,
    ...(linkedSkuId === null ? { skuId, supplierItemId } : { skuId: linkedSkuId }),
  };
  const bounds: Prisma.StockMovementWhereInput[] = [];
  // Asked for a linked item together with another SKU: movements of both, which is none.
  if (linkedSkuId !== null && skuId !== undefined) bounds.push({ skuId });
  if (window.start) bounds.push({ occurredAt: { gte: window.start } });
  if (window.end) bounds.push({ occurredAt: { lt: window.end } });
  if (position) bounds.push(keysetAfter("occurredAt", position, order));
  // Oldest first, a page ends below the ledger's horizon: a movement still being written can
  // only appear above it, never behind a cursor already handed out.
  if (order === "asc")
    bounds.push({ occurredAt: { lt: await sharedLedgerHorizon(ctx.db, accountId) } });
  const find = (more: Prisma.StockMovementWhereInput[], n: number) =>
    db.stockMovement.findMany({
      where: { ...where, AND: [...bounds, ...more] },
      orderBy: [{ occurredAt: order }, { id: order }],
      take: n,
    });
  // A first page newest first; a page after a cursor already has its bound at the cursor, and
  // a lower one there can turn PostgreSQL from the ordered index walk to reading the whole range.
  const newest = window.end ?? new Date();
  const rows =
    order === "desc" && !position && !(window.start && window.start >= recentEdge(newest))
      ? await recentFirst(find, newest, take + 1)
      : await find([], take + 1);
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeTimeCursor("movement", { at: r.occurredAt, id: Number(r.id) }, fingerprint),
    node: toMovement(r),
  }));
  const last = items.at(-1)?.cursor ?? null;
  return {
    items,
    nextCursor: rows.length > take ? last : null,
    // Oldest first, the ledger grows at the end: a consumer resumes from here to see what is new.
    resumeCursor: order === "asc" ? (last ?? q.cursor ?? null) : null,
  };
}

/** What a query's cursors carry of its filters (firstMovementPages' cursors must be the same). */
const fingerprintOf = (
  accountId: number,
  order: "asc" | "desc",
  q: { from?: string; to?: string },
  filter: CheckedFilter,
) => queryFingerprint([accountId, order, q.from, q.to, ...Object.values(filter)]);

/** Whose movements a page lists: a SKU, or a supplier item (a linked one's are its SKU's). */
export type MovementOwner =
  { skuId: number } | { supplierItemId: number; linkedSkuId: number | null };

/**
 * Each owner's first page of movements, newest first: the page queryMovements answers for it
 * (same items, same cursors), for a whole page of owners in one statement, or two when some have
 * fewer movements in the recent 31 days than the page holds. For a GraphQL page of SKUs with their
 * movements, which queryMovements answers in two or three round trips per SKU. The owners were
 * read from the account in this request, so none is checked again.
 */
export async function firstMovementPages(
  db: PrismaClient,
  accountId: number,
  owners: readonly MovementOwner[],
  limit: number | null | undefined,
): Promise<Page<StockMovement>[]> {
  const take = pageSize(limit);
  const edge = recentEdge(new Date());
  const skuIds = owners.map((o) => ("skuId" in o ? o.skuId : o.linkedSkuId));
  const itemIds = owners.map((o) =>
    "supplierItemId" in o && o.linkedSkuId === null ? o.supplierItemId : null,
  );
  const rows: (MovementRow & { n: number })[][] = owners.map(() => []);
  const read = async (bound: Prisma.Sql, takes: number[]) => {
    for (const row of await db.$queryRaw<(MovementRow & { n: number })[]>(
      pagesOfMovements(accountId, skuIds, itemIds, takes, bound),
    )) {
      rows[row.n - 1]!.push(row);
    }
  };
  await read(
    Prisma.sql`m.occurred_at >= ${edge}`,
    owners.map(() => take + 1),
  );
  const short = rows.map((r) => take + 1 - r.length);
  if (short.some((n) => n > 0)) await read(Prisma.sql`m.occurred_at < ${edge}`, short);

  return owners.map((owner, i) => {
    const filter = checkFilter(
      "skuId" in owner ? { skuId: owner.skuId } : { supplierItemId: owner.supplierItemId },
    );
    const fingerprint = fingerprintOf(accountId, "desc", {}, filter);
    const found = rows[i]!;
    const items = found.slice(0, take).map(({ n: _n, ...r }) => ({
      cursor: encodeTimeCursor("movement", { at: r.occurredAt, id: Number(r.id) }, fingerprint),
      node: toMovement(r),
    }));
    return {
      items,
      nextCursor: found.length > take ? (items.at(-1)?.cursor ?? null) : null,
      resumeCursor: null,
    };
  });
}

/**
 * The newest movements within `bound` of each owner (by SKU or by supplier item, the other
 * null), at most its entry of `takes`, newest first, each row with its owner's ordinal `n`.
 */
const pagesOfMovements = (
  accountId: number,
  skuIds: (number | null)[],
  itemIds: (number | null)[],
  takes: number[],
  bound: Prisma.Sql,
) => Prisma.sql`
  SELECT o.n::int AS n, m.account_id AS "accountId", m.id, m.occurred_at AS "occurredAt",
    m.entity_type AS "entityType", m.sku_id AS "skuId", m.supplier_item_id AS "supplierItemId",
    m.quantity_before AS "quantityBefore", m.quantity_after AS "quantityAfter", m.change,
    m.reason, m.note, m.reference, m.source, m.adjustment_id AS "adjustmentId",
    m.stock_take_id AS "stockTakeId", m.actor_name AS "actorName",
    m.actor_token_id AS "actorTokenId"
  FROM unnest(${skuIds}::int[], ${itemIds}::int[], ${takes}::int[])
    WITH ORDINALITY AS o(sku_id, item_id, take, n)
  CROSS JOIN LATERAL (
    (SELECT * FROM stock_movements m
      WHERE m.account_id = ${accountId} AND m.sku_id = o.sku_id AND ${bound}
      ORDER BY m.occurred_at DESC, m.id DESC LIMIT o.take)
    UNION ALL
    (SELECT * FROM stock_movements m
      WHERE m.account_id = ${accountId} AND m.supplier_item_id = o.item_id AND ${bound}
      ORDER BY m.occurred_at DESC, m.id DESC LIMIT o.take)
  ) m
  WHERE o.take > 0
  ORDER BY o.n, m.occurred_at DESC, m.id DESC`;

const RECENT_MS = 31 * 86_400_000;
const recentEdge = (newest: Date) => new Date(newest.getTime() - RECENT_MS);

/**
 * Newest first, an entity's first page looks in the 31 days before its end first, and further
 * back only for what they lack. The ledger is partitioned by month with a DEFAULT partition, which
 * keeps PostgreSQL from reading the months in order and stopping early: without the bound a
 * first page starts an index descent in every month.
 */
async function recentFirst<T>(
  find: (more: Prisma.StockMovementWhereInput[], n: number) => Promise<T[]>,
  newest: Date,
  n: number,
): Promise<T[]> {
  const edge = recentEdge(newest);
  const recent = await find([{ occurredAt: { gte: edge } }], n);
  if (recent.length >= n) return recent;
  return [...recent, ...(await find([{ occurredAt: { lt: edge } }], n - recent.length))];
}

interface CheckedFilter {
  skuId?: number;
  supplierItemId?: number;
  stockTakeId?: number;
  adjustmentId?: number;
  reason?: StockReason;
  source?: MovementSource;
  reference?: string;
}

/** The filter's values that need no database, checked (the transports check them too). */
function checkFilter(q: ReturnType<typeof withoutNulls<MovementQuery>>): CheckedFilter {
  for (const [name, value, allowed] of [
    ["reason", q.reason, REASONS],
    ["source", q.source, SOURCES],
  ] as const) {
    if (value !== undefined && !allowed.includes(value)) {
      throw invalidFilter(
        "INVALID_PARAMETER",
        name,
        `${name} must be one of ${allowed.join(", ")}`,
      );
    }
  }
  return {
    skuId: q.skuId,
    supplierItemId: q.supplierItemId,
    stockTakeId: q.stockTakeId,
    adjustmentId: q.adjustmentId,
    reason: q.reason as StockReason | undefined,
    source: q.source as MovementSource | undefined,
    reference: textFilter(q.reference, "reference", MAX_REFERENCE),
  };
}

/**
 * Every entity the filter names must exist in the caller's account (a typo is not "no history").
 * Returns the SKU a named supplier item is linked to, or null.
 */
async function checkEntities(
  db: PrismaClient,
  accountId: number,
  f: CheckedFilter,
): Promise<number | null> {
  const byId = <T>(id: number | undefined, find: (id: number) => Promise<T | null>) =>
    id === undefined ? Promise.resolve(undefined) : find(id);
  const [sku, item, stockTake, adjustment] = await Promise.all([
    byId(f.skuId, (id) =>
      db.sku.findUnique({ where: { accountId_id: { accountId, id } }, select: { id: true } }),
    ),
    byId(f.supplierItemId, (id) =>
      db.supplierItem.findUnique({
        where: { accountId_id: { accountId, id } },
        select: { skuId: true },
      }),
    ),
    byId(f.stockTakeId, (id) =>
      db.stockTake.findUnique({
        where: { accountId_id: { accountId, id } },
        select: { id: true },
      }),
    ),
    byId(f.adjustmentId, (id) =>
      db.stockAdjustment.findUnique({
        where: { accountId_id: { accountId, id } },
        select: { id: true },
      }),
    ),
  ]);
  const errors: FieldError[] = [];
  const missing = [
    [sku, f.skuId, "SKU_NOT_FOUND", "skuId"],
    [item, f.supplierItemId, "SUPPLIER_ITEM_NOT_FOUND", "supplierItemId"],
    [stockTake, f.stockTakeId, "STOCK_TAKE_NOT_FOUND", "stockTakeId"],
    [adjustment, f.adjustmentId, "ADJUSTMENT_NOT_FOUND", "adjustmentId"],
  ] as const;
  for (const [found, id, code, parameter] of missing) {
    if (found === null && id !== undefined)
      errors.push(notFound(code, id, [parameter]).fieldErrors[0]!);
  }
  if (errors.length > 0) throw AppError.fromFields(errors);
  return item?.skuId ?? null;
}

/** The bounding rules: an entity, or a window of at most MAX_WINDOW_DAYS calendar days. */
function checkBounds(f: CheckedFilter, window: Window, timezone: string): void {
  const byEntity =
    f.skuId !== undefined ||
    f.supplierItemId !== undefined ||
    f.stockTakeId !== undefined ||
    f.adjustmentId !== undefined;
  if (!byEntity && !window.start) {
    throw invalidFilter(
      "UNBOUNDED_QUERY",
      "from",
      `give a window (from, and optionally to) of at most ${MAX_WINDOW_DAYS} days, or filter by sku_id, supplier_item_id, stock_take_id or adjustment_id`,
    );
  }
  checkWindowOrder(window);
  if (!byEntity && window.start) {
    const days = calendarDays(window.start, window.end ?? new Date(), timezone);
    if (days > MAX_WINDOW_DAYS) {
      throw invalidFilter(
        "WINDOW_TOO_LONG",
        window.end ? "to" : "from",
        `the window covers ${days} days; without an entity filter it may cover at most ${MAX_WINDOW_DAYS} (days counted in ${timezone})`,
      );
    }
  }
}
