// A lock held by the test on a connection of its own, so that the service's requests wait on it.
import pg from "pg";
import { queryRows } from "./fresh-database.js";

export interface HeldLock {
  /** The holder's backend. */
  pid: number;
  /** Waits until exactly `count` sessions wait (directly or in a queue) behind the lock. */
  waiters: (count: number) => Promise<void>;
  release: () => Promise<void>;
}

/** Runs `sql` (a SELECT … FOR UPDATE, say) in a transaction that stays open until released. */
export async function holdLock(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<HeldLock> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query(sql, params);
  const pid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  return {
    pid,
    waiters: async (count) => {
      let seen = -1;
      for (let i = 0; i < 200; i++) {
        // Waiters queue behind each other, so follow the chain of blockers from the holder.
        const [row] = await queryRows<{ n: number }>(
          url,
          `WITH RECURSIVE w(pid) AS (
             SELECT $1::int
             UNION SELECT a.pid FROM pg_stat_activity a JOIN w ON w.pid = ANY(pg_blocking_pids(a.pid)))
           SELECT count(*)::int - 1 AS n FROM w`,
          [pid],
        );
        seen = row?.n ?? -1;
        if (seen === count) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`expected ${count} sessions waiting on the lock, saw ${seen}`);
    },
    release: async () => {
      await holder.query("ROLLBACK");
      await holder.end();
    },
  };
}
