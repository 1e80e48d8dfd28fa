// Tokens this process refused lately (unknown, revoked or expired), by digest: the same bad token
// sent again and again is answered 401 from here, as cheaply as /healthz, with no statement each.
// A refusal holds for good for an unknown token (its secret is 192 random bits) or a revoked one,
// but the command line may give an expired token a new expiry: an entry lasts REFUSED_MS.
// Bounded: past REFUSED_TOKENS the oldest goes first.

const REFUSED_TOKENS = 10_000;
const REFUSED_MS = 60_000;

export class RefusedTokens {
  private readonly refused = new Map<string, { problem: string; until: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Why the token of `digest` was refused, if it was within REFUSED_MS. */
  problemOf(digest: string): string | undefined {
    const entry = this.refused.get(digest);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.problem;
    this.refused.delete(digest);
    return undefined;
  }

  /** Notes that the token of `digest` does not authenticate, and why. */
  remember(digest: string, problem: string): void {
    this.refused.delete(digest);
    this.refused.set(digest, { problem, until: this.now() + REFUSED_MS });
    if (this.refused.size > REFUSED_TOKENS) {
      this.refused.delete(this.refused.keys().next().value as string);
    }
  }

  /** Forgets every refusal (a token given a new expiry, in a test). */
  clear(): void {
    this.refused.clear();
  }
}
