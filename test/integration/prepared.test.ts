// Statements sent over and over are prepared once per connection (parsed and planned once, not on
// every request); statements whose text or best plan depends on how many values they carry are not.
import { createPrismaClient, type PrismaClient, type Tx } from "../../src/db/client.js";
import { preparedStatementNames } from "../../src/db/prepared.js";
import { intArray } from "../../src/db/sql.js";
import { databaseUrl, testDb } from "../helpers/db.js";

let db: PrismaClient;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.$disconnect();
});

/** What this connection holds prepared whose text mentions `probe`, with how often each ran. */
const preparedOn = (tx: Tx, probe: string) =>
  tx.$queryRaw<{ statement: string; runs: number }[]>`
    SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
    WHERE strpos(statement, ${probe}) > 0 AND strpos(statement, 'pg_prepared_statements') = 0`;

describe("prepared statements", () => {
  it("prepares a statement sent again on a connection once, and runs it from there", async () => {
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.$queryRaw`SELECT ${i}::int AS probe_repeated`;
      expect(await preparedOn(tx, "probe_repeated")).toEqual([
        { statement: "SELECT $1::int AS probe_repeated", runs: 3 },
      ]);
    });
  });

  it("plans a bulk request's long list for its values instead of preparing it", async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ n: number }[]>`
        SELECT cardinality(${intArray(ids)}) AS n, 1 AS probe_long`;
      expect(row?.n).toBe(5000);
      await tx.$queryRaw`SELECT cardinality(${intArray([1, 2])}) AS probe_short`;
      expect(await preparedOn(tx, "probe_long")).toEqual([]);
      expect(await preparedOn(tx, "probe_short")).toHaveLength(1);
    });
  });

  it("does not prepare a query whose text grows with its list (one statement per length)", async () => {
    await db.$transaction(async (tx) => {
      for (const ids of [[1], [1, 2], [1, 2, 3]]) {
        await tx.sku.findMany({ where: { accountId: -1, id: { in: ids } } });
      }
      const prepared = await preparedOn(tx, '"skus"');
      expect(prepared.filter((p) => p.statement.includes(" IN ("))).toEqual([]);
    });
  });

  it("prepares nothing when turned off (a pooler in transaction mode)", async () => {
    const plain = createPrismaClient(databaseUrl(), 1, { prepare: false });
    try {
      await plain.$transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.$queryRaw`SELECT ${i}::int AS probe_off`;
        expect(await preparedOn(tx, "probe_off")).toEqual([]);
      });
    } finally {
      await plain.$disconnect();
    }
  });
});

describe("which statements are named", () => {
  it("names at most 256 texts per process, so no connection holds more prepared statements", () => {
    const nameOf = preparedStatementNames();
    const names = Array.from({ length: 300 }, (_, i) => nameOf({ sql: `SELECT ${i}`, args: [] }));
    expect(new Set(names.slice(0, 256)).size).toBe(256);
    expect(names.slice(256)).toEqual(Array.from({ length: 44 }, () => undefined));
    // A text named before keeps its name; one seen again with a long list runs unnamed.
    expect(nameOf({ sql: "SELECT 0", args: [] })).toBe(names[0]);
    expect(nameOf({ sql: "SELECT 0", args: ["1,".repeat(600)] })).toBeUndefined();
  });
});
