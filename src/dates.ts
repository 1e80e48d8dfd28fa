import { DateTime } from "luxon";

// Dates in filters: a calendar date (YYYY-MM-DD), meaning that whole day in the account's time
// zone, or a full RFC 3339 timestamp. Anything looser (2026-1-5, 2026-02-30, "yesterday") is
// refused rather than guessed at.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export type ParsedDate =
  { kind: "date"; start: DateTime; endExclusive: DateTime } | { kind: "timestamp"; at: DateTime };

/** A filter date in the given IANA time zone, or null when it is neither form. */
export function parseFilterDate(value: string, zone: string): ParsedDate | null {
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
