// Idempotency keys (Stripe's and Shopify's convention), shared by REST (Idempotency-Key header)
// and GraphQL (idempotencyKey input field). The check, the work and the stored result share the
// use case's transaction: a request that fails leaves no key behind, and a retry that arrives
// after the first committed replays its result. A transaction-scoped advisory lock on the key
// tells a retry that arrives while the first is still running (IDEMPOTENCY_KEY_IN_PROGRESS).
import { createHash } from "node:crypto";
import { Prisma, type Tx } from "./client.js";
import { AppError, type FieldError } from "../errors.js";

const TTL_HOURS = 24;
/** 1 to 255 visible ASCII characters; also the REST header schema's pattern. */
export const IDEMPOTENCY_KEY_PATTERN = "^[\\x21-\\x7e]{1,255}$";
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export interface Idempotent<T> {
  value: T;
  /** true when the value is the stored result of an earlier request with the same key. */
  replayed: boolean;
}

/** A write as steps, so that every write checks its input, its key and the data in one order. */
export interface WriteSteps<T> {
  operation: string;
  /**
   * The request as the caller sent it (normalised): what a retry must repeat to be replayed.
   * Built only when the request carries a key (for 10,000 counts it is a sizeable copy).
   */
  input: () => unknown;
  /** What is wrong with the input itself, found without the database. */
  inputErrors: FieldError[];
  /** What is wrong given the current data (unknown ids, conflicts); may lock what `run` needs. */
  check: () => Promise<FieldError[]>;
  /** The write, run only when nothing is wrong. */
  run: () => Promise<T>;
}

/**
 * Whose keys: an account's (its id), or the caller's when it may be a token limited to sites (its
 * account and sites): such a token keeps keys of its own, so a key another token of the account
 * used is a new key to it and never replays what that token did at other sites.
 */
export type KeyOwner = number | { accountId: number; sites?: readonly number[] | null };

/**
 * Runs a write once per (account, key). Bad input is answered as such whatever the key (it was
 * never the body of a stored success, so it can never be a retry). Then, with a key: a repeat of
 * the same request within 24 h returns the stored result without running anything; another
 * request with the same key is IDEMPOTENCY_KEY_REUSED, listed with whatever else the data says is
 * wrong with it (under the one error policy, an unknown id still answers 404).
 */
export async function idempotent<T>(
  tx: Tx,
  owner: KeyOwner,
  sent: string | undefined,
  steps: WriteSteps<T>,
): Promise<Idempotent<T>> {
  const accountId = typeof owner === "number" ? owner : owner.accountId;
  const sites = typeof owner === "number" ? null : owner.sites;
  // A space never occurs in a key sent (KEY_PATTERN), so a limited token's keys are its own.
  const key =
    sent !== undefined && sites ? `${sent} sites:${[...sites].sort((a, b) => a - b)}` : sent;
  const inputErrors = [...steps.inputErrors];
  if (sent !== undefined && !KEY_PATTERN.test(sent)) {
    inputErrors.push({
      path: ["idempotencyKey"],
      code: "INVALID_PARAMETER",
      message: "the idempotency key must be 1 to 255 visible ASCII characters",
    });
  }
  if (inputErrors.length > 0) {
    throw AppError.fromFields([...inputErrors, ...(await steps.check())]);
  }
  if (key === undefined) return { value: await checkedRun(steps, []), replayed: false };

  const requestHash = createHash("sha256")
    .update(JSON.stringify([steps.operation, encode(steps.input())]))
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
  const live = stored && stored.expiresAt > new Date() ? stored : null;
  if (live?.requestHash === requestHash) {
    return { value: decode(live.responseBody) as T, replayed: true };
  }
  const reused: FieldError[] = live
    ? [
        {
          path: ["idempotencyKey"],
          code: "IDEMPOTENCY_KEY_REUSED",
          message:
            "this idempotency key was used for a different request in the last 24 hours; use a new key",
        },
      ]
    : [];

  const value = await checkedRun(steps, reused);
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

async function checkedRun<T>(steps: WriteSteps<T>, known: FieldError[]): Promise<T> {
  const errors = [...(await steps.check()), ...known];
  if (errors.length > 0) throw AppError.fromFields(errors);
  return steps.run();
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
