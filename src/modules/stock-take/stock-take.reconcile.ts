// Reconciling: accepted differences become stock_take movements through the ledger, applied on
// top of the current on hand, so stock that moved during the count is neither lost nor doubled.
import { Prisma, type Tx } from "../../db/client.js";
import { decode, encode } from "../../db/idempotency.js";
import type { ServiceContext } from "../../context.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";
import { applyStock, entityKey, lockStock } from "../../ledger/ledger.js";
import { AppError, type FieldError } from "../../errors.js";
import { Decimal, MAX_QUANTITY } from "../../quantity.js";
import {
  differenceOf,
  ledgerQuantityAt,
  selectLines,
  toLine,
  type LineRow,
  type StockTakeLine,
} from "./stock-take.lines.js";
import { jsonRows } from "./stock-take.sql.js";
import { lockStockTake, requireOpen } from "./stock-take.records.js";

export interface AppliedLine {
  type: LineRow["type"];
  id: number;
  code: string;
  name: string;
  supplier: string | null;
  expectedQty: Decimal;
  countedQty: Decimal;
  /** counted − the quantity the count is compared with (the freeze, or the ledger at counted_at). */
  difference: Decimal;
  previousQty: Decimal;
  newQty: Decimal;
  change: Decimal;
  /** The difference would have taken on hand below zero; it was set to 0 instead. */
  clamped: boolean;
  /** null when nothing changed (or in a dry run). */
  movementId: number | null;
}

export interface ReconcileResult {
  id: number;
  status: StockTakeStatus;
  reconciledAt: Date | null;
  dryRun: boolean;
  applied: AppliedLine[];
  skipped: {
    /** Counted but not accepted: left as they are. */
    unaccepted: StockTakeLine[];
    uncounted: StockTakeLine[];
    /** Supplier items linked to a SKU since the start: their stock is the SKU's now. */
    linked: StockTakeLine[];
  };
}

/** Most counter names written into the movements' note. */
const MAX_COUNTERS_IN_NOTE = 20;

/**
 * Applies every accepted line in one transaction with the entities locked in id order. A
 * reconciled stock take answers its stored result again and writes nothing, so a retry or a
 * second concurrent call (which waits on the stock take's row lock) sees the same result.
 */
export async function reconcile(
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  dryRun: boolean,
): Promise<ReconcileResult> {
  const { accountId, actor } = ctx.principal;
  const take = await lockStockTake(tx, accountId, stockTakeId);
  if (take.status === "reconciled" && take.reconcileResult) {
    return decode(take.reconcileResult) as ReconcileResult;
  }
  requireOpen(take);

  const accepted = await selectLines(
    tx,
    accountId,
    stockTakeId,
    Prisma.sql`AND l.state = 'accepted'`,
  );
  // Basis freeze: a line without a difference writes nothing, so only the others are locked.
  // Basis count_time: every difference is read again under the locks, so all are locked.
  const toLock =
    take.basis === "count_time" ? accepted : accepted.filter((l) => !differenceOf(l)?.isZero());
  const locked = await lockStock(
    tx,
    accountId,
    toLock.map((l) => ({ entityType: l.type, id: l.id })),
  );
  if (take.basis === "count_time") await refreshBasis(tx, accountId, stockTakeId, accepted);

  const applied: (AppliedLine & { lineId: number; basisQty: Decimal })[] = [];
  const linked: StockTakeLine[] = [];
  const tooLarge: FieldError[] = [];
  for (const line of accepted) {
    const current = locked.get(entityKey({ entityType: line.type, id: line.id })) ?? {
      onHand: line.onHand,
      linkedSkuId: line.linkedSkuId,
    };
    const difference = differenceOf(line);
    if (!current || current.linkedSkuId !== null || line.countedQty === null || !difference) {
      linked.push(toLine(line, true));
      continue;
    }
    const target = current.onHand.plus(difference);
    if (target.greaterThanOrEqualTo(MAX_QUANTITY))
      tooLarge.push(overflow(line, current.onHand, target));
    const newQty = target.isNegative() ? new Decimal(0) : target;
    applied.push({
      lineId: line.lineId,
      basisQty: line.basisQty ?? line.expectedQty,
      type: line.type,
      id: line.id,
      code: line.code,
      name: line.name,
      supplier: line.supplier,
      expectedQty: line.expectedQty,
      countedQty: line.countedQty,
      difference,
      previousQty: current.onHand,
      newQty,
      change: newQty.minus(current.onHand),
      clamped: target.isNegative(),
      movementId: null,
    });
  }
  // Past the largest quantity nothing can be stored: refused, unlike below zero (clamped at 0).
  if (tooLarge.length > 0) throw AppError.fromFields(tooLarge);
  const rest = await selectLines(
    tx,
    accountId,
    stockTakeId,
    Prisma.sql`AND l.state IN ('counted', 'uncounted')`,
  );
  const skipped = {
    unaccepted: rest.filter((l) => l.state === "counted").map((l) => toLine(l, true)),
    uncounted: rest.filter((l) => l.state === "uncounted").map((l) => toLine(l, true)),
    linked,
  };
  const result = (status: StockTakeStatus, reconciledAt: Date | null): ReconcileResult => ({
    id: stockTakeId,
    status,
    reconciledAt,
    dryRun,
    applied: applied.map(({ lineId: _l, basisQty: _b, ...line }) => line),
    skipped,
  });
  if (dryRun) return result(take.status, null);

  const targets = applied
    .map((a) => ({ entityType: a.type, id: a.id, newQty: a.newQty }))
    .filter((a) => locked.has(entityKey(a)));
  const changes = await applyStock(tx, accountId, locked, targets, {
    reason: "stock_take",
    source: "stock_take",
    stockTakeId,
    reference: take.reference,
    note: await countersNote(tx, accountId, stockTakeId),
    actor,
  });
  const movementOf = new Map(changes.map((c) => [entityKey(c), c.movementId]));
  for (const a of applied)
    a.movementId = movementOf.get(entityKey({ entityType: a.type, id: a.id })) ?? null;
  await tx.$executeRaw`
    UPDATE stock_take_lines AS l SET state = 'applied', movement_id = v.movement_id,
      basis_qty = v.basis
    FROM ${jsonRows(
      applied.map((a) => ({
        line_id: a.lineId,
        movement_id: a.movementId,
        basis: a.basisQty.toFixed(),
      })),
      "v",
      "line_id int, movement_id bigint, basis numeric",
    )}
    WHERE l.account_id = ${accountId} AND l.id = v.line_id`;
  const done = result("reconciled", new Date());
  await tx.stockTake.update({
    where: { accountId_id: { accountId, id: stockTakeId } },
    data: {
      status: "reconciled",
      reconciledAt: done.reconciledAt,
      reconcileResult: encode({ ...done, dryRun: false }) as Prisma.InputJsonValue,
    },
  });
  return done;
}

function overflow(line: LineRow, onHand: Decimal, target: Decimal): FieldError {
  return {
    path: [],
    code: "INVALID_QUANTITY",
    message: `${line.type} ${line.id} (${line.code}): on hand ${onHand.toFixed()} plus the difference would be ${target.toFixed()}; a quantity must be less than ${MAX_QUANTITY.toFixed()}`,
  };
}

/**
 * Basis count_time: the quantity the ledger held at each count's counted_at, read again now that
 * the entities are locked, so a movement committed after the count was entered is included.
 */
async function refreshBasis(tx: Tx, accountId: number, stockTakeId: number, lines: LineRow[]) {
  const rows = await tx.$queryRaw<{ id: number; basis: string }[]>`
    SELECT l.id, (${ledgerQuantityAt(Prisma.sql`l.counted_at`)})::text AS basis
    FROM stock_take_lines l
    WHERE l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId} AND l.state = 'accepted'`;
  const byId = new Map(rows.map((r) => [r.id, new Decimal(r.basis)]));
  for (const line of lines) line.basisQty = byId.get(line.lineId) ?? line.basisQty;
}

/** "Counted by alice, bob": who counted, for the movements' note. */
async function countersNote(tx: Tx, accountId: number, stockTakeId: number): Promise<string> {
  const rows = await tx.$queryRaw<{ counter: string; total: number }[]>`
    SELECT counter, (count(*) OVER ())::int AS total FROM (
      SELECT DISTINCT counter FROM stock_take_counts
      WHERE account_id = ${accountId} AND stock_take_id = ${stockTakeId}) AS c
    ORDER BY counter LIMIT ${MAX_COUNTERS_IN_NOTE}`;
  const total = rows[0]?.total ?? 0;
  const names = rows.map((r) => r.counter).join(", ");
  const more = total > rows.length ? ` and ${total - rows.length} more` : "";
  return `Stock take ${stockTakeId}; counted by ${names || "nobody"}${more}`;
}
