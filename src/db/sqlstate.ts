import pg from "pg";
import { Prisma } from "./client.js";

/** What the PostgreSQL driver adapter says went wrong: a kind, and PostgreSQL's SQLSTATE. */
export type AdapterCause = { kind?: unknown; code?: unknown; originalCode?: unknown };

/**
 * The driver adapter's account of a failed statement, wherever Prisma left it: in a known
 * request error's metadata, or as the adapter's own error, unwrapped (a statement of an
 * interactive transaction, its COMMIT included). Prisma's isDriverAdapterError tells the latter
 * the same way: by name, with an object for its cause.
 */
export function adapterCauseOf(error: unknown): AdapterCause | undefined {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const meta = error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined;
    return meta?.driverAdapterError?.cause;
  }
  // Object.prototype.toString, not instanceof: an error of another realm counts too.
  if (Object.prototype.toString.call(error) === "[object Error]") {
    const { name, cause } = error as Error;
    if (name === "DriverAdapterError" && typeof cause === "object" && cause !== null) {
      return cause as AdapterCause;
    }
  }
  return undefined;
}

/** The SQLSTATE PostgreSQL gave a failed statement, if the error carries one. */
export function sqlstateOf(error: unknown): string | undefined {
  // A statement sent past Prisma (queryRows): node-postgres's own error.
  if (error instanceof pg.DatabaseError) return error.code;
  const cause = adapterCauseOf(error);
  const fromMeta =
    error instanceof Prisma.PrismaClientKnownRequestError
      ? (error.meta as { code?: unknown } | undefined)?.code
      : undefined;
  const code = cause?.originalCode ?? cause?.code ?? fromMeta;
  return typeof code === "string" ? code : undefined;
}
