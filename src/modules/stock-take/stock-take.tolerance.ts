// A tolerance as SQL, the one rule a review's safe accept and a stock take's automatic acceptance
// share, and as a stock take stores it.
import { Prisma } from "../../db/client.js";
import { Decimal } from "../../quantity.js";
import type { Tolerance } from "./stock-take.parse.js";

/**
 * Whether a count is within `tolerance` (SQL over line l): its difference from `compared` at most
 * the looser of abs and pct of `compared`; and, for a line with a unit cost when the tolerance has
 * money bounds, its value (rounded as lineValue rounds) at most the looser of max_value and
 * max_value_pct of the expected value. Money stands beside the units, not instead of them: a line
 * must be within both, so money can only hold back lines the units would pass; a line without a
 * cost is judged by its units alone.
 */
export function withinTolerance(
  accountId: number,
  { abs, pct, maxValue, maxValuePct }: Tolerance,
  counted: Prisma.Sql,
  compared: Prisma.Sql,
): Prisma.Sql {
  const units = Prisma.sql`abs(${counted} - ${compared})
    <= greatest(${abs.toFixed()}::numeric, ${pct.toFixed()}::numeric / 100 * ${compared})`;
  if (maxValue === null && maxValuePct === null) return units;
  const digits = Prisma.sql`(SELECT currency_minor_units FROM accounts WHERE id = ${accountId})`;
  return Prisma.sql`${units} AND (l.unit_cost IS NULL
    OR abs(round((${counted} - ${compared}) * l.unit_cost, ${digits})) <= greatest(
      ${maxValue?.toFixed() ?? null}::numeric,
      ${maxValuePct?.toFixed() ?? null}::numeric / 100 * abs(${compared} * l.unit_cost)))`;
}

/** Whether the tolerance has bounds in money (which need the costs scope and a currency). */
export const inMoney = (t: Tolerance): boolean => t.maxValue !== null || t.maxValuePct !== null;

/** A tolerance as stock_takes.auto_accept keeps it: exact decimal strings. */
export const storedTolerance = (t: Tolerance) => ({
  abs: t.abs.toFixed(),
  pct: t.pct.toFixed(),
  max_value: t.maxValue?.toFixed() ?? null,
  max_value_pct: t.maxValuePct?.toFixed() ?? null,
});

/** stock_takes.auto_accept read back (null: off). */
export function toleranceOf(stored: unknown): Tolerance | null {
  if (stored === null || stored === undefined) return null;
  const t = stored as Record<string, string | null>;
  const dec = (v: string | null | undefined) =>
    v === null || v === undefined ? null : new Decimal(v);
  return {
    abs: new Decimal(t.abs ?? "0"),
    pct: new Decimal(t.pct ?? "0"),
    maxValue: dec(t.max_value),
    maxValuePct: dec(t.max_value_pct),
  };
}
