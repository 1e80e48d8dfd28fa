// Passing thousands of values to one statement. Prisma serialises an array parameter element by
// element, which for 10,000 values costs far more than the statement itself; one text parameter
// unpacked by PostgreSQL costs next to nothing.
import { Prisma } from "../../db/client.js";

/** An int[] in SQL from one text parameter. */
export const intArray = (ids: readonly number[]): Prisma.Sql =>
  Prisma.sql`string_to_array(${ids.join(",")}, ',')::int[]`;

/**
 * Rows as a SQL relation `alias(columns…)` from one JSON parameter; `columns` is a fixed column
 * definition list written in the code ("line_id int, qty numeric"), never user input.
 */
export const jsonRows = (rows: readonly object[], alias: string, columns: string): Prisma.Sql =>
  Prisma.sql`json_to_recordset(${JSON.stringify(rows)}::json) AS ${Prisma.raw(alias)}(${Prisma.raw(columns)})`;
