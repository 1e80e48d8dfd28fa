import "reflect-metadata"; // the webhook worker's module reaches the GraphQL types
import { ConfigError, loadConfig } from "../../src/config.js";
import { workerOptions } from "../../src/modules/webhook/webhook.worker.js";

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    expect(loadConfig({})).toEqual({
      env: "development",
      host: "127.0.0.1",
      port: 4000,
      logLevel: "info",
      databaseUrl: undefined,
      poolSize: 10,
      poolWaitMs: 30_000,
      poolAccountShare: 0.8,
      poolAccountQueue: 1_000,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      preparedStatements: true,
      replicaUrls: [],
      replicaMaxLagMs: 5_000,
      replicaPollMs: 100,
      dataDir: ".data",
      graphqlIntrospection: true,
      graphqlExplorer: "sandbox",
      bodyLimit: 5 * 1024 * 1024,
      corsOrigins: [],
      publicUrl: null,
      webConcurrency: 1,
      eventRetentionDays: 30,
      partitionMonthsAhead: 3,
      webhookWorker: true,
      webhookTimeoutMs: 10_000,
      webhookRetryBaseMs: 30_000,
      webhookGiveUpHours: 72,
      webhookPollMs: 1_000,
      webhookConcurrency: 8,
      webhookAccountConcurrency: 2,
      subscriptionConnectionsPerToken: 20,
      subscriptionEventTimeoutMs: 5000,
      subscriptionPollMs: 250,
      subscriptionPoolSize: 2,
      subscriptionTokenRecheckMs: 10_000,
      subscriptionsPerToken: 200,
      heapGrowthPercent: 35,
      rateLimit: { perSecond: 100, burst: 200 },
      accountRateLimit: { perSecond: 400, burst: 800 },
      redisUrl: undefined,
    });
  });

  it("reads the values it is given", () => {
    expect(
      loadConfig({
        PORT: "8080",
        HOST: "0.0.0.0",
        LOG_LEVEL: "debug",
        DATABASE_URL: "postgres://u:p@db:5432/countpoint",
        DATABASE_POOL_SIZE: "25",
        DATABASE_POOL_WAIT_MS: "500",
        DATABASE_STATEMENT_TIMEOUT_MS: "0",
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "5000",
        REQUEST_TIMEOUT_MS: "15000",
        DATABASE_PREPARED_STATEMENTS: "false",
        COUNTPOINT_DATA_DIR: "/var/lib/countpoint",
        DATABASE_REPLICA_URLS: "postgres://u:p@r1:5432/countpoint, postgresql://u:p@r2/countpoint,",
        DATABASE_REPLICA_MAX_LAG_MS: "2000",
        CORS_ORIGINS: "https://app.example.com, http://localhost:5173,",
      }),
    ).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      logLevel: "debug",
      databaseUrl: "postgres://u:p@db:5432/countpoint",
      poolSize: 25,
      poolWaitMs: 500,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 5000,
      requestTimeoutMs: 15_000,
      preparedStatements: false,
      dataDir: "/var/lib/countpoint",
      replicaUrls: ["postgres://u:p@r1:5432/countpoint", "postgresql://u:p@r2/countpoint"],
      replicaMaxLagMs: 2000,
      corsOrigins: ["https://app.example.com", "http://localhost:5173"],
    });
  });

  it("reads the rate limit, off with RATE_LIMIT_PER_SECOND=0, and where its buckets live", () => {
    expect(
      loadConfig({
        RATE_LIMIT_PER_SECOND: "20",
        RATE_LIMIT_BURST: "50",
        REDIS_URL: "redis://cache:6379/2",
      }),
    ).toMatchObject({ rateLimit: { perSecond: 20, burst: 50 }, redisUrl: "redis://cache:6379/2" });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: "0" }).rateLimit).toEqual({
      perSecond: 0,
      burst: 0,
    });
  });

  it("reads PUBLIC_URL without its trailing slash, a proxy's path kept", () => {
    expect(loadConfig({ PUBLIC_URL: "http://192.168.1.20:4000/" }).publicUrl).toBe(
      "http://192.168.1.20:4000",
    );
    expect(loadConfig({ PUBLIC_URL: "https://tools.example.com/stock" }).publicUrl).toBe(
      "https://tools.example.com/stock",
    );
    // As the URL parser writes it: nothing a page could take for markup or a pattern.
    expect(loadConfig({ PUBLIC_URL: "https://Tools.example.com/$'\"<x>" }).publicUrl).toBe(
      "https://tools.example.com/$'%22%3Cx%3E",
    );
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 4000,
      databaseUrl: undefined,
    });
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://u:p@db/countpoint"],
    ["DATABASE_URL", "localhost:5432"],
    ["DATABASE_REPLICA_URLS", "postgres://ok/db,replica:5432"],
    ["DATABASE_REPLICA_MAX_LAG_MS", "-1"],
    ["LOG_LEVEL", "verbose"],
    ["NODE_ENV", "staging"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_WAIT_MS", "0"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "-1"],
    ["DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", "1.5"],
    ["REQUEST_TIMEOUT_MS", "a minute"],
    ["GRAPHQL_INTROSPECTION", "yes"],
    ["GRAPHQL_EXPLORER", "graphql-playground"],
    ["DATABASE_PREPARED_STATEMENTS", "on"],
    ["HEAP_GROWTH_PERCENT", "500"],
    ["WEB_CONCURRENCY", "0"],
    ["EVENT_RETENTION_DAYS", "0"],
    ["EVENT_RETENTION_DAYS", "a month"],
    ["PARTITION_MONTHS_AHEAD", "0"],
    ["PARTITION_MONTHS_AHEAD", "25"],
    ["WEBHOOK_WORKER", "maybe"],
    ["WEBHOOK_ACCOUNT_CONCURRENCY", "0"],
    // More than the default WEBHOOK_CONCURRENCY (8): more slots than the worker has.
    ["WEBHOOK_ACCOUNT_CONCURRENCY", "9"],
    ["WEBHOOK_CONCURRENCY", "0"],
    ["WEBHOOK_CONCURRENCY", "65"],
    ["WEBHOOK_TIMEOUT_MS", "50"],
    ["WEBHOOK_GIVE_UP_HOURS", "0"],
    ["RATE_LIMIT_PER_SECOND", "-1"],
    ["RATE_LIMIT_PER_SECOND", "2.5"],
    ["RATE_LIMIT_BURST", "0"],
    ["REDIS_URL", "127.0.0.1:6379"],
    ["CORS_ORIGINS", "*"],
    ["CORS_ORIGINS", "app.example.com"],
    ["CORS_ORIGINS", "https://app.example.com/"],
    ["CORS_ORIGINS", "https://app.example.com/admin"],
    ["CORS_ORIGINS", "https://APP.example.com"],
    ["CORS_ORIGINS", "ftp://files.example.com"],
    ["PUBLIC_URL", "stock.example.com"],
    ["PUBLIC_URL", "ftp://stock.example.com"],
    ["PUBLIC_URL", "https://stock.example.com/?x=1"],
    ["PUBLIC_URL", "https://stock.example.com/#app"],
    ["PUBLIC_URL", "https://stock.example.com/?"],
    ["PUBLIC_URL", "https://stock.example.com/#"],
    ["PUBLIC_URL", " https://stock.example.com"],
  ])("refuses %s=%p with a ConfigError naming the variable", (name, value) => {
    const error = configError({ [name]: value });

    expect(error.message).toContain(name);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("gives the webhook worker WEBHOOK_CONCURRENCY slots, of which one account may take WEBHOOK_ACCOUNT_CONCURRENCY", () => {
    expect(workerOptions(loadConfig({})).concurrency).toBe(8);
    const wide = workerOptions(
      loadConfig({ WEBHOOK_CONCURRENCY: "32", WEBHOOK_ACCOUNT_CONCURRENCY: "12" }),
    );
    expect([wide.concurrency, wide.accountConcurrency]).toEqual([32, 12]);
    expect(
      configError({ WEBHOOK_CONCURRENCY: "4", WEBHOOK_ACCOUNT_CONCURRENCY: "6" }).message,
    ).toMatch(/WEBHOOK_ACCOUNT_CONCURRENCY: must be at most WEBHOOK_CONCURRENCY \(4\)/);
  });

  it("turns introspection off in production", () => {
    expect(loadConfig({ NODE_ENV: "production" }).graphqlIntrospection).toBe(false);
  });

  it("turns introspection on in production when GRAPHQL_INTROSPECTION=true", () => {
    expect(
      loadConfig({ NODE_ENV: "production", GRAPHQL_INTROSPECTION: "true" }).graphqlIntrospection,
    ).toBe(true);
  });

  it("turns introspection off in development when GRAPHQL_INTROSPECTION=false", () => {
    expect(loadConfig({ GRAPHQL_INTROSPECTION: "false" }).graphqlIntrospection).toBe(false);
  });
});
