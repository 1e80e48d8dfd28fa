import { Prisma, transactionOptionsOf, type PrismaClient, type Tx } from "./client.js";
import { sqlstateOf } from "./sqlstate.js";

const RETRYABLE_SQLSTATES = ["40P01", "40001"]; // deadlock_detected, serialization_failure
const MAX_ATTEMPTS = 5;

/**
 * Runs one use case in one transaction. A deadlock or serialization failure rolls everything
 * back, so the whole use case is retried (with jitter) instead of surfacing to the client.
 */
export function inTransaction<T>(db: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.$transaction(work, transactionOptionsOf(db)));
}

/**
 * Runs `work`, a transaction of its own (one statement, say), again with jitter when PostgreSQL
 * rolled it back for a deadlock or serialization failure.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/**
 * A deadlock or serialization failure (also how a hot standby cancels a query that conflicts
 * with replay): the same request may well succeed again. Prisma reports both as P2034; a raw
 * query's failure carries the SQLSTATE in its metadata.
 */
export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034") return true;
  const sqlstate = sqlstateOf(error);
  return sqlstate !== undefined && RETRYABLE_SQLSTATES.includes(sqlstate);
}
