// What list queries share: a from/to window in the account's time zone, and errors that point
// at the query parameter (or GraphQL filter field) at fault.
import { calendarDays, FILTER_DATE_RULE, parseFilterDate } from "./dates.js";
import { AppError, type ErrorCode } from "./errors.js";

/** An error about one query parameter, named as the service calls it (camelCase). */
export const invalidFilter = (code: ErrorCode, parameter: string, message: string): AppError =>
  new AppError(code, message, [{ path: [parameter], code, message }]);

/** GraphQL's explicit null means "not given", as an absent REST parameter does. */
export function withoutNulls<T extends object>(query: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== null && v !== undefined),
  ) as { [K in keyof T]?: Exclude<T[K], null> };
}

/** The half-open window [start, end) of `from`/`to`: YYYY-MM-DD in the zone, or RFC 3339. */
export interface Window {
  start?: Date;
  end?: Date;
}

/**
 * Parses `from`/`to` (INVALID_PARAMETER when neither form). A date-only `to` includes that whole
 * day; a timestamp `to` includes that instant; a missing `to` is now, left open so nothing just
 * written is cut off.
 */
export function parseWindow(
  from: string | undefined,
  to: string | undefined,
  timezone: string,
): Window {
  const parsedFrom = from === undefined ? undefined : parseFilterDate(from, timezone);
  const parsedTo = to === undefined ? undefined : parseFilterDate(to, timezone);
  const notADate = (name: string) =>
    invalidFilter("INVALID_PARAMETER", name, `${name} must be ${FILTER_DATE_RULE}`);
  if (parsedFrom === null) throw notADate("from");
  if (parsedTo === null) throw notADate("to");
  const start =
    parsedFrom && (parsedFrom.kind === "date" ? parsedFrom.start : parsedFrom.at).toJSDate();
  const end =
    parsedTo &&
    (parsedTo.kind === "date"
      ? parsedTo.endExclusive.toJSDate()
      : new Date(parsedTo.at.toMillis() + 1));
  return { start, end };
}

/** INVALID_DATE_RANGE unless the window starts before it ends (a missing end being now). */
export function checkWindowOrder({ start, end }: Window): void {
  if (start && start.getTime() >= (end ?? new Date()).getTime()) {
    throw invalidFilter(
      "INVALID_DATE_RANGE",
      end ? "to" : "from",
      end ? "from must not be after to" : "from is in the future",
    );
  }
}

/** A text filter (reference): at most `max` characters and no NUL, which PostgreSQL cannot hold. */
export function textFilter(value: string | undefined, parameter: string, max: number) {
  if (value === undefined) return undefined;
  if (value.length > max || value.includes("\u0000")) {
    throw invalidFilter(
      "INVALID_PARAMETER",
      parameter,
      `${parameter} must be at most ${max} characters, without NUL`,
    );
  }
  return value;
}

/** The longest window an account-wide query may span, in calendar days of its time zone. */
export const MAX_WINDOW_DAYS = 31;

/**
 * A query's bounds: `byEntity` (it names one of `entities`: any window, or none), else a window
 * of at most MAX_WINDOW_DAYS calendar days in `timezone` (UNBOUNDED_QUERY without one,
 * WINDOW_TOO_LONG over it); and from before to (INVALID_DATE_RANGE).
 */
export function checkBoundedWindow(
  window: Window,
  timezone: string,
  { byEntity, entities }: { byEntity: boolean; entities: string },
): void {
  if (!byEntity && !window.start) {
    throw invalidFilter(
      "UNBOUNDED_QUERY",
      "from",
      `give a window (from, and optionally to) of at most ${MAX_WINDOW_DAYS} days, or filter by ${entities}`,
    );
  }
  checkWindowOrder(window);
  if (!byEntity && window.start) {
    const days = calendarDays(window.start, window.end ?? new Date(), timezone);
    if (days > MAX_WINDOW_DAYS) {
      throw invalidFilter(
        "WINDOW_TOO_LONG",
        window.end ? "to" : "from",
        `the window covers ${days} days; without an entity filter it may cover at most ${MAX_WINDOW_DAYS} (days counted in ${timezone})`,
      );
    }
  }
}
