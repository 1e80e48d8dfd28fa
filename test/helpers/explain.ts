import { keepStatistics } from "../../src/db/statistics.js";
import pg from "pg";
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { databaseUrl, newAccount, testDb } from "./db.js";
import { loggingClient, type LoggedApp } from "./movements.js";

/** A node of PostgreSQL's JSON plan, with the fields the plan tests read. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "CTE Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Join Filter"?: string;
  Filter?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Subplans Removed"?: number;
  /** The partition a scan reads, when "Relation Name" (its table) is partitioned. */
  Partition?: string;
  /** How it feeds its parent: "Outer", "Inner", "InitPlan", "SubPlan", "Member"… */
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * Every node of PostgreSQL's plan for a captured statement, run with its own parameters. A scan
 * of a partition names its partitioned table as "Relation Name" (and the partitioned index as
 * "Index Name"), the partition itself as Partition, so a plan reads the same whether a table is
 * partitioned or not.
 */
export async function explain(
  sql: pg.Client,
  statement: { sql: string; params: unknown[] },
  analyze = false,
): Promise<PlanNode[]> {
  const options = analyze ? "ANALYZE, FORMAT JSON" : "FORMAT JSON";
  const result = await sql.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `EXPLAIN (${options}) ${statement.sql}`,
    statement.params,
  );
  const parents = await partitionParents(sql);
  const named = (node: PlanNode): PlanNode => {
    const table = node["Relation Name"];
    const index = node["Index Name"];
    const parent = table && parents.get(table);
    return {
      ...node,
      ...(parent ? { "Relation Name": parent, Partition: table } : {}),
      ...(index ? { "Index Name": parents.get(index) ?? index } : {}),
      ...(node.Plans ? { Plans: node.Plans.map(named) } : {}),
    };
  };
  return flatten(named(result.rows[0]!["QUERY PLAN"][0].Plan));
}

/** Each partition (of a table or of an index) and the partitioned relation it belongs to. */
async function partitionParents(sql: pg.Client): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relkind IN ('p', 'I')`,
  );
  return new Map(rows.map((r) => [r.child, r.parent]));
}

/** The nodes reading `table`. */
export const scansOf = (table: string, nodes: PlanNode[]) =>
  nodes.filter((n) => n["Relation Name"] === table);

/** Rows a plan read from `table`: those its scans kept and those their filters removed, every loop. */
export const rowsRead = (table: string, nodes: PlanNode[]) =>
  scansOf(table, nodes).reduce(
    (sum, n) =>
      sum +
      ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1),
    0,
  );

/**
 * Leaves `tables` as autovacuum leaves them after a load: vacuumed and analyzed. A trigram (GIN)
 * index keeps the rows inserted since the last vacuum in a pending list, read whole by every
 * search and priced by the planner: near its 4 MB limit, walking the primary key looked cheaper
 * than the search index. What earlier files of the worker inserted decides how full the list is,
 * and a server without autovacuum never empties it; after a vacuum it is empty, whatever came
 * before.
 */
export async function settle(sql: pg.Client, tables: string[]): Promise<void> {
  await sql.query(`VACUUM (ANALYZE) ${tables.join(", ")}`);
}

/**
 * What a plan test needs: the test database's client, a new account's service context whose
 * client records every statement into `queries`, and a plain connection to explain them on.
 */
export interface PlanTest {
  db: PrismaClient;
  logged: PrismaClient;
  sql: pg.Client;
  ctx: ServiceContext;
  close: () => Promise<void>;
}

/** Opens a PlanTest on a new account; close() ends its connections. */
export async function planTest(queries: LoggedApp["queries"]): Promise<PlanTest> {
  const db = await testDb();
  const logged = loggingClient(queries);
  // Plan tests make the statistics they study: no start analyzes behind their back.
  keepStatistics(logged);
  const sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
  // Nor does autovacuum: its ANALYZE, at a moment of its own choosing, would plan the file's
  // statements on statistics other than the ones it made (the worker's database is the file's
  // alone while it runs; the tables get autovacuum back when it closes).
  const { rows: tables } = await sql.query<{ name: string }>(
    `SELECT oid::regclass::text AS name FROM pg_class
     WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY oid`,
  );
  const autovacuum = async (on: boolean) => {
    for (const { name } of tables) {
      await sql.query(
        on
          ? `ALTER TABLE ${name} RESET (autovacuum_enabled)`
          : `ALTER TABLE ${name} SET (autovacuum_enabled = false)`,
      );
    }
  };
  await autovacuum(false);
  const account = await newAccount(db);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  return {
    db,
    logged,
    sql,
    ctx: { db: logged, principal },
    close: async () => {
      await autovacuum(true);
      await sql.end();
      await Promise.all([db.$disconnect(), logged.$disconnect()]);
    },
  };
}
