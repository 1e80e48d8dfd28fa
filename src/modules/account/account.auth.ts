import { createHash, timingSafeEqual } from "node:crypto";
import { Prisma, queryRows, type PrismaClient } from "../../db/client.js";
import { SCOPES, type Principal, type Scope } from "../../context.js";
import {
  bucketDecision,
  chargeOf,
  type BucketDecision,
  type RateLimit,
  type TokenBucket,
} from "../../rate-limit/bucket.js";
import { bucketLevel, takeOnConflict } from "../../rate-limit/postgres.js";

// A token reads `cp_<account>_<secret>`: the account id routes the lookup to the tenant's rows
// (every unique index starts with account_id), and only the sha256 of the whole token is stored.
// The secret carries 192 random bits, so a fast hash is enough: there is nothing to brute-force.

const TOKEN_PATTERN = /^cp_(\d{1,10})_([A-Za-z0-9_-]{32})$/;

/** The stored form of a token: its sha256, in hex. */
export const hashToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

/**
 * Whether `token` is the one whose digest is stored, decided in constant time. The row was found
 * by this digest through an index, whose comparisons stop at the first differing byte; that
 * timing only tells about a sha256 digest, which a caller cannot steer byte by byte. The decision
 * itself never compares secret bytes with an early exit: timingSafeEqual on the digests.
 */
export function tokenMatches(token: string, storedDigest: string): boolean {
  const stored = Buffer.from(storedDigest, "hex");
  const given = createHash("sha256").update(token).digest();
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** Who a token belongs to and what its bucket answered, or why it does not authenticate. */
export type Authentication =
  | {
      principal: Principal;
      /** The token's bucket; null when it is unlimited. */
      bucket: TokenBucket | null;
      /** What the bucket answered the charge made with the authentication (null: none made). */
      decision: BucketDecision | null;
    }
  | { principal: null; problem: string };

export interface AuthOptions {
  /** The limit of tokens without one of their own (perSecond 0: unlimited). */
  defaults: RateLimit;
  /**
   * Units to take from the token's bucket in the same statement: 1 for a request, 0 for none
   * (a subscription's periodic recheck, or when the buckets live in Redis).
   */
  charge: number;
  /**
   * Units the bucket must hold for the charge to be taken (at least `charge`): a list takes 1 but
   * must find what its `limit` may cost, so that it is refused before it runs.
   */
  holds?: number;
}

const UNKNOWN = "the token is unknown or revoked";

interface TokenRow {
  id: number;
  name: string;
  scopes: string[];
  token_hash: string;
  revoked: boolean;
  expires_at: Date | null;
  expired: boolean | null;
  timezone: string;
  rate: number;
  burst: number;
  taken: number | null;
  seen: number | null;
}

/**
 * Authenticates a bearer token and, in the same statement (one round trip, which every request
 * pays anyway), takes `charge` units from its rate-limit bucket and notes when it was last used
 * (written at most once a minute, so most requests write nothing to api_tokens).
 */
export async function authenticateToken(
  db: PrismaClient,
  token: string,
  { defaults, charge, holds = charge }: AuthOptions,
): Promise<Authentication> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { principal: null, problem: UNKNOWN };
  const accountId = Number(match[1]);
  if (accountId > 2147483647) return { principal: null, problem: UNKNOWN }; // no such account
  const rate = Prisma.sql`(SELECT rate FROM live)`;
  const burst = Prisma.sql`(SELECT burst FROM live)`;
  const cost = Prisma.sql`(SELECT cost FROM live)`;
  const floor = Prisma.sql`(SELECT floor FROM live)`;
  const [row] = await queryRows<TokenRow>(
    db,
    Prisma.sql`
    WITH tok AS (
      SELECT t.id, t.name, COALESCE(t.scopes, '{}') AS scopes, t.token_hash,
        t.revoked_at IS NOT NULL AS revoked, t.expires_at, t.expires_at <= now() AS expired,
        a.timezone,
        COALESCE(t.rate_limit_per_second, ${defaults.perSecond}::float8) AS rate,
        COALESCE(t.rate_limit_burst, ${defaults.burst}::int) AS burst
      FROM api_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.account_id = ${accountId}::int AND t.token_hash = ${hashToken(token)}
    ),
    live AS (
      SELECT id, rate::float8 AS rate, burst::float8 AS burst,
        LEAST(${charge}::float8, burst) AS cost,
        LEAST(GREATEST(${holds}::float8, ${charge}::float8), burst) AS floor
      FROM tok WHERE NOT revoked AND expired IS NOT TRUE
    ),
    touched AS (
      UPDATE api_tokens t SET last_used_at = now()
      WHERE t.account_id = ${accountId}::int AND t.id = (SELECT id FROM live)
        AND (t.last_used_at IS NULL OR t.last_used_at <= now() - interval '1 minute')
      RETURNING t.id
    ),
    taken AS (
      INSERT INTO api_token_buckets AS b (account_id, token_id, tokens, refilled_at)
      SELECT ${accountId}::int, id, burst - cost, now() FROM live WHERE rate > 0 AND cost > 0
      ${takeOnConflict(rate, burst, cost, floor)}
    )
    SELECT tok.id, tok.name, tok.scopes, tok.token_hash, tok.revoked, tok.expires_at,
      tok.expired, tok.timezone, tok.rate, tok.burst, taken.tokens AS taken,
      -- What a refused charge found (read only then): for its Retry-After.
      CASE WHEN taken.tokens IS NULL THEN
        (SELECT ${bucketLevel("s", Prisma.sql`tok.rate`, Prisma.sql`tok.burst`)}
         FROM api_token_buckets s WHERE s.account_id = ${accountId}::int AND s.token_id = tok.id)
      END AS seen
    FROM tok LEFT JOIN taken ON true`,
  );
  if (!row || !tokenMatches(token, row.token_hash) || row.revoked) {
    return { principal: null, problem: UNKNOWN };
  }
  if (row.expired) {
    return { principal: null, problem: `the token expired at ${row.expires_at?.toISOString()}` };
  }
  const principal: Principal = {
    accountId,
    timezone: row.timezone,
    actor: { name: row.name, tokenId: row.id },
    scopes: new Set(
      row.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
    ),
  };
  const limit = { perSecond: Number(row.rate), burst: Number(row.burst) };
  if (limit.perSecond <= 0) return { principal, bucket: null, decision: null };
  const bucket: TokenBucket = { accountId, tokenId: row.id, digest: row.token_hash, limit };
  if (charge <= 0) return { principal, bucket, decision: null };
  const granted = row.taken !== null;
  const level = Number(granted ? row.taken : (row.seen ?? 0));
  return {
    principal,
    bucket,
    decision: bucketDecision(limit, level, granted, chargeOf(Math.max(holds, charge), limit)),
  };
}
