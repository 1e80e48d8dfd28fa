// Who is calling: the scopes a token may hold, and the caller every service method acts for
// (its account, its timezone, the actor written on what it changes).
import { AppError } from "../errors.js";

/**
 * What a token may do. `costs` lets it see and set money (the account's currency, unit costs,
 * movements' values): a token without it is answered as if no item had a cost. `tokens` (issue and revoke tokens through the API) is held only by the
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
  "costs",
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
  /**
   * The sites whose stock it sees and changes, for a token limited to sites (api_tokens.site_ids);
   * absent or null: every site of its account.
   */
  sites?: readonly number[] | null;
}

/** Whether the caller may see and change the stock of site `id`. */
export const mayUseSite = (principal: Pick<Principal, "sites">, id: number): boolean =>
  !principal.sites || principal.sites.includes(id);

/**
 * The scopes a token limited to sites may hold: those of stock, stock takes and transfers.
 * Webhooks, sites, costs (the account's currency and the catalog's costs) and tokens concern the
 * whole account, so they stay with unlimited tokens.
 */
export const SITE_LIMITED_SCOPES: readonly Scope[] = ["read", "adjust", "count", "approve"];

/** Whether the caller may see and set money (DESIGN §9). */
export const seesMoney = (principal: Pick<Principal, "scopes">): boolean =>
  principal.scopes.has("costs");

/**
 * FORBIDDEN, before any work, unless the caller may see and set money: `what` it asked for ("a
 * tolerance in money"), which says nothing of the data it would have touched.
 */
export function requireMoney(principal: Pick<Principal, "scopes">, what: string): void {
  if (!seesMoney(principal)) throw new AppError("FORBIDDEN", `${what} needs the costs scope`);
}

/** The actor for work the service does itself (demo data, command line). */
export const SYSTEM_ACTOR: Actor = { name: "system", tokenId: null };
