// Events are kept for the configured number of days, then pruned in the background, a batch at
// a time so no statement holds many row locks or runs long.
import type { PrismaClient } from "../../db/client.js";

const BATCH = 10_000;
const DAY_MS = 86_400_000;

/**
 * Deletes every account's events that occurred more than `days` days ago; how many. Each account
 * is read through its feed index (account, occurred_at), oldest first.
 */
export async function pruneEvents(db: PrismaClient, days: number): Promise<number> {
  const before = new Date(Date.now() - days * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM events AS e USING (
        SELECT old.account_id, old.id FROM accounts AS a CROSS JOIN LATERAL (
          SELECT account_id, id FROM events
          WHERE account_id = a.id AND occurred_at < ${before}::timestamptz
          ORDER BY occurred_at LIMIT ${BATCH}) AS old
        LIMIT ${BATCH}) AS doomed
      WHERE e.account_id = doomed.account_id AND e.id = doomed.id`;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Prunes now and then every hour until the returned function is called; a failure (the
 * database away for a moment) is logged and tried again at the next hour.
 */
export function keepEventsPruned(
  db: PrismaClient,
  days: number,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): () => void {
  const run = () =>
    pruneEvents(db, days).then(
      (deleted) => deleted > 0 && log.info({ deleted, days }, "pruned old events"),
      (err: unknown) => log.warn({ err }, "pruning old events failed; trying again in an hour"),
    );
  const first = setTimeout(run, 5_000);
  const hourly = setInterval(run, 3_600_000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
