// Walks (src/operations.ts `walks`) this process refused for their price, by token and walk, until
// the refusal's Retry-After: the same walk sent again before then is refused from here, without
// counting what it would walk (a count of a catalog's SKUs reads an index of every one) and
// without a trip to the bucket, which cannot hold that price sooner (buckets refill at their rate
// and nothing else fills them). A client that waits out Retry-After never meets an entry.
// Bounded: past REFUSED_WALKS the oldest goes first.
import type { BucketDecision, TokenBucket } from "./bucket.js";

const REFUSED_WALKS = 10_000;

/** A refusal still standing: what it decided (its seconds counted down) and the price refused. */
export interface StandingRefusal {
  decision: BucketDecision;
  price: number;
}

export class RefusedWalks {
  private readonly refused = new Map<string, StandingRefusal & { until: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The refusal standing for the token's walk `walk` (an operation and what it walks). */
  standing(bucket: TokenBucket, walk: string): StandingRefusal | undefined {
    const key = keyOf(bucket, walk);
    const entry = this.refused.get(key);
    if (!entry) return undefined;
    const left = Math.ceil((entry.until - this.now()) / 1000);
    if (left <= 0) {
      this.refused.delete(key);
      return undefined;
    }
    const decision = { ...entry.decision, retryAfterSeconds: left, resetSeconds: left };
    return { decision, price: entry.price };
  }

  /** Notes that the token's walk was refused at `price` with `decision`. */
  remember(bucket: TokenBucket, walk: string, refusal: StandingRefusal): void {
    const key = keyOf(bucket, walk);
    const until = this.now() + refusal.decision.retryAfterSeconds * 1000;
    this.refused.delete(key);
    this.refused.set(key, { ...refusal, until });
    if (this.refused.size > REFUSED_WALKS) {
      this.refused.delete(this.refused.keys().next().value as string);
    }
  }
}

const keyOf = (bucket: TokenBucket, walk: string) =>
  `${bucket.accountId}:${bucket.tokenId}:${walk}`;
