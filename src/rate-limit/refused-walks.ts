// Walks (src/operations.ts `walks`) this process refused for their price, by token and walk, until
// the refusal's Retry-After: the same walk sent again before then is refused from here, without
// counting what it would walk (a count of a catalog's SKUs reads an index of every one) and
// without a trip to the bucket, which cannot hold that price sooner (buckets refill at their rate
// and nothing else fills them). A client that waits out Retry-After never meets an entry.
// At most REFUSED_WALKS are kept.
import { ExpiringMemory } from "../expiring-memory.js";
import type { BucketDecision, TokenBucket } from "./bucket.js";

const REFUSED_WALKS = 10_000;

/** A refusal still standing: what it decided (its seconds counted down) and the price refused. */
export interface StandingRefusal {
  decision: BucketDecision;
  price: number;
}

export class RefusedWalks {
  private readonly refused: ExpiringMemory<StandingRefusal>;

  constructor(now?: () => number) {
    this.refused = new ExpiringMemory(REFUSED_WALKS, now);
  }

  /** The refusal standing for the token's walk `walk` (an operation and what it walks). */
  standing(bucket: TokenBucket, walk: string): StandingRefusal | undefined {
    const entry = this.refused.get(keyOf(bucket, walk));
    if (!entry) return undefined;
    // Whole seconds left, at least 1: the entry has not lapsed.
    const left = Math.max(1, Math.ceil((entry.until - this.refused.clock()) / 1000));
    const decision = { ...entry.value.decision, retryAfterSeconds: left, resetSeconds: left };
    return { decision, price: entry.value.price };
  }

  /** Notes that the token's walk was refused at `price` with `decision`. */
  remember(bucket: TokenBucket, walk: string, refusal: StandingRefusal): void {
    this.refused.set(keyOf(bucket, walk), refusal, refusal.decision.retryAfterSeconds * 1000);
  }
}

const keyOf = (bucket: TokenBucket, walk: string) =>
  `${bucket.accountId}:${bucket.tokenId}:${walk}`;
