import { Prisma, type PrismaClient, type Tx } from "./client.js";

const RETRYABLE_SQLSTATES = ["40P01", "40001"]; // deadlock_detected, serialization_failure
const MAX_ATTEMPTS = 5;

/**
 * Runs one use case in one transaction. A deadlock or serialization failure rolls everything
 * back, so the whole use case is retried (with jitter) instead of surfacing to the client.
 */
export async function inTransaction<T>(db: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(work, { maxWait: 10_000, timeout: 120_000 });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034") return true;
  const text = `${(error as Error)?.message ?? ""} ${JSON.stringify((error as { meta?: unknown })?.meta ?? {})}`;
  return RETRYABLE_SQLSTATES.some((code) => text.includes(code)) || /deadlock detected/i.test(text);
}
