import { z } from "zod";

// Every setting the service reads, validated once at start-up. An invalid value stops the
// process with a one-line message instead of surfacing later as a confusing failure.
const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** An origin exactly as a browser sends it: scheme, host and port only (no path, no slash). */
const isOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
};

/**
 * Where people reach the service: an http(s) URL with no query or fragment (a path is kept, for a
 * service behind a proxy under one), without its trailing slash.
 */
const publicUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && !/[?#\s]/.test(value);
    } catch {
      return false;
    }
  }, "must be an http:// or https:// address such as https://stock.example.com")
  // As the URL parser writes it (characters a page could take for markup percent-encoded).
  .transform((value) => {
    const url = new URL(value);
    return (url.origin + url.pathname).replace(/\/+$/, "");
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  DATABASE_POOL_ACCOUNT_SHARE: z.coerce.number().gt(0).max(1).default(0.8),
  DATABASE_POOL_ACCOUNT_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(60_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u !== ""),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "each must be a postgresql:// URL")))
    .default([]),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_REPLICA_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(100),
  COUNTPOINT_DATA_DIR: z.string().min(1).default(".data"),
  GRAPHQL_INTROSPECTION: booleanFlag.optional(),
  GRAPHQL_EXPLORER: z.enum(["sandbox", "graphiql"]).default("sandbox"),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(35),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PARTITION_MONTHS_AHEAD: z.coerce.number().int().min(1).max(24).default(3),
  WEBHOOK_WORKER: booleanFlag.default(true),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOK_GIVE_UP_HOURS: z.coerce.number().positive().max(720).default(72),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SUBSCRIPTION_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  SUBSCRIPTION_TOKEN_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  SUBSCRIPTION_CONNECTIONS_PER_TOKEN: z.coerce.number().int().min(1).max(100_000).default(20),
  SUBSCRIPTIONS_PER_TOKEN: z.coerce.number().int().min(1).max(1_000_000).default(200),
  SUBSCRIPTION_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  SUBSCRIPTION_EVENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000_000).default(200),
  ACCOUNT_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  ACCOUNT_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  PUBLIC_URL: publicUrl.optional(),
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter((o) => o !== ""),
    )
    .pipe(
      z.array(
        z.string().refine(isOrigin, "each must be an origin such as https://app.example.com"),
      ),
    )
    .default([]),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  logLevel: string;
  /** Unset means: run embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  poolSize: number;
  /** How long a request waits for a database connection before answering 503. */
  poolWaitMs: number;
  /** The part of the pool one account's requests may hold at once (at least one connection). */
  poolAccountShare: number;
  /** An account's requests that may wait past its share; more are answered 503 at once. */
  poolAccountQueue: number;
  /** PostgreSQL's statement_timeout on the service's connections (0: the server's own). */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout on them (0: the server's own). */
  idleInTransactionTimeoutMs: number;
  /** A request still running after this is answered 503 and its database work cancelled (0: never). */
  requestTimeoutMs: number;
  /** Keep repeated statements prepared on each connection (off for a transaction-mode pooler). */
  preparedStatements: boolean;
  /** Streaming replicas that serve reads (none: every read goes to the primary). */
  replicaUrls: string[];
  /** A replica whose data may be older than this serves no reads. */
  replicaMaxLagMs: number;
  /** How often the primary's and each replica's WAL positions are read. */
  replicaPollMs: number;
  dataDir: string;
  /** Introspection and the Sandbox landing page; on unless NODE_ENV=production. */
  graphqlIntrospection: boolean;
  /**
   * The explorer a browser opening /graphql gets while introspection is on: Apollo Sandbox
   * (loaded from Apollo's CDN) or GraphiQL, bundled with the service (no internet needed).
   */
  graphqlExplorer: "sandbox" | "graphiql";
  bodyLimit: number;
  /** Browser origins allowed to call the API (CORS); empty: no CORS headers at all. */
  corsOrigins: string[];
  /**
   * Where devices reach the service (PUBLIC_URL): the counting app's sign-in links and QR codes
   * point there. Null: at the address the manager's browser opened the app at.
   */
  publicUrl: string | null;
  /** HTTP worker processes `countpoint serve` runs on its port (node cluster). */
  webConcurrency: number;
  /** Events older than this many days are pruned in the background. */
  eventRetentionDays: number;
  /** Months of ledger and event partitions created ahead of the current one. */
  partitionMonthsAhead: number;
  /** Whether `serve` delivers webhooks too (else run `countpoint worker`). */
  webhookWorker: boolean;
  webhookTimeoutMs: number;
  /** The first retry's delay; each next one doubles (up to 6 hours), with jitter. */
  webhookRetryBaseMs: number;
  /** A delivery failing this long is given up and its endpoint disabled. */
  webhookGiveUpHours: number;
  /** How often the worker looks for new events when idle. */
  webhookPollMs: number;
  /** Deliveries one worker process has under way at once (its slots). */
  webhookConcurrency: number;
  /** Deliveries one account may have under way at once in one process (of its slots). */
  webhookAccountConcurrency: number;
  /** How often a process reads the feed of accounts with GraphQL subscribers. */
  subscriptionPollMs: number;
  /** How often an open subscription connection's token is checked again (revoked: closed). */
  subscriptionTokenRecheckMs: number;
  /** WebSocket connections one token may hold open on one process (more: closed with 4429). */
  subscriptionConnectionsPerToken: number;
  /** Live subscriptions one token may hold on one process, over all its connections. */
  subscriptionsPerToken: number;
  /** Connections of the pool that resolves subscribers' events (a pool of its own). */
  subscriptionPoolSize: number;
  /** How long one subscriber's event may take to resolve before the subscription is ended. */
  subscriptionEventTimeoutMs: number;
  /**
   * How far the JavaScript heap may grow past what the last full collection kept before the next
   * one, in percent; 0 leaves it to V8, which lets it grow up to 4 times on a large machine.
   */
  heapGrowthPercent: number;
  /**
   * Each token's default rate limit: a bucket of `burst` units refilled at `perSecond` units a
   * second (perSecond 0: unlimited). A token may carry a limit of its own.
   */
  rateLimit: { perSecond: number; burst: number };
  /**
   * Each account's default budget, which all its tokens draw from together (perSecond 0: none);
   * an account may carry one of its own.
   */
  accountRateLimit: { perSecond: number; burst: number };
  /** Where the rate-limit buckets live when set; else in PostgreSQL. */
  redisUrl: string | undefined;
};

export class ConfigError extends Error {}

/** How many tokens' worth of the default limit an account may spend by default. */
const ACCOUNT_TOKENS = 4;

/**
 * The accounts' default budget: ACCOUNT_RATE_LIMIT_* when set, else ACCOUNT_TOKENS times a
 * token's default (none when tokens are unlimited).
 */
function accountRateLimit(c: z.infer<typeof schema>): { perSecond: number; burst: number } {
  const perSecond = c.ACCOUNT_RATE_LIMIT_PER_SECOND ?? c.RATE_LIMIT_PER_SECOND * ACCOUNT_TOKENS;
  if (perSecond <= 0) return { perSecond: 0, burst: 0 };
  return { perSecond, burst: c.ACCOUNT_RATE_LIMIT_BURST ?? c.RATE_LIMIT_BURST * ACCOUNT_TOKENS };
}

/** Reads and validates the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const c = parsed.data;
  if (c.WEBHOOK_ACCOUNT_CONCURRENCY > c.WEBHOOK_CONCURRENCY) {
    throw new ConfigError(
      `invalid configuration: WEBHOOK_ACCOUNT_CONCURRENCY: must be at most WEBHOOK_CONCURRENCY (${c.WEBHOOK_CONCURRENCY})`,
    );
  }
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    logLevel: c.LOG_LEVEL,
    databaseUrl: c.DATABASE_URL,
    poolSize: c.DATABASE_POOL_SIZE,
    poolWaitMs: c.DATABASE_POOL_WAIT_MS,
    poolAccountShare: c.DATABASE_POOL_ACCOUNT_SHARE,
    poolAccountQueue: c.DATABASE_POOL_ACCOUNT_QUEUE,
    statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    preparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    replicaUrls: c.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: c.DATABASE_REPLICA_MAX_LAG_MS,
    replicaPollMs: c.DATABASE_REPLICA_POLL_MS,
    dataDir: c.COUNTPOINT_DATA_DIR,
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION ?? c.NODE_ENV !== "production",
    graphqlExplorer: c.GRAPHQL_EXPLORER,
    bodyLimit: c.BODY_LIMIT_BYTES,
    corsOrigins: c.CORS_ORIGINS,
    publicUrl: c.PUBLIC_URL ?? null,
    webConcurrency: c.WEB_CONCURRENCY,
    eventRetentionDays: c.EVENT_RETENTION_DAYS,
    partitionMonthsAhead: c.PARTITION_MONTHS_AHEAD,
    webhookWorker: c.WEBHOOK_WORKER,
    webhookTimeoutMs: c.WEBHOOK_TIMEOUT_MS,
    webhookRetryBaseMs: c.WEBHOOK_RETRY_BASE_MS,
    webhookGiveUpHours: c.WEBHOOK_GIVE_UP_HOURS,
    webhookPollMs: c.WEBHOOK_POLL_MS,
    webhookConcurrency: c.WEBHOOK_CONCURRENCY,
    webhookAccountConcurrency: c.WEBHOOK_ACCOUNT_CONCURRENCY,
    subscriptionPollMs: c.SUBSCRIPTION_POLL_MS,
    subscriptionTokenRecheckMs: c.SUBSCRIPTION_TOKEN_RECHECK_MS,
    subscriptionConnectionsPerToken: c.SUBSCRIPTION_CONNECTIONS_PER_TOKEN,
    subscriptionsPerToken: c.SUBSCRIPTIONS_PER_TOKEN,
    subscriptionPoolSize: c.SUBSCRIPTION_POOL_SIZE,
    subscriptionEventTimeoutMs: c.SUBSCRIPTION_EVENT_TIMEOUT_MS,
    heapGrowthPercent: c.HEAP_GROWTH_PERCENT,
    rateLimit:
      c.RATE_LIMIT_PER_SECOND > 0
        ? { perSecond: c.RATE_LIMIT_PER_SECOND, burst: c.RATE_LIMIT_BURST }
        : { perSecond: 0, burst: 0 },
    accountRateLimit: accountRateLimit(c),
    redisUrl: c.REDIS_URL,
  };
}
