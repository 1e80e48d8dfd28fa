// Ready for Citus: every table can be distributed by account. Citus requires a distributed
// table's primary key, unique indexes and foreign keys to include its distribution column; here
// that column leads each of them (account_id, or accounts' own id), so a new table or index that
// would stop the schema from distributing fails this test. prisma/citus/distribute.sql must name
// every table: distributed by its account, or a reference table (copied whole to every node) for
// the few that belong to no account and are read by every one (the tokens' signing key).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PrismaClient } from "../../src/db/client.js";
import { projectRoot } from "../../src/paths.js";
import { testDb } from "../helpers/db.js";

let db: PrismaClient;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db.$disconnect());

/** The tables of no account, copied whole to every node (create_reference_table). */
const REFERENCE_TABLES = ["token_keys"];

/**
 * Tables of the schema to distribute, but Prisma's migration bookkeeping (it stays on the
 * coordinator) and the reference tables. Citus distributes a partitioned table with its
 * partitions, so the script names the parent only.
 */
const TABLES = `
  SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    AND c.relname <> '_prisma_migrations'
    AND c.relname NOT IN (${REFERENCE_TABLES.map((t) => `'${t}'`).join(", ")})`;

/** Every table holding rows: TABLES and their partitions, each a distributed table's shard too. */
const TABLES_AND_PARTITIONS = `
  SELECT c.oid, COALESCE(p.relname, c.relname) AS relname
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_inherits i ON c.relispartition AND i.inhrelid = c.oid
  LEFT JOIN pg_class p ON p.oid = i.inhparent
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
    AND c.relname NOT IN (${REFERENCE_TABLES.map((t) => `'${t}'`).join(", ")})`;

describe("the schema, distributed by account", () => {
  it("leads every primary key, unique index and foreign key with the account", async () => {
    // Partitions are read as their table (relname is the parent's): their keys are its keys.
    const rows = await db.$queryRawUnsafe<{ table: string; name: string; first: string }[]>(`
      WITH t AS (${TABLES_AND_PARTITIONS})
      SELECT t.relname AS table, i.relname AS name, a.attname AS first
      FROM t JOIN pg_index x ON x.indrelid = t.oid AND (x.indisunique OR x.indisprimary)
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
      UNION ALL
      SELECT t.relname, k.conname, a.attname
      FROM t JOIN pg_constraint k ON k.conrelid = t.oid AND k.contype = 'f'
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.conkey[1]
      ORDER BY 1, 2`);
    expect(rows.length).toBeGreaterThan(20);
    const distributionColumn = (table: string) => (table === "accounts" ? "id" : "account_id");
    const offending = rows.filter((r) => r.first !== distributionColumn(r.table));
    expect(offending).toEqual([]);
  });

  it("has every table in prisma/citus/distribute.sql, by its account", async () => {
    const script = await readFile(join(projectRoot, "prisma/citus/distribute.sql"), "utf8");
    const tables = (await db.$queryRawUnsafe<{ relname: string }[]>(TABLES)).map((t) => t.relname);
    const distributed = [...script.matchAll(/create_distributed_table\('(\w+)', '(\w+)'/g)];
    expect(Object.fromEntries(distributed.map((m) => [m[1], m[2]]))).toEqual(
      Object.fromEntries(tables.map((t) => [t, t === "accounts" ? "id" : "account_id"])),
    );
    const referenced = [...script.matchAll(/create_reference_table\('(\w+)'\)/g)].map((m) => m[1]);
    expect(referenced).toEqual(REFERENCE_TABLES);
    // A reference table holds no account's rows.
    const columns = await db.$queryRawUnsafe<{ table: string }[]>(
      `SELECT table_name AS table FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'account_id' AND table_name = ANY($1)`,
      REFERENCE_TABLES,
    );
    expect(columns).toEqual([]);
  });
});
