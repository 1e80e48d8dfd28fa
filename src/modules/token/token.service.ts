// API tokens issued through the API: how a manager gives a counting device a token of its own.
// Issuing, listing and revoking need the tokens scope, which only the account's admin tokens hold
// (made by the command line, or the first start's demo token). A token issued here holds a
// non-empty subset of its issuer's scopes and never tokens itself (a device's token cannot issue
// more), always expires (at most MAX_TOKEN_DAYS ahead) and has its issuer's rate limit when the
// issuer has one of its own (else the service's default), so issuing never raises a limit; all of
// an account's tokens also draw from the account's budget together (src/rate-limit/account.ts).
// There is no Idempotency-Key: only the token's hash is stored, so a replay could not show the
// token again; a retried issue makes a second token, which the caller may revoke. Creating,
// hashing and revoking are the command line's own (token.store.ts).
import { readDb, type ServiceContext } from "../../context.js";
import { SCOPES, type Principal, type Scope } from "../../auth/principal.js";
import type { Tx } from "../../db/client.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { TOKEN_LOCK_CLASS } from "../../db/locks.js";
import { inTransaction } from "../../db/transaction.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { checkName } from "../../text.js";
import { requireSites } from "../site/site.service.js";
import {
  checkLimitedScopes,
  createToken,
  MAX_TOKEN_NAME,
  parseInstant,
  revokeStoredToken,
  TOKEN_VIEW,
  tokenView,
  type TokenView,
} from "./token.store.js";
import type { RateLimit } from "../../rate-limit/bucket.js";
import type { ApiToken, ApiTokenInput, NewApiToken } from "./token.types.js";

/** Live (neither revoked nor expired) tokens one account may hold, whoever made them. */
export const MAX_LIVE_TOKENS = 1_000;
export { MAX_TOKEN_NAME };
/** How far ahead a token issued through the API may expire, in days. */
export const MAX_TOKEN_DAYS = 366;
/** The scopes a token issued through the API may hold: all but tokens. */
export const GRANTABLE_SCOPES: readonly Scope[] = SCOPES.filter((s) => s !== "tokens");

const DAY_MS = 86_400_000;

// An id from the URL or the input's own id field: no path into a body, as elsewhere.
const tokenNotFound = (id: number) => notFound("TOKEN_NOT_FOUND", id);

/** Issues a token; the answer is the only time the token itself is shown. */
export async function createApiToken(
  ctx: ServiceContext,
  input: ApiTokenInput,
): Promise<NewApiToken> {
  // Who may grant what comes first: it does not depend on the rest being right.
  const scopes = grantedScopes(ctx.principal, input.scopes);
  const siteIds = input.siteIds ? [...new Set(input.siteIds)] : null;
  if (siteIds) checkLimitedScopes(siteIds, scopes);
  const errors: FieldError[] = [];
  const name = checkName(input.name, ["name"], MAX_TOKEN_NAME, errors);
  const expiresAt = checkExpiry(input.expiresAt, new Date(), errors);
  if (errors.length > 0) throw AppError.fromFields(errors);
  const { accountId } = ctx.principal;
  // Before the account's lock on issues: a site it does not have is SITE_NOT_FOUND.
  if (siteIds) await requireSites(ctx.db, ctx.principal, siteIds, ["siteIds"]);
  return inTransaction(ctx.db, async (tx) => {
    // Counted under a lock on the account's issues, so two issues cannot both pass the cap.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${TOKEN_LOCK_CLASS}::int, ${accountId}::int)::text`;
    if ((await liveTokens(tx, accountId)) >= MAX_LIVE_TOKENS) {
      throw new AppError(
        "TOO_MANY_TOKENS",
        `an account holds at most ${MAX_LIVE_TOKENS.toLocaleString("en-US")} live tokens (neither revoked nor expired): revoke one first`,
      );
    }
    const rateLimit = await issuerLimit(tx, ctx.principal);
    const made = await createToken(tx, {
      accountId,
      name: name!,
      scopes,
      siteIds,
      expiresAt: expiresAt!,
      rateLimit,
    });
    return {
      id: made.id,
      name: made.name,
      scopes: made.scopes,
      siteIds: made.siteIds,
      createdAt: made.createdAt,
      expiresAt: made.expiresAt,
      token: made.token,
    };
  });
}

/**
 * The limit a token issued by `issuer` gets: the issuer's own when it has one (an unlimited
 * issuer's tokens get the default rather than none), else the default (null).
 */
async function issuerLimit(tx: Tx, issuer: Principal): Promise<RateLimit | null> {
  if (issuer.actor.tokenId === null) return null;
  const [row] = await tx.$queryRaw<{ rate: number | null; burst: number | null }[]>`
    SELECT rate_limit_per_second AS rate, rate_limit_burst AS burst FROM api_tokens
    WHERE account_id = ${issuer.accountId} AND id = ${issuer.actor.tokenId}`;
  if (!row || row.rate === null || row.burst === null || row.rate <= 0) return null;
  return { perSecond: Number(row.rate), burst: Number(row.burst) };
}

/**
 * The account's live tokens: counted through the partial index of unrevoked tokens by expiry
 * (api_tokens_live_idx), so revoked and long expired tokens cost nothing however many pile up.
 */
async function liveTokens(tx: Tx, accountId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ live: number }[]>`
    SELECT count(*)::int AS live FROM api_tokens
    WHERE account_id = ${accountId} AND revoked_at IS NULL
      AND (expires_at > now() OR expires_at IS NULL)`;
  return row?.live ?? 0;
}

const TOKEN_CURSOR = "api-token";

/** The account's tokens, newest first, revoked and expired ones too: never a token or its hash. */
export async function listApiTokens(
  ctx: ServiceContext,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<ApiToken>> {
  const limit = pageSize(query.limit);
  const before = query.cursor
    ? (decodeCursor(TOKEN_CURSOR, query.cursor, ["int4"])[0] as number)
    : null;
  const rows = await readDb(ctx).apiToken.findMany({
    where: {
      accountId: ctx.principal.accountId,
      ...(before !== null ? { id: { lt: before } } : {}),
    },
    select: TOKEN_VIEW,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const items = rows.slice(0, limit).map((row) => ({
    cursor: encodeCursor(TOKEN_CURSOR, [row.id]),
    node: toApiToken(tokenView(row)),
  }));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.cursor ?? null) : null };
}

/**
 * Revokes a token of the account: its next request is refused (401), on every replica, and its
 * subscriptions end at their next token check. The caller may revoke only a token whose scopes
 * it holds all of itself; one already revoked is answered as it is.
 */
export async function revokeApiToken(ctx: ServiceContext, id: number): Promise<ApiToken> {
  const { accountId, scopes: held } = ctx.principal;
  return inTransaction(ctx.db, async (tx) => {
    // Whether it exists first: another account's token is as unknown as one that never was.
    const found = await tx.apiToken.findUnique({
      where: { accountId_id: { accountId, id } },
      select: { scopes: true },
    });
    if (!found) throw tokenNotFound(id);
    const beyond = (found.scopes ?? []).filter((s) => !held.has(s as Scope));
    if (beyond.length > 0) {
      throw new AppError(
        "FORBIDDEN",
        `this token lacks the ${beyond.join(", ")} scope that API token ${id} holds: only a token holding every scope of another may revoke it`,
      );
    }
    const revoked = await revokeStoredToken(tx, { accountId, tokenId: id });
    if (!revoked) throw tokenNotFound(id);
    return toApiToken(revoked);
  });
}

/**
 * The scopes asked for, each once, when the caller may grant them all: FORBIDDEN names the
 * scopes it may not grant (tokens, or one it lacks); INVALID_PARAMETER for none or an unknown one.
 */
function grantedScopes(principal: Principal, asked: string[] | null | undefined): Scope[] {
  const scopes = [...new Set(asked ?? [])];
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw AppError.fromFields([
      invalid(["scopes"], `must name at least one of ${GRANTABLE_SCOPES.join(", ")}, each known`),
    ]);
  }
  if (scopes.includes("tokens")) {
    throw new AppError(
      "FORBIDDEN",
      "a token issued through the API cannot hold the tokens scope: only the account's admin tokens (made by the command line) issue tokens",
    );
  }
  const lacking = scopes.filter((s) => !principal.scopes.has(s as Scope));
  if (lacking.length > 0) {
    throw new AppError(
      "FORBIDDEN",
      `this token lacks the ${lacking.join(", ")} scope, so it cannot grant it: a token grants only scopes it holds`,
    );
  }
  return scopes as Scope[];
}

/** An RFC 3339 instant with its offset, after now and at most MAX_TOKEN_DAYS ahead. */
function checkExpiry(
  value: string | Date | null | undefined,
  now: Date,
  errors: FieldError[],
): Date | undefined {
  const path = ["expiresAt"];
  if (value === null || value === undefined || value === "") {
    errors.push(invalid(path, "is required: every token issued through the API expires"));
    return undefined;
  }
  const at = value instanceof Date ? value : parseInstant(value.trim());
  if (!at || Number.isNaN(at.getTime())) {
    errors.push(
      invalid(path, "must be an RFC 3339 timestamp with its offset, e.g. 2027-01-31T00:00:00Z"),
    );
    return undefined;
  }
  if (at.getTime() <= now.getTime()) {
    errors.push(invalid(path, "must be in the future"));
    return undefined;
  }
  if (at.getTime() > now.getTime() + MAX_TOKEN_DAYS * DAY_MS) {
    errors.push(invalid(path, `must be at most ${MAX_TOKEN_DAYS} days ahead`));
    return undefined;
  }
  return at;
}

const invalid = (path: (string | number)[], message: string): FieldError => ({
  path,
  code: "INVALID_PARAMETER",
  message,
});

/** A token as the API shows it: what it is called and may do, and when; never its rate limit. */
export const toApiToken = (t: TokenView): ApiToken => ({
  id: t.id,
  name: t.name,
  // A row written by hand may hold none (NULL): a token that may do nothing.
  scopes: t.scopes ?? [],
  siteIds: t.siteIds,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  revokedAt: t.revokedAt,
  lastUsedAt: t.lastUsedAt,
});
