// PostgreSQL's side of a load run, from pg_stat_statements: the execution time and the statements
// each change cost the database, so that the server's figures and raw SQL's can be read side by
// side. The embedded cluster of `npm run bench` loads the extension; a DATABASE_URL server that
// does not is measured without this (null).
import type pg from "pg";

/** What PostgreSQL spent on a run, per change. */
export interface PgSide {
  /** Execution time of every statement of the run's database, per change (µs). */
  execUsPerChange: number;
  /** Statements executed, per change. */
  statementsPerChange: number;
  /** The statements that took most of the time, most first (up to TOP_STATEMENTS). */
  top: TopStatement[];
}

/** A statement of a run: its first words, its calls, its mean (µs) and its share of the time. */
export interface TopStatement {
  statement: string;
  calls: number;
  meanUs: number;
  share: number;
}

/** How many of a run's costliest statements are kept. */
const TOP_STATEMENTS = 6;

/** Whether pg_stat_statements can be read here (created in the database when it is loaded). */
export async function enablePgSide(raw: pg.Client): Promise<boolean> {
  const loaded = await raw.query<{ on: boolean }>(
    "SELECT current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%' AS on",
  );
  if (!loaded.rows[0]?.on) return false;
  await raw.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  return true;
}

/** Runs `run` between a reset and a read of pg_stat_statements; `changes` says how many it made. */
export async function withPgSide<T>(
  raw: pg.Client | null,
  run: () => Promise<T>,
  changes: (result: T) => number,
): Promise<{ result: T; pg: PgSide | null }> {
  if (!raw) return { result: await run(), pg: null };
  await raw.query("SELECT pg_stat_statements_reset()");
  const result = await run();
  const { rows } = await raw.query<{ query: string; calls: string; total: number }>(
    `SELECT query, calls, total_exec_time AS total FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT LIKE '%pg_stat_statements%'`,
  );
  const n = Math.max(1, changes(result));
  const totalMs = rows.reduce((sum, r) => sum + Number(r.total), 0);
  const calls = rows.reduce((sum, r) => sum + Number(r.calls), 0);
  const top = [...rows]
    .sort((a, b) => Number(b.total) - Number(a.total))
    .slice(0, TOP_STATEMENTS)
    .map((r) => ({
      statement: r.query.trim().split(/\s+/).slice(0, 8).join(" "),
      calls: Number(r.calls),
      meanUs: (Number(r.total) * 1000) / Math.max(1, Number(r.calls)),
      share: totalMs > 0 ? Number(r.total) / totalMs : 0,
    }));
  return {
    result,
    pg: {
      execUsPerChange: (totalMs * 1000) / n,
      statementsPerChange: calls / n,
      top,
    },
  };
}

/** One of a run's costliest statements as one line. */
export const describeStatement = (t: TopStatement): string =>
  `${(t.share * 100).toFixed(0)}%, ${t.calls} calls, mean ${t.meanUs.toFixed(0)} µs: ${t.statement} …`;

/** A run's PostgreSQL side as one line. */
export const describePgSide = (side: PgSide | null): string =>
  side
    ? `${side.execUsPerChange.toFixed(0)} µs in ${side.statementsPerChange.toFixed(1)} statements` +
      (side.top[0]
        ? `; most in ${side.top[0].statement.split(" ").slice(0, 4).join(" ")} … (${(side.top[0].share * 100).toFixed(0)}%, mean ${side.top[0].meanUs.toFixed(0)} µs)`
        : "")
    : "not measured (pg_stat_statements is not loaded)";
