// Stock take records: loading and locking one, what the API shows of it, and its summary.
import type { PrismaClient, Tx } from "../../db/client.js";
import { readDb, type Actor, type ServiceContext } from "../../context.js";
import { AppError, notFound } from "../../errors.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import type { Basis } from "./stock-take.parse.js";
import { seesExpected } from "./stock-take.lines.js";

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
  startedBy: Actor;
  reconciledAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
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
  movedSinceFreeze: number;
  recountRequested: number;
  sumAbsDifference?: Decimal;
  netDifference?: Decimal;
}

const columns = {
  id: true,
  status: true,
  basis: true,
  frozenAt: true,
  reference: true,
  note: true,
  blind: true,
  actorName: true,
  actorTokenId: true,
  reconciledAt: true,
  cancelledAt: true,
  createdAt: true,
} as const;

type Row = {
  [K in keyof typeof columns]: K extends "actorName"
    ? string
    : K extends "actorTokenId"
      ? number | null
      : K extends keyof StockTakeView
        ? StockTakeView[K]
        : never;
};

/** What the API shows of a stock take row; a full row (after a create) keeps its internals. */
export function toStockTake(row: Row): StockTakeView {
  return {
    id: row.id,
    status: row.status,
    basis: row.basis,
    frozenAt: row.frozenAt,
    reference: row.reference,
    note: row.note,
    blind: row.blind,
    startedBy: { name: row.actorName, tokenId: row.actorTokenId },
    reconciledAt: row.reconciledAt,
    cancelledAt: row.cancelledAt,
    createdAt: row.createdAt,
  };
}

/** The stock take with this id in the caller's account, or STOCK_TAKE_NOT_FOUND. */
export async function loadStockTake(
  db: Reader,
  accountId: number,
  id: number,
): Promise<StockTakeView> {
  const row = await db.stockTake.findUnique({
    where: { accountId_id: { accountId, id } },
    select: columns,
  });
  if (!row) throw notFound("STOCK_TAKE_NOT_FOUND", id);
  return toStockTake(row as Row);
}

/** Stock takes of the account by id (for loaders); missing ids are absent. */
export async function stockTakesByIds(
  db: Reader,
  accountId: number,
  ids: readonly number[],
): Promise<Map<number, StockTakeView>> {
  const rows = await db.stockTake.findMany({
    where: { accountId, id: { in: [...ids] } },
    select: columns,
  });
  return new Map(rows.map((r) => [r.id, toStockTake(r as Row)]));
}

export interface LockedTake {
  id: number;
  status: StockTakeStatus;
  blind: boolean;
  basis: Basis;
  reference: string | null;
  frozenAt: Date;
  reconciledAt: Date | null;
  /**
   * The database's clock at the start of the transaction (when its request was received), rounded
   * to the milliseconds the tables keep, as a column default rounds it.
   */
  now: Date;
}

/**
 * Locks the stock take row for the rest of the transaction: work on one stock take (counts,
 * reviews, reconcile, cancel) runs one request at a time, so additions and the reconcile never
 * interleave. Unknown or another account's → STOCK_TAKE_NOT_FOUND.
 */
export async function lockStockTake(tx: Tx, accountId: number, id: number): Promise<LockedTake> {
  const [row] = await tx.$queryRaw<
    {
      id: number;
      status: StockTakeStatus;
      blind: boolean;
      basis: Basis;
      reference: string | null;
      frozen_at: Date;
      reconciled_at: Date | null;
      now: Date;
    }[]
  >`SELECT id, status, blind, basis, reference, frozen_at, reconciled_at,
      now()::timestamptz(3) AS now
    FROM stock_takes WHERE account_id = ${accountId} AND id = ${id} FOR UPDATE`;
  if (!row) throw notFound("STOCK_TAKE_NOT_FOUND", id);
  const { frozen_at: frozenAt, reconciled_at: reconciledAt, ...rest } = row;
  return { ...rest, frozenAt, reconciledAt };
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

/** Lines by state, the counted share and the differences, in one statement. */
export async function summarize(
  ctx: ServiceContext,
  take: StockTakeView,
  db: Reader = readDb(ctx),
): Promise<StockTakeSummary> {
  const [row] = await db.$queryRaw<
    {
      lines: number;
      uncounted: number;
      counted: number;
      accepted: number;
      applied: number;
      moved: number;
      recount: number;
      sum_abs: string;
      net: string;
    }[]
  >`
    SELECT count(*)::int AS lines,
      count(*) FILTER (WHERE state = 'uncounted')::int AS uncounted,
      count(*) FILTER (WHERE state = 'counted')::int AS counted,
      count(*) FILTER (WHERE state = 'accepted')::int AS accepted,
      count(*) FILTER (WHERE state = 'applied')::int AS applied,
      count(*) FILTER (WHERE moved_since_freeze)::int AS moved,
      count(*) FILTER (WHERE recount_requested)::int AS recount,
      COALESCE(sum(abs(counted_qty - COALESCE(basis_qty, expected_qty))), 0)::text AS sum_abs,
      COALESCE(sum(counted_qty - COALESCE(basis_qty, expected_qty)), 0)::text AS net
    FROM stock_take_lines
    WHERE account_id = ${ctx.principal.accountId} AND stock_take_id = ${take.id}`;
  if (!row) throw new Error("summary query returned no row");
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
  };
  if (seesExpected(take, ctx.principal)) {
    summary.sumAbsDifference = new Decimal(row.sum_abs);
    summary.netDifference = new Decimal(row.net);
  }
  return summary;
}
