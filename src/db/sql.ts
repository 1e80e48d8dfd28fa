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
 * Rows as a SQL relation `alias(columns…)` from one JSON parameter; `columns` is a fixed column
 * definition list written in the code ("line_id int, qty numeric"), never user input.
 */
export const jsonRows = (rows: readonly object[], alias: string, columns: string): Prisma.Sql =>
  Prisma.sql`json_to_recordset(${JSON.stringify(rows)}::json) AS ${Prisma.raw(alias)}(${Prisma.raw(columns)})`;
