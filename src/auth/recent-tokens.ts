// Who each recently used token was when this process last authenticated it, by the token's
// digest, and how many of its single adjustments are in flight here: what requireScope's
// `inline` needs to let a single adjustment check its token inside its own statement. The hint
// decides only whether to defer the check, never what a token may do (the statement checks the
// token again). Bounded: past RECENT_TOKENS the oldest token goes first.
import type { Principal, Scope } from "./principal.js";

const RECENT_TOKENS = 10_000;
const recent = new Map<string, Principal>();
const inFlight = new Map<string, number>();

/** Notes who the token of `digest` authenticated as. */
export function rememberToken(digest: string, principal: Principal): void {
  recent.delete(digest);
  recent.set(digest, principal);
  if (recent.size > RECENT_TOKENS) recent.delete(recent.keys().next().value as string);
}

/** Who the token of `digest` last authenticated as, if it held `scope` then. */
export function recentPrincipal(digest: string, scope: Scope): Principal | undefined {
  const principal = recent.get(digest);
  return principal?.scopes.has(scope) ? principal : undefined;
}

/** Forgets a token that no longer authenticates. */
export function forgetToken(digest: string): void {
  recent.delete(digest);
}

/** Counts a deferred request of the token in; `left` counts it out. */
export function entered(digest: string): void {
  inFlight.set(digest, (inFlight.get(digest) ?? 0) + 1);
}

export function left(digest: string): void {
  const n = (inFlight.get(digest) ?? 1) - 1;
  if (n > 0) inFlight.set(digest, n);
  else inFlight.delete(digest);
}

/** Whether the token's only deferred request in flight here is the caller's. */
export const alone = (digest: string): boolean => (inFlight.get(digest) ?? 0) <= 1;
