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
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Every node of PostgreSQL's plan for a captured statement, run with its own parameters. */
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
  return flatten(result.rows[0]!["QUERY PLAN"][0].Plan);
}

/** The nodes reading `table`. */
export const scansOf = (table: string, nodes: PlanNode[]) =>
  nodes.filter((n) => n["Relation Name"] === table);

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
  const sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
  const account = await newAccount(db);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  return {
    db,
    logged,
    sql,
    ctx: { db: logged, principal },
    close: async () => {
      await sql.end();
      await Promise.all([db.$disconnect(), logged.$disconnect()]);
    },
  };
}
