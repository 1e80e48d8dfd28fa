// A stock take's lines as read: the paged list (walking order, or largest difference first), the
// scan of a code, and the whole count sheet in keyset pages.
import { TEXT_LIMITS } from "../../limits.js";
import { Prisma } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { AppError, type FieldError } from "../../errors.js";
import { locationStartsWith, parseLocationPrefix } from "../catalog/location.js";
import { parseBarcode } from "../catalog/barcode.js";
import { Decimal } from "../../quantity.js";
import { checkText } from "../../text.js";
import { seesMoney } from "../../auth/principal.js";
import {
  differenceOf,
  lineValue,
  misplacedSql,
  selectLines,
  seesExpected,
  toLine,
  type LineRow,
  type StockTakeLineView,
} from "./stock-take.lines.js";
import { LINE_ORDERS, LINE_STATES, oneOf } from "./stock-take.parse.js";
import { loadStockTake, type StockTakeView } from "./stock-take.records.js";
import { siteCodeOf } from "../site/site.service.js";

/** Lines in a start response; the rest are paged with lines_next_cursor. */
export const FIRST_LINES = 1000;

/** Which of a stock take's lines a list or a count sheet holds. */
export interface LineFilter {
  state?: string | null;
  moved?: boolean | null;
  /** Lines whose location at the freeze starts with this, any case. */
  location?: string | null;
  /** Only lines found away from their location (true), or not (false). */
  misplaced?: boolean | null;
  /** Only lines sent back for a recount and not counted since (true), or the others (false). */
  recount?: boolean | null;
  /** A scan: the line of the SKU with this code, or of the SKU or supplier item with this barcode. */
  code?: string | null;
}

export interface LineQuery extends LineFilter {
  limit?: number | null;
  cursor?: string | null;
  /** walk (default) or difference: counted lines, largest absolute difference first. */
  order?: string | null;
}

/** An order of counted lines by a weight, largest first (then line order), paged by keyset. */
interface Weighed {
  /** The weight over alias l (SQL), for the account. */
  key: (accountId: number) => Prisma.Sql;
  /** Which lines have one (SQL over alias l). */
  where: Prisma.Sql;
  /** A line's weight as its cursor holds it, and what such a text must look like. */
  weightOf: (row: LineRow) => string;
  weightText: RegExp;
  cursor: string;
  /** Why the caller may not order by it, if it may not. */
  refusal: (take: StockTakeView, visible: boolean, money: boolean) => string | null;
}

const WEIGHED: Record<"difference" | "value", Weighed> = {
  difference: {
    key: () => Prisma.sql`abs(l.counted_qty - COALESCE(l.basis_qty, l.expected_qty))`,
    where: Prisma.sql`l.counted_qty IS NOT NULL`,
    weightOf: (r) => (differenceOf(r) ?? new Decimal(0)).abs().toString(),
    weightText: /^\d{1,11}(\.\d{1,3})?$/,
    cursor: "stock_take_line_difference",
    refusal: (take, visible) =>
      visible
        ? null
        : take.blind
          ? "ordering a blind stock take's lines by difference needs the approve scope"
          : "ordering lines by difference needs the read or approve scope",
  },
  value: {
    key: (accountId) => Prisma.sql`abs(${lineValue(accountId)})`,
    where: Prisma.sql`l.counted_qty IS NOT NULL AND l.unit_cost IS NOT NULL`,
    weightOf: (r) => (r.differenceValue ?? "0").replace("-", ""),
    weightText: /^\d{1,26}(\.\d{1,4})?$/,
    cursor: "stock_take_line_value",
    // Values tell differences, and money: both are needed to learn their order.
    refusal: (_take, visible, money) =>
      visible && money
        ? null
        : "ordering lines by value needs the costs scope and a token that may see differences",
  },
};

/**
 * A stock take's lines in walking order (line order: by location at the freeze, then code),
 * filtered by state, moved-since-freeze and location prefix.
 */
export async function listLines(
  ctx: ServiceContext,
  stockTakeId: number,
  query: LineQuery,
  stockTake?: StockTakeView,
): Promise<Page<StockTakeLineView>> {
  const order = oneOf(query.order, LINE_ORDERS, "order") ?? "walk";
  const size = pageSize(query.limit);
  const filterFor = lineFilter(query);
  const ids = (await scannedLineIds(ctx, stockTakeId, query.code)) ?? undefined;
  const take = stockTake ?? (await loadStockTake(readDb(ctx), ctx.principal, stockTakeId));
  const visible = seesExpected(take, ctx.principal);
  const filter = filterFor(visible);
  const money = seesMoney(ctx.principal);
  if (order === "value" || order === "difference") {
    const weighed = WEIGHED[order];
    // Who may not see a weight (a difference, a value) may not learn the lines' order by it.
    const refusal = weighed.refusal(take, visible, money);
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    const key = weighed.key(ctx.principal.accountId);
    const after = query.cursor ? decodeWeighedCursor(weighed, query.cursor, stockTakeId) : null;
    const rows = await selectLines(readDb(ctx), ctx.principal.accountId, stockTakeId, {
      where: Prisma.sql`AND ${weighed.where} ${
        after
          ? Prisma.sql`AND (${key} < ${after.weight}::numeric
              OR (${key} = ${after.weight}::numeric AND l.id > ${after.lineId}))`
          : Prisma.empty
      } ${filter}`,
      orderBy: Prisma.sql`${key} DESC, l.id`,
      limit: size + 1,
      ids,
    });
    const cursorOf = (r: LineRow) =>
      encodeCursor(weighed.cursor, [take.id, weighed.weightOf(r), r.lineId]);
    return linePage(rows, size, take, visible, cursorOf, money);
  }
  const after = query.cursor ? decodeLineCursor(query.cursor, stockTakeId) : 0;
  const rows = await selectLines(readDb(ctx), ctx.principal.accountId, stockTakeId, {
    where: Prisma.sql`AND l.id > ${after} ${filter}`,
    limit: size + 1,
    ids,
  });
  return linePage(rows, size, take, visible, undefined, money);
}

/**
 * Said beside a state other than uncounted: the state index holds only such lines, and a plan
 * made for any state (a prepared statement's generic plan) can use it only when told so.
 */
const countedLines = Prisma.sql`AND l.state <> 'uncounted'`;

/**
 * Lines sent back for a recount, spelled as the recount index's predicate (a literal, not a
 * parameter): any plan, a generic one too, can read them through it rather than walk the lines.
 */
const recountLines = Prisma.sql`AND l.recount_requested`;

/**
 * The conditions on `l` (a stock take's line) a line query's filters make (bad ones refused
 * now), for a caller who sees expected quantities or not (`visible`): to one who does not, a line
 * accepted automatically is counted, as toLine shows it.
 */
function lineFilter(query: LineFilter): (visible: boolean) => Prisma.Sql {
  const state = oneOf(query.state, LINE_STATES, "state");
  const area = inArea(query.location);
  const inState = (visible: boolean) => {
    if (!state) return Prisma.empty;
    if (visible || (state !== "counted" && state !== "accepted")) {
      return Prisma.sql`AND l.state = ${state}::stock_take_line_state`;
    }
    return state === "counted"
      ? Prisma.sql`AND (l.state = 'counted' OR (l.state = 'accepted' AND l.auto_accepted))`
      : Prisma.sql`AND l.state = 'accepted' AND NOT l.auto_accepted`;
  };
  return (visible) => Prisma.sql`${area}
    ${typeof query.misplaced === "boolean" ? Prisma.sql`AND ${misplacedSql} = ${query.misplaced}` : Prisma.empty}
    ${inState(visible)}
    ${state && state !== "uncounted" ? countedLines : Prisma.empty}
    ${typeof query.moved === "boolean" ? Prisma.sql`AND l.moved_since_freeze = ${query.moved}` : Prisma.empty}
    ${query.recount === true ? recountLines : query.recount === false ? Prisma.sql`AND NOT l.recount_requested` : Prisma.empty}`;
}

/**
 * The condition (appended with AND) that a line l's location at the freeze starts with
 * `location`, regardless of case; none without one. A bad prefix is INVALID_PARAMETER.
 */
function inArea(location: string | null | undefined): Prisma.Sql {
  const errors: FieldError[] = [];
  const prefix = parseLocationPrefix(location, ["location"], errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  return prefix === null
    ? Prisma.empty
    : Prisma.sql`AND ${locationStartsWith(Prisma.sql`l.location`, prefix)}`;
}

/**
 * The ids of the lines that count what a scanner read (`code`): the SKU with this code
 * (regardless of case), or the SKU or supplier item with this barcode (any spelling of a GTIN). A
 * supplier item's code is unique only with its supplier, so it is found by its barcodes. Null
 * without a code. A statement of its own, each step behind an initplan so the planner probes by
 * key: read in the same statement as the lines, right after a start (statistics that do not know
 * the stock take yet) the lines would be read by walking the stock take's.
 */
async function scannedLineIds(
  ctx: ServiceContext,
  stockTakeId: number,
  code: string | null | undefined,
): Promise<number[] | null> {
  if (code === null || code === undefined) return null;
  const text = code.trim();
  const errors: FieldError[] = [];
  if (!text)
    errors.push({ path: ["code"], code: "INVALID_PARAMETER", message: "must not be blank" });
  checkText(text, ["code"], TEXT_LIMITS.code, errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  // Not a valid barcode (a GTIN with a wrong check digit): it can still be a SKU's code.
  const key = parseBarcode(text, ["code"], [])?.key ?? null;
  const { accountId } = ctx.principal;
  const take = Prisma.sql`(SELECT ${stockTakeId}::int)`;
  const rows = await readDb(ctx).$queryRaw<{ id: number }[]>`
    SELECT x.id FROM stock_take_lines x
    WHERE x.account_id = ${accountId} AND x.stock_take_id = ${take} AND x.sku_id = ANY (ARRAY(
      SELECT id FROM skus WHERE account_id = ${accountId} AND code = ${text}::citext
      UNION ALL SELECT sku_id FROM barcodes
        WHERE account_id = ${accountId} AND key = ${key} AND sku_id IS NOT NULL))
    UNION ALL
    SELECT x.id FROM stock_take_lines x
    WHERE x.account_id = ${accountId} AND x.stock_take_id = ${take}
      AND x.supplier_item_id = ANY (ARRAY(SELECT supplier_item_id FROM barcodes
        WHERE account_id = ${accountId} AND key = ${key} AND supplier_item_id IS NOT NULL))`;
  return rows.map((r) => r.id);
}

/** A whole count sheet: its line count, known before any line is read (its price), and its lines. */
export interface CountSheet {
  /** Whether the caller may see expected quantities (blind stock takes). */
  visible: boolean;
  /** The code of the site it counts, on every row (a printed sheet says where it is counted). */
  siteCode: string;
  lineCount: number;
  /** Every line, 1000 at a time by keyset: a sheet of any size, read in short statements. */
  lines(): AsyncGenerator<StockTakeLineView[]>;
}

/**
 * The count sheet of a stock take, or of the lines a filter keeps (one area by `location`, a
 * prefix; a state; moved or misplaced lines, as the list takes them): lines in walking order
 * (a bad filter, then STOCK_TAKE_NOT_FOUND, before anything else is read).
 */
export async function countSheet(
  ctx: ServiceContext,
  stockTakeId: number,
  filter: LineFilter = {},
): Promise<CountSheet> {
  const { accountId } = ctx.principal;
  const areaFor = lineFilter(filter);
  const ids = (await scannedLineIds(ctx, stockTakeId, filter.code)) ?? undefined;
  const take = await loadStockTake(readDb(ctx), ctx.principal, stockTakeId);
  const visible = seesExpected(take, ctx.principal);
  const area = areaFor(visible);
  const siteCode = await siteCodeOf(readDb(ctx), accountId, take.siteId);
  // Counted, not read (no line is built): only the columns the filters look at.
  const [counted] = await readDb(ctx).$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT id, location, found_location, state, moved_since_freeze,
        auto_accepted, recount_requested FROM stock_take_lines WHERE account_id = ${accountId} AND stock_take_id = ${stockTakeId}
        ${ids ? Prisma.sql`AND id = ANY (${ids}::int[])` : Prisma.empty}) AS l
    WHERE true ${area}`;
  const lineCount = counted?.n ?? 0;
  async function* lines(): AsyncGenerator<StockTakeLineView[]> {
    let after = 0;
    for (;;) {
      const rows = await selectLines(readDb(ctx), accountId, stockTakeId, {
        where: Prisma.sql`AND l.id > ${after} ${area}`,
        limit: FIRST_LINES,
        ids,
      });
      // A count sheet (CSV) carries no money: its columns are the same for every caller.
      if (rows.length) yield rows.map((r) => toLine(r, visible));
      const last = rows.at(-1);
      if (!last || rows.length < FIRST_LINES) return;
      after = last.lineId;
    }
  }
  return { visible, siteCode, lineCount, lines };
}

/** A page of `size` lines from rows read one past it (the extra row says a next page exists). */
export function linePage(
  rows: LineRow[],
  size: number,
  take: StockTakeView,
  visible: boolean,
  cursorOf = (r: LineRow) => encodeCursor("stock_take_line", [take.id, r.lineId]),
  money = false,
): Page<StockTakeLineView> {
  const items = rows.slice(0, size).map((r) => ({
    cursor: cursorOf(r),
    node: toLine(r, visible, money),
  }));
  return { items, nextCursor: rows.length > size ? (items.at(-1)?.cursor ?? null) : null };
}

function decodeLineCursor(cursor: string, stockTakeId: number): number {
  const [takeId, lineId] = decodeCursor("stock_take_line", cursor, ["int4", "int4"]);
  if (takeId !== stockTakeId) {
    throw new AppError("INVALID_CURSOR", "the cursor belongs to another stock take", [
      { path: ["cursor"], code: "INVALID_CURSOR", message: "belongs to another stock take" },
    ]);
  }
  return lineId as number;
}

/** Where a page in a weighed order starts: after this line and its weight. */
function decodeWeighedCursor(
  weighed: Weighed,
  cursor: string,
  stockTakeId: number,
): { weight: string; lineId: number } {
  const [takeId, weight, lineId] = decodeCursor(weighed.cursor, cursor, ["int4", "string", "int4"]);
  if (takeId !== stockTakeId || !weighed.weightText.test(weight as string)) {
    throw new AppError("INVALID_CURSOR", "the cursor is not one of this stock take's", [
      { path: ["cursor"], code: "INVALID_CURSOR", message: "not a cursor of this list" },
    ]);
  }
  return { weight: weight as string, lineId: lineId as number };
}
