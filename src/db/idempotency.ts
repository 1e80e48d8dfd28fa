// Idempotency keys (Stripe's and Shopify's convention), shared by REST (Idempotency-Key header)
// and GraphQL (idempotencyKey input field). The check, the work and the stored result share the
// use case's transaction: a request that fails leaves no key behind, and a retry that arrives
// after the first committed replays its result. A transaction-scoped advisory lock on the key
// tells a retry that arrives while the first is still running (IDEMPOTENCY_KEY_IN_PROGRESS).
import { createHash } from "node:crypto";
import { Prisma, type Tx } from "./client.js";
import { AppError } from "../errors.js";

const TTL_HOURS = 24;
/** 1 to 255 visible ASCII characters; also the REST header schema's pattern. */
export const IDEMPOTENCY_KEY_PATTERN = "^[\\x21-\\x7e]{1,255}$";
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export interface Idempotent<T> {
  value: T;
  /** true when the value is the stored result of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `work` once per (account, key): a repeat with the same operation and input within 24 h
 * returns the stored result without running it; another input with the same key is refused.
 */
export async function idempotent<T>(
  tx: Tx,
  accountId: number,
  key: string | undefined,
  request: { operation: string; input: unknown },
  work: () => Promise<T>,
): Promise<Idempotent<T>> {
  if (key === undefined) return { value: await work(), replayed: false };
  if (!KEY_PATTERN.test(key)) {
    throw new AppError(
      "INVALID_PARAMETER",
      "the idempotency key must be 1 to 255 visible ASCII characters",
      [
        {
          path: ["idempotencyKey"],
          code: "INVALID_PARAMETER",
          message: "must be 1 to 255 visible ASCII characters",
        },
      ],
    );
  }
  const requestHash = createHash("sha256")
    .update(JSON.stringify([request.operation, encode(request.input)]))
    .digest("hex");

  const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${`${accountId}:${key}`}, 0)) AS locked`;
  if (!lock?.locked) {
    throw new AppError(
      "IDEMPOTENCY_KEY_IN_PROGRESS",
      "a request with this idempotency key is still being processed; retry shortly",
    );
  }
  const stored = await tx.idempotencyKey.findUnique({
    where: { accountId_key: { accountId, key } },
  });
  if (stored && stored.expiresAt > new Date()) {
    if (stored.requestHash !== requestHash) {
      throw new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "this idempotency key was used for a different request in the last 24 hours; use a new key",
      );
    }
    return { value: decode(stored.responseBody) as T, replayed: true };
  }

  const value = await work();
  const expiresAt = new Date(Date.now() + TTL_HOURS * 3600_000);
  const responseBody = encode(value) as Prisma.InputJsonValue;
  await tx.idempotencyKey.upsert({
    where: { accountId_key: { accountId, key } },
    create: { accountId, key, requestHash, responseBody, expiresAt },
    update: { requestHash, responseBody, expiresAt, createdAt: new Date() },
  });
  await tx.$executeRaw`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE account_id = ${accountId} AND expires_at < now() LIMIT 100)`;
  return { value, replayed: false };
}

// Results hold Decimals, Dates and bigints; JSON alone would lose which is which, so they are
// tagged on the way in and restored on the way out.
export function encode(value: unknown): unknown {
  if (value instanceof Prisma.Decimal) return { $decimal: value.toFixed() };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value ?? null;
}

export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.$decimal === "string") return new Prisma.Decimal(v.$decimal);
    if (typeof v.$date === "string") return new Date(v.$date);
    if (typeof v.$bigint === "string") return BigInt(v.$bigint);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]));
  }
  return value;
}
