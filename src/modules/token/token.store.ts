import type { PrismaClient, Tx } from "../../db/client.js";
import { SCOPES, SITE_LIMITED_SCOPES, type Scope } from "../../auth/principal.js";
import { MAX_TOKEN_SITES } from "../../limits.js";
import { parseFilterDate } from "../../dates.js";
import { AppError, type FieldError } from "../../errors.js";
import type { RateLimit } from "../../rate-limit/bucket.js";
import { checkName } from "../../text.js";
import { hashToken, issueToken, tokenKey } from "../../auth/tokens.js";

// API tokens as stored: created (shown once), listed, changed (expiry, rate limit) and revoked, from the
// command line and, for the tokens the API issues, by src/modules/token/token.service.ts, which
// adds the API's rules (a subset of the issuer's scopes, never tokens; an expiry) around these.

/** Longest token name, in characters (after trimming). */
export const MAX_TOKEN_NAME = 100;

export interface NewToken {
  id: number;
  name: string;
  token: string;
  scopes: Scope[];
  /** The sites it is limited to; null: every site of its account. */
  siteIds: number[] | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** The token's own rate limit; null: the service's default. */
  rateLimit: RateLimit | null;
}

/** What a token's settings change to; a field left out stays as it is. */
export interface TokenSettings {
  /** null: never expires. */
  expiresAt?: Date | null;
  /** null: the service's default; perSecond 0: unlimited. */
  rateLimit?: RateLimit | null;
}

export interface TokenView {
  id: number;
  name: string;
  scopes: string[];
  /** The sites it is limited to; null: every site of its account. */
  siteIds: number[] | null;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** When it last authenticated (to the minute: written at most once a minute). */
  lastUsedAt: Date | null;
  rateLimit: RateLimit | null;
}

/** Creates an API token and returns it; the only time the token is ever shown. */
export async function createToken(
  db: PrismaClient | Tx,
  input: {
    accountId: number;
    name: string;
    scopes?: string[];
    /** The sites it is limited to; absent or null: every site. */
    siteIds?: number[] | null;
  } & TokenSettings,
): Promise<NewToken> {
  const errors: FieldError[] = [];
  const name = checkName(input.name, ["name"], MAX_TOKEN_NAME, errors);
  if (name === undefined) throw AppError.fromFields(errors);
  const siteIds = input.siteIds ? [...new Set(input.siteIds)] : null;
  const scopes = parseScopes(input.scopes ?? [...(siteIds ? SITE_LIMITED_SCOPES : SCOPES)]);
  if (siteIds) checkLimitedScopes(siteIds, scopes);
  checkSettings(input);
  const account = await db.account.findUnique({ where: { id: input.accountId } });
  if (!account) throw invalid(["account"], `${input.accountId} does not exist`);
  if (siteIds) await checkSitesExist(db, account.id, siteIds);
  const token = issueToken(await tokenKey(db), account.id);
  const row = await db.apiToken.create({
    data: {
      accountId: account.id,
      name,
      scopes,
      ...(siteIds ? { siteIds } : {}),
      tokenHash: hashToken(token),
      signed: true,
      expiresAt: input.expiresAt ?? null,
      ...limitColumns(input.rateLimit ?? null),
    },
  });
  return {
    id: row.id,
    name: row.name,
    token,
    scopes,
    siteIds,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    rateLimit: limitOf(row),
  };
}

/** Changes a token's expiry or rate limit; it takes effect with the token's next request. */
export async function updateToken(
  db: PrismaClient,
  input: { accountId: number; tokenId: number } & TokenSettings,
): Promise<TokenView> {
  checkSettings(input);
  const data = {
    ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt } : {}),
    ...(input.rateLimit !== undefined ? limitColumns(input.rateLimit) : {}),
  };
  const { count } = await db.apiToken.updateMany({
    where: { accountId: input.accountId, id: input.tokenId },
    data,
  });
  if (count === 0) {
    throw invalid(["token"], `${input.tokenId} of account ${input.accountId} does not exist`);
  }
  const row = await db.apiToken.findUniqueOrThrow({
    where: { accountId_id: { accountId: input.accountId, id: input.tokenId } },
    select: TOKEN_VIEW,
  });
  return tokenView(row);
}

/** An account's tokens, oldest first: what they are called and may do, never the secret or its hash. */
export async function listTokens(db: PrismaClient, accountId: number): Promise<TokenView[]> {
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) throw invalid(["account"], `${accountId} does not exist`);
  const rows = await db.apiToken.findMany({
    where: { accountId },
    select: TOKEN_VIEW,
    orderBy: { id: "asc" },
  });
  return rows.map(tokenView);
}

/** Revokes a token: it stops authenticating at once. */
export async function revokeToken(
  db: PrismaClient,
  input: { accountId: number; tokenId: number },
): Promise<{ id: number; revoked: true }> {
  const revoked = await revokeStoredToken(db, input);
  if (!revoked)
    throw invalid(["token"], `${input.tokenId} of account ${input.accountId} does not exist`);
  return { id: input.tokenId, revoked: true };
}

/**
 * Revokes a token of the account, from its next request on (every request reads its token's
 * row); one already revoked keeps the time it was revoked. The token as it now is, or null when
 * the account has no such token.
 */
export async function revokeStoredToken(
  db: PrismaClient | Tx,
  { accountId, tokenId }: { accountId: number; tokenId: number },
): Promise<TokenView | null> {
  await db.apiToken.updateMany({
    where: { accountId, id: tokenId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const row = await db.apiToken.findUnique({
    where: { accountId_id: { accountId, id: tokenId } },
    select: TOKEN_VIEW,
  });
  return row ? tokenView(row) : null;
}

/**
 * A token limited to sites names 1 to MAX_TOKEN_SITES sites and holds only the scopes of stock,
 * stock takes and transfers (SITE_LIMITED_SCOPES): INVALID_PARAMETER otherwise.
 */
export function checkLimitedScopes(siteIds: number[], scopes: readonly string[]): void {
  if (siteIds.length === 0 || siteIds.length > MAX_TOKEN_SITES) {
    throw invalid(["siteIds"], `must name 1 to ${MAX_TOKEN_SITES} sites`);
  }
  const beyond = scopes.filter((s) => !SITE_LIMITED_SCOPES.includes(s as Scope));
  if (beyond.length > 0) {
    throw invalid(
      ["scopes"],
      `a token limited to sites holds only ${SITE_LIMITED_SCOPES.join(", ")}: ${beyond.join(", ")} concern${beyond.length === 1 ? "s" : ""} the whole account`,
    );
  }
}

/** INVALID_PARAMETER naming the first site the account does not have. */
async function checkSitesExist(db: PrismaClient | Tx, accountId: number, ids: number[]) {
  const found = await db.site.findMany({
    where: { accountId, id: { in: ids } },
    select: { id: true },
  });
  const known = new Set(found.map((s) => s.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) {
    throw invalid(["siteIds"], `names site ${missing}, which account ${accountId} does not have`);
  }
}

/** The scopes named, or INVALID_PARAMETER when the list is empty or names an unknown scope. */
export function parseScopes(scopes: string[]): Scope[] {
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0) {
    throw invalid(["scopes"], `scopes must be a non-empty list of ${SCOPES.join(", ")}`);
  }
  return [...new Set(scopes)] as Scope[];
}

/**
 * A rate limit as the command line takes it: `N/s` or `N/min` (N whole units a second or a
 * minute, in bursts of `burst`, else of twice N), `off` (unlimited) or `default` (null: the
 * service's default).
 */
export function parseRateLimit(value: string, burst?: number): RateLimit | null {
  const text = value.trim().toLowerCase();
  if (text === "default" || text === "off") {
    if (burst !== undefined) throw invalid(["--burst"], `does not go with a rate limit of ${text}`);
    return text === "off" ? { perSecond: 0, burst: 0 } : null;
  }
  const match = /^(\d{1,9})\s*\/\s*(s|min)$/.exec(text);
  const units = Number(match?.[1]);
  if (!match || units < 1) {
    throw invalid(
      ["--rate-limit"],
      "must be N/s or N/min (N a whole number from 1), off or default",
    );
  }
  return { perSecond: match[2] === "s" ? units : units / 60, burst: burst ?? units * 2 };
}

/** How long until a token expires, as `90d`, `12h` or `30m`, from `now`. */
export function parseExpiresIn(value: string, now = new Date()): Date {
  const match = /^(\d{1,6})([dhm])$/.exec(value.trim());
  if (!match || Number(match[1]) < 1) {
    throw invalid(
      ["--expires-in"],
      "must be a whole number of days, hours or minutes: 90d, 12h, 30m",
    );
  }
  const minutes = { d: 24 * 60, h: 60, m: 1 }[match[2] as "d" | "h" | "m"];
  return new Date(now.getTime() + Number(match[1]) * minutes * 60_000);
}

/** An instant given as ISO 8601 with a time zone (`2027-01-31T00:00:00Z`), or `never` (null). */
export function parseExpiresAt(value: string): Date | null {
  const text = value.trim();
  if (text.toLowerCase() === "never") return null;
  const at = parseInstant(text);
  if (!at) {
    throw invalid(
      ["--expires-at"],
      "must be an RFC 3339 timestamp with its offset, e.g. 2027-01-31T00:00:00Z, or never",
    );
  }
  return at;
}

/** An RFC 3339 timestamp with its offset (`2027-01-31T00:00:00Z`) as an instant, else null. */
export function parseInstant(text: string): Date | null {
  // The filters' rule for a timestamp: a day that does not exist (2027-02-31) is refused, not
  // rolled over into the next month.
  const parsed = parseFilterDate(text, "UTC");
  return parsed?.kind === "timestamp" ? parsed.at.toJSDate() : null;
}

function checkSettings(settings: TokenSettings): void {
  if (settings.expiresAt && settings.expiresAt.getTime() <= Date.now()) {
    throw invalid(["--expires-at"], "must be in the future (to stop a token now, revoke it)");
  }
  const limit = settings.rateLimit;
  if (limit && !(Number.isFinite(limit.perSecond) && limit.perSecond >= 0)) {
    throw invalid(["--rate-limit"], "must not be negative");
  }
  if (limit && limit.perSecond > 0 && !(limit.burst >= 1 && Number.isSafeInteger(limit.burst))) {
    throw invalid(["--burst"], "must be a whole number from 1");
  }
  if (limit && limit.burst > 2_000_000_000)
    throw invalid(["--burst"], "must be at most 2000000000");
}

/** The columns of a stored rate limit (a token's, an account's). */
export const limitColumns = (limit: RateLimit | null) => ({
  rateLimitPerSecond: limit?.perSecond ?? null,
  rateLimitBurst: limit ? (limit.perSecond > 0 ? limit.burst : 0) : null,
});

/** A stored rate limit (null: the service's default). */
export const limitOf = (row: {
  rateLimitPerSecond: number | null;
  rateLimitBurst: number | null;
}) =>
  row.rateLimitPerSecond === null
    ? null
    : { perSecond: row.rateLimitPerSecond, burst: row.rateLimitBurst ?? 0 };

/** The columns of a token's TokenView: never its hash. */
export const TOKEN_VIEW = {
  id: true,
  name: true,
  scopes: true,
  siteIds: true,
  createdAt: true,
  revokedAt: true,
  expiresAt: true,
  lastUsedAt: true,
  rateLimitPerSecond: true,
  rateLimitBurst: true,
} as const;

/** A row read with TOKEN_VIEW as a TokenView. */
export const tokenView = ({
  rateLimitPerSecond,
  rateLimitBurst,
  siteIds,
  ...row
}: Omit<TokenView, "rateLimit" | "siteIds"> & {
  siteIds: number[] | null;
  rateLimitPerSecond: number | null;
  rateLimitBurst: number | null;
}): TokenView => ({
  ...row,
  // NULL reads back as an empty list: every site.
  siteIds: siteIds?.length ? siteIds : null,
  rateLimit: limitOf({ rateLimitPerSecond, rateLimitBurst }),
});

export const invalid = (path: string[], message: string) =>
  new AppError("INVALID_PARAMETER", `${path.join(".")} ${message}`, [
    { path, code: "INVALID_PARAMETER", message },
  ]);
