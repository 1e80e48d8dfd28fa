// Recording counts: each count sets or adds to its line and is appended to the count log.
import { seesMoney } from "../../auth/principal.js";
import { TEXT_LIMITS } from "../../limits.js";
import { Prisma, type Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { AppError, type FieldError } from "../../errors.js";
import { MAX_QUANTITY, type Decimal } from "../../quantity.js";
import { checkLine } from "../../text.js";
import {
  inItemOrder,
  namedBy,
  parseCounts,
  type CountData,
  type ParsedCount,
  type ParsedRef,
  type Path,
} from "./stock-take.parse.js";
import {
  ANSWERED_LINES,
  ledgerQuantityAt,
  selectLines,
  seesExpected,
  toLine,
} from "./stock-take.lines.js";
import type { StockTakeLineView } from "./stock-take.lines.js";
import { jsonRows } from "../../db/sql.js";
import { lockStockTake, requireOpen, type LockedTake } from "./stock-take.records.js";
import { lookupLines, type FoundLine } from "./stock-take.lookup.js";
import { withinTolerance } from "./stock-take.tolerance.js";
import type { StockTakeStatus } from "../../generated/prisma/enums.js";

export interface CountsData {
  /** null: a count the transport could not read (a CSV row of the wrong width), named in errors. */
  counts: (CountData | null)[];
  counter?: string | null;
  /** What the transport found wrong with the body's shape; reported with every other problem. */
  errors?: FieldError[];
}

export interface CountsRequest {
  counts: ParsedCount[];
  /** Every count whose entity reference is well formed, to look up even if the count is bad. */
  refs: ParsedRef[];
  /** What is already known to be wrong; reported together with what the lookup finds. */
  errors: FieldError[];
  counter: string;
  /** Where each count's fields are for the caller (JSON pointer parts, or CSV rows). */
  path: (index: number, field: string) => Path;
}

/**
 * What the counts did. The line list is bounded like accept's (ANSWERED_LINES, in line order): a
 * request of 10,000 counts answers in a few hundred kilobytes, not megabytes, and the server
 * never holds the whole list; linesCount says how many lines the counts touched, and
 * GET …/lines?state=counted lists them all.
 */
export interface CountsResult {
  id: number;
  status: StockTakeStatus;
  /** The lines these counts touched, after them: the first ANSWERED_LINES in line order. */
  lines: StockTakeLineView[];
  /** How many lines these counts touched (each once, however many counts named it). */
  linesCount: number;
}

export function parseCountsData(
  ctx: ServiceContext,
  input: CountsData,
  path: (index: number, field: string) => Path,
): CountsRequest {
  const errors: FieldError[] = [...(input.errors ?? [])];
  const { counts, refs } = parseCounts(input.counts, path, new Date(), errors);
  const counter = input.counter?.trim() ? input.counter.trim() : ctx.principal.actor.name;
  // Shown as who counted, as a token's name is: a one-line name, as that is.
  checkLine(counter, ["counter"], TEXT_LIMITS.counter, errors);
  // Without a single well-formed reference there is nothing to look up: refuse now.
  if (errors.length > 0 && refs.length === 0) throw AppError.fromFields(inItemOrder(errors));
  return { counts, refs, errors, counter, path };
}

interface LineUpdate {
  line: FoundLine;
  countedQty: Decimal;
  countedAt: Date;
  /** Only adds to the stored count: the line's counted_at stays the later of the two. */
  addsToStored: boolean;
  /** Where it was found (null: where recorded); undefined: as stored (adds that did not say). */
  found: string | null | undefined;
}

/** The stock take (locked, open) and the lines the counts name, with what is wrong with them. */
async function lookup(ctx: ServiceContext, tx: Tx, stockTakeId: number, request: CountsRequest) {
  const { accountId } = ctx.principal;
  const take = await lockStockTake(tx, ctx.principal, stockTakeId);
  requireOpen(take);
  const errors = beforeFreeze(take, request);
  const resolved = await lookupLines(
    tx,
    accountId,
    stockTakeId,
    request.refs,
    (ref) => request.path(ref.index, namedBy(ref)),
    errors,
  );
  return { take, resolved, errors };
}

/** What the data says is wrong with the counts, to report with the problems of the input itself. */
export const lookupErrors = async (
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  request: CountsRequest,
): Promise<FieldError[]> => (await lookup(ctx, tx, stockTakeId, request)).errors;

/** Applies the counts in the order given; all of them, or (with any problem) none. */
export async function recordCounts(
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  request: CountsRequest,
): Promise<CountsResult> {
  const { accountId, actor } = ctx.principal;
  const found = await lookup(ctx, tx, stockTakeId, request);
  const { take, resolved } = found;
  const errors: FieldError[] = [...request.errors, ...found.errors];
  if (errors.length > 0) throw AppError.fromFields(inItemOrder(errors));
  const lineOf = new Map(request.refs.map((ref, i) => [ref.index, resolved[i]]));

  // Several counts of one line in a request apply in order: a set replaces, an add adds.
  const updates = new Map<number, LineUpdate>();
  const log = request.counts.map((sent) => {
    // Without a counted_at, a count was made when received, by the database's clock.
    const count = { ...sent, countedAt: sent.countedAt ?? take.now };
    const line = lineOf.get(count.index);
    if (!line) throw new Error("resolved line missing");
    const previous = updates.get(line.lineId);
    const base = previous ? previous.countedQty : line.countedQty;
    const countedQty =
      count.mode === "add" && base !== null ? base.plus(count.quantity) : count.quantity;
    const countedAt =
      previous && previous.countedAt > count.countedAt ? previous.countedAt : count.countedAt;
    const addsToStored =
      count.mode === "add" && (previous ? previous.addsToStored : line.countedQty !== null);
    if (countedQty.greaterThanOrEqualTo(MAX_QUANTITY)) {
      errors.push({
        path: request.path(count.index, "countedQty"),
        code: "INVALID_QUANTITY",
        message: `adds up to ${countedQty.toFixed()}; a count must be less than ${MAX_QUANTITY.toFixed()}`,
      });
    }
    // A set is the whole count: found where it says, or where recorded; an add that does not
    // say keeps where the count so far found it.
    const found =
      count.foundLocation !== undefined
        ? count.foundLocation
        : count.mode === "set"
          ? null
          : previous?.found;
    updates.set(line.lineId, { line, countedQty, countedAt, addsToStored, found });
    return { count, line, countedQty };
  });
  if (errors.length > 0) throw AppError.fromFields(inItemOrder(errors));
  const changed = [...updates.values()];

  // counted_at: the latest count's, also across requests adding to one line (l.* is the row
  // before this update). basis_qty: what the count is compared with; at count time, the
  // ledger's quantity then.
  const countedAt = Prisma.sql`CASE WHEN v.adds THEN GREATEST(l.counted_at, v.counted_at)
    ELSE v.counted_at END`;
  const basis =
    take.basis === "count_time"
      ? ledgerQuantityAt(countedAt, Prisma.sql`${take.siteId}::int`)
      : Prisma.sql`NULL`;
  const judged = judge(accountId, take, basis);
  // One statement: the count log appended, the lines updated and the first of them read back.
  const rows = await selectLines(tx, accountId, stockTakeId, {
    limit: ANSWERED_LINES,
    before: Prisma.sql`logged AS (
      INSERT INTO stock_take_counts (account_id, stock_take_id, line_id, entity_type, sku_id,
        supplier_item_id, mode, quantity, counted_qty, counter, counted_at, actor_token_id,
        found_location)
      SELECT ${accountId}, ${stockTakeId}, c.line_id, c.entity_type::entity_type,
        CASE WHEN c.entity_type = 'sku' THEN c.entity_id END,
        CASE WHEN c.entity_type = 'supplier_item' THEN c.entity_id END,
        c.mode::count_mode, c.quantity, c.counted_qty, ${request.counter}, c.counted_at,
        ${actor.tokenId}::int, c.found_location
      FROM ${jsonRows(
        log.map((e) => [
          e.line.lineId,
          e.line.entityType,
          e.line.entityId,
          e.count.mode,
          e.count.quantity.toFixed(),
          e.countedQty.toFixed(),
          e.count.countedAt.toISOString(),
          e.count.foundLocation ?? null,
        ]),
        "c",
        "line_id int, entity_type text, entity_id int, mode text, quantity numeric, counted_qty numeric, counted_at timestamptz, found_location text",
      )}
      ORDER BY c.ord
    ), started AS (
      UPDATE stock_takes SET status = 'counting'
      WHERE account_id = ${accountId} AND id = ${stockTakeId} AND status = 'open'
    )`,
    updated: Prisma.sql`
      UPDATE stock_take_lines AS l SET counted_qty = v.qty, counted_at = ${countedAt},
        counted_by = ${request.counter}, recount_requested = false, ${judged},
        found_location = CASE WHEN v.keeps_found THEN l.found_location ELSE v.found END
      FROM ${jsonRows(
        changed.map((u) => [
          u.line.lineId,
          u.countedQty.toFixed(),
          u.countedAt.toISOString(),
          u.addsToStored,
          u.found === undefined,
          u.found ?? null,
        ]),
        "v",
        "line_id int, qty numeric, counted_at timestamptz, adds boolean, keeps_found boolean, found text",
      )}
      WHERE l.account_id = ${accountId} AND l.id = v.line_id
      RETURNING l.*`,
  });
  const status = take.status === "open" ? "counting" : take.status;
  const visible = seesExpected(take, ctx.principal);
  const money = seesMoney(ctx.principal);
  return {
    id: stockTakeId,
    status,
    lines: rows.map((r) => toLine(r, visible, money)),
    linesCount: changed.length,
  };
}

/**
 * The SET of a count's basis_qty and state (SQL in the count's UPDATE: l the line before it, v the
 * count). With the stock take's automatic acceptance, a count within its tolerance is accepted at
 * once and marked so (never one whose entity moved since the freeze, as a safe accept never takes
 * it); the basis is worked out once, in a sub-select, and compared there.
 */
function judge(accountId: number, take: LockedTake, basis: Prisma.Sql): Prisma.Sql {
  if (!take.autoAccept) return Prisma.sql`state = 'counted', basis_qty = ${basis}`;
  const within = withinTolerance(
    accountId,
    take.autoAccept,
    Prisma.sql`v.qty`,
    Prisma.sql`COALESCE(b.qty, l.expected_qty)`,
  );
  return Prisma.sql`(basis_qty, state, auto_accepted) = (
    SELECT b.qty, CASE WHEN a.ok THEN 'accepted' ELSE 'counted' END::stock_take_line_state, a.ok
    FROM (SELECT ${basis}::numeric AS qty) AS b
    CROSS JOIN LATERAL (SELECT COALESCE(NOT l.moved_since_freeze AND ${within}, false) AS ok) AS a)`;
}

/**
 * Basis count_time compares a count with the ledger at its counted_at; before the freeze the
 * ledger is not what the stock take counts (and the scope was not yet held), so such a count is
 * refused rather than compared with the wrong quantity.
 */
function beforeFreeze(take: LockedTake, request: CountsRequest): FieldError[] {
  if (take.basis !== "count_time") return [];
  return request.counts
    .filter((c) => c.countedAt !== null && c.countedAt < take.frozenAt)
    .map((c) => ({
      path: request.path(c.index, "countedAt"),
      code: "INVALID_PARAMETER" as const,
      message: `must not be before the stock take's freeze (${take.frozenAt.toISOString()}) with basis count_time`,
    }));
}
