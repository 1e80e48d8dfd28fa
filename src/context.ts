import type { PrismaClient } from "./db/client.js";
import type { Principal } from "./auth/principal.js";
import type { Authentication, TokenCheck } from "./auth/tokens.js";

/** What every service method takes first. */
export interface ServiceContext {
  /** The primary: every write, and reads that need its locks (oldest-first readers). */
  db: PrismaClient;
  principal: Principal;
  /**
   * Where this request's plain reads go: a replica fresh enough for the caller, chosen by the
   * transport for read-only requests; absent means the primary.
   */
  read?: PrismaClient;
  /**
   * Set when the request's token is yet to be checked (a single adjustment over REST):
   * `principal` is who the token was when this process last checked it. The one-statement
   * adjustment checks it in its own statement; any other work must `authenticate()` first.
   */
  unverified?: UnverifiedToken;
}

/** A token to check in the statement of the work it pays for (docs/architecture/statements.md). */
export interface UnverifiedToken {
  check: TokenCheck;
  /** Who the statement's check says the caller is; throws as authentication does (401, 403, 429). */
  admit(outcome: Authentication): Principal;
  /** Authenticates in a statement of its own, as every other request does. */
  authenticate(): Promise<Principal>;
}

/** The database for a service's plain reads (see ServiceContext.read). */
export const readDb = (ctx: ServiceContext): PrismaClient => ctx.read ?? ctx.db;

/** The context with its token checked: work of more than one statement checks it first, in one of its own. */
export async function verified(ctx: ServiceContext): Promise<ServiceContext> {
  if (!ctx.unverified) return ctx;
  const { unverified, ...checked } = ctx;
  return { ...checked, principal: await unverified.authenticate() };
}
