// Stock take records: loading and locking one, what the API shows of it, and its summary.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { seesMoney, type Actor, type Principal } from "../../auth/principal.js";
import { mayUseSite } from "../site/site.access.js";
import { AppError, notFound } from "../../errors.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import type { Basis, Tolerance } from "./stock-take.parse.js";
import { toleranceOf } from "./stock-take.tolerance.js";
import { lineValue, seesExpected } from "./stock-take.lines.js";
import { areaOf, MAX_AREAS, type AreaProgress, type ValueTotals } from "./stock-take.areas.js";

type Reader = PrismaClient | Tx;

/** A stock take as the API shows it, to both transports (GraphQL types it as StockTake). */
export interface StockTakeView {
  id: number;
  status: StockTakeStatus;
  basis: Basis;
  frozenAt: Date;
  reference: string | null;
  note: string | null;
  blind: boolean;
  siteId: number;
  startedBy: Actor;
  reconciledAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  /**
   * The tolerance its counts are accepted within as they arrive (null: off), for a caller that sees
   * expected quantities (else absent: it would tell a blind counter which counts matched); its
   * money bounds only for one that sees money too.
   */
  autoAccept?: Tolerance | null;
}

/** Where a stock take stands; the difference totals are absent in a blind count for a counter. */
export interface StockTakeSummary {
  lines: number;
  uncounted: number;
  counted: number;
  accepted: number;
  applied: number;
  /** Share of lines with a count (counted, accepted or applied), 0 to 1. */
  countedShare: number;
  /**
   * Of the accepted and applied lines, those its automatic acceptance accepted (for a caller that
   * sees expected quantities; to others they are counted lines).
   */
  autoAccepted?: number;
  movedSinceFreeze: number;
  recountRequested: number;
  sumAbsDifference?: Decimal;
  netDifference?: Decimal;
  /**
   * The counted lines' differences valued (sums of the lines' values), for a caller that sees
   * them and money, once the account has a currency.
   */
  values?: ValueTotals;
  /** The same by area, in walking order (see stock-take.areas). */
  locations: AreaProgress[];
}

const columns = {
  id: true,
  status: true,
  basis: true,
  frozenAt: true,
  reference: true,
  note: true,
  blind: true,
  siteId: true,
  actorName: true,
  actorTokenId: true,
  reconciledAt: true,
  cancelledAt: true,
  createdAt: true,
  autoAccept: true,
} as const;

type Row = {
  [K in keyof typeof columns]: K extends "actorName"
    ? string
    : K extends "actorTokenId"
      ? number | null
      : K extends "autoAccept"
        ? unknown
        : K extends keyof StockTakeView
          ? StockTakeView[K]
          : never;
};

/** Who reads a stock take: its account, the sites it may see (null: all) and its scopes. */
export type TakeReader = Pick<Principal, "accountId" | "sites" | "scopes">;

/** What `viewer` is shown of a stock take row; a full row (after a create) keeps its internals. */
export function toStockTake(row: Row, viewer: Pick<Principal, "scopes">): StockTakeView {
  const view: StockTakeView = {
    id: row.id,
    status: row.status,
    basis: row.basis,
    frozenAt: row.frozenAt,
    reference: row.reference,
    note: row.note,
    blind: row.blind,
    siteId: row.siteId,
    startedBy: { name: row.actorName, tokenId: row.actorTokenId },
    reconciledAt: row.reconciledAt,
    cancelledAt: row.cancelledAt,
    createdAt: row.createdAt,
  };
  if (!seesExpected(row, viewer)) return view;
  const rule = toleranceOf(row.autoAccept);
  view.autoAccept =
    rule && !seesMoney(viewer) ? { ...rule, maxValue: null, maxValuePct: null } : rule;
  return view;
}

/**
 * The stock take with this id in the caller's account, or STOCK_TAKE_NOT_FOUND (also for one at a
 * site the caller may not use: as unknown to it as another account's).
 */
export async function loadStockTake(
  db: Reader,
  caller: TakeReader,
  id: number,
): Promise<StockTakeView> {
  const { accountId } = caller;
  const row = await db.stockTake.findUnique({
    where: { accountId_id: { accountId, id } },
    select: columns,
  });
  if (!row || !mayUseSite(caller, row.siteId)) throw notFound("STOCK_TAKE_NOT_FOUND", id);
  return toStockTake(row as Row, caller);
}

/** Stock takes of the account by id (for loaders); missing ids are absent. */
export async function stockTakesByIds(
  db: Reader,
  caller: TakeReader,
  ids: readonly number[],
): Promise<Map<number, StockTakeView>> {
  const rows = await db.stockTake.findMany({
    where: { accountId: caller.accountId, id: { in: [...ids] } },
    select: columns,
  });
  const seen = rows.filter((r) => mayUseSite(caller, r.siteId));
  return new Map(seen.map((r) => [r.id, toStockTake(r as Row, caller)]));
}

export interface LockedTake {
  id: number;
  status: StockTakeStatus;
  blind: boolean;
  basis: Basis;
  reference: string | null;
  frozenAt: Date;
  reconciledAt: Date | null;
  /** The site it counts. */
  siteId: number;
  /** The tolerance counts are accepted within as they arrive; null: off. */
  autoAccept: Tolerance | null;
  /**
   * The database's clock at the start of the transaction (when its request was received), rounded
   * to the milliseconds the tables keep, as a column default rounds it.
   */
  now: Date;
}

/**
 * Locks the stock take row for the rest of the transaction: work on one stock take (counts,
 * reviews, reconcile, cancel) runs one request at a time, so additions and the reconcile never
 * interleave. Unknown, another account's or at a site the caller may not use → STOCK_TAKE_NOT_FOUND.
 */
export async function lockStockTake(tx: Tx, caller: TakeReader, id: number): Promise<LockedTake> {
  const { accountId } = caller;
  const [row] = await tx.$queryRaw<
    {
      id: number;
      status: StockTakeStatus;
      blind: boolean;
      basis: Basis;
      reference: string | null;
      frozen_at: Date;
      reconciled_at: Date | null;
      site_id: number;
      auto_accept: unknown;
      now: Date;
    }[]
  >`SELECT id, status, blind, basis, reference, frozen_at, reconciled_at, site_id, auto_accept,
      now()::timestamptz(3) AS now
    FROM stock_takes WHERE account_id = ${accountId} AND id = ${id}
      -- Never locked for a caller that may not see it.
      ${caller.sites ? Prisma.sql`AND site_id = ANY(${[...caller.sites]}::int[])` : Prisma.empty}
    FOR UPDATE`;
  if (!row) throw notFound("STOCK_TAKE_NOT_FOUND", id);
  const {
    frozen_at: frozenAt,
    reconciled_at: reconciledAt,
    site_id: siteId,
    auto_accept,
    ...rest
  } = row;
  return { ...rest, frozenAt, reconciledAt, siteId, autoAccept: toleranceOf(auto_accept) };
}

/** Refuses work on a reconciled or cancelled stock take. */
export function requireOpen(take: LockedTake): void {
  if (take.status === "reconciled" || take.status === "cancelled") {
    throw new AppError(
      "STOCK_TAKE_CLOSED",
      `stock take ${take.id} is ${take.status}; start a new stock take to count again`,
    );
  }
}

/**
 * Lines by state, the counted share and the differences, and with an `areaDepth` the same by area
 * (the first segments of each line's location at the freeze, that many), in one statement.
 * Without one, `locations` is empty and no line's area is worked out.
 */
export async function summarize(
  ctx: ServiceContext,
  take: StockTakeView,
  db: Reader = readDb(ctx),
  areaDepth: number | null = null,
): Promise<StockTakeSummary> {
  const visible = seesExpected(take, ctx.principal);
  // Values are read only for a caller that sees both differences and money.
  const valued = visible && seesMoney(ctx.principal);
  const rows = await db.$queryRaw<
    {
      whole: boolean;
      prefix: string | null;
      with_count: number;
      differing: number;
      done: number;
      lines: number;
      uncounted: number;
      counted: number;
      accepted: number;
      auto_accepted: number;
      applied: number;
      moved: number;
      recount: number;
      sum_abs: string;
      net: string;
      value_gains?: string | null;
      value_losses?: string | null;
      value_net?: string | null;
      value_abs?: string | null;
      valued?: number;
    }[]
  >`
    SELECT ${areaDepth === null ? Prisma.sql`true` : Prisma.sql`GROUPING(lower(area)) = 1`} AS whole,
      min(area COLLATE "C") AS prefix,
      count(*) FILTER (WHERE counted_qty IS NOT NULL)::int AS with_count,
      count(*) FILTER (
        WHERE counted_qty <> COALESCE(basis_qty, expected_qty))::int AS differing,
      count(*) FILTER (WHERE shown IN ('accepted', 'applied'))::int AS done,
      count(*)::int AS lines,
      count(*) FILTER (WHERE shown = 'uncounted')::int AS uncounted,
      count(*) FILTER (WHERE shown = 'counted')::int AS counted,
      count(*) FILTER (WHERE shown = 'accepted')::int AS accepted,
      count(*) FILTER (WHERE auto_accepted)::int AS auto_accepted,
      count(*) FILTER (WHERE shown = 'applied')::int AS applied,
      count(*) FILTER (WHERE moved_since_freeze)::int AS moved,
      count(*) FILTER (WHERE recount_requested)::int AS recount,
      COALESCE(sum(abs(counted_qty - COALESCE(basis_qty, expected_qty))), 0)::text AS sum_abs,
      COALESCE(sum(counted_qty - COALESCE(basis_qty, expected_qty)), 0)::text AS net
      ${valued ? valueTotals(ctx.principal.accountId) : Prisma.empty}
    FROM (SELECT l.*, ${areaDepth === null ? Prisma.sql`NULL::text` : areaOf(areaDepth)} AS area,
        ${visible ? Prisma.sql`l.state` : Prisma.sql`CASE WHEN l.auto_accepted AND l.state = 'accepted' THEN 'counted' ELSE l.state END`} AS shown
        ${valued ? Prisma.sql`, ${lineValue(ctx.principal.accountId)} AS value` : Prisma.empty}
      FROM stock_take_lines AS l
      WHERE l.account_id = ${ctx.principal.accountId} AND l.stock_take_id = ${take.id}) AS l
    ${areaDepth === null ? Prisma.empty : Prisma.sql`GROUP BY GROUPING SETS ((), (lower(area)))`}
    -- The whole first, then the areas in walking order (without a location last).
    ORDER BY whole DESC, min(area) IS NULL, lower(min(area COLLATE "C")) COLLATE "C"
    LIMIT ${MAX_AREAS + 1}`;
  const [row, ...areas] = rows;
  if (!row?.whole) throw new Error("summary query returned no row for the whole");
  const summary: StockTakeSummary = {
    lines: row.lines,
    uncounted: row.uncounted,
    counted: row.counted,
    accepted: row.accepted,
    applied: row.applied,
    countedShare:
      row.lines === 0
        ? 0
        : Math.round(((row.counted + row.accepted + row.applied) / row.lines) * 10_000) / 10_000,
    movedSinceFreeze: row.moved,
    recountRequested: row.recount,
    // Not asked for, or no lines (then a group by of nothing is empty anyway): no area.
    locations: (areaDepth === null || row.lines === 0 ? [] : areas).map((a): AreaProgress => ({
      prefix: a.prefix,
      lines: a.lines,
      counted: a.with_count,
      ...(visible ? { differences: a.differing } : {}),
      accepted: a.done,
      ...valuesOf(valued, a),
    })),
  };
  if (visible) {
    summary.autoAccepted = row.auto_accepted;
    summary.sumAbsDifference = new Decimal(row.sum_abs);
    summary.netDifference = new Decimal(row.net);
  }
  return { ...summary, ...valuesOf(valued, row) };
}

/**
 * The value totals of a group of lines (SQL over the lines' `value`, lineValue), each a sum of
 * rounded line values written with the currency's minor digits; null without a currency.
 */
const valueTotals = (accountId: number) => {
  const digits = Prisma.sql`(SELECT currency_minor_units FROM accounts WHERE id = ${accountId})`;
  const total = (filter: Prisma.Sql, of = Prisma.sql`value`) =>
    Prisma.sql`round(COALESCE(sum(${of}) ${filter}, 0), ${digits})::text`;
  return Prisma.sql`, ${total(Prisma.sql`FILTER (WHERE value > 0)`)} AS value_gains,
    ${total(Prisma.sql`FILTER (WHERE value < 0)`)} AS value_losses,
    ${total(Prisma.empty)} AS value_net,
    ${total(Prisma.empty, Prisma.sql`abs(value)`)} AS value_abs,
    count(value)::int AS valued`;
};

/** `values` when read (`valued`) and the account has a currency: else no key at all. */
const valuesOf = (
  valued: boolean,
  r: {
    value_gains?: string | null;
    value_losses?: string | null;
    value_net?: string | null;
    value_abs?: string | null;
    valued?: number;
  },
): { values?: ValueTotals } =>
  !valued || r.value_net === null || r.value_net === undefined
    ? {}
    : {
        values: {
          gains: r.value_gains!,
          losses: r.value_losses!,
          net: r.value_net,
          absolute: r.value_abs!,
          valuedLines: r.valued ?? 0,
        },
      };
