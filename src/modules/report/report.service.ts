// Reports over what the stock takes found. Accuracy: of the lines counted in the stock takes
// reconciled in a window, how many matched the records (within a tolerance), and by how much the
// others missed, overall, per stock take, per count class and per area. Reads only.
import { seesMoney } from "../../auth/principal.js";
import type { Walk } from "../../operations.js";
import { mayUseSite } from "../site/site.access.js";
import type { PrismaClient } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { checkBoundedWindow, parseWindow, withoutNulls } from "../../filters.js";
import { Decimal, parseQuantity } from "../../quantity.js";
import { parseAreaDepth } from "../stock-take/stock-take.areas.js";
import { accuracyRows, linesIn, MAX_REPORT_GROUPS, type AccuracyRow } from "./report.sql.js";

export interface AccuracyQuery {
  from?: string | null;
  to?: string | null;
  stockTakeId?: number | null;
  /** A count this close to what it was compared with is accurate; 0 when absent. */
  tolerance?: string | number | null;
  /** Segments of a location that make an area; 2 when absent. */
  areaDepth?: number | null;
}

/** How accurate a group of counted lines was. */
export interface Accuracy {
  linesCounted: number;
  /** Lines whose count was within the tolerance of what it was compared with. */
  linesAccurate: number;
  /** linesAccurate / linesCounted; null when nothing was counted. */
  accuracy: number | null;
  /** Units of difference, each line's taken as positive. */
  absDifference: Decimal;
  /** Units of difference, found less lost. */
  netDifference: Decimal;
  /**
   * The same in money, over the lines with a unit cost (their cost at the freeze): for a caller
   * with the costs scope, once the account has a currency.
   */
  values?: AccuracyValues;
}

/** A group's accuracy in money: exact decimal strings with the currency's minor digits. */
export interface AccuracyValues {
  /** What the valued lines' counts were worth: counted × unit cost, each rounded, added up. */
  counted: string;
  /** Their differences' values, each taken as positive, added up. */
  absolute: string;
  /** Their differences' values, found less lost. */
  net: string;
  /** 1 − absolute / counted, 0 to 1 (0 when the differences outweigh the counts); null: nothing counted had value. */
  accuracy: number | null;
  /** Counted lines with a unit cost. */
  valuedLines: number;
}

export interface AccuracyReport {
  from: Date | null;
  to: Date;
  tolerance: Decimal;
  areaDepth: number;
  overall: Accuracy;
  stockTakes: (Accuracy & { stockTakeId: number; reference: string | null; reconciledAt: Date })[];
  /** By the SKUs' count class now; null: supplier items and SKUs without a class. */
  classes: (Accuracy & { countClass: string | null })[];
  /** By area (the lines' location at the freeze, to areaDepth segments). */
  locations: (Accuracy & { prefix: string | null })[];
  /** Whether stock takes or areas past MAX_REPORT_GROUPS were left out. */
  truncated: boolean;
}

const accuracyOf = (r: AccuracyRow | undefined, money: boolean): Accuracy => ({
  linesCounted: r?.lines_counted ?? 0,
  linesAccurate: r?.lines_accurate ?? 0,
  accuracy: r && r.lines_counted > 0 ? r.lines_accurate / r.lines_counted : null,
  absDifference: new Decimal(r?.abs_difference ?? 0),
  netDifference: new Decimal(r?.net_difference ?? 0),
  ...valuesOf(r, money),
});

/**
 * A group's values when the caller sees money (`money`) and the account has a currency (the
 * statement's totals are null without one).
 */
function valuesOf(r: AccuracyRow | undefined, money: boolean): { values?: AccuracyValues } {
  if (!money || !r || r.value_counted == null || r.value_abs == null || r.value_net == null) {
    return {};
  }
  const worth = new Decimal(r.value_counted);
  const share = worth.isZero()
    ? null
    : Decimal.max(0, new Decimal(1).minus(new Decimal(r.value_abs).div(worth)));
  return {
    values: {
      counted: r.value_counted,
      absolute: r.value_abs,
      net: r.value_net,
      accuracy: share === null ? null : share.toNumber(),
      valuedLines: r.valued_lines ?? 0,
    },
  };
}

/** A report checked and its work counted, not yet read. */
export interface PreparedReport<T> {
  /** The lines it reads: what it is priced by (summarizedLines, as a stock take's summary). */
  lines: number;
  read: () => Promise<T>;
}

/**
 * A report checked and ready whose price is the rows it walks (its operation's `walks` in
 * src/operations.ts): the walk, counted when the transport asks, then its reading.
 */
export interface WalkedReport<T> {
  walk: Walk;
  read: () => T;
}

/**
 * The accuracy of the counts of the stock takes reconciled in the window (or of one stock take):
 * account-wide, the window spans at most 31 days, as the movement history's does. Checks the
 * query and counts the lines it will read; `read` makes the report.
 */
export async function prepareAccuracyReport(
  ctx: ServiceContext,
  query: AccuracyQuery,
): Promise<PreparedReport<AccuracyReport>> {
  const { accountId, timezone } = ctx.principal;
  const q = withoutNulls(query);
  const errors: FieldError[] = [];
  let tolerance = new Decimal(0);
  if (q.tolerance !== undefined) {
    const parsed = parseQuantity(q.tolerance, ["tolerance"]);
    if (parsed.ok) tolerance = parsed.value;
    else errors.push(parsed.error);
  }
  if (errors.length > 0) throw AppError.fromFields(errors);
  const depth = parseAreaDepth(q.areaDepth, ["areaDepth"]);
  const window = parseWindow(q.from, q.to, timezone);
  checkBoundedWindow(window, timezone, {
    byEntity: q.stockTakeId !== undefined,
    entities: "stock_take_id",
  });
  const db = readDb(ctx);
  if (q.stockTakeId !== undefined) {
    const take = await db.stockTake.findUnique({
      where: { accountId_id: { accountId, id: q.stockTakeId } },
      select: { siteId: true },
    });
    if (!take || !mayUseSite(ctx.principal, take.siteId)) {
      throw notFound("STOCK_TAKE_NOT_FOUND", q.stockTakeId, ["stockTakeId"]);
    }
  }
  const end = window.end ?? new Date();
  const { sites } = ctx.principal;
  const scope = { accountId, start: window.start, end, stockTakeId: q.stockTakeId, sites };
  const lines = await linesIn(db, scope);
  const money = seesMoney(ctx.principal);
  return { lines, read: () => readAccuracy(db, { ...scope, tolerance, depth, money }) };
}

async function readAccuracy(
  db: PrismaClient,
  q: Parameters<typeof accuracyRows>[1],
): Promise<AccuracyReport> {
  const rows = await accuracyRows(db, q);
  const of = (grouping: AccuracyRow["grouping"]) => rows.filter((r) => r.grouping === grouping);
  const areas = of("area");
  return {
    from: q.start ?? null,
    to: q.end!,
    tolerance: q.tolerance,
    areaDepth: q.depth,
    overall: accuracyOf(of("all")[0], q.money),
    stockTakes: of("take").map((r) => ({
      stockTakeId: r.stock_take_id!,
      reference: r.reference,
      reconciledAt: r.reconciled_at!,
      ...accuracyOf(r, q.money),
    })),
    classes: of("class").map((r) => ({ countClass: r.count_class, ...accuracyOf(r, q.money) })),
    locations: areas
      .slice(0, MAX_REPORT_GROUPS)
      .map((r) => ({ prefix: r.prefix, ...accuracyOf(r, q.money) })),
    truncated: (rows[0]?.takes_read ?? 0) > MAX_REPORT_GROUPS || areas.length > MAX_REPORT_GROUPS,
  };
}
