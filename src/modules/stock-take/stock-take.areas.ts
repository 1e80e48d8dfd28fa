// Progress by area: a stock take's lines grouped by the first segments of their location at the
// freeze (A-01-03 at depth 2 is area A-01), so a manager sees which aisle is done. Segments are
// separated by -, ., / or a space; areas compare regardless of case.
import { Prisma } from "../../db/client.js";
import { AppError } from "../../errors.js";

/** Segments of a location that name its area unless asked otherwise (A-01-03: A-01). */
export const AREA_DEPTH_DEFAULT = 2;

/** Deepest area asked for. */
export const MAX_AREA_DEPTH = 5;

/** Most areas one answer lists (the first in walking order); a summary's totals count every line. */
export const MAX_AREAS = 1000;

/** What separates a location's segments, as a regular expression's bracket expression. */
const SEPARATORS = "[-./ ]";

/** How a line's area is described, for the API's documents. */
export const AREA_RULE = `Lines are grouped by the first segments of their location at the freeze (segments are separated by -, ., / or a space; A-01-03 at depth 2 is A-01), regardless of case; lines without a location form one group with a null prefix. At most ${MAX_AREAS} areas, in walking order.`;

/** One area's progress. */
export interface AreaProgress {
  /** The area as its first line spells it; null: lines without a location. */
  prefix: string | null;
  lines: number;
  /** Lines with a count (counted, accepted or applied). */
  counted: number;
  /** Counted lines whose count differs from what it is compared with; absent in a blind count. */
  differences?: number;
  /** Lines accepted (or applied). */
  accepted: number;
  /** Its counted lines' differences valued; for a caller that sees differences and money. */
  values?: ValueTotals;
}

/**
 * Counted lines' differences valued (each line's value rounded half away from zero to the
 * currency's minor units, then added up exactly), as text with the currency's minor digits.
 */
export interface ValueTotals {
  /** The lines' values above 0, added up. */
  gains: string;
  /** The lines' values below 0, added up (0 or negative). */
  losses: string;
  /** gains + losses. */
  net: string;
  /** gains − losses: the size of every difference together. */
  absolute: string;
  /** Counted lines with a cost (a line without one has no value and is in no total). */
  valuedLines: number;
}

/** The area depth asked for: 1 to MAX_AREA_DEPTH (else INVALID_PARAMETER), default 2. */
export function parseAreaDepth(value: number | null | undefined, path: string[]): number {
  if (value === undefined || value === null) return AREA_DEPTH_DEFAULT;
  if (Number.isInteger(value) && value >= 1 && value <= MAX_AREA_DEPTH) return value;
  const message = `must be a whole number from 1 to ${MAX_AREA_DEPTH}`;
  throw new AppError("INVALID_PARAMETER", `${path.join(".")} ${message}`, [
    { path, code: "INVALID_PARAMETER", message },
  ]);
}

/** The area of line `l` at `depth` (SQL): its location up to the depth-th separator. */
export const areaOf = (depth: number): Prisma.Sql =>
  Prisma.sql`substring(l.location from ${`^([^${SEPARATORS.slice(1, -1)}]*(?:${SEPARATORS}[^${SEPARATORS.slice(1, -1)}]*){0,${depth - 1}})`})`;
