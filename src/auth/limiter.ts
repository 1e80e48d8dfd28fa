import type { FastifyBaseLogger } from "fastify";
import type { PrismaClient } from "../db/client.js";
import { asBookkeeping } from "../db/request-scope.js";
import { accountOf, authenticateToken, hashToken, UNKNOWN, type Authentication } from "./tokens.js";
import { KnownTokens } from "./known-tokens.js";
import { RefusedTokens } from "./refused-tokens.js";
import { RefusedWalks } from "../rate-limit/refused-walks.js";
import { TokenSignatures } from "./signatures.js";
import { AccountBudgets, nearer } from "../rate-limit/account.js";
import {
  chargeOf,
  UNLIMITED,
  type BucketDecision,
  type RateLimit,
  type TokenBucket,
} from "../rate-limit/bucket.js";
import { chargeInDatabase } from "../rate-limit/postgres.js";
import { RedisBuckets } from "../rate-limit/redis.js";

/**
 * Authenticates requests and charges their tokens' buckets. With the buckets in PostgreSQL the
 * charge rides in the authentication's own statement (no round trip added); with Redis it is one
 * script call after it.
 */
export interface RateLimiter {
  /** The limit of tokens without one of their own. */
  readonly defaults: RateLimit;
  /**
   * The accounts' own budgets, which every charge below also weighs and pays (a token checked in
   * the statement of its work pays with payAccount).
   */
  readonly accounts: AccountBudgets;
  /** Tokens lately refused here: answered 401 again without a statement (refused-tokens.ts). */
  readonly refused: RefusedTokens;
  /** Walks lately refused here for their price: refused again uncounted (refused-walks.ts). */
  readonly refusedWalks: RefusedWalks;
  /** Tells made-up tokens without a statement (signatures.ts). */
  readonly signatures: TokenSignatures;
  /**
   * Whether a charge made with the authentication costs no round trip (PostgreSQL: it rides in
   * the authentication's statement). Else a request whose cost is known only later (its lines)
   * is charged once, then, rather than twice.
   */
  readonly atAuthentication: boolean;
  /**
   * Who `token` is, with `cost` units taken from its bucket (0: none, e.g. a subscription's
   * recheck) if it holds `holds` (default `cost`: a list takes 1 but must find what its limit
   * may cost). A refused charge is a decision with granted false; the caller answers 429.
   */
  authenticate(token: string, cost: number, holds?: number): Promise<Authentication>;
  /**
   * Takes `cost` more units from an authenticated request's bucket (its lines, once its body is
   * read and before anything is written) if it holds `holds` (default `cost`; less for a request
   * dearer than the bucket, which leaves it owing the rest); `needed` is what a retry must find
   * in the bucket. Null: nothing was decided (the bucket store is unreachable: the request goes
   * through).
   */
  charge(
    bucket: TokenBucket,
    cost: number,
    needed: number,
    holds?: number,
  ): Promise<BucketDecision | null>;
  /**
   * Takes `cost` units the request owes for work done (the rest of a list's price once its rows
   * are counted), whatever the bucket holds: it may be left below empty. Null as for charge.
   */
  settle(bucket: TokenBucket, cost: number): Promise<BucketDecision | null>;
  /** Readies the bucket store before the first request (Redis: connects). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Where the tokens' buckets live: a RateLimiter but for what createRateLimiter adds. */
type TokenBuckets = Omit<RateLimiter, "accounts" | "refused" | "refusedWalks" | "signatures">;

/** Buckets in PostgreSQL, taken from by the authentication's statement. */
function databaseLimiter(db: PrismaClient, defaults: RateLimit): TokenBuckets {
  return {
    defaults,
    atAuthentication: true,
    authenticate: (token, cost, holds) =>
      authenticateToken(db, token, { defaults, charge: cost, holds }),
    charge: (bucket, cost, needed, holds) => chargeInDatabase(db, bucket, cost, needed, { holds }),
    settle: (bucket, cost) => chargeInDatabase(db, bucket, cost, cost, { owed: true }),
    start: async () => {},
    close: async () => {},
  };
}

/**
 * Buckets in Redis (an atomic script per charge). PostgreSQL still authenticates the token and
 * says its limit. Should Redis be unreachable, requests go through unlimited (logged): the limit
 * protects the service, and an outage of it must not become an outage of the API.
 */
function redisLimiter(
  db: PrismaClient,
  defaults: RateLimit,
  redisUrl: string,
  log: FastifyBaseLogger,
): TokenBuckets {
  const buckets = new RedisBuckets(redisUrl, log);
  return {
    defaults,
    atAuthentication: false,
    authenticate: async (token, cost, holds = cost) => {
      const auth = await authenticateToken(db, token, { defaults, charge: 0 });
      if (!auth.principal || !auth.bucket || cost <= 0) return auth;
      const most = Math.max(cost, holds);
      return { ...auth, decision: await buckets.take(auth.bucket, cost, most, { holds: most }) };
    },
    charge: (bucket, cost, needed, holds) => buckets.take(bucket, cost, needed, { holds }),
    settle: (bucket, cost) => buckets.take(bucket, cost, cost, { owed: true }),
    start: () => buckets.start(),
    close: () => buckets.close(),
  };
}

/** What charging the rest of a request's price decided. */
export interface Remainder {
  decision: BucketDecision;
  /** The whole price (a refused request must find it, or a full bucket, to pass). */
  price: number;
}

/**
 * Charges a request the rest of its `price` beyond the `taken` units its authentication took,
 * before the work it pays for: REST's lines and GraphQL's operations alike. The bucket must hold
 * the price up to its size (chargeOf); a price above that leaves the bucket owing the rest. Null
 * when nothing is owed or nothing was decided (bucket store unreachable); a decision not granted
 * is the caller's 429.
 */
export async function chargeRemainder(
  limiter: RateLimiter,
  bucket: TokenBucket,
  taken: number,
  price: number,
): Promise<Remainder | null> {
  const extra = price - taken;
  if (extra <= 0) return null;
  // A retry pays its authentication's units again: it must find the whole price (or a full
  // bucket) to pass, and so must the bucket now, less what was taken.
  const needed = chargeOf(price, bucket.limit);
  const decision =
    needed > taken
      ? await limiter.charge(bucket, extra, needed, needed - taken)
      : await limiter.settle(bucket, extra);
  return decision ? { decision, price } : null;
}

/**
 * What an authentication that took `cost` units from its token's bucket leaves: the account's
 * budget paid too (its RateLimit fields then tell of whichever bucket is nearer to refusing).
 * Nothing is paid for a request refused, or for an unlimited token (limited by neither).
 */
export const payAccount = (limiter: RateLimiter, auth: Authentication, cost: number) =>
  paidBy(limiter.accounts, auth, cost);

function paidBy(accounts: AccountBudgets, auth: Authentication, cost: number): Authentication {
  if (!auth.principal) return auth;
  const { accountId } = auth.principal;
  accounts.learn(accountId, auth.accountLimit);
  if (!auth.bucket || !auth.decision?.granted) return auth;
  return { ...auth, decision: nearer(auth.decision, accounts.take(accountId, cost)) };
}

/**
 * Each charge weighed against the account's budget first (a refusal there takes nothing from
 * the token's bucket) and paid to it once the token's bucket granted; a token refused lately is
 * refused again without asking the buckets' store.
 */
function withAccountBudgets(
  limiter: TokenBuckets,
  accounts: AccountBudgets,
  signatures: TokenSignatures,
): RateLimiter {
  const refused = new RefusedTokens();
  const known = new KnownTokens();
  const paid = (bucket: TokenBucket, cost: number, decision: BucketDecision | null) =>
    decision?.granted ? nearer(decision, accounts.take(bucket.accountId, cost)) : decision;
  return {
    ...limiter,
    accounts,
    refused,
    refusedWalks: new RefusedWalks(),
    signatures,
    authenticate: async (token, cost, holds = cost) => {
      const accountId = accountOf(token);
      if (accountId !== null && signatures.madeUp(token, accountId)) {
        return { principal: null, problem: UNKNOWN };
      }
      const digest = hashToken(token);
      const problem = refused.problemOf(digest);
      if (problem !== undefined) return { principal: null, problem };
      const over =
        accountId !== null && cost > 0 ? accounts.admits(accountId, Math.max(cost, holds)) : null;
      // Refused by the account: a token known here is answered so at once; another is still
      // checked (a bad one is told 401), for nothing.
      const seen = over ? known.get(digest) : undefined;
      if (over && seen) return { ...seen, decision: over };
      const auth = await limiter.authenticate(token, over ? 0 : cost, over ? 0 : holds);
      if (!auth.principal) refused.remember(digest, auth.problem);
      else known.remember(digest, auth);
      if (!over) return paidBy(accounts, auth, cost);
      if (auth.principal) accounts.learn(auth.principal.accountId, auth.accountLimit);
      return auth.principal && auth.bucket ? { ...auth, decision: over } : auth;
    },
    charge: async (bucket, cost, needed, holds = cost) => {
      const over = accounts.admits(bucket.accountId, holds);
      if (over) return over;
      return paid(bucket, cost, await limiter.charge(bucket, cost, needed, holds));
    },
    settle: async (bucket, cost) => paid(bucket, cost, await limiter.settle(bucket, cost)),
    start: async () => {
      signatures.start();
      await limiter.start();
    },
    close: async () => {
      signatures.stop();
      await limiter.close();
    },
  };
}

/** The limiter the configuration asks for. */
export function createRateLimiter(
  db: PrismaClient,
  options: {
    rateLimit?: RateLimit;
    /** The budget of accounts without one of their own (default: none). */
    accountRateLimit?: RateLimit;
    /** The share of each account's budget this process spends (1 / worker processes). */
    accountShare?: number;
    redisUrl?: string;
    log: FastifyBaseLogger;
  },
): RateLimiter {
  const defaults = options.rateLimit ?? UNLIMITED;
  const accounts = new AccountBudgets(options.accountRateLimit ?? UNLIMITED, options.accountShare);
  const limiter = withAccountBudgets(
    options.redisUrl
      ? redisLimiter(db, defaults, options.redisUrl, options.log)
      : databaseLimiter(db, defaults),
    accounts,
    new TokenSignatures(db, options.log),
  );
  // A request's bookkeeping, not its work: the token's last use and its bucket, written as the
  // request starts, do not make a request that runs out of time one that changed data.
  return {
    ...limiter,
    authenticate: (token, cost, holds) =>
      asBookkeeping(() => limiter.authenticate(token, cost, holds)),
    charge: (bucket, cost, needed, holds) =>
      asBookkeeping(() => limiter.charge(bucket, cost, needed, holds)),
    settle: (bucket, cost) => asBookkeeping(() => limiter.settle(bucket, cost)),
  };
}
