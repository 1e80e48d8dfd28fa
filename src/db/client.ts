import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "../generated/prisma/client.js";
import {
  accountShareOf,
  DEFAULT_ACCOUNT_QUEUE,
  DEFAULT_ACCOUNT_SHARE,
  PoolShare,
} from "./pool-share.js";
import { preparedStatementNames } from "./prepared.js";
import { scopeConnections } from "./request-scope.js";

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
  /** PostgreSQL's statement_timeout on every connection; 0 or unset: the server's own. */
  statementTimeoutMs?: number;
  /** PostgreSQL's idle_in_transaction_session_timeout on every connection; 0 or unset: the server's own. */
  idleInTransactionTimeoutMs?: number;
  /** PostgreSQL's application_name of every connection (pg_stat_activity shows whose they are). */
  applicationName?: string;
  /** The part of the pool one account's requests may hold at once (0 < x ≤ 1; see pool-share.ts). */
  accountPoolShare?: number;
  /** How many of one account's takes may wait past its share before more are refused (503). */
  accountPoolQueue?: number;
}

/** A Prisma client over node-postgres with a bounded pool. */
export function createPrismaClient(
  databaseUrl: string,
  poolSize: number,
  {
    maxWaitMs = 30_000,
    prepare = true,
    statementTimeoutMs = 0,
    idleInTransactionTimeoutMs = 0,
    applicationName,
    accountPoolShare = DEFAULT_ACCOUNT_SHARE,
    accountPoolQueue = DEFAULT_ACCOUNT_QUEUE,
  }: PoolOptions = {},
): PrismaClient {
  const names = prepare ? preparedStatementNames() : undefined;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: maxWaitMs,
    // Sent when each connection starts (node-postgres leaves out a 0): no extra round trip.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    ...(applicationName && { application_name: applicationName }),
  });
  // A connection the server closes while it is idle in the pool (a restart, an administrator)
  // is dropped and replaced on the next use; without a listener, node would stop the process.
  pool.on("error", () => {});
  const share = new PoolShare(
    accountShareOf(poolSize, accountPoolShare),
    accountPoolQueue,
    maxWaitMs,
  );
  scopeConnections(pool, share);
  // The adapter's copy of pg's type declarations is another version of the same module.
  const adapter = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
    // node-postgres runs a query unnamed when its name is undefined.
    ...(names && { statementNameGenerator: (query) => names(query) as string }),
  });
  const client = new PrismaClient({ adapter });
  transactionOptions.set(client, { maxWait: maxWaitMs, timeout: 120_000 });
  pools.set(client, { pool, names, share });
  return client;
}

/** Each client's pool, how it names the statements it prepares, and its accounts' shares. */
const pools = new WeakMap<
  PrismaClient,
  { pool: pg.Pool; names: ReturnType<typeof preparedStatementNames> | undefined; share: PoolShare }
>();

/** The accounts' shares of the client's pool (/metrics), if createPrismaClient made it. */
export const poolShareOf = (db: PrismaClient): PoolShare | undefined => pools.get(db)?.share;

/**
 * How a statement that a process sends on its own (no request's work, off every request's path)
 * begins, so that a log of what requests send can leave it out.
 */
export const BACKGROUND_MARK = "/* background */";

/**
 * Runs one statement on the client's pool past Prisma's query engine, for the statements every
 * single adjustment sends (its authentication, the adjustment itself), where Prisma's runtime took
 * about a fifth of the server's time per request (docs: benchmarks). Same pool, so the request's
 * scope (timeouts, statement counts) and the prepared statements hold; rows come as node-postgres
 * gives them (int8 and numeric as strings), errors as its DatabaseError. A client made elsewhere
 * (a test's logging client) runs it through $queryRaw.
 */
export async function queryRows<T>(db: PrismaClient, sql: Prisma.Sql): Promise<T[]> {
  const direct = pools.get(db);
  if (!direct) return db.$queryRaw<T[]>(sql);
  const name = direct.names?.({ sql: sql.text, args: sql.values });
  const result = await direct.pool.query({
    text: sql.text,
    values: sql.values,
    ...(name !== undefined && { name }),
  });
  return result.rows as T[];
}

const transactionOptions = new WeakMap<PrismaClient, { maxWait: number; timeout: number }>();

/**
 * How long a use case's transaction may wait to start and then run on this client: what
 * createPrismaClient was given, or the defaults for a client made elsewhere.
 */
export const transactionOptionsOf = (client: PrismaClient) =>
  transactionOptions.get(client) ?? { maxWait: 30_000, timeout: 120_000 };
