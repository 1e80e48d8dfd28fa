// Reading the ledger. Movements are written only by src/ledger.
import { Prisma, type PrismaClient } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import {
  decodeTimeCursor,
  encodeTimeCursor,
  pageSize,
  queryFingerprint,
  type Page,
} from "../../cursor.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { TEXT_LIMITS } from "../../limits.js";
import {
  checkBoundedWindow,
  invalidFilter,
  parseWindow,
  textFilter,
  MAX_WINDOW_DAYS,
  withoutNulls,
  type Window,
} from "../../filters.js";
import type { StockMovement as MovementModel } from "../../generated/prisma/client.js";
import { MovementSource, StockReason } from "../../generated/prisma/enums.js";
import { sharedLedgerHorizon } from "../../ledger/horizon.js";
import { JsonRows } from "../../json-rows.js";
import {
  concatJsonArrays,
  moneyText,
  movementJson,
  movementRows,
  pagesOfMovements,
  type JsonPart,
} from "./movement.sql.js";
import type { StockMovement } from "./movement.types.js";
import { seesMoney, type Principal } from "../../auth/principal.js";
import { Decimal } from "../../quantity.js";
import { checkSiteAllowed, mayUseSite } from "../site/site.access.js";

export { MAX_WINDOW_DAYS };

/**
 * A movement row as the statements read it: its money only for a caller that sees it (the value
 * as text with the currency's minor digits).
 */
type MovementRow = Omit<MovementModel, "unitCost" | "valueChange"> & {
  unitCost?: Decimal | null;
  valueChange?: string | null;
};

/** A movement row as the API shows it. */
export function toMovement(row: MovementRow): StockMovement {
  const { accountId, actorName, actorTokenId, id, ...rest } = row;
  return { id: Number(id), ...rest, actor: { name: actorName, tokenId: actorTokenId } };
}

export interface MovementFilter {
  from?: string | null;
  to?: string | null;
  skuId?: number | null;
  supplierItemId?: number | null;
  stockTakeId?: number | null;
  adjustmentId?: number | null;
  /** Movements written by this transfer (its dispatch, receipts, write-offs and cancel). */
  transferId?: number | null;
  /** Only movements at this site (SITE_NOT_FOUND when the account has none by this id). */
  siteId?: number | null;
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
export const MAX_REFERENCE = TEXT_LIMITS.reference;
const REASONS = Object.values(StockReason) as string[];
const SOURCES = Object.values(MovementSource) as string[];

/** A checked query: what its statements need. */
interface MovementPlan {
  db: PrismaClient;
  take: number;
  order: "asc" | "desc";
  fingerprint: string;
  /** Every condition of the query, the cursor's included. */
  where: Prisma.Sql[];
  /** A first page newest first reads the 31 days before this first (see recentFirst), or null. */
  recentBefore: Date | null;
  /** The cursor the query was given, if any. */
  cursor: string | undefined;
  /** The account, when the caller sees money (movements then carry their values), else null. */
  money: number | null;
}

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
  const plan = await planQuery(ctx, query);
  const { db, take, order, fingerprint } = plan;
  const parts = await readParts(
    plan,
    (more, n) =>
      db.$queryRaw<MovementRow[]>(movementRows([...plan.where, ...more], order, n, plan.money)),
    (rows) => rows.length,
  );
  const rows = parts.flat();
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeTimeCursor("movement", { at: r.occurredAt, id: Number(r.id) }, fingerprint),
    node: toMovement(r),
  }));
  const last = items.at(-1)?.cursor ?? null;
  return {
    items,
    nextCursor: rows.length > take ? last : null,
    // Oldest first, the ledger grows at the end: a consumer resumes from here to see what is new.
    resumeCursor: order === "asc" ? (last ?? plan.cursor ?? null) : null,
  };
}

/** queryMovements' page with its movements as the REST body's JSON array, made by PostgreSQL. */
export async function queryMovementsJson(
  ctx: ServiceContext,
  query: MovementQuery,
): Promise<Omit<Page<never>, "items"> & { items: JsonRows }> {
  const plan = await planQuery(ctx, query);
  const { db, take, order, fingerprint } = plan;
  let kept = 0;
  const parts = await readParts(
    plan,
    async (more, n) => {
      const [part] = await db.$queryRaw<[JsonPart]>(
        movementJson([...plan.where, ...more], order, n, take - kept, plan.money),
      );
      kept += Math.min(part.rows, take - kept);
      return part;
    },
    (part) => part.rows,
  );
  const rows = parts.reduce((sum, p) => sum + p.rows, 0);
  const json = parts.map((p) => p.json).reduce(concatJsonArrays, "[]");
  const lastKept = parts.findLast((p) => p.lastId !== null);
  const last = lastKept
    ? encodeTimeCursor(
        "movement",
        { at: lastKept.lastAt!, id: Number(lastKept.lastId) },
        fingerprint,
      )
    : null;
  return {
    items: new JsonRows(json, kept),
    nextCursor: rows > take ? last : null,
    resumeCursor: order === "asc" ? (last ?? plan.cursor ?? null) : null,
  };
}

/** Checks a query (400s before 404s before 422s) and makes its conditions. */
async function planQuery(ctx: ServiceContext, query: MovementQuery): Promise<MovementPlan> {
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
  checkSiteAllowed(ctx.principal, filter.siteId, ["siteId"]);
  const linkedSkuId = await checkEntities(db, ctx.principal, filter);
  checkBounds(filter, window, timezone);

  const {
    skuId,
    supplierItemId,
    stockTakeId,
    adjustmentId,
    transferId,
    siteId,
    reason,
    source,
    reference,
  } = filter;
  const where = [Prisma.sql`m.account_id = ${accountId}`];
  const equal = (column: string, value: unknown, type = "") => {
    if (value !== undefined)
      where.push(Prisma.sql`m.${Prisma.raw(column)} = ${value}${Prisma.raw(type)}`);
  };
  if (linkedSkuId === null) {
    equal("sku_id", skuId);
    equal("supplier_item_id", supplierItemId);
  } else {
    equal("sku_id", linkedSkuId);
    // Asked for a linked item together with another SKU: movements of both, which is none.
    equal("sku_id", skuId);
  }
  equal("stock_take_id", stockTakeId);
  equal("adjustment_id", adjustmentId);
  equal("transfer_id", transferId);
  equal("site_id", siteId);
  // A token limited to sites reads theirs only, whatever else it names.
  const { sites } = ctx.principal;
  if (sites && siteId === undefined) where.push(atSites(sites));
  equal("reason", reason, "::stock_reason");
  equal("source", source, "::movement_source");
  equal("reference", reference);
  if (window.start) where.push(Prisma.sql`m.occurred_at >= ${window.start}`);
  if (window.end) where.push(Prisma.sql`m.occurred_at < ${window.end}`);
  if (position) where.push(keysetSql(position, order));
  // Oldest first, a page ends below the ledger's horizon: a movement still being written can
  // only appear above it, never behind a cursor already handed out.
  if (order === "asc")
    where.push(Prisma.sql`m.occurred_at < ${await sharedLedgerHorizon(ctx.db, accountId)}`);
  // A first page newest first; a page after a cursor already has its bound at the cursor, and
  // a lower one there can turn PostgreSQL from the ordered index walk to reading the whole range.
  const newest = window.end ?? new Date();
  const recentBefore =
    order === "desc" && !position && !(window.start && window.start >= recentEdge(newest))
      ? newest
      : null;
  const money = seesMoney(ctx.principal) ? accountId : null;
  return { db, take, order, fingerprint, where, recentBefore, cursor: q.cursor, money };
}

/** After the cursor's position in the page's order (occurred_at bounded alone first, for pruning). */
const keysetSql = ({ at, id }: { at: Date; id: number }, order: "asc" | "desc") =>
  order === "desc"
    ? Prisma.sql`m.occurred_at <= ${at} AND (m.occurred_at < ${at} OR m.id < ${id})`
    : Prisma.sql`m.occurred_at >= ${at} AND (m.occurred_at > ${at} OR m.id > ${id})`;

/** The plan's take + 1 rows, in one part, or two when the plan reads the recent days first. */
const readParts = async <T>(
  plan: MovementPlan,
  read: (more: Prisma.Sql[], n: number) => Promise<T>,
  rowsOf: (part: T) => number,
): Promise<T[]> =>
  plan.recentBefore
    ? recentFirst(read, rowsOf, plan.recentBefore, plan.take + 1)
    : [await read([], plan.take + 1)];

/** What a query's cursors carry of its filters (firstMovementPages' cursors must be the same). */
const fingerprintOf = (
  accountId: number,
  order: "asc" | "desc",
  q: { from?: string; to?: string },
  { siteId, transferId, ...filter }: CheckedFilter,
) =>
  // A site and a transfer join the fingerprint only when named: the cursors of queries naming
  // neither stay valid.
  queryFingerprint([
    accountId,
    order,
    q.from,
    q.to,
    ...Object.values(filter),
    ...(siteId === undefined ? [] : [{ siteId }]),
    ...(transferId === undefined ? [] : [{ transferId }]),
  ]);

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
  caller: Pick<Principal, "accountId" | "sites" | "scopes">,
  owners: readonly MovementOwner[],
  limit: number | null | undefined,
): Promise<Page<StockMovement>[]> {
  const { accountId, sites } = caller;
  const take = pageSize(limit);
  const edge = recentEdge(new Date());
  const skuIds = owners.map((o) => ("skuId" in o ? o.skuId : o.linkedSkuId));
  const itemIds = owners.map((o) =>
    "supplierItemId" in o && o.linkedSkuId === null ? o.supplierItemId : null,
  );
  const rows: (MovementRow & { n: number })[][] = owners.map(() => []);
  const read = async (within: Prisma.Sql, takes: number[]) => {
    const bound = sites ? Prisma.sql`${within} AND ${atSites(sites)}` : within;
    for (const row of await db.$queryRaw<(MovementRow & { n: number })[]>(
      pagesOfMovements(
        accountId,
        skuIds,
        itemIds,
        takes,
        bound,
        seesMoney(caller) ? accountId : null,
      ),
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

/** Movements at these sites only (a token limited to sites). */
const atSites = (sites: readonly number[]) => Prisma.sql`m.site_id = ANY(${[...sites]}::int[])`;

const RECENT_MS = 31 * 86_400_000;
const recentEdge = (newest: Date) => new Date(newest.getTime() - RECENT_MS);

/**
 * Newest first, an entity's first page looks in the 31 days before its end first, and further
 * back only for what they lack. The ledger is partitioned by month with a DEFAULT partition, which
 * keeps PostgreSQL from reading the months in order and stopping early: without the bound a
 * first page starts an index descent in every month.
 */
async function recentFirst<T>(
  find: (more: Prisma.Sql[], n: number) => Promise<T>,
  rowsOf: (part: T) => number,
  newest: Date,
  n: number,
): Promise<T[]> {
  const edge = recentEdge(newest);
  const recent = await find([Prisma.sql`m.occurred_at >= ${edge}`], n);
  const found = rowsOf(recent);
  if (found >= n) return [recent];
  return [recent, await find([Prisma.sql`m.occurred_at < ${edge}`], n - found)];
}

interface CheckedFilter {
  skuId?: number;
  supplierItemId?: number;
  stockTakeId?: number;
  adjustmentId?: number;
  transferId?: number;
  siteId?: number;
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
    transferId: q.transferId,
    siteId: q.siteId,
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
  caller: Pick<Principal, "accountId" | "sites">,
  f: CheckedFilter,
): Promise<number | null> {
  const { accountId } = caller;
  // A stock take or an adjustment at a site the caller may not use is as unknown as another account's.
  const seen = <T extends { siteId: number }>(row: T | null) =>
    row && mayUseSite(caller, row.siteId) ? row : null;
  const byId = <T>(id: number | undefined, find: (id: number) => Promise<T | null>) =>
    id === undefined ? Promise.resolve(undefined) : find(id);
  const [sku, item, stockTake, adjustment, transfer, site] = await Promise.all([
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
      db.stockTake
        .findUnique({ where: { accountId_id: { accountId, id } }, select: { siteId: true } })
        .then(seen),
    ),
    byId(f.adjustmentId, (id) =>
      db.stockAdjustment
        .findUnique({ where: { accountId_id: { accountId, id } }, select: { siteId: true } })
        .then(seen),
    ),
    // A transfer is seen by a caller that may use either of its sites.
    byId(f.transferId, (id) =>
      db.transfer
        .findUnique({
          where: { accountId_id: { accountId, id } },
          select: { fromSiteId: true, toSiteId: true },
        })
        .then((t) =>
          t && (mayUseSite(caller, t.fromSiteId) || mayUseSite(caller, t.toSiteId)) ? t : null,
        ),
    ),
    byId(f.siteId, (id) =>
      db.site.findUnique({ where: { accountId_id: { accountId, id } }, select: { id: true } }),
    ),
  ]);
  const errors: FieldError[] = [];
  const missing = [
    [sku, f.skuId, "SKU_NOT_FOUND", "skuId"],
    [item, f.supplierItemId, "SUPPLIER_ITEM_NOT_FOUND", "supplierItemId"],
    [stockTake, f.stockTakeId, "STOCK_TAKE_NOT_FOUND", "stockTakeId"],
    [adjustment, f.adjustmentId, "ADJUSTMENT_NOT_FOUND", "adjustmentId"],
    [transfer, f.transferId, "TRANSFER_NOT_FOUND", "transferId"],
    [site, f.siteId, "SITE_NOT_FOUND", "siteId"],
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
  checkBoundedWindow(window, timezone, {
    byEntity:
      f.skuId !== undefined ||
      f.supplierItemId !== undefined ||
      f.stockTakeId !== undefined ||
      f.adjustmentId !== undefined ||
      f.transferId !== undefined,
    entities: "sku_id, supplier_item_id, stock_take_id, adjustment_id or transfer_id",
  });
}

/** A movement's money as a caller that sees it reads it. */
export interface MovementMoney {
  unitCost: Decimal | null;
  valueChange: string | null;
}

/**
 * Movements' money by (id, occurredAt) (the time finds each one's partition), in one statement;
 * a movement not found reads as none. For a caller that sees money.
 */
export async function movementMoney(
  db: PrismaClient,
  accountId: number,
  keys: readonly { id: number; occurredAt: Date }[],
): Promise<MovementMoney[]> {
  const rows = await db.$queryRaw<{ id: bigint; unit_cost: string | null; value: string | null }[]>`
    SELECT m.id, m.unit_cost::text AS unit_cost,
      ${moneyText(Prisma.sql`m.value_change`, accountId)} AS value
    FROM stock_movements m
    WHERE m.account_id = ${accountId}
      AND (m.id, m.occurred_at) IN (SELECT * FROM unnest(${keys.map((k) => k.id)}::bigint[],
        ${keys.map((k) => k.occurredAt)}::timestamptz[]))`;
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  return keys.map((k) => {
    const row = found.get(k.id);
    return {
      unitCost: row?.unit_cost == null ? null : new Decimal(row.unit_cost),
      valueChange: row?.value ?? null,
    };
  });
}
