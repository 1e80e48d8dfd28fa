// Monthly snapshots of the stock (decision record "Stock as of a date starts from a monthly
// snapshot", docs/architecture/ledger.md): each account's stock per site and item at the start of
// every UTC month, what its movements before then add up to. A valuation as of a date starts from
// the snapshot nearest it (or from the levels now) and reads only the movements between. Made by
// the upkeep, never by a request: a month is snapshotted once every movement before its start has
// committed (the account's ledger horizon is past it), from the month before's snapshot and the
// month's movements, in a transaction of its own.
import { Prisma, type PrismaClient } from "../db/client.js";
import { inTransaction } from "../db/transaction.js";
import { keepDoing, type UpkeepLog } from "../db/upkeep.js";
import { ledgerHorizons } from "./ledger.js";

/** A snapshot's instant: the start of a UTC month. */
export const monthStart = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

const nextMonth = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** Snapshots missing per account: the month starts after its beginning, up to the latest one. */
interface Missing {
  accountId: number;
  /** The latest snapshot made, if any. */
  latest: Date | null;
  /** When the account's ledger begins: its creation or its first movement, whichever is earlier. */
  begins: Date;
}

/**
 * Makes every snapshot missing up to the start of the current month, oldest first, for each
 * account whose ledger horizon is past it (a month whose start an open write still precedes
 * waits for the next run); how many were made. Safe beside another process doing the same: a
 * month's run row is written first, so the second waits for the first and then skips it. Every
 * account, or those listed.
 */
export async function takeSnapshots(
  db: PrismaClient,
  options: { now?: Date; accountIds?: number[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const current = monthStart(now);
  const missing = await db.$queryRaw<Missing[]>`
    SELECT a.id AS "accountId", r.latest,
      LEAST(a.created_at, (SELECT min(m.occurred_at) FROM stock_movements m
        WHERE m.account_id = a.id)) AS begins
    FROM accounts a
    LEFT JOIN LATERAL (SELECT max(taken_at) AS latest FROM stock_snapshot_runs r
      WHERE r.account_id = a.id) r ON true
    WHERE (r.latest IS NULL OR r.latest < ${current})
      ${options.accountIds ? Prisma.sql`AND a.id = ANY(${options.accountIds}::int[])` : Prisma.empty}`;
  const due = missing.filter((m) => nextMonth(m.latest ?? m.begins) <= current);
  if (due.length === 0) return 0;
  const horizons = await ledgerHorizons(
    db,
    due.map((m) => m.accountId),
  );
  let made = 0;
  for (const account of due) {
    const horizon = horizons.get(account.accountId)!;
    let previous = account.latest;
    for (let at = nextMonth(previous ?? account.begins); at <= current; at = nextMonth(at)) {
      if (at >= horizon) break;
      if (await takeSnapshot(db, account.accountId, at, previous)) made += 1;
      previous = at;
    }
  }
  return made;
}

/**
 * The account's snapshot at `at`: the snapshot at `previous` (none: nothing before) and the
 * movements in [previous, at), added up per site and item; false when another process made it.
 */
async function takeSnapshot(
  db: PrismaClient,
  accountId: number,
  at: Date,
  previous: Date | null,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx.$executeRaw`
      INSERT INTO stock_snapshot_runs (account_id, taken_at, items) VALUES (${accountId}, ${at}, 0)
      ON CONFLICT DO NOTHING`;
    if (claimed === 0) return false;
    const items = await tx.$executeRaw`
      INSERT INTO stock_snapshots (account_id, taken_at, site_id, entity_type, item_id, on_hand)
      SELECT ${accountId}, ${at}::timestamptz(3), site_id, entity_type, item_id, sum(qty)
      FROM (
        ${
          previous
            ? Prisma.sql`SELECT site_id, entity_type, item_id, on_hand AS qty FROM stock_snapshots
                WHERE account_id = ${accountId} AND taken_at = ${previous}
                UNION ALL`
            : Prisma.empty
        }
        SELECT site_id, entity_type, COALESCE(sku_id, supplier_item_id), change
        FROM stock_movements
        WHERE account_id = ${accountId} AND occurred_at < ${at}
          ${previous ? Prisma.sql`AND occurred_at >= ${previous}` : Prisma.empty}
      ) AS held (site_id, entity_type, item_id, qty)
      GROUP BY site_id, entity_type, item_id
      HAVING sum(qty) <> 0`;
    await tx.$executeRaw`
      UPDATE stock_snapshot_runs SET items = ${items}
      WHERE account_id = ${accountId} AND taken_at = ${at}`;
    return true;
  });
}

/** Takes the snapshots due now, then daily, until the returned function is called. */
export const keepSnapshotsTaken = (db: PrismaClient, log: UpkeepLog): (() => void) =>
  keepDoing(() => takeSnapshots(db), log, {
    done: (made) => [{ made }, "took monthly stock snapshots"],
    failed: "taking monthly stock snapshots failed",
  });
