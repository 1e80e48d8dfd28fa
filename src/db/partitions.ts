// The monthly partitions of the ledger (stock_movements) and the change feed (events). The
// database does the work (functions of migration partitioned_ledger); the service creates the
// coming months at start-up and daily, and reports rows that landed in a DEFAULT partition
// because no month held them.
import type { PrismaClient, Tx } from "./client.js";
import { keepDoing, type UpkeepLog } from "./upkeep.js";

/** The partitioned tables. */
export const PARTITIONED_TABLES = ["stock_movements", "events"] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Rows of a DEFAULT partition counted at most (a health check must stay cheap). */
export const DEFAULT_ROWS_COUNTED = 10_001;

export interface TablePartitions {
  /** Rows in the DEFAULT partition, counted up to DEFAULT_ROWS_COUNTED (that figure: more). */
  defaultRows: number;
  /** Months follow each other from the current one until this UTC date; null: this month has none. */
  coveredUntil: string | null;
}

export type PartitionStatus = Record<PartitionedTable, TablePartitions>;

/**
 * Creates this month's and the next `monthsAhead` months' partitions that are missing; how many.
 * What countpoint_ensure_partitions does in one call, but a month at a time, each in a
 * transaction of its own: the locks creating a month takes (its table's DEFAULT partition, for
 * a moment) are let go before the next month waits for its own.
 */
export async function ensurePartitions(db: PrismaClient, monthsAhead: number): Promise<number> {
  let created = 0;
  for (const table of PARTITIONED_TABLES) {
    for (let ahead = 0; ahead <= monthsAhead; ahead++) {
      const [row] = await db.$queryRaw<{ created: boolean }[]>`
        SELECT countpoint_create_partition(${table}::regclass,
          (date_trunc('month', clock_timestamp() AT TIME ZONE 'UTC')
            + make_interval(months => ${ahead}::int))::date) AS created`;
      if (row?.created) created++;
    }
  }
  return created;
}

/** Per partitioned table: rows caught by its DEFAULT partition, and how far its months reach. */
export async function partitionStatus(db: PrismaClient | Tx): Promise<PartitionStatus> {
  const rows = await db.$queryRaw<
    { table_name: PartitionedTable; default_rows: bigint; covered_until: string | null }[]
  >`
    SELECT table_name, default_rows,
      to_char(covered_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS covered_until
    FROM countpoint_partition_status(${DEFAULT_ROWS_COUNTED}::int)`;
  const status = {} as PartitionStatus;
  for (const r of rows) {
    status[r.table_name] = { defaultRows: Number(r.default_rows), coveredUntil: r.covered_until };
  }
  return status;
}

/**
 * Creates the partitions ahead now, then daily, until the returned function is called. A failure
 * (the database away, a lock held elsewhere for long) is logged and tried again within the hour;
 * writes meanwhile go to the months made earlier, or to the DEFAULT partition.
 */
export const keepPartitionsAhead = (
  db: PrismaClient,
  monthsAhead: number,
  log: UpkeepLog,
): (() => void) =>
  keepDoing(() => ensurePartitions(db, monthsAhead), log, {
    done: (created) => [{ created, monthsAhead }, "created partitions ahead"],
    failed: "creating partitions ahead failed",
  });
