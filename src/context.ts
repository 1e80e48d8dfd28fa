import type { PrismaClient } from "./db/client.js";
import type { Authentication, TokenCheck } from "./modules/account/account.auth.js";

/**
 * What a token may do. `tokens` (issue and revoke tokens through the API) is held only by the
 * account's admin tokens, made by the command line or on first start: a token made through the
 * API never holds it (src/modules/token/token.service.ts).
 */
export const SCOPES = ["read", "adjust", "count", "approve", "webhooks", "tokens"] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is acting: written on every movement, adjustment and stock take. */
export interface Actor {
  name: string;
  tokenId: number | null;
}

/** An authenticated caller: every query is scoped by its account. */
export interface Principal {
  accountId: number;
  timezone: string;
  actor: Actor;
  scopes: ReadonlySet<Scope>;
}

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

/** The actor for work the service does itself (demo data, command line). */
export const SYSTEM_ACTOR: Actor = { name: "system", tokenId: null };
