// Rows sent as one JSON parameter (src/db/sql.ts): every row comes back, in order, whatever its
// count, and the statement's text varies by size class only (each text is a prepared statement).
import type { PrismaClient } from "../../src/db/client.js";
import { Prisma } from "../../src/db/client.js";
import { jsonRows } from "../../src/db/sql.js";
import { testDb } from "../helpers/db.js";

let db: PrismaClient;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.$disconnect();
});

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => [i * 10, `code-${i}`] as const);

test("every row comes back in its order, at every count up to and past the planner's estimate", async () => {
  for (const count of [0, 1, 2, 3, 5, 8, 9, 63, 64, 65, 99, 100, 101, 250]) {
    const got = await db.$queryRaw<{ n: number; code: string; ord: number }[]>`
      SELECT n, code, ord FROM ${jsonRows(rowsOf(count), "v", "n int, code text")} ORDER BY ord`;
    expect(got).toEqual(rowsOf(count).map(([n, code], ord) => ({ n, code, ord })));
  }
});

test("counts from 1 to 99 give at most eight statement texts (one per size class)", () => {
  const texts = new Set(
    Array.from(
      { length: 99 },
      (_, i) => Prisma.sql`SELECT * FROM ${jsonRows(rowsOf(i + 1), "v", "n int, code text")}`.sql,
    ),
  );
  expect(texts.size).toBeGreaterThan(1);
  expect(texts.size).toBeLessThanOrEqual(8);
});
