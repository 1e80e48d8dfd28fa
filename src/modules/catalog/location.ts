// Locations: where a SKU's or supplier item's stock is kept (a shelf, bay, bin or picking
// position such as A-01-03). Free text as the warehouse spells it, kept as sent (trimmed) and
// compared regardless of case; a filter by location matches a prefix, so "A-01" finds A-01-03
// and "A-" a whole aisle. A location is where stock is, never stock of its own, and belongs to
// the item's stock level at a site (DESIGN §8): the same item may sit in A-01-03 at one store and
// in R-12 at the warehouse. A missing level has no location.
import { Prisma } from "../../db/client.js";
import type { FieldError } from "../../errors.js";
import { checkLine } from "../../text.js";

/** Longest location accepted. */
export const MAX_LOCATION_LENGTH = 64;

/** What an entity's `location` is, for the API's documents. */
export const LOCATION_DESCRIPTION =
  "Where its stock is kept at the site (a shelf, bay, bin or picking position such as A-01-03), as spelled; null when not set there. Each site has its own.";

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
 * byte order over lower(location) COLLATE "C": the form the levels' (account_id, site_id,
 * lower(location)) indexes of the migration `site_locations` serve, whatever the collation.
 */
export function locationStartsWith(column: Prisma.Sql, prefix: string): Prisma.Sql {
  // lower() of PostgreSQL, as the index has it (JavaScript's case mapping differs for a few
  // letters); U+10FFFF sorts after every character in byte order: the end of the range.
  return Prisma.sql`(lower(${column}) COLLATE "C" >= lower(${prefix}::text) COLLATE "C"
    AND lower(${column}) COLLATE "C" < (lower(${prefix}::text) || ${"\u{10FFFF}"}::text) COLLATE "C")`;
}

/** The catalog's items by kind: each one's table, and the column other tables name it by. */
export const ITEMS = {
  sku: { table: Prisma.raw("skus"), column: Prisma.raw("sku_id") },
  supplier_item: { table: Prisma.raw("supplier_items"), column: Prisma.raw("supplier_item_id") },
} as const;

/** The levels' tables and their item columns, by the kind of item. */
export const LEVELS = {
  sku: { table: Prisma.raw("sku_stock"), item: Prisma.raw("sku_id") },
  supplier_item: { table: Prisma.raw("supplier_item_stock"), item: Prisma.raw("supplier_item_id") },
} as const;

/** SQL for an item's location at a site (null: none there, or no level). */
export const locationAt = (
  kind: keyof typeof LEVELS,
  accountId: number | Prisma.Sql,
  site: Prisma.Sql,
  item: Prisma.Sql,
): Prisma.Sql =>
  Prisma.sql`(SELECT level.location FROM ${LEVELS[kind].table} AS level
    WHERE level.account_id = ${accountId} AND level.site_id = ${site}
      AND level.${LEVELS[kind].item} = ${item})`;

/**
 * The condition that item `item` has, at `site`, a location starting with one of `prefixes`
 * (regardless of case): the ids found by their ranges in the levels' location index.
 */
export function locatedAt(
  kind: keyof typeof LEVELS,
  accountId: number | Prisma.Sql,
  site: Prisma.Sql,
  item: Prisma.Sql,
  prefixes: string[],
): Prisma.Sql {
  if (prefixes.length === 0) return Prisma.sql`false`;
  const column = Prisma.sql`level.location`;
  return Prisma.sql`${item} IN (SELECT level.${LEVELS[kind].item} FROM ${LEVELS[kind].table} AS level
    WHERE level.account_id = ${accountId} AND level.site_id = ${site}
      AND level.location IS NOT NULL
      AND (${Prisma.join(
        prefixes.map((p) => locationStartsWith(column, p)),
        " OR ",
      )}))`;
}
