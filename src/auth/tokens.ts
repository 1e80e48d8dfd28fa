import { MAX_ID } from "../limits.js";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { BACKGROUND_MARK, Prisma, queryRows, type PrismaClient, type Tx } from "../db/client.js";
import { SCOPES, type Principal, type Scope } from "./principal.js";
import {
  bucketDecision,
  chargeOf,
  type BucketDecision,
  type RateLimit,
  type TokenBucket,
} from "../rate-limit/bucket.js";
import { bucketLevel, takeOnConflict } from "../rate-limit/postgres.js";

// A token reads `cp_<account>_<secret>`: the account id routes the lookup to the tenant's rows
// (every unique index starts with account_id), and only the sha256 of the whole token is stored.
// The secret's first 24 characters carry 144 random bits, so a fast hash is enough: there is
// nothing to brute-force. Its last 8 are the service's signature of the rest (HMAC-SHA256 with
// token_keys' key, 48 bits): a token that does not carry it was not issued here, and is refused
// without a lookup (src/auth/signatures.ts), unless its account still has a token issued
// before signatures, which carries 192 random bits and no signature.

const TOKEN_PATTERN = /^cp_(\d{1,10})_([A-Za-z0-9_-]{32})$/;
/** Characters of a token's signature, at its end: 6 bytes of its HMAC, in base64url. */
const SIGNATURE_CHARS = 8;

const signatureOf = (key: Buffer, head: string): Buffer =>
  Buffer.from(createHmac("sha256", key).update(head).digest().subarray(0, 6).toString("base64url"));

/** A new token of the account, signed with `key`. */
export function issueToken(key: Buffer, accountId: number): string {
  const head = `cp_${accountId}_${randomBytes(18).toString("base64url")}`;
  return `${head}${signatureOf(key, head).toString()}`;
}

/** Whether `token` carries the signature `key` makes (compared in constant time). */
export function signedWith(key: Buffer, token: string): boolean {
  const given = Buffer.from(token.slice(-SIGNATURE_CHARS));
  const wanted = signatureOf(key, token.slice(0, -SIGNATURE_CHARS));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The key tokens are signed with (token_keys' one row). */
export async function tokenKey(db: PrismaClient | Tx): Promise<Buffer> {
  const row = await db.tokenKey.findUniqueOrThrow({ where: { id: 1 } });
  return Buffer.from(row.key);
}

/**
 * The signing key, and the accounts holding a token issued before signatures, not revoked (theirs
 * are looked up): in one statement, which each process sends on its own (BACKGROUND_MARK).
 */
export async function signingState(
  db: PrismaClient,
): Promise<{ key: Buffer; unsigned: Set<number> }> {
  const [row] = await db.$queryRawUnsafe<[{ key: Uint8Array; unsigned: number[] }]>(
    `${BACKGROUND_MARK} SELECT (SELECT key FROM token_keys WHERE id = 1) AS key,
      ARRAY(SELECT DISTINCT account_id FROM api_tokens WHERE NOT signed AND revoked_at IS NULL)
        AS unsigned`,
  );
  return { key: Buffer.from(row.key), unsigned: new Set(row.unsigned) };
}

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
      /** The account's own rate budget (null: the service's default; src/rate-limit/account.ts). */
      accountLimit: RateLimit | null;
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

export const UNKNOWN = "the token is unknown or revoked";

/** A token's account id, or null when the token cannot be one (its lookup is skipped). */
export function accountOf(token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const accountId = Number(match[1]);
  return accountId > MAX_ID ? null : accountId; // no such account
}

/**
 * The CTEs that authenticate a token (tok: its row; live: it when not revoked or expired) and,
 * in the statement they open, take `charge` units from its rate-limit bucket (taken) and note
 * when it was last used (written at most once a minute, so most requests write nothing to
 * api_tokens). TOKEN_COLUMNS reads the outcome over `tok LEFT JOIN taken ON true`.
 */
function tokenCtes(
  accountId: number,
  token: string,
  { defaults, charge, holds = charge }: AuthOptions,
): Prisma.Sql {
  const rate = Prisma.sql`(SELECT rate FROM live)`;
  const burst = Prisma.sql`(SELECT burst FROM live)`;
  const cost = Prisma.sql`(SELECT cost FROM live)`;
  const floor = Prisma.sql`(SELECT floor FROM live)`;
  return Prisma.sql`tok AS (
      SELECT t.id, t.name, COALESCE(t.scopes, '{}') AS scopes, t.site_ids, t.token_hash,
        t.revoked_at IS NOT NULL AS revoked, t.expires_at, t.expires_at <= now() AS expired,
        a.timezone, a.rate_limit_per_second AS acct_rate, a.rate_limit_burst AS acct_burst,
        COALESCE(t.rate_limit_per_second, ${defaults.perSecond}::float8) AS rate,
        COALESCE(t.rate_limit_burst, ${defaults.burst}::int) AS burst
      FROM api_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.account_id = ${accountId}::int AND t.token_hash = ${hashToken(token)}
    ),
    live AS (
      SELECT id, rate::float8 AS rate, burst::float8 AS burst,
        ${charge}::float8 AS cost,
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
    )`;
}

/** The authentication's outcome, as a statement opened by tokenCtes answers it. */
const tokenColumns = (accountId: number): Prisma.Sql => Prisma.sql`tok.id AS tok_id,
      tok.name AS tok_name, tok.scopes AS tok_scopes, tok.site_ids AS tok_sites,
      tok.token_hash AS tok_hash,
      tok.revoked AS tok_revoked, tok.expires_at AS tok_expires_at, tok.expired AS tok_expired,
      tok.timezone AS tok_timezone, tok.rate AS tok_rate, tok.burst AS tok_burst,
      tok.acct_rate AS tok_acct_rate, tok.acct_burst AS tok_acct_burst,
      taken.tokens AS tok_taken,
      -- What a refused charge found (read only then): for its Retry-After.
      CASE WHEN taken.tokens IS NULL THEN
        (SELECT ${bucketLevel("s", Prisma.sql`tok.rate`, Prisma.sql`tok.burst`)}
         FROM api_token_buckets s WHERE s.account_id = ${accountId}::int AND s.token_id = tok.id)
      END AS tok_seen`;

/** The columns tokenColumns answers (the statement's row; none: the token is unknown). */
export interface TokenRow {
  tok_id: number;
  tok_name: string;
  tok_scopes: string[];
  tok_sites: number[] | null;
  tok_hash: string;
  tok_revoked: boolean;
  tok_expires_at: Date | null;
  tok_expired: boolean | null;
  tok_timezone: string;
  tok_rate: number;
  tok_burst: number;
  tok_acct_rate: number | null;
  tok_acct_burst: number | null;
  tok_taken: number | null;
  tok_seen: number | null;
}

/** Who a token is, from its statement's row, and what its bucket answered the charge. */
function authenticationOf(
  token: string,
  accountId: number,
  row: TokenRow | undefined,
  { charge, holds = charge }: Pick<AuthOptions, "charge" | "holds">,
): Authentication {
  if (!row || !tokenMatches(token, row.tok_hash) || row.tok_revoked) {
    return { principal: null, problem: UNKNOWN };
  }
  if (row.tok_expired) {
    return {
      principal: null,
      problem: `the token expired at ${row.tok_expires_at?.toISOString()}`,
    };
  }
  const principal: Principal = {
    accountId,
    timezone: row.tok_timezone,
    actor: { name: row.tok_name, tokenId: row.tok_id },
    scopes: new Set(
      row.tok_scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
    ),
    sites: row.tok_sites?.length ? row.tok_sites : null,
  };
  const limit = { perSecond: Number(row.tok_rate), burst: Number(row.tok_burst) };
  const accountLimit =
    row.tok_acct_rate === null || row.tok_acct_burst === null
      ? null
      : { perSecond: Number(row.tok_acct_rate), burst: Number(row.tok_acct_burst) };
  if (limit.perSecond <= 0) return { principal, bucket: null, accountLimit, decision: null };
  const bucket: TokenBucket = { accountId, tokenId: row.tok_id, digest: row.tok_hash, limit };
  if (charge <= 0) return { principal, bucket, accountLimit, decision: null };
  const granted = row.tok_taken !== null;
  const level = Number(granted ? row.tok_taken : (row.tok_seen ?? 0));
  return {
    principal,
    bucket,
    accountLimit,
    decision: bucketDecision(limit, level, granted, chargeOf(Math.max(holds, charge), limit)),
  };
}

/**
 * Authenticates a bearer token and, in the same statement (one round trip, which every request
 * pays anyway), takes `charge` units from its rate-limit bucket (see tokenCtes).
 */
export async function authenticateToken(
  db: PrismaClient,
  token: string,
  options: AuthOptions,
): Promise<Authentication> {
  const accountId = accountOf(token);
  if (accountId === null) return { principal: null, problem: UNKNOWN };
  const [row] = await queryRows<TokenRow>(
    db,
    Prisma.sql`WITH ${tokenCtes(accountId, token, options)}
    SELECT ${tokenColumns(accountId)} FROM tok LEFT JOIN taken ON true`,
  );
  return authenticationOf(token, accountId, row, options);
}

/**
 * A token checked inside the statement of the work it pays for rather than in one of its own
 * (docs/architecture: one round trip per single adjustment). The statement opens with `ctes`,
 * does its work only where `granted` holds (the token is live, holds the scope and its bucket
 * granted the charge), selects `columns` from `tok LEFT JOIN taken ON true`, and hands its row
 * to `outcome`, which says who the token is as authenticateToken would.
 */
export interface TokenCheck {
  accountId: number;
  ctes: Prisma.Sql;
  granted: Prisma.Sql;
  columns: Prisma.Sql;
  outcome(row: TokenRow | undefined): Authentication;
}

/** The TokenCheck of `token` for work that needs `scope`; null when it cannot be a token. */
export function tokenCheck(token: string, scope: Scope, options: AuthOptions): TokenCheck | null {
  const accountId = accountOf(token);
  if (accountId === null) return null;
  return {
    accountId,
    ctes: tokenCtes(accountId, token, options),
    granted: Prisma.sql`EXISTS (
      SELECT 1 FROM live JOIN tok ON tok.id = live.id
      WHERE ${scope}::text = ANY(tok.scopes)
        AND (live.rate <= 0 OR live.cost <= 0 OR EXISTS (SELECT 1 FROM taken)))`,
    columns: tokenColumns(accountId),
    outcome: (row) => authenticationOf(token, accountId, row, options),
  };
}
