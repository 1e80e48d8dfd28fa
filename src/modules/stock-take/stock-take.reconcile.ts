// Reconciling: accepted differences become stock_take movements through the ledger, applied on
// top of the current on hand, so stock that moved during the count is neither lost nor doubled.
import { Prisma, type Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";
import { applyStock, entityKey, lockStock, lockStockOf } from "../../ledger/ledger.js";
import { AppError, type FieldError } from "../../errors.js";
import { Decimal, MAX_QUANTITY } from "../../quantity.js";
import {
  ANSWERED_LINES,
  differenceOf,
  ledgerQuantityAt,
  selectLines,
  type LineRow,
} from "./stock-take.lines.js";
import { bigintArray, jsonRows } from "../../db/sql.js";
import { lockStockTake, requireOpen, type LockedTake } from "./stock-take.records.js";

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
  /** The accepted lines with a difference and what each did to stock: the first ANSWERED_LINES. */
  applied: AppliedLine[];
  /** How many accepted lines had a difference (GET …/lines?state=applied lists them all). */
  appliedCount: number;
  /** Accepted lines whose count matched: applied, nothing to write. */
  unchanged: number;
  /** Lines left as they are, by kind (list them with the lines read, by state). */
  skipped: {
    /** Counted but not accepted (state counted). */
    unaccepted: number;
    /** Never counted (state uncounted). */
    uncounted: number;
    /** Supplier items linked to a SKU since the start (state accepted): their stock is the SKU's now. */
    linked: number;
  };
}

/** Most counter names written into the movements' note. */
const MAX_COUNTERS_IN_NOTE = 20;

/**
 * Applies every accepted line in one transaction with the entities locked in id order. Only the
 * lines with a difference travel to the service; the matching ones are settled in SQL, so the
 * cost follows the changes, not the size of the stock take. A reconciled stock take answers the
 * same result again, read from its applied lines and their movements, and writes nothing, so a
 * retry or a second concurrent call (which waits on the stock take's row lock) sees the same.
 */
export async function reconcile(
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  dryRun: boolean,
): Promise<ReconcileResult> {
  const { accountId, actor } = ctx.principal;
  const take = await lockStockTake(tx, accountId, stockTakeId);
  if (take.status === "reconciled") return reconciled(tx, accountId, take);
  requireOpen(take);

  // What a count is compared with: the freeze, or (basis count_time) the ledger at counted_at,
  // read under the locks so a movement committed after the count was entered is included.
  // Basis freeze: only lines with a difference write, so only their entities are locked.
  const countTime = take.basis === "count_time";
  if (countTime) {
    await lockStockOf(
      tx,
      accountId,
      Prisma.sql`SELECT l.sku_id, l.supplier_item_id FROM stock_take_lines l
        WHERE l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId} AND l.state = 'accepted'`,
    );
  }
  const basis = countTime ? ledgerQuantityAt(Prisma.sql`l.counted_at`) : Prisma.sql`l.expected_qty`;
  const differing = await selectLines(tx, accountId, stockTakeId, {
    where: Prisma.sql`AND l.state = 'accepted' AND l.counted_qty <> ${basis}`,
    basis,
  });
  const locked = await lockStock(
    tx,
    accountId,
    differing.map((l) => ({ entityType: l.type, id: l.id })),
  );
  const tally = await tallyLines(tx, accountId, stockTakeId);

  const applied: (AppliedLine & { lineId: number; basisQty: Decimal })[] = [];
  const tooLarge: FieldError[] = [];
  for (const line of differing) {
    const current = locked.get(entityKey({ entityType: line.type, id: line.id }));
    const difference = differenceOf(line);
    if (!current || line.countedQty === null || !difference)
      throw new Error(`reconcile: line ${line.lineId} is not a locked, counted line`);
    if (current.linkedSkuId !== null) continue; // in tally.linked
    const target = current.onHand.plus(difference);
    if (target.greaterThanOrEqualTo(MAX_QUANTITY))
      tooLarge.push(overflow(line, current.onHand, target));
    applied.push({
      lineId: line.lineId,
      basisQty: line.basisQty ?? line.expectedQty,
      ...appliedLine(line, difference, current.onHand, null),
    });
  }
  // Past the largest quantity nothing can be stored: refused, unlike below zero (clamped at 0).
  if (tooLarge.length > 0) throw AppError.fromFields(tooLarge);
  const result = (status: StockTakeStatus, reconciledAt: Date | null): ReconcileResult => ({
    id: stockTakeId,
    status,
    reconciledAt,
    dryRun,
    // Listing 100,000 changed lines would make the answer the largest thing the service holds.
    applied: applied.slice(0, ANSWERED_LINES).map(({ lineId: _l, basisQty: _b, ...line }) => line),
    appliedCount: applied.length,
    unchanged: tally.accepted - tally.linked - applied.length,
    skipped: { unaccepted: tally.counted, uncounted: tally.uncounted, linked: tally.linked },
  });
  if (dryRun) return result(take.status, null);

  const changes = await applyStock(
    tx,
    accountId,
    locked,
    applied.map((a) => ({ entityType: a.type, id: a.id, newQty: a.newQty })),
    {
      reason: "stock_take",
      source: "stock_take",
      stockTakeId,
      reference: take.reference,
      note: await countersNote(tx, accountId, stockTakeId),
      actor,
    },
  );
  const movementOf = new Map(changes.map((c) => [entityKey(c), c.movementId]));
  for (const a of applied)
    a.movementId = movementOf.get(entityKey({ entityType: a.type, id: a.id })) ?? null;
  // The differing lines from the list, then the others, which match (basis = their count).
  if (applied.length > 0) {
    await tx.$executeRaw`
      UPDATE stock_take_lines AS l SET state = 'applied', movement_id = v.movement_id,
        basis_qty = v.basis
      FROM ${jsonRows(
        applied.map((x) => [x.lineId, x.movementId, x.basisQty.toFixed()]),
        "v",
        "line_id int, movement_id bigint, basis numeric",
      )}
      WHERE l.account_id = ${accountId} AND l.id = v.line_id`;
  }
  await tx.$executeRaw`
    UPDATE stock_take_lines AS l SET state = 'applied', basis_qty = l.counted_qty
    WHERE l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId}
      AND l.state = 'accepted' AND NOT ${LINKED_LINE}`;
  const done = result("reconciled", new Date());
  await tx.stockTake.update({
    where: { accountId_id: { accountId, id: stockTakeId } },
    data: { status: "reconciled", reconciledAt: done.reconciledAt },
  });
  return done;
}

/** An accepted line applied on top of `previousQty`: below zero it is set to 0 (clamped). */
function appliedLine(
  line: LineRow,
  difference: Decimal,
  previousQty: Decimal,
  movementId: number | null,
): AppliedLine {
  const target = previousQty.plus(difference);
  const newQty = target.isNegative() ? new Decimal(0) : target;
  return {
    type: line.type,
    id: line.id,
    code: line.code,
    name: line.name,
    supplier: line.supplier,
    expectedQty: line.expectedQty,
    countedQty: line.countedQty ?? new Decimal(0),
    difference,
    previousQty,
    newQty,
    change: newQty.minus(previousQty),
    clamped: target.isNegative(),
    movementId,
  };
}

function overflow(line: LineRow, onHand: Decimal, target: Decimal): FieldError {
  return {
    path: [],
    code: "INVALID_QUANTITY",
    message: `${line.type} ${line.id} (${line.code}): on hand ${onHand.toFixed()} plus the difference would be ${target.toFixed()}; a quantity must be less than ${MAX_QUANTITY.toFixed()}`,
  };
}

/**
 * The result of an earlier reconcile, from what it wrote: applied lines (with the basis they were
 * compared with) and their movements, neither of which changes once the stock take is closed.
 * A line with a difference but no movement was clamped at 0 with nothing on hand.
 */
async function reconciled(tx: Tx, accountId: number, take: LockedTake): Promise<ReconcileResult> {
  const differing = Prisma.sql`AND l.state = 'applied' AND l.counted_qty <> l.basis_qty`;
  const lines = await selectLines(tx, accountId, take.id, {
    where: differing,
    limit: ANSWERED_LINES,
  });
  const [{ count } = { count: 0 }] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM stock_take_lines AS l
    WHERE l.account_id = ${accountId} AND l.stock_take_id = ${take.id} ${differing}`;
  const movementIds = lines.flatMap((l) => (l.movementId === null ? [] : [l.movementId]));
  const movements = await tx.$queryRaw<{ id: bigint; before: string; after: string }[]>`
    SELECT id, quantity_before::text AS before, quantity_after::text AS after
    FROM stock_movements
    WHERE account_id = ${accountId} AND id = ANY(${bigintArray(movementIds)})`;
  const movementOf = new Map(movements.map((m) => [Number(m.id), m]));
  const tally = await tallyLines(tx, accountId, take.id);
  return {
    id: take.id,
    status: take.status,
    reconciledAt: take.reconciledAt,
    dryRun: false,
    applied: lines.map((line) => {
      const movement = line.movementId === null ? undefined : movementOf.get(line.movementId);
      const difference = differenceOf(line) ?? new Decimal(0);
      const previousQty = new Decimal(movement?.before ?? 0);
      return appliedLine(line, difference, previousQty, movement ? line.movementId : null);
    }),
    appliedCount: count,
    unchanged: tally.applied - count,
    skipped: { unaccepted: tally.counted, uncounted: tally.uncounted, linked: tally.accepted },
  };
}

/** Line l is of a supplier item linked to a SKU since the start (SQL). */
const LINKED_LINE = Prisma.sql`EXISTS (SELECT 1 FROM supplier_items si
  WHERE si.account_id = l.account_id AND si.id = l.supplier_item_id AND si.sku_id IS NOT NULL)`;

/** How many lines reconcile leaves alone, and how many it applies. Run with the entities locked. */
async function tallyLines(tx: Tx, accountId: number, stockTakeId: number) {
  const [row] = await tx.$queryRaw<
    { counted: number; uncounted: number; accepted: number; linked: number; applied: number }[]
  >`
    SELECT count(*) FILTER (WHERE l.state = 'counted')::int AS counted,
      count(*) FILTER (WHERE l.state = 'applied')::int AS applied,
      count(*) FILTER (WHERE l.state = 'uncounted')::int AS uncounted,
      count(*) FILTER (WHERE l.state = 'accepted')::int AS accepted,
      count(*) FILTER (WHERE l.state = 'accepted' AND si.sku_id IS NOT NULL)::int AS linked
    FROM stock_take_lines l
    LEFT JOIN supplier_items si ON si.account_id = l.account_id AND si.id = l.supplier_item_id
    WHERE l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId}`;
  if (!row) throw new Error("tally returned no row");
  return row;
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
