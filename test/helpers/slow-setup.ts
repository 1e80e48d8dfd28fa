// A suite's setup that runs long says why while it runs: what the worker's database sessions are
// doing (waiting on a lock, which one, for how long) and the step the setup is at. A setup that
// waits on something another file left behind is then named by the run that saw it.
import pg from "pg";
import { databaseUrl } from "./db.js";

/** What a setup is doing now (the step it last began), for the report. */
export interface SetupSteps {
  current: string;
}

/**
 * Awaits `work`; if it has not ended after `reportAfterMs`, prints (console.warn) its current
 * step and every other session of the worker's database with its state, wait and query.
 */
export async function reportingWhenSlow<T>(
  what: string,
  steps: SetupSteps,
  work: Promise<T>,
  reportAfterMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const report = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      void sessions()
        .then((rows) =>
          console.warn(
            `${what}: still running after ${reportAfterMs} ms, at ${steps.current}; ` +
              `the database's other sessions:\n${rows.join("\n")}`,
          ),
        )
        .catch((cause) => console.warn(`${what}: slow, and its sessions unreadable: ${cause}`))
        .finally(resolve);
    }, reportAfterMs);
  });
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    void report;
  }
}

/** The worker's database's other sessions: state, wait, age of transaction, query. */
async function sessions(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT pid, application_name, state, wait_event_type, wait_event,
         round(extract(epoch FROM clock_timestamp() - xact_start)::numeric, 1) AS xact_s,
         pg_blocking_pids(pid) AS blocked_by, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
       FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
       ORDER BY xact_start NULLS LAST`,
    );
    return rows.map((r) => JSON.stringify(r));
  } finally {
    await client.end();
  }
}
