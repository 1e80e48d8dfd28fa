// Reconciling: accepted differences become stock_take movements through the ledger, applied on
// top of the current on hand, so stock that moved during the count is neither lost nor doubled.
import { Prisma, type Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";
import {
  MOVEMENT_ID,
  itemOnHandAt,
  ledgerWrites,
  lockStockOf,
  skuOnHandAt,
} from "../../ledger/ledger.js";
import { AppError, type FieldError } from "../../errors.js";
import { Decimal, MAX_QUANTITY } from "../../quantity.js";
import {
  ANSWERED_LINES,
  differenceOf,
  ledgerQuantityAt,
  selectLines,
  type LineRow,
} from "./stock-take.lines.js";
import { bigintArray } from "../../db/sql.js";
import { lockStockTake, requireOpen, type LockedTake } from "./stock-take.records.js";
import { countedNow } from "../cycle-count/cycle-count.sql.js";

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

/**
 * From the reconcile's first lock until its write is done, the planner joins sets by hashing them
 * rather than in nested loops (which it keeps for the per-line key lookups, its only way to run
 * them). The locks' and the write's sets come from lines written moments ago, which the statistics have not
 * seen: on them the planner estimates a handful of rows and picks a loop that reads one set whole
 * for each row of the other (the lock of 20,000 changed lines' SKUs among 100,000 ran for
 * minutes). A hash join costs one pass over each, whatever the estimate.
 * A disabled plan node adds 10^10 to a plan's estimated cost, far past jit_above_cost: JIT would
 * then compile every statement of the span (half a second for the write of a two-line stock
 * take, with the locks held), so JIT is off too, for the rest of the transaction.
 */
export const HASH_JOINS =
  "SELECT set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)";

/** Gives the planner its nested loops back once the sets are written (the read-back is small). */
export const NESTED_LOOPS = "SELECT set_config('enable_nestloop', 'on', true)";

/** Most counter names written into the movements' note. */
const MAX_COUNTERS_IN_NOTE = 20;

/**
 * Applies every accepted line in one transaction with the entities locked in id order, set-based:
 * the lines with a difference, their new quantities (clamped at 0), the movements and the lines'
 * states are one statement, and the service reads back only the answer's first lines, so its
 * cost and memory follow neither the size of the stock take nor its changes. A dry run is the
 * same statement undone (a savepoint rolled back), so it answers exactly what a reconcile would.
 * A reconciled stock take answers the same result again, read from its applied lines and their
 * movements, and writes nothing, so a retry or a second concurrent call (which waits on the stock
 * take's row lock) sees the same.
 */
export async function reconcile(
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  dryRun: boolean,
): Promise<ReconcileResult> {
  const { accountId, actor } = ctx.principal;
  const take = await lockStockTake(tx, ctx.principal, stockTakeId);
  if (take.status === "reconciled") return reconciled(tx, accountId, take);
  requireOpen(take);
  await tx.$queryRawUnsafe(HASH_JOINS);

  // What a count is compared with: the freeze, or (basis count_time) the ledger at counted_at,
  // read under the locks so a movement committed after the count was entered is included.
  // Basis freeze: only lines with a difference write, so only their entities are locked.
  const countTime = take.basis === "count_time";
  const site = Prisma.sql`${take.siteId}::int`;
  const basis = countTime
    ? ledgerQuantityAt(Prisma.sql`l.counted_at`, site)
    : Prisma.sql`l.expected_qty`;
  const accepted = Prisma.sql`l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId}
    AND l.state = 'accepted'`;
  await lockStockOf(
    tx,
    accountId,
    Prisma.sql`SELECT l.sku_id, l.supplier_item_id FROM stock_take_lines l WHERE ${accepted}
      ${countTime ? Prisma.empty : Prisma.sql`AND l.counted_qty <> l.expected_qty`}`,
  );
  // Every accepted line with its entity's on hand at the site as locked and what the count makes it (a
  // supplier item linked to a SKU since the start has no stock of its own: left alone, tallied as
  // linked). Each join runs from these lines into an index, whatever the statistics say. A line
  // whose count is its basis leaves on hand as it is: its entity's level is not read (its on hand
  // and target are null, so it draws no movement).
  const differs = Prisma.sql`l.counted_qty <> b.basis`;
  const linesWhere = (
    only: Prisma.Sql,
  ) => Prisma.sql`SELECT l.id AS line_id, l.entity_type::text AS entity_type, l.sku_id,
      l.supplier_item_id, e.code, b.basis, e.on_hand AS before,
      e.on_hand + l.counted_qty - b.basis AS target
    FROM stock_take_lines l
    CROSS JOIN LATERAL (SELECT ${basis} AS basis OFFSET 0) AS b
    JOIN LATERAL (
      SELECT code, CASE WHEN ${differs}
        THEN ${skuOnHandAt(Prisma.sql`l.account_id`, site, Prisma.sql`l.sku_id`)} END AS on_hand
      FROM skus WHERE account_id = l.account_id AND id = l.sku_id
      UNION ALL
      SELECT code, CASE WHEN ${differs}
        THEN ${itemOnHandAt(Prisma.sql`l.account_id`, site, Prisma.sql`l.supplier_item_id`)} END
      FROM supplier_items WHERE account_id = l.account_id
        AND id = l.supplier_item_id AND sku_id IS NULL) AS e ON true
    WHERE ${accepted} ${only}`;
  const lines = linesWhere(Prisma.empty);
  // Past the largest quantity nothing can be stored: refused, unlike below zero (clamped at 0).
  // Only a count above its basis raises on hand: the other lines' entities are not read here.
  const tooLarge = await tx.$queryRaw<
    { entity_type: string; id: number; code: string; before: string; target: string }[]
  >`
    SELECT entity_type, COALESCE(sku_id, supplier_item_id) AS id, code, before::text,
      target::text FROM (${linesWhere(Prisma.sql`AND l.counted_qty > b.basis`)}) AS d
    WHERE target >= ${MAX_QUANTITY.toFixed()}::numeric ORDER BY line_id`;
  if (tooLarge.length > 0) throw AppError.fromFields(tooLarge.map(overflow));

  if (dryRun) await tx.$executeRaw`SAVEPOINT dry_run`;
  const details = {
    reason: "stock_take",
    source: "stock_take",
    stockTakeId,
    reference: take.reference,
    note: await countersNote(tx, accountId, stockTakeId),
    actor,
  } as const;
  // Each line that changes stock draws its movement's id here, so that the lines can name their
  // movement without a join to the movements written (v, in the ledger's order, is the same rows).
  const [closed] = await tx.$queryRaw<{ reconciled_at: Date }[]>`
    WITH d AS MATERIALIZED (
      SELECT x.*, CASE WHEN x.after <> x.before THEN ${MOVEMENT_ID} END AS movement_id
      FROM (SELECT *, GREATEST(target, 0) AS after FROM (${lines}) AS y
        ORDER BY entity_type <> 'sku', sku_id, supplier_item_id OFFSET 0) AS x
    ), ${ledgerWrites(
      accountId,
      {
        from: Prisma.sql`d`,
        where: Prisma.sql`d.movement_id IS NOT NULL`,
        entityType: Prisma.sql`d.entity_type`,
        skuId: Prisma.sql`d.sku_id`,
        supplierItemId: Prisma.sql`d.supplier_item_id`,
        before: Prisma.sql`d.before`,
        after: Prisma.sql`d.after`,
        ord: Prisma.sql`d.movement_id`,
        movementId: Prisma.sql`d.movement_id`,
        site,
      },
      details,
    )}, applied AS (
      -- A matching line's basis is its count; a differing one keeps what it was compared with.
      UPDATE stock_take_lines AS l SET state = 'applied', basis_qty = d.basis,
        movement_id = d.movement_id
      FROM d WHERE l.account_id = ${accountId} AND l.stock_take_id = ${stockTakeId}
        AND l.id = d.line_id
    ), counted AS (
      -- Every SKU whose count this applies or confirms was counted (cycle counts).
      ${countedNow(accountId, take.siteId, Prisma.sql`SELECT d.sku_id FROM d WHERE d.sku_id IS NOT NULL`)}
    )
    UPDATE stock_takes SET status = 'reconciled', reconciled_at = now()
    WHERE account_id = ${accountId} AND id = ${stockTakeId}
    RETURNING reconciled_at`;
  if (!closed) throw new Error(`reconcile: stock take ${stockTakeId} was not closed`);
  await tx.$queryRawUnsafe(NESTED_LOOPS);
  const done = await reconciled(tx, accountId, {
    ...take,
    status: "reconciled",
    reconciledAt: closed.reconciled_at,
  });
  if (!dryRun) return done;
  await tx.$executeRaw`ROLLBACK TO SAVEPOINT dry_run`;
  await tx.$queryRawUnsafe(NESTED_LOOPS); // the rollback restored the setting of the savepoint
  return {
    ...done,
    status: take.status,
    reconciledAt: null,
    dryRun: true,
    applied: done.applied.map((line) => ({ ...line, movementId: null })),
  };
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

function overflow(line: {
  entity_type: string;
  id: number;
  code: string;
  before: string;
  target: string;
}): FieldError {
  return {
    path: [],
    code: "INVALID_QUANTITY",
    message: `${line.entity_type} ${line.id} (${line.code}): on hand ${line.before} plus the difference would be ${line.target}; a quantity must be less than ${MAX_QUANTITY.toFixed()}`,
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

/** How many lines reconcile leaves alone, and how many it applies. Run with the entities locked. */
async function tallyLines(tx: Tx, accountId: number, stockTakeId: number) {
  const [row] = await tx.$queryRaw<
    { counted: number; uncounted: number; accepted: number; applied: number }[]
  >`
    SELECT count(*) FILTER (WHERE l.state = 'counted')::int AS counted,
      count(*) FILTER (WHERE l.state = 'applied')::int AS applied,
      count(*) FILTER (WHERE l.state = 'uncounted')::int AS uncounted,
      count(*) FILTER (WHERE l.state = 'accepted')::int AS accepted
    FROM stock_take_lines l
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
