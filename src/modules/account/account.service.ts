import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/client.js";
import { SCOPES, type Principal, type Scope } from "../../context.js";
import { AppError } from "../../errors.js";

// Accounts are tenants; tokens are their API credentials. A token reads `cp_<account>_<secret>`:
// the account id routes the lookup to the tenant's rows (every unique index starts with
// account_id), and only the sha256 of the whole token is stored. The secret carries 192 random
// bits, so a fast hash is enough: there is nothing to brute-force.

export interface AccountView {
  id: number;
  name: string;
  timezone: string;
}

export interface NewToken {
  id: number;
  name: string;
  token: string;
  scopes: Scope[];
}

const TOKEN_PATTERN = /^cp_(\d{1,10})_([A-Za-z0-9_-]{32})$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether the IANA time zone name is known to this runtime. */
export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

/** Creates an account (a tenant). */
export async function createAccount(
  db: PrismaClient,
  input: { name: string; timezone?: string },
): Promise<AccountView> {
  const name = input.name.trim();
  if (!name) throw invalid(["name"], "must not be blank");
  const timezone = input.timezone ?? "UTC";
  if (!isValidTimezone(timezone)) throw invalid(["timezone"], `unknown time zone "${timezone}"`);
  const account = await db.account.create({ data: { name, timezone } });
  return { id: account.id, name: account.name, timezone: account.timezone };
}

/** Creates an API token and returns it; the only time the token is ever shown. */
export async function createToken(
  db: PrismaClient,
  input: { accountId: number; name: string; scopes?: string[] },
): Promise<NewToken> {
  const name = input.name.trim();
  if (!name) throw invalid(["name"], "must not be blank");
  const scopes = parseScopes(input.scopes ?? [...SCOPES]);
  const account = await db.account.findUnique({ where: { id: input.accountId } });
  if (!account) throw invalid(["account"], `${input.accountId} does not exist`);
  const token = `cp_${account.id}_${randomBytes(24).toString("base64url")}`;
  const row = await db.apiToken.create({
    data: { accountId: account.id, name, scopes, tokenHash: hashToken(token) },
  });
  return { id: row.id, name: row.name, token, scopes };
}

/**
 * The service acting for an account on its own (the command line): every scope, and movements
 * signed with `name` and no token.
 */
export async function systemPrincipal(
  db: PrismaClient,
  accountId: number,
  name: string,
): Promise<Principal> {
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) throw new AppError("INVALID_PARAMETER", `account ${accountId} does not exist`);
  return {
    accountId,
    timezone: account.timezone,
    actor: { name, tokenId: null },
    scopes: new Set(SCOPES),
  };
}

/** Every account, oldest first. */
export async function listAccounts(
  db: PrismaClient,
): Promise<(AccountView & { createdAt: Date })[]> {
  return db.account.findMany({
    select: { id: true, name: true, timezone: true, createdAt: true },
    orderBy: { id: "asc" },
  });
}

export interface TokenView {
  id: number;
  name: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

/** An account's tokens, oldest first: what they are called and may do, never the secret or its hash. */
export async function listTokens(db: PrismaClient, accountId: number): Promise<TokenView[]> {
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) throw invalid(["account"], `${accountId} does not exist`);
  return db.apiToken.findMany({
    where: { accountId },
    select: { id: true, name: true, scopes: true, createdAt: true, revokedAt: true },
    orderBy: { id: "asc" },
  });
}

/** Revokes a token: it stops authenticating at once. */
export async function revokeToken(
  db: PrismaClient,
  input: { accountId: number; tokenId: number },
): Promise<{ id: number; revoked: true }> {
  const { count } = await db.apiToken.updateMany({
    where: { accountId: input.accountId, id: input.tokenId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const exists =
    count > 0 ||
    (await db.apiToken.count({ where: { accountId: input.accountId, id: input.tokenId } })) > 0;
  if (!exists)
    throw invalid(["token"], `${input.tokenId} of account ${input.accountId} does not exist`);
  return { id: input.tokenId, revoked: true };
}

/** The caller a bearer token belongs to, or null for an unknown, malformed or revoked token. */
export async function authenticate(db: PrismaClient, token: string): Promise<Principal | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const accountId = Number(match[1]);
  if (accountId > 2147483647) return null; // no such account can exist
  // The token and its account's time zone in one round trip: every request pays for it.
  const [row] = await db.$queryRaw<
    { id: number; name: string; scopes: string[]; revoked: boolean; timezone: string }[]
  >`
    SELECT t.id, t.name, COALESCE(t.scopes, '{}') AS scopes, t.revoked_at IS NOT NULL AS revoked,
      a.timezone
    FROM api_tokens t JOIN accounts a ON a.id = t.account_id
    WHERE t.account_id = ${accountId} AND t.token_hash = ${hashToken(token)}`;
  if (!row || row.revoked) return null;
  return {
    accountId,
    timezone: row.timezone,
    actor: { name: row.name, tokenId: row.id },
    scopes: new Set(
      row.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
    ),
  };
}

/** The scopes named, or INVALID_PARAMETER when the list is empty or names an unknown scope. */
export function parseScopes(scopes: string[]): Scope[] {
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0) {
    throw invalid(["scopes"], `scopes must be a non-empty list of ${SCOPES.join(", ")}`);
  }
  return [...new Set(scopes)] as Scope[];
}

const invalid = (path: string[], message: string) =>
  new AppError("INVALID_PARAMETER", `${path.join(".")} ${message}`, [
    { path, code: "INVALID_PARAMETER", message },
  ]);
