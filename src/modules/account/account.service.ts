import type { PrismaClient } from "../../db/client.js";
import { SCOPES, type Principal } from "../../auth/principal.js";
import { isValidTimezone } from "../../dates.js";
import { AppError } from "../../errors.js";
import { UNLIMITED } from "../../rate-limit/bucket.js";
import { authenticateToken } from "../../auth/tokens.js";
import type { RateLimit } from "../../rate-limit/bucket.js";
import { invalid, limitColumns, limitOf } from "../token/token.store.js";

// Accounts are tenants; tokens are their API credentials (see src/auth/tokens.ts for their form and
// how a request authenticates).

export interface AccountView {
  id: number;
  name: string;
  timezone: string;
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
): Promise<(AccountView & { createdAt: Date; rateLimit: RateLimit | null })[]> {
  const rows = await db.account.findMany({
    select: ACCOUNT_VIEW,
    orderBy: { id: "asc" },
  });
  return rows.map(accountView);
}

const ACCOUNT_VIEW = {
  id: true,
  name: true,
  timezone: true,
  createdAt: true,
  rateLimitPerSecond: true,
  rateLimitBurst: true,
} as const;

const accountView = ({
  rateLimitPerSecond,
  rateLimitBurst,
  ...row
}: AccountView & {
  createdAt: Date;
  rateLimitPerSecond: number | null;
  rateLimitBurst: number | null;
}) => ({ ...row, rateLimit: limitOf({ rateLimitPerSecond, rateLimitBurst }) });

/**
 * Sets an account's own rate budget, which all its tokens draw from together (null: the
 * service's default, ACCOUNT_RATE_LIMIT_*; perSecond 0: none). Each process learns it with the
 * account's next authentication.
 */
export async function updateAccountRateLimit(
  db: PrismaClient,
  accountId: number,
  rateLimit: RateLimit | null,
): Promise<AccountView & { createdAt: Date; rateLimit: RateLimit | null }> {
  const found = await db.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!found) throw invalid(["--id"], `there is no account ${accountId}`);
  const row = await db.account.update({
    where: { id: accountId },
    data: limitColumns(rateLimit),
    select: ACCOUNT_VIEW,
  });
  return accountView(row);
}

/**
 * The caller a bearer token belongs to, or null for an unknown, malformed, revoked or expired
 * token; its rate-limit bucket is left alone (requests authenticate through the rate limiter).
 */
export async function authenticate(db: PrismaClient, token: string): Promise<Principal | null> {
  const result = await authenticateToken(db, token, { defaults: UNLIMITED, charge: 0 });
  return result.principal;
}
