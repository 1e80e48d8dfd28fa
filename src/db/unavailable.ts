import pg from "pg";
import { Prisma } from "./client.js";
import { adapterCauseOf, sqlstateOf, type AdapterCause } from "./sqlstate.js";
import { isRetryableConflict } from "./transaction.js";

// Whether an error means the database cannot serve us right now (a 503, not a 500). Decided by
// the error's type and code only: a message can carry client text (an unknown GraphQL field named
// `too_many_clients_ECONNREFUSED`), so no message is ever searched.

/** What a client told 503 waits before retrying, in seconds (REST and GraphQL: Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** What a client told 503 reads. */
export const UNAVAILABLE = "the database is unavailable; try again shortly";
/** …when a statement was cancelled (statement_timeout, or the request's own timeout). */
export const TIMED_OUT = "the database did not finish in time; try again shortly";
/** …when too many connections are in use: the server's, or the account's share (pool-share.ts). */
export const BUSY = "too many requests are using the database at once; try again shortly";

/** Prisma: can't reach, timed out, server closed the connection, pool timeout, transaction could not start in time. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

/** Driver adapter error kinds that mean the connection, not the query, failed. */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/**
 * SQLSTATEs: class 08 (connection exception), 53300 too_many_connections, 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering), and
 * the server ending a session that sat idle: 25P03 in a transaction, 57P05 outside one.
 */
const isUnavailableSqlstate = (code: unknown): boolean =>
  typeof code === "string" &&
  (code.startsWith("08") || ["53300", "57P01", "57P02", "57P03", "25P03", "57P05"].includes(code));

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres reports a dropped connection and a pool acquisition timeout as plain `Error`s
 * without a code; these are its fixed messages, compared whole on a plain Error the driver threw.
 */
const PG_CONNECTION_ERRORS = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
]);

/** Real error objects only (errors raised by Node's core come from another realm under jest). */
const isErrorObject = (value: unknown): value is Error =>
  Object.prototype.toString.call(value) === "[object Error]";

/**
 * A statement PostgreSQL cancelled (57014 query_canceled): it ran past statement_timeout, or its
 * request ran out of time (src/db/request-scope.ts). Its transaction was rolled back.
 */
export function isStatementCancelled(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return error.code === "57014";
  return sqlstateOf(error) === "57014";
}

/**
 * Whether the client is told 503 SERVICE_UNAVAILABLE and to retry: the database is away, a
 * statement ran out of time, or a deadlock or serialization failure outlived its retries.
 */
export const isServiceUnavailable = (error: unknown): boolean =>
  isDatabaseUnavailable(error) || isStatementCancelled(error) || isRetryableConflict(error);

/** What a client told 503 is told of `error`, or null when `error` is not a 503. */
export function unavailableMessage(error: unknown): string | null {
  if (isStatementCancelled(error)) return TIMED_OUT;
  if (sqlstateOf(error) === "53300") return BUSY;
  return isServiceUnavailable(error) ? UNAVAILABLE : null;
}

const isUnavailableCause = (cause: AdapterCause | undefined): boolean =>
  (typeof cause?.kind === "string" && ADAPTER_KINDS.has(cause.kind)) ||
  isUnavailableSqlstate(cause?.originalCode ?? cause?.code);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_CODES.has(error.code)) {
    return true;
  }
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const cause = adapterCauseOf(error);
  if (cause || error instanceof Prisma.PrismaClientKnownRequestError) {
    return isUnavailableCause(cause);
  }
  if (error instanceof pg.DatabaseError) return isUnavailableSqlstate(error.code);
  if (!isErrorObject(error) || depth > 5) return false;
  const system = error as NodeJS.ErrnoException;
  if (typeof system.syscall === "string" && typeof system.errno === "number") {
    return typeof system.code === "string" && SOCKET_CODES.has(system.code);
  }
  if (error.constructor?.name === "Error" && PG_CONNECTION_ERRORS.has(error.message)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
