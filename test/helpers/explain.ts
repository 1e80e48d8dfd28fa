import type pg from "pg";

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
