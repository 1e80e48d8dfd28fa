// An account's own rate budget, which all its tokens draw from together, beside each token's
// bucket: issuing tokens does not multiply what an account may spend. It is a bucket per account
// kept in the process (as the pool's account share is), not a row in PostgreSQL: every request of
// an account would otherwise update one row, held locked until its statement commits, and a
// single adjustment's one statement would queue every other request of its account behind its
// commit. `countpoint serve --workers N` gives each process 1/N of the budget.
//
// A request is weighed against it before its token is checked (`admits`: nothing taken, so a
// request refused here costs neither budget, and a flood of bogus tokens naming an account
// cannot spend the account's budget), and pays it once its token's bucket has granted (`take`,
// whatever the account's bucket holds by then: requests in flight at once may leave it owing).
import {
  bucketDecision,
  chargeOf,
  EPSILON,
  type BucketDecision,
  type RateLimit,
} from "./bucket.js";

/** An account's limit, and where its bucket stands. */
interface AccountBucket {
  limit: RateLimit;
  level: number;
  /** performance.now() when `level` was read. */
  at: number;
}

/** Accounts whose buckets are kept before full ones are let go (a full bucket holds nothing to keep). */
const KEPT = 10_000;

export class AccountBudgets {
  private readonly buckets = new Map<number, AccountBucket>();

  constructor(
    /** The limit of accounts without one of their own (perSecond 0: no account budget). */
    readonly defaults: RateLimit,
    /** What share of the budget this process spends (1 / its worker processes). */
    private readonly share = 1,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The limit an account's requests are held to here: its own (null: the default), this process's share. */
  limitOf(own: RateLimit | null): RateLimit {
    const limit = own ?? this.defaults;
    if (limit.perSecond <= 0 || this.share >= 1) return limit;
    return {
      perSecond: limit.perSecond * this.share,
      burst: Math.max(1, Math.floor(limit.burst * this.share)),
    };
  }

  /** Notes the account's limit as its latest authentication read it. */
  learn(accountId: number, own: RateLimit | null): void {
    const limit = this.limitOf(own);
    const bucket = this.buckets.get(accountId);
    if (bucket) {
      if (bucket.limit.perSecond !== limit.perSecond || bucket.limit.burst !== limit.burst) {
        bucket.level = Math.min(this.level(bucket), limit.burst);
        bucket.at = this.now();
        bucket.limit = limit;
      }
      return;
    }
    if (limit.perSecond > 0) this.keep(accountId, { limit, level: limit.burst, at: this.now() });
  }

  /**
   * Whether the account's bucket holds `holds` units (what a request of that cost must find):
   * null when it does (or the account has no budget), else the refusal, with its Retry-After.
   */
  admits(accountId: number, holds: number): BucketDecision | null {
    const bucket = this.buckets.get(accountId);
    if (!bucket || bucket.limit.perSecond <= 0) return null;
    const needed = chargeOf(holds, bucket.limit);
    const level = this.level(bucket);
    if (level >= needed - EPSILON) return null;
    return { ...bucketDecision(bucket.limit, level, false, needed), account: bucket.limit };
  }

  /**
   * Takes `cost` units from the account's bucket, whatever it holds: the request was admitted
   * and its token's bucket paid. The decision says where the account's bucket stands.
   */
  take(accountId: number, cost: number): BucketDecision | null {
    const bucket = this.buckets.get(accountId);
    if (!bucket || bucket.limit.perSecond <= 0 || cost <= 0) return null;
    bucket.level = this.level(bucket) - cost;
    bucket.at = this.now();
    return { ...bucketDecision(bucket.limit, bucket.level, true, 0), account: bucket.limit };
  }

  private level(bucket: AccountBucket): number {
    const refill = Math.max(0, (this.now() - bucket.at) / 1000) * bucket.limit.perSecond;
    return Math.min(bucket.limit.burst, bucket.level + refill);
  }

  private keep(accountId: number, bucket: AccountBucket): void {
    if (this.buckets.size >= KEPT) {
      for (const [id, kept] of this.buckets) {
        if (this.level(kept) >= kept.limit.burst - EPSILON) this.buckets.delete(id);
      }
    }
    this.buckets.set(accountId, bucket);
  }
}

/**
 * The decision a response's RateLimit-* fields tell of: the token's, or the account's when the
 * account's bucket is the nearer to refusing (fewer whole units left).
 */
export function nearer(
  token: BucketDecision,
  account: BucketDecision | null | undefined,
): BucketDecision {
  if (!account) return token;
  return account.remaining < token.remaining ? account : token;
}
