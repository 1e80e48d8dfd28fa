// Reading stock take lines with the entity they count, and hiding what the caller may not see
// (a blind count, a token without read). Every read of lines goes through here, so the rule
// lives in one place.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import type { Principal } from "../../auth/principal.js";
import type { EntityType, StockTakeLineState } from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import { itemOnHandAt, skuOnHandAt } from "../../ledger/ledger.js";

type Reader = PrismaClient | Tx;

/** Most lines in a list a write answers (counts, accept, reconcile): the first, in line order. */
export const ANSWERED_LINES = 1000;

/** A line as stored, with its entity's code and name. */
export interface LineRow {
  lineId: number;
  type: EntityType;
  id: number;
  code: string;
  name: string;
  supplier: string | null;
  expectedQty: Decimal;
  countedQty: Decimal | null;
  basisQty: Decimal | null;
  state: StockTakeLineState;
  countedAt: Date | null;
  countedBy: string | null;
  movedSinceFreeze: boolean;
  /** Accepted by its stock take's automatic acceptance when counted. */
  autoAccepted: boolean;
  recountRequested: boolean;
  /** The entity's on hand now (read without a lock). */
  onHand: Decimal;
  /** A supplier item linked to a SKU since the start: its stock is the SKU's. */
  linkedSkuId: number | null;
  /** The movement reconcile wrote for the line, if any. */
  movementId: number | null;
  /** Its entity's location at the freeze. */
  location: string | null;
  /** Where the latest count found it, when the counter said. */
  foundLocation: string | null;
  /** The stock take's site, whose stock the line counts. */
  siteId: number;
  /** Its entity's unit cost at the freeze (null: none). */
  unitCost: Decimal | null;
  /**
   * The difference valued at unitCost, rounded half away from zero to the currency's minor units,
   * as text with those digits (null: uncounted, or no cost).
   */
  differenceValue: string | null;
}

/**
 * A line as the API shows it, to both transports (GraphQL types it as StockTakeLine);
 * expectedQty and difference are absent for a caller who may not see them (seesExpected).
 */
export interface StockTakeLineView {
  type: EntityType;
  id: number;
  code: string;
  name: string;
  supplier: string | null;
  expectedQty?: Decimal;
  countedQty: Decimal | null;
  difference?: Decimal | null;
  state: StockTakeLineState;
  countedAt: Date | null;
  countedBy: string | null;
  movedSinceFreeze: boolean;
  recountRequested: boolean;
  location: string | null;
  foundLocation: string | null;
  /** Found away from its location at the freeze (regardless of case). */
  misplaced: boolean;
  /** The site whose stock the line counts: its stock take's. */
  siteId: number;
  /** With the difference, for a caller that sees money: the unit cost at the freeze. */
  unitCost?: Decimal | null;
  /** With the difference, for a caller that sees money: the difference's value. */
  differenceValue?: string | null;
  /** With the difference: accepted by the stock take's tolerance as it was counted. */
  autoAccepted?: boolean;
}

/**
 * Whether the caller may see expected quantities and differences of this stock take: they tell
 * on-hand quantities, which a token without read may not see (unless it approves), and a blind
 * count hides them from all but approvers.
 */
export const seesExpected = (
  take: { blind: boolean },
  principal: Pick<Principal, "scopes">,
): boolean => principal.scopes.has("approve") || (principal.scopes.has("read") && !take.blind);

/**
 * What decides, with the stock take, which quantities the caller sees (seesExpected): part of an
 * idempotent request, so a stored answer never replays to a caller who may see less. `reader` is
 * left out when true, so that the keys of tokens with read still hash as they always have.
 */
export const viewOf = (principal: Principal) => ({
  approver: principal.scopes.has("approve"),
  ...(principal.scopes.has("read") ? {} : { reader: false }),
});

/** counted − what the count is compared with (the freeze, or the ledger at counted_at). */
export const differenceOf = (row: LineRow): Decimal | null =>
  row.countedQty === null ? null : row.countedQty.minus(row.basisQty ?? row.expectedQty);

/**
 * Whether the line was made for a caller who may not see expected quantities (toLine left it
 * out): its SKU or supplier item is not shown either, since its on hand is the expected quantity
 * until stock moves.
 */
export const hidesStock = (line: { expectedQty?: Decimal | null }): boolean =>
  line.expectedQty === undefined || line.expectedQty === null;

/** Whether a count found the line's entity away from its location at the freeze. */
const isMisplaced = ({ location, foundLocation }: LineRow): boolean =>
  foundLocation !== null && foundLocation.toLowerCase() !== location?.toLowerCase();

/** The same as SQL over line l, for filters. */
export const misplacedSql = Prisma.sql`(l.found_location IS NOT NULL
  AND lower(l.found_location) IS DISTINCT FROM lower(l.location))`;

/**
 * The line as the caller sees it: expected quantity and difference when `visible`
 * (seesExpected), and their money too when it also sees money (`money`: seesMoney).
 */
export function toLine(row: LineRow, visible: boolean, money = false): StockTakeLineView {
  const line: StockTakeLineView = {
    type: row.type,
    id: row.id,
    code: row.code,
    name: row.name,
    supplier: row.supplier,
    countedQty: row.countedQty,
    // A count accepted as it arrived would tell a counter who may not see expected quantities
    // that it matched: to such a caller it is counted, as any count waiting for review.
    state: !visible && row.autoAccepted && row.state === "accepted" ? "counted" : row.state,
    countedAt: row.countedAt,
    countedBy: row.countedBy,
    movedSinceFreeze: row.movedSinceFreeze,
    recountRequested: row.recountRequested,
    location: row.location,
    foundLocation: row.foundLocation,
    misplaced: isMisplaced(row),
    siteId: row.siteId,
  };
  if (visible) {
    line.expectedQty = row.expectedQty;
    line.difference = differenceOf(row);
    line.autoAccepted = row.autoAccepted;
    if (money) {
      line.unitCost = row.unitCost;
      line.differenceValue = row.differenceValue;
    }
  }
  return line;
}

interface RawLine {
  line_id: number;
  entity_type: EntityType;
  entity_id: number;
  code: string;
  name: string;
  supplier: string | null;
  expected_qty: string;
  counted_qty: string | null;
  basis_qty: string | null;
  state: StockTakeLineState;
  counted_at: Date | null;
  counted_by: string | null;
  moved_since_freeze: boolean;
  auto_accepted: boolean;
  recount_requested: boolean;
  on_hand: string;
  linked_sku_id: number | null;
  movement_id: bigint | null;
  location: string | null;
  found_location: string | null;
  site_id: number;
  unit_cost: string | null;
  difference_value: string | null;
}

const dec = (v: string | null) => (v === null ? null : new Decimal(v));

export interface LineSelection {
  /** SQL over alias l, appended to the WHERE clause ("AND l.state = 'counted'"). */
  where?: Prisma.Sql;
  limit?: number;
  /** What basisQty reads: the stored basis_qty unless given. */
  basis?: Prisma.Sql;
  /**
   * An `UPDATE stock_take_lines … RETURNING l.*`: the lines it changed are read, as they are
   * after it, in the same statement (one round trip instead of two).
   */
  updated?: Prisma.Sql;
  /** Common table expressions the statement runs too, written before `updated` ("logged AS (…)"). */
  before?: Prisma.Sql;
  /** The order (over alias l): line id order, the walking order, unless given. */
  orderBy?: Prisma.Sql;
  /**
   * Only these lines: each read by its key (the stock take behind an initplan, so no plan walks
   * the stock take's lines to find them, whatever the statistics know of it).
   */
  ids?: number[];
}

/** Lines of one stock take, with their entities, in line id order. */
export async function selectLines(
  db: Reader,
  accountId: number,
  stockTakeId: number,
  {
    where = Prisma.empty,
    limit,
    basis = Prisma.sql`l.basis_qty`,
    updated,
    before,
    orderBy = Prisma.sql`l.id`,
    ids,
  }: LineSelection = {},
): Promise<LineRow[]> {
  // The stock take's site, read once: the lines show their entities' stock there.
  const site = Prisma.sql`(SELECT site_id FROM stock_takes
    WHERE account_id = ${accountId} AND id = ${stockTakeId})`;
  const rows = await db.$queryRaw<RawLine[]>`
    ${before || updated ? Prisma.sql`WITH` : Prisma.empty} ${before ?? Prisma.empty}
    ${before && updated ? Prisma.sql`,` : Prisma.empty}
    ${updated ? Prisma.sql`updated AS (${updated})` : Prisma.empty}
    SELECT l.id AS line_id, l.entity_type, COALESCE(l.sku_id, l.supplier_item_id) AS entity_id,
      COALESCE(s.code, si.code) AS code, COALESCE(s.name, si.name) AS name, si.supplier,
      l.expected_qty::text AS expected_qty, l.counted_qty::text AS counted_qty,
      (${basis})::text AS basis_qty, l.state, l.counted_at, l.counted_by, l.moved_since_freeze,
      l.auto_accepted,
      l.recount_requested, COALESCE(s.on_hand, si.on_hand)::text AS on_hand,
      si.sku_id AS linked_sku_id, l.movement_id, l.location, l.found_location,
      ${site} AS site_id, l.unit_cost::text AS unit_cost,
      ${lineValue(accountId, basis)}::text AS difference_value
    FROM ${updated ? Prisma.sql`updated` : Prisma.sql`stock_take_lines`} AS l
    -- One index lookup per line whatever the statistics say: right after a large start (or a
    -- catalog just loaded) they can still show the account with a handful of rows, and a planned
    -- join then compared every line with every SKU (350 s for 100,000 lines).
    LEFT JOIN LATERAL (SELECT code, name, ${skuOnHandAt(accountId, site, Prisma.sql`id`)} AS on_hand
      FROM skus WHERE account_id = l.account_id AND id = l.sku_id OFFSET 0) AS s ON true
    LEFT JOIN LATERAL (SELECT code, name, supplier, sku_id,
        ${itemOnHandAt(accountId, site, Prisma.sql`id`)} AS on_hand
      FROM supplier_items WHERE account_id = l.account_id AND id = l.supplier_item_id OFFSET 0)
      AS si ON true
    WHERE l.account_id = ${accountId} AND ${
      ids
        ? Prisma.sql`l.id = ANY (${ids}::int[]) AND l.stock_take_id = (SELECT ${stockTakeId}::int)`
        : Prisma.sql`l.stock_take_id = ${stockTakeId}`
    } ${where}
    ORDER BY ${orderBy}
    ${limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
  return rows.map((r) => ({
    lineId: r.line_id,
    type: r.entity_type,
    id: r.entity_id,
    code: r.code,
    name: r.name,
    supplier: r.supplier,
    expectedQty: new Decimal(r.expected_qty),
    countedQty: dec(r.counted_qty),
    basisQty: dec(r.basis_qty),
    state: r.state,
    countedAt: r.counted_at,
    countedBy: r.counted_by,
    movedSinceFreeze: r.moved_since_freeze,
    autoAccepted: r.auto_accepted,
    recountRequested: r.recount_requested,
    onHand: new Decimal(r.on_hand),
    linkedSkuId: r.linked_sku_id,
    movementId: r.movement_id === null ? null : Number(r.movement_id),
    location: r.location,
    foundLocation: r.found_location,
    siteId: r.site_id,
    unitCost: dec(r.unit_cost),
    differenceValue: r.difference_value,
  }));
}

/**
 * SQL for line l's difference valued at its unit cost from the freeze (`basis`: what the count is
 * compared with when not the stored basis_qty), rounded half away from zero to the currency's
 * minor units (the account's row read once per statement, and only for a line with a value);
 * null while uncounted or without a cost. Every value of a review is this, and every total a sum
 * of it: totals add up their lines exactly.
 */
export const lineValue = (accountId: number, basis: Prisma.Sql = Prisma.sql`l.basis_qty`) =>
  Prisma.sql`(CASE WHEN l.counted_qty IS NOT NULL AND l.unit_cost IS NOT NULL
    THEN round((l.counted_qty - COALESCE(${basis}, l.expected_qty)) * l.unit_cost,
      (SELECT currency_minor_units FROM accounts WHERE id = ${accountId})) END)`;

/**
 * The quantity the ledger held for line l's entity at `site` at `at` (SQL): the last movement's
 * quantity_after there at or before it, by the (entity, occurred_at) index; 0 before the first. The
 * ledger is partitioned by month, and a look back without a lower bound starts a scan in every
 * month before `at`: the 31 days before it are looked at first (a month or two), the whole
 * history only for an entity that did not move in them.
 */
export const ledgerQuantityAt = (at: Prisma.Sql, site: Prisma.Sql) => {
  const last = (entity: Prisma.Sql, since: Prisma.Sql) => Prisma.sql`(
    SELECT m.quantity_after FROM stock_movements m
    WHERE m.account_id = l.account_id AND ${entity} AND m.site_id = ${site}
      AND m.occurred_at <= ${at} ${since}
    ORDER BY m.occurred_at DESC, m.id DESC LIMIT 1)`;
  const recent = Prisma.sql`AND m.occurred_at > ${at} - interval '31 days'`;
  const sku = Prisma.sql`m.sku_id = l.sku_id`;
  const item = Prisma.sql`m.supplier_item_id = l.supplier_item_id`;
  return Prisma.sql`COALESCE(${last(sku, recent)}, ${last(sku, Prisma.empty)},
    ${last(item, recent)}, ${last(item, Prisma.empty)}, 0)`;
};
