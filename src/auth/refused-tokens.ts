// Tokens this process refused lately (unknown, revoked or expired), by digest: the same bad token
// sent again and again is answered 401 from here, as cheaply as /healthz, with no statement each.
// A refusal holds for good for an unknown token (its secret is 192 random bits) or a revoked one,
// but the command line may give an expired token a new expiry: an entry lasts REFUSED_MS.
// At most REFUSED_TOKENS are kept.

import { ExpiringMemory } from "../expiring-memory.js";

const REFUSED_TOKENS = 10_000;
const REFUSED_MS = 60_000;

export class RefusedTokens {
  private readonly refused: ExpiringMemory<string>;

  constructor(now?: () => number) {
    this.refused = new ExpiringMemory(REFUSED_TOKENS, now);
  }

  /** Why the token of `digest` was refused, if it was within REFUSED_MS. */
  problemOf(digest: string): string | undefined {
    return this.refused.get(digest)?.value;
  }

  /** Notes that the token of `digest` does not authenticate, and why. */
  remember(digest: string, problem: string): void {
    this.refused.set(digest, problem, REFUSED_MS);
  }

  /** Forgets every refusal (a token given a new expiry, in a test). */
  clear(): void {
    this.refused.clear();
  }
}
