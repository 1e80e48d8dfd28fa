// Events are kept for the configured number of days, then pruned in the background: a monthly
// partition entirely past the retention is dropped whole, and the rest is deleted a batch at a
// time so no statement holds many row locks or runs long.
import type { PrismaClient } from "../../db/client.js";

const BATCH = 10_000;
const DAY_MS = 86_400_000;

/**
 * Deletes every account's events that occurred more than `days` days ago; how many. Whole
 * months go first (dropping a partition writes nothing per row); what is left (the month the
 * retention ends in, strays in the DEFAULT partition) is read per account through its feed
 * index (account, occurred_at), oldest first, and deleted in batches.
 */
export async function pruneEvents(db: PrismaClient, days: number): Promise<number> {
  const before = new Date(Date.now() - days * DAY_MS).toISOString();
  let total = await dropExpiredMonths(db, before);
  for (;;) {
    // occurred_at in the join and the bound: each row is found in its own month's partition.
    const deleted = await db.$executeRaw`
      DELETE FROM events AS e USING (
        SELECT old.account_id, old.id, old.occurred_at FROM accounts AS a CROSS JOIN LATERAL (
          SELECT account_id, id, occurred_at FROM events
          WHERE account_id = a.id AND occurred_at < ${before}::timestamptz
          ORDER BY occurred_at LIMIT ${BATCH}) AS old
        LIMIT ${BATCH}) AS doomed
      WHERE e.account_id = doomed.account_id AND e.id = doomed.id
        AND e.occurred_at = doomed.occurred_at AND e.occurred_at < ${before}::timestamptz`;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Drops the monthly partitions of events that end at or before `before`; the rows they held.
 * Dropping a partition locks the events table for a moment, and every write (each appends an
 * event) queues behind the drop while it waits for that lock: so it waits 100 ms at most, and if
 * a long read holds the table meanwhile, the month is left to the batched delete this time.
 */
async function dropExpiredMonths(db: PrismaClient, before: string): Promise<number> {
  const expired = await db.$queryRaw<{ name: string }[]>`
    SELECT p.partition::text AS name FROM countpoint_partitions('events') AS p
    WHERE p.range_end <= ${before}::timestamptz ORDER BY p.range_end`;
  let dropped = 0;
  for (const { name } of expired) {
    // The name comes from the catalog as regclass text (quoted where it needs to be).
    const rows = await db
      .$transaction(
        async (tx) => {
          // Counting a large month may take longer than the service's statement_timeout.
          await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 0`);
          const [count] = await tx.$queryRawUnsafe<{ n: bigint }[]>(
            `SELECT count(*) AS n FROM ${name}`,
          );
          await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '100ms'`);
          await tx.$executeRawUnsafe(`DROP TABLE ${name}`);
          return Number(count?.n ?? 0);
        },
        { timeout: 120_000 },
      )
      // Left to the delete below, which reports a database that is away.
      .catch(() => 0);
    dropped += rows;
  }
  return dropped;
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
