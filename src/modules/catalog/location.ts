// Locations: where a SKU's or supplier item's stock is kept (a shelf, bay, bin or picking
// position such as A-01-03). Free text as the warehouse spells it, kept as sent (trimmed) and
// compared regardless of case; a filter by location matches a prefix, so "A-01" finds A-01-03
// and "A-" a whole aisle. A location is where stock is, never stock of its own.
import { Prisma } from "../../db/client.js";
import type { FieldError } from "../../errors.js";
import { checkLine } from "../../text.js";

/** Longest location accepted. */
export const MAX_LOCATION_LENGTH = 64;

/** What an entity's `location` is, for the API's documents. */
export const LOCATION_DESCRIPTION =
  "Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03), as spelled; null when not set.";

/** The rules of a location sent, for the API's documents. */
export const LOCATION_RULES = `Trimmed, at most ${MAX_LOCATION_LENGTH} characters, no control characters; case is kept and compared regardless of.`;

/** The rule of a location prefix filter, for the API's documents. */
export const LOCATION_FILTER_RULE =
  "Only those whose location starts with this text, regardless of case (A-01 finds A-01-03; A- a whole aisle).";

/**
 * A location as sent, checked into `errors`: trimmed; blank means none (null). Absent (undefined
 * or null) is undefined: not sent, so an edit leaves the location as it is.
 */
export function parseLocation(
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    errors.push({ path, code: "INVALID_PARAMETER", message: "must be a text" });
    return undefined;
  }
  const text = checkedLocation(value, path, errors);
  return text === "" ? null : text;
}

/** A location prefix to filter by, checked into `errors` as a location is (blank: none). */
export function parseLocationPrefix(
  value: string | undefined | null,
  path: (string | number)[],
  errors: FieldError[],
): string | null {
  if (value === undefined || value === null) return null;
  const text = checkedLocation(value, path, errors);
  return text === "" ? null : text;
}

/** Trimmed, within its length, and free of control characters (else INVALID_PARAMETER). */
function checkedLocation(value: string, path: (string | number)[], errors: FieldError[]): string {
  const text = value.trim();
  checkLine(text, path, MAX_LOCATION_LENGTH, errors);
  return text;
}

/**
 * The condition that `column` (a location) starts with `prefix` regardless of case, as a range in
 * byte order over lower(location) COLLATE "C": the form the (account_id, lower(location)) indexes
 * of the migration `locations` serve, whatever the database's collation.
 */
export function locationStartsWith(column: Prisma.Sql, prefix: string): Prisma.Sql {
  // lower() of PostgreSQL, as the index has it (JavaScript's case mapping differs for a few
  // letters); U+10FFFF sorts after every character in byte order: the end of the range.
  return Prisma.sql`(lower(${column}) COLLATE "C" >= lower(${prefix}::text) COLLATE "C"
    AND lower(${column}) COLLATE "C" < (lower(${prefix}::text) || ${"\u{10FFFF}"}::text) COLLATE "C")`;
}
