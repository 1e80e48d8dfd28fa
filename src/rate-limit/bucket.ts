// Rate limits are token buckets, one per API token, shared by every process of the service (in
// PostgreSQL, or in Redis when REDIS_URL is set). A bucket holds up to `burst` units and refills
// at `perSecond` units a second; a request takes its cost in units, or is refused (429) and takes
// nothing. Most requests cost 1; a request carrying lines (bulk adjustments, imports, counts)
// costs one unit per started LINES_PER_UNIT lines, each weighted by what it writes
// (LINE_WEIGHTS), and so does a list by the rows it answers or a count sheet by its lines.

/** A bucket's size and refill rate. perSecond 0: unlimited (no bucket at all). */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** No limit: what RATE_LIMIT_PER_SECOND=0 and a token's `--rate-limit off` mean. */
export const UNLIMITED: RateLimit = { perSecond: 0, burst: 0 };

/** The bucket of an authenticated token, for charging a request's lines after its body is read. */
export interface TokenBucket {
  /** Where the bucket lives: the token's row in PostgreSQL, or this key in Redis. */
  accountId: number;
  tokenId: number;
  /** The token's digest: the Redis key (unique across databases sharing one Redis). */
  digest: string;
  limit: RateLimit;
}

/** What a bucket answered one charge, and the RateLimit-* headers that tell the caller. */
export interface BucketDecision {
  granted: boolean;
  /** RateLimit-Limit: the bucket's size. */
  limit: number;
  /** RateLimit-Remaining: whole units left. */
  remaining: number;
  /** RateLimit-Reset: seconds until the bucket is full again (refused: until the retry passes). */
  resetSeconds: number;
  /** Retry-After of a refusal: seconds until the bucket holds what the refused request needs. */
  retryAfterSeconds: number;
  /** Set when the decision is the account's budget's (src/rate-limit/account.ts): its limit. */
  account?: RateLimit;
}

/** Lines (or rows answered) one unit pays for: 10,000 rows answered cost 100 units. */
export const LINES_PER_UNIT = 100;

/**
 * What a stock take's counts cost beyond their lines: a count request writes its lines, the count
 * log, an event and the progress subscribers read; one line costs the server and PostgreSQL about
 * 2 to 2.5 single adjustments, 100 lines about 5 to 6 (docs: limits), so counts cost 2 + 1 per
 * started 100 lines.
 */
export const COUNT_BASE_UNITS = 2;

/**
 * What classifying SKUs costs (POST /skus/classify, classifySkus): it weighs every active SKU's
 * movements over its window and writes a row per SKU, like an import of the whole catalog; an
 * occasional manager's request, priced as half a default token's burst.
 */
export const CLASSIFY_UNITS = 100;

/**
 * Active SKUs a classification weighs for a unit: over 1,000,000 SKUs (a movement each) it takes
 * about 4.7 s of PostgreSQL (`npm run bench -- cycle`, C1), what about 2,000 single adjustments'
 * units cost; so a unit per started 500, and never less than CLASSIFY_UNITS.
 */
export const CLASSIFIED_SKUS_PER_UNIT = 500;

/** What classifying an account of `skus` active SKUs costs. */
export const classifyUnits = (skus: number): number =>
  Math.max(CLASSIFY_UNITS, Math.ceil(skus / CLASSIFIED_SKUS_PER_UNIT));

/**
 * What a line of each kind of bulk write counts as, in lines: measured beside a single adjustment
 * (`npm run bench -- prices`, docs: benchmarks, PR), a line of a bulk adjustment costs the server
 * and PostgreSQL about 6 hundredths of a single adjustment's unit, a row of an import about 10
 * (each is an index update and an event) and a count about 6 (the line, the count log, its event):
 * so 1,000 adjustment lines cost 60 units, 1,000 imported rows 100, and 100 counts 2 + 6.
 */
export const LINE_WEIGHTS = { adjustment: 6, import: 10, count: 6 } as const;

/**
 * What a line a use case walks (rather than carries) counts as, in lines, counted before the work
 * (src/operations.ts, `walks`): a start freezes each line of its scope about as a listed id costs
 * (100,000 lines take PostgreSQL about 0.8 s, some 650 single adjustments' units: `npm run bench
 * -- l1`); a review (accept-lines' safe pass, reconcile, dry run or not) reads and weighs every
 * line of its stock take, 100,000 in about 2.5 s (`npm run bench -- p5`): twice that. A
 * transfer's receipt or cancel writes each line it walks as an adjustment writes a line. An
 * import's row bringing on_hand to an item whose level at its site holds 0 looks back through up
 * to 100 of the item's latest movements (the ledger's MOVED_LOOKBACK) before it opens a balance:
 * each movement it may read counts as a tenth of a line, so the row as 10 lines, as much again as
 * the import row itself (an estimate beside a start's frozen line, not yet measured on its own).
 */
export const WALK_WEIGHTS = {
  start: 1,
  review: 2,
  transfer: LINE_WEIGHTS.adjustment,
  lookback: 10,
  /** A row a report's aggregate adds up: a fifth of a line, as a summary's (SUMMARIZED_LINES). */
  summary: 0.2,
} as const;

/**
 * A stock take's summary aggregates every line in one statement, about a fifth of what listing
 * them costs: 100,000 lines summarized by area take about 230 ms over HTTP (`npm run bench --
 * areas`), what 150 single adjustments cost the server one at a time. So it is priced as one
 * listed line per SUMMARIZED_LINES lines: a unit per started 500.
 */
export const SUMMARIZED_LINES = 5;

/** What summarizing `lines` lines is priced as, in lines. */
export const summarizedLines = (lines: number): number => Math.ceil(lines / SUMMARIZED_LINES);

/** What a request carrying `lines` lines costs (1 for none or up to LINES_PER_UNIT). */
export const costOfLines = (lines: number): number =>
  Math.max(1, Math.ceil(lines / LINES_PER_UNIT));

/**
 * Body bytes one unit pays for: reading and parsing a body costs the server by its size before
 * its lines are known. An honest bulk body pays more for its lines (10,000 lines of a bulk
 * adjustment weigh about 450 KB, 28 units by bytes, 600 by lines), so bytes decide the price only
 * of a body padded beyond what its lines would cost.
 */
export const BYTES_PER_UNIT = 16 * 1024;

/** What reading a body of `bytes` bytes costs (1 for none or up to BYTES_PER_UNIT). */
export const costOfBytes = (bytes: number): number =>
  Math.max(1, Math.ceil(bytes / BYTES_PER_UNIT));

/**
 * What a request's bucket must hold for it to pass: its cost, but never more than the bucket's
 * size, so any request the API accepts can pass once the bucket is full. It then takes its whole
 * cost, and a request dearer than the bucket leaves it owing the rest (a token limited to bursts
 * of 20 may still send a 10,000-line import of 1,000 units: it passes with a full bucket, and its
 * next request waits until the 980 units owed are refilled, as if it had waited before).
 */
export const chargeOf = (cost: number, limit: RateLimit): number => Math.min(cost, limit.burst);

/**
 * How a charge is granted. By default when the bucket holds the units it takes. `holds`: only when
 * it holds that many (a list takes its first unit but must find what its `limit` may cost).
 * `owed`: whatever the bucket holds, which may leave it below empty (the rest of a list's price,
 * once its rows are counted: the work is done, and the token's next requests wait the longer).
 */
export interface ChargeTerms {
  holds?: number;
  owed?: boolean;
}

/** Rounding slack: a bucket refilled to 0.9999999999 holds the unit it should. */
export const EPSILON = 1e-9;

/**
 * The decision for a bucket at `level` units after the charge (granted) or at the moment of the
 * refusal; `needed` is what a refused request must find in the bucket when it comes back.
 */
export function bucketDecision(
  limit: RateLimit,
  level: number,
  granted: boolean,
  needed: number,
): BucketDecision {
  // Below 0 when the token owes units (see ChargeTerms.owed): its times count the debt too.
  const held = Math.min(limit.burst, level);
  const seconds = (units: number) => Math.max(0, Math.ceil((units - EPSILON) / limit.perSecond));
  const retryAfterSeconds = granted ? 0 : Math.max(1, seconds(needed - held));
  return {
    granted,
    limit: limit.burst,
    remaining: Math.max(0, Math.floor(held + EPSILON)),
    // The draft asks Reset to name the moment Retry-After names when both are sent.
    resetSeconds: granted ? seconds(limit.burst - held) : retryAfterSeconds,
    retryAfterSeconds,
  };
}

/** The RateLimit-* headers of a decision (draft-ietf-httpapi-ratelimit-headers-06), lower case. */
export function rateLimitHeaders(decision: BucketDecision): [string, string][] {
  const headers: [string, string][] = [
    ["ratelimit-limit", String(decision.limit)],
    ["ratelimit-remaining", String(decision.remaining)],
    ["ratelimit-reset", String(decision.resetSeconds)],
  ];
  if (!decision.granted) headers.push(["retry-after", String(decision.retryAfterSeconds)]);
  return headers;
}

/** The detail of a 429. */
export function refusalMessage(limit: RateLimit, decision: BucketDecision, cost: number): string {
  const what = cost > 1 ? `this request costs ${cost} units and ` : "";
  const whose = decision.account ? "this account's tokens together" : "this token";
  const { perSecond, burst } = decision.account ?? limit;
  return `rate limit exceeded: ${what}${whose} may spend ${perSecond} units a second in bursts of up to ${burst}; retry after ${decision.retryAfterSeconds} s`;
}

/** A rate limit as the command line shows it: `N/s`, or `N/min` below one a second. */
export function formatRate(perSecond: number): string {
  const perMinute = Math.round(perSecond * 60);
  return perSecond < 1 && Math.abs(perMinute - perSecond * 60) < 1e-6
    ? `${perMinute}/min`
    : `${Number(perSecond.toFixed(6))}/s`;
}
