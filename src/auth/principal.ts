// Who is calling: the scopes a token may hold, and the caller every service method acts for
// (its account, its timezone, the actor written on what it changes).

/**
 * What a token may do. `tokens` (issue and revoke tokens through the API) is held only by the
 * account's admin tokens, made by the command line or on first start: a token made through the
 * API never holds it (src/modules/token/token.service.ts).
 */
export const SCOPES = [
  "read",
  "adjust",
  "count",
  "approve",
  "webhooks",
  "sites",
  "tokens",
] as const;
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

/** The actor for work the service does itself (demo data, command line). */
export const SYSTEM_ACTOR: Actor = { name: "system", tokenId: null };
