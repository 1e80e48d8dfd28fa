// Reviewing differences: accept lines explicitly or by tolerance, or send them back for a recount.
import { Prisma, type Tx } from "../../db/client.js";
import type { ServiceContext } from "../../context.js";
import { AppError, type FieldError } from "../../errors.js";
import { MAX_REFS } from "../../limits.js";
import {
  inItemOrder,
  namedBy,
  parseRef,
  parseTolerance,
  type EntityRefData,
  type ParsedRef,
  type Tolerance,
  type ToleranceData,
} from "./stock-take.parse.js";
import { ANSWERED_LINES, selectLines, toLine, type StockTakeLineView } from "./stock-take.lines.js";
import { requireCurrency } from "../catalog/catalog.costs.js";
import { lockStockTake, requireOpen } from "./stock-take.records.js";
import { lookupLines } from "./stock-take.lookup.js";
import { inMoney, withinTolerance } from "./stock-take.tolerance.js";
import { intArray } from "../../db/sql.js";
import { requireMoney, seesMoney } from "../../auth/principal.js";

export interface AcceptData {
  lines?: EntityRefData[] | null;
  safe?: boolean | null;
  tolerance?: ToleranceData | null;
  recount?: EntityRefData[] | null;
}

export interface AcceptRequest {
  lines: ParsedRef[];
  recount: ParsedRef[];
  safe: boolean;
  tolerance: Tolerance;
}

/**
 * What a review did. The line lists are bounded (ANSWERED_LINES each, in line order) so that a
 * safe accept of a 100,000-line stock take answers in a few kilobytes; the counts say how many
 * there are, and GET …/lines?state=accepted|counted lists them all.
 */
export interface AcceptResult {
  /** Lines this request accepted (listed ones accepted before included): the first ANSWERED_LINES. */
  accepted: StockTakeLineView[];
  /** How many lines this request accepted, listed ones accepted before included. */
  acceptedCount: number;
  /** Counted lines still waiting for a decision: the first ANSWERED_LINES. */
  needsReview: StockTakeLineView[];
  /** How many counted lines are still waiting for a decision. */
  needsReviewCount: number;
  /** Lines sent back for a recount: uncounted again, flagged (all of them: the request lists them). */
  recount: StockTakeLineView[];
}

export function parseAccept(input: AcceptData): AcceptRequest {
  const errors: FieldError[] = [];
  const refs = (list: EntityRefData[] | null | undefined, field: "lines" | "recount") => {
    const given = list ?? [];
    if (given.length > MAX_REFS) {
      throw new AppError("TOO_MANY_LINES", `at most ${MAX_REFS} ${field} per request`, [
        { path: [field], code: "TOO_MANY_LINES", message: `at most ${MAX_REFS}` },
      ]);
    }
    return given.flatMap((r, i) => parseRef(r, i, (f) => [field, i, f], errors) ?? []);
  };
  const lines = refs(input.lines, "lines");
  const recount = refs(input.recount, "recount");
  const tolerance = parseTolerance(input.tolerance, errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  // Safe acceptance is what a bare request means; listing lines or recounts turns it off unless asked.
  const safe = input.safe ?? (lines.length === 0 && recount.length === 0);
  return { lines, recount, safe, tolerance };
}

export async function acceptLines(
  ctx: ServiceContext,
  tx: Tx,
  stockTakeId: number,
  request: AcceptRequest,
): Promise<AcceptResult> {
  const { accountId } = ctx.principal;
  const money = seesMoney(ctx.principal);
  const { tolerance } = request;
  const valued = inMoney(tolerance);
  // A money tolerance tells values: the costs scope's, checked before any work.
  if (valued) requireMoney(ctx.principal, "a tolerance in money");
  const take = await lockStockTake(tx, ctx.principal, stockTakeId);
  requireOpen(take);
  if (valued && request.safe) await requireCurrency(tx, accountId, ["tolerance"]);
  const errors: FieldError[] = [];
  const refs = [...request.lines, ...request.recount];
  const fieldOf = (i: number) => (i < request.lines.length ? "lines" : "recount");
  const resolved = await lookupLines(
    tx,
    accountId,
    stockTakeId,
    refs,
    (ref) => [fieldOf(refs.indexOf(ref)), ref.index, namedBy(ref)],
    errors,
  );
  const acceptIds = new Set<number>();
  const recountIds = new Set<number>();
  resolved.forEach((line, i) => {
    const ref = refs[i];
    if (!line || !ref) return;
    const path = [fieldOf(i), ref.index, namedBy(ref)];
    if (fieldOf(i) === "recount") {
      recountIds.add(line.lineId);
      if (acceptIds.has(line.lineId)) {
        errors.push({
          path,
          code: "DUPLICATE_LINE",
          message: `${line.entityType} ${line.entityId} is both accepted and sent for recount`,
        });
      }
    } else if (line.state === "uncounted") {
      errors.push({
        path,
        code: "INVALID_PARAMETER",
        message: `${line.entityType} ${line.entityId} has not been counted yet`,
      });
    } else {
      acceptIds.add(line.lineId);
    }
  });
  if (errors.length > 0) throw AppError.fromFields(inItemOrder(errors));

  await tx.$executeRaw`
    UPDATE stock_take_lines SET state = 'accepted', auto_accepted = false
    WHERE account_id = ${accountId} AND id = ANY(${intArray([...acceptIds])})
      AND (state <> 'accepted' OR auto_accepted)`;
  // A line whose entity moved since the freeze is never safe: a reviewer must list it. Lines
  // listed were accepted just above, so the safe ones are others: only how many and the first
  // few travel back.
  const [safe] = request.safe
    ? await tx.$queryRaw<{ count: number; first: number[] }[]>`
      WITH safe AS (
        UPDATE stock_take_lines AS l SET state = 'accepted'
        WHERE account_id = ${accountId} AND stock_take_id = ${stockTakeId} AND state = 'counted'
          AND NOT moved_since_freeze AND NOT (id = ANY(${intArray([...recountIds])}))
          AND ${withinTolerance(
            accountId,
            tolerance,
            Prisma.sql`l.counted_qty`,
            Prisma.sql`COALESCE(l.basis_qty, l.expected_qty)`,
          )}
        RETURNING id)
      SELECT (SELECT count(*) FROM safe)::int AS count,
        ARRAY(SELECT id FROM safe ORDER BY id LIMIT ${ANSWERED_LINES}) AS first`
    : [];
  await tx.$executeRaw`
    UPDATE stock_take_lines SET state = 'uncounted', counted_qty = NULL, counted_at = NULL,
      counted_by = NULL, basis_qty = NULL, recount_requested = true, auto_accepted = false
    WHERE account_id = ${accountId} AND id = ANY(${intArray([...recountIds])})`;

  // Listed lines that were accepted already are reported as accepted too: the reviewer's
  // decision holds either way.
  const acceptedCount = acceptIds.size + (safe?.count ?? 0);
  const answered = new Set(
    [...acceptIds, ...(safe?.first ?? [])].sort((a, b) => a - b).slice(0, ANSWERED_LINES),
  );
  const rows = await selectLines(tx, accountId, stockTakeId, {
    where: Prisma.sql`AND (l.id = ANY(${intArray([...answered, ...recountIds])})
      OR l.id IN (SELECT w.id FROM stock_take_lines w WHERE w.account_id = ${accountId}
        AND w.stock_take_id = ${stockTakeId} AND w.state = 'counted'
        ORDER BY w.id LIMIT ${ANSWERED_LINES}))`,
  });
  // The count still waiting, and the stock_take.accepted event when anything was decided.
  const [waiting] = await tx.$queryRaw<{ count: number }[]>`
    SELECT w.count, CASE WHEN ${acceptedCount + recountIds.size} > 0
      THEN append_event(${accountId}, 'stock_take.accepted', jsonb_build_object(
        'id', ${stockTakeId}::int, 'accepted', ${acceptedCount}::int,
        'recount', ${recountIds.size}::int, 'needs_review', w.count,
        'site_id', ${take.siteId}::int)) END AS event_id
    FROM (SELECT count(*)::int AS count FROM stock_take_lines
      WHERE account_id = ${accountId} AND stock_take_id = ${stockTakeId} AND state = 'counted') AS w`;
  return {
    accepted: rows.filter((r) => answered.has(r.lineId)).map((r) => toLine(r, true, money)),
    acceptedCount,
    needsReview: rows.filter((r) => r.state === "counted").map((r) => toLine(r, true, money)),
    needsReviewCount: waiting?.count ?? 0,
    recount: rows.filter((r) => recountIds.has(r.lineId)).map((r) => toLine(r, true, money)),
  };
}
