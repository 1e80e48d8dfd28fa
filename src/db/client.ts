import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "../generated/prisma/client.js";

export { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;

export interface PoolOptions {
  /**
   * How long a request waits for a free connection (a transaction to start, a query to get a
   * connection) before it gives up; the client is told 503 and to retry.
   */
  maxWaitMs?: number;
}

/** A Prisma client over node-postgres with a bounded pool. */
export function createPrismaClient(
  databaseUrl: string,
  poolSize: number,
  { maxWaitMs = 10_000 }: PoolOptions = {},
): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: maxWaitMs,
  });
  return new PrismaClient({
    adapter,
    transactionOptions: { maxWait: maxWaitMs, timeout: 120_000 },
  });
}
