// Passing thousands of values to one statement. Prisma serialises an array parameter element by
// element, which for 10,000 values costs far more than the statement itself; one text parameter
// unpacked by PostgreSQL costs next to nothing.
import { Prisma } from "./client.js";

/** Joins values into one comma-separated parameter; null becomes the empty field (SQL NULL). */
const joined = (values: readonly (string | number | null)[]): string =>
  values.map((v) => (v === null ? "" : String(v))).join(",");

/** An int[] in SQL from one text parameter; null elements stay NULL. */
export const intArray = (ids: readonly (number | null)[]): Prisma.Sql => unpacked(ids, "int");

/** A bigint[] in SQL from one text parameter; null elements stay NULL. */
export const bigintArray = (ids: readonly (number | null)[]): Prisma.Sql => unpacked(ids, "bigint");

const unpacked = (values: readonly (number | null)[], type: "int" | "bigint"): Prisma.Sql =>
  // A lone NULL would join to the empty string, which is the empty array.
  values.length === 1 && values[0] === null
    ? Prisma.sql`ARRAY[NULL]::${Prisma.raw(type)}[]`
    : Prisma.sql`string_to_array(${joined(values)}, ',', '')::${Prisma.raw(type)}[]`;

/** A numeric[] in SQL from one text parameter (exact decimal strings, as Decimal#toFixed gives). */
export const numericArray = (values: readonly string[]): Prisma.Sql =>
  Prisma.sql`string_to_array(${joined(values)}, ',', '')::numeric[]`;

/** A text[] in SQL from one text parameter; for fixed words (enum values), never user text. */
export const wordArray = (values: readonly string[]): Prisma.Sql =>
  Prisma.sql`string_to_array(${joined(values)}, ',', '')::text[]`;

/**
 * Rows as a SQL relation `alias(columns…, ord)` from one JSON parameter: an array of arrays, each
 * holding a row's values in the order of `columns` (no key repeated on every row, so a third the
 * size of an array of objects: Prisma copies a parameter several times, and keeps the last ones
 * in its debug history). `columns` is a fixed definition list written in the code
 * ("line_id int, qty numeric"), never user input; `ord` is each row's 0-based position.
 */
export const jsonRows = (
  rows: readonly (readonly unknown[])[],
  alias: string,
  columns: string,
): Prisma.Sql => {
  const select = columns
    .split(",")
    .map((column, i) => {
      const [name, type] = column.trim().split(/\s+/);
      return `(r.value->>${i})::${type} AS ${name}`;
    })
    .join(", ");
  return Prisma.sql`(SELECT ${Prisma.raw(select)}, (r.ordinality - 1)::int AS ord
    FROM json_array_elements(${JSON.stringify(rows)}::json) WITH ORDINALITY AS r
    ${rowsBound(rows.length)}) AS ${Prisma.raw(alias)}`;
};

/**
 * The planner takes a set-returning function for 100 rows: a LIMIT tells it there are fewer, so a
 * one-row write probes its table by key rather than hashing the table for the hundred rows it
 * expected. The bound is the next power of two (a literal, in the statement's text, so a prepared
 * statement's generic plan knows it too): one text per size class, not per count.
 */
const rowsBound = (count: number): Prisma.Sql => {
  if (count >= 100) return Prisma.empty;
  let bound = 1;
  while (bound < count) bound *= 2;
  return Prisma.raw(`LIMIT ${bound}`);
};
