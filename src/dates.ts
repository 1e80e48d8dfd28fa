import { DateTime } from "luxon";

// Dates in filters: a calendar date (YYYY-MM-DD), meaning that whole day in the account's time
// zone, or a full RFC 3339 timestamp. Anything looser (2026-1-5, 2026-02-30, "yesterday") is
// refused rather than guessed at.

/** A calendar date as a filter takes it (the OpenAPI document declares it as a pattern too). */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** An RFC 3339 timestamp as a filter takes it. */
export const TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Filter dates are bounded, as written: nothing in the ledger predates Unix time (movements are
 * stamped by the server's clock), and beyond year 9999 a date has no RFC 3339 form. Within these
 * years every conversion (any zone, +-14 h) stays in what PostgreSQL and JavaScript can hold,
 * where year 0 (0000-01-01, or 0001-01-01 seen from a zone east of UTC) would not.
 */
export const FILTER_DATE_RANGE = { firstYear: 1970, lastYear: 9999 } as const;

/** What a filter date may be, for messages: "from must be …". */
export const FILTER_DATE_RULE = `a date (YYYY-MM-DD) or an RFC 3339 timestamp, in the years ${FILTER_DATE_RANGE.firstYear} to ${FILTER_DATE_RANGE.lastYear}`;

export type ParsedDate =
  { kind: "date"; start: DateTime; endExclusive: DateTime } | { kind: "timestamp"; at: DateTime };

/** A filter date in the given IANA time zone, or null when it is neither form or out of range. */
export function parseFilterDate(value: string, zone: string): ParsedDate | null {
  const year = Number(value.slice(0, 4));
  if (year < FILTER_DATE_RANGE.firstYear || year > FILTER_DATE_RANGE.lastYear) return null;
  if (DATE_ONLY.test(value)) {
    const start = DateTime.fromISO(value, { zone });
    if (!start.isValid) return null;
    return { kind: "date", start, endExclusive: start.plus({ days: 1 }) };
  }
  if (TIMESTAMP.test(value)) {
    const at = DateTime.fromISO(value, { setZone: true });
    return at.isValid ? { kind: "timestamp", at } : null;
  }
  return null;
}

/** How many calendar days, in the zone, the half-open window [start, end) touches. */
export function calendarDays(start: Date, endExclusive: Date, zone: string): number {
  const first = DateTime.fromJSDate(start, { zone }).startOf("day");
  const last = DateTime.fromMillis(endExclusive.getTime() - 1, { zone }).startOf("day");
  return Math.round(last.diff(first, "days").days) + 1;
}

/** Whether the IANA time zone name is known to this runtime. */
export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}
