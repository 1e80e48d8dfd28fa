import pg from "pg";
import { Prisma } from "../../src/db/client.js";
import { isDatabaseUnavailable, isServiceUnavailable } from "../../src/db/unavailable.js";

// The classification the transports use to answer 503: by error type and code, never by message.

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("irrelevant", { code, clientVersion: "7", meta });
const adapterCause = (cause: Record<string, unknown>) =>
  known("P2010", { driverAdapterError: { name: "DriverAdapterError", cause } });
const systemError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), {
    code,
    errno: -111,
    syscall: "connect",
  });
/** The adapter's own error, as a statement of an interactive transaction throws it. */
const unwrapped = (code: string) =>
  Object.assign(new Error("failed"), {
    name: "DriverAdapterError",
    cause: { kind: "postgres", code, originalCode: code },
  });
const pgError = (code: string) =>
  Object.assign(new pg.DatabaseError("terminating connection", 0, "error"), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["Prisma: cannot reach the server", known("P1001")],
    ["Prisma: pool timeout", known("P2024")],
    ["Prisma: transaction could not start in time", known("P2028")],
    ["adapter: connection closed", adapterCause({ kind: "ConnectionClosed" })],
    ["adapter: too many connections", adapterCause({ kind: "TooManyConnections" })],
    ["adapter: admin shutdown (57P01)", adapterCause({ kind: "postgres", originalCode: "57P01" })],
    ["adapter: recovery (57P03)", adapterCause({ kind: "postgres", originalCode: "57P03" })],
    [
      "adapter, unwrapped (in a transaction): admin shutdown (57P01)",
      Object.assign(new Error("terminating connection due to administrator command"), {
        name: "DriverAdapterError",
        cause: { kind: "postgres", code: "57P01", originalCode: "57P01" },
      }),
    ],
    ["pg: admin shutdown", pgError("57P01")],
    ["pg: connection failure (08006)", pgError("08006")],
    ["node: connection refused", systemError("ECONNREFUSED")],
    ["node: connection reset", systemError("ECONNRESET")],
    ["pg: dropped connection", new Error("Connection terminated unexpectedly")],
    ["pg: pool acquisition timeout", new Error("timeout exceeded when trying to connect")],
    ["a wrapped cause", new Error("migration failed", { cause: known("P1001") })],
  ])("%s is unavailability", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a message naming outage words", new Error("too many clients ECONNREFUSED P1001 P2028")],
    [
      "a message quoting a client field",
      new Error('Cannot query field "too_many_clients_ECONNREFUSED"'),
    ],
    [
      "a longer message containing a driver text",
      new Error("x: Connection terminated unexpectedly"),
    ],
    ["a plain object with an outage code", { code: "ECONNREFUSED", message: "ECONNREFUSED" }],
    [
      "an error with a code but no syscall",
      Object.assign(new Error("e"), { code: "ECONNREFUSED" }),
    ],
    [
      "a unique violation",
      adapterCause({ kind: "UniqueConstraintViolation", originalCode: "23505" }),
    ],
    [
      "an unwrapped adapter error of a unique violation",
      Object.assign(new Error("duplicate key"), {
        name: "DriverAdapterError",
        cause: { kind: "UniqueConstraintViolation", originalCode: "23505" },
      }),
    ],
    ["a deadlock", known("P2034")],
    ["a query error from pg", pgError("22P02")],
    ["nothing", undefined],
  ])("%s is not", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isServiceUnavailable", () => {
  it.each([
    [
      "a statement cancelled by statement_timeout",
      adapterCause({ kind: "postgres", originalCode: "57014" }),
    ],
    ["a session ended idle in a transaction (25P03)", pgError("25P03")],
    ["a deadlock that outlived its retries", known("P2034")],
    ["an unwrapped adapter error of a deadlock (40P01)", unwrapped("40P01")],
    ["an unwrapped adapter error of a serialization failure (40001)", unwrapped("40001")],
    ["an unwrapped adapter error of a cancelled statement (57014)", unwrapped("57014")],
    ["the database away", systemError("ECONNREFUSED")],
  ])("%s is answered 503", (_label, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    [
      "a unique violation",
      adapterCause({ kind: "UniqueConstraintViolation", originalCode: "23505" }),
    ],
    ["a message naming the code", new Error("57014 canceling statement due to statement timeout")],
  ])("%s is not", (_label, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });
});
