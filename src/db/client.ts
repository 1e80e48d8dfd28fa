import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "../generated/prisma/client.js";
import { preparedStatementNames } from "./prepared.js";

export { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;

export interface PoolOptions {
  /**
   * How long a request waits for a free connection (a transaction to start, a query to get a
   * connection) before it gives up; the client is told 503 and to retry.
   */
  maxWaitMs?: number;
  /**
   * Keep the statements the service sends over and over prepared on each connection (see
   * prepared.ts). Off for a pooler in transaction mode that cannot carry prepared statements.
   */
  prepare?: boolean;
}

/** A Prisma client over node-postgres with a bounded pool. */
export function createPrismaClient(
  databaseUrl: string,
  poolSize: number,
  { maxWaitMs = 30_000, prepare = true }: PoolOptions = {},
): PrismaClient {
  const names = prepare ? preparedStatementNames() : undefined;
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: maxWaitMs },
    // node-postgres runs a query unnamed when its name is undefined.
    names && { statementNameGenerator: (query) => names(query) as string },
  );
  const client = new PrismaClient({ adapter });
  transactionOptions.set(client, { maxWait: maxWaitMs, timeout: 120_000 });
  return client;
}

const transactionOptions = new WeakMap<PrismaClient, { maxWait: number; timeout: number }>();

/**
 * How long a use case's transaction may wait to start and then run on this client: what
 * createPrismaClient was given, or the defaults for a client made elsewhere.
 */
export const transactionOptionsOf = (client: PrismaClient) =>
  transactionOptions.get(client) ?? { maxWait: 30_000, timeout: 120_000 };
