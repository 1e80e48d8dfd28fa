import "reflect-metadata";
import cluster, { type Address } from "node:cluster";
import { setFlagsFromString } from "node:v8";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import type { Config } from "./config.js";
import { createPrismaClient, type PoolOptions } from "./db/client.js";
import { openDatabase, type Database } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { ReadRouting } from "./db/replicas.js";
import { keepPartitionsAhead } from "./db/partitions.js";
import { buildApp } from "./server/app.js";
import { SUBSCRIPTION_POOL_NAME } from "./graphql/subscriptions.js";
import { logOptions } from "./log.js";
import { ensureDemoAccount, type DemoAccess } from "./modules/account/index.js";
import { keepEventsPruned } from "./modules/event/index.js";
import { keepSnapshotsTaken } from "./ledger/snapshots.js";
import { startWebhookWorker, workerOptions } from "./modules/webhook/index.js";

/**
 * The service's pools (serve and worker). The command line's own commands (migrate, verify,
 * import) leave out these timeouts: a long check or import is not cut off by them.
 */
const poolOptions = (config: Config): PoolOptions => ({
  maxWaitMs: config.poolWaitMs,
  prepare: config.preparedStatements,
  accountPoolShare: config.poolAccountShare,
  accountPoolQueue: config.poolAccountQueue,
  statementTimeoutMs: config.statementTimeoutMs,
  idleInTransactionTimeoutMs: config.idleInTransactionTimeoutMs,
});

/**
 * The pool that resolves subscribers' events, apart from the requests' pool: however many
 * subscribers an event wakes, they hold at most SUBSCRIPTION_POOL_SIZE connections. A subscriber's
 * event gets SUBSCRIPTION_EVENT_TIMEOUT_MS in all; its statements are cancelled past it, and its
 * wait for a connection ends just after it (the subscription has been ended by then).
 */
const subscriptionPool = (url: string, config: Config) =>
  createPrismaClient(url, config.subscriptionPoolSize, {
    ...poolOptions(config),
    maxWaitMs: config.subscriptionEventTimeoutMs + 1_000,
    statementTimeoutMs: config.subscriptionEventTimeoutMs,
    applicationName: SUBSCRIPTION_POOL_NAME,
  });

/** Starts the service: database (embedded unless DATABASE_URL), migrations, HTTP; stops cleanly on SIGINT/SIGTERM. */
export async function serve(config: Config): Promise<FastifyInstance> {
  boundHeapGrowth(config.heapGrowthPercent);
  const database = await openDatabase(config);
  // A cluster worker's primary has migrated already.
  if (!cluster.isWorker) await migrate(database.url);
  const db = createPrismaClient(database.url, config.poolSize, poolOptions(config));
  const reads = new ReadRouting(
    db,
    database.url,
    config.replicaUrls.map((url) => ({
      url,
      db: createPrismaClient(url, config.poolSize, poolOptions(config)),
    })),
    {
      maxLagMs: config.replicaMaxLagMs,
      pollMs: config.replicaPollMs,
      log: pino(logOptions(config.logLevel)),
    },
  );
  await reads.start();
  const subscriptionDb = subscriptionPool(database.url, config);
  // A worker of `serve --workers N` spends its share of each account's budget.
  const accountRateShare = cluster.isWorker ? 1 / config.webConcurrency : 1;
  const app = await buildApp({
    db,
    config: { ...config, accountRateShare },
    reads,
    subscriptionDb,
  });
  // Every process keeps the partitions ahead (idempotent, a no-op on most days): months to come
  // must exist wherever writes come from, whichever process does the other background work.
  const stopPartitioning = keepPartitionsAhead(db, config.partitionMonthsAhead, app.log);
  // Background work (webhook deliveries, event pruning, stock snapshots) runs where
  // WEBHOOK_WORKER says.
  const stopPruning = config.webhookWorker
    ? keepEventsPruned(db, config.eventRetentionDays, app.log)
    : () => {};
  const stopSnapshots = config.webhookWorker ? keepSnapshotsTaken(db, app.log) : () => {};
  const worker = config.webhookWorker
    ? startWebhookWorker(db, workerOptions(config), app.log)
    : null;

  // Order matters: in-flight requests finish on a live database, then the pool closes, then the
  // embedded database stops (it runs in a session of its own, so Ctrl-C does not reach it).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    stopPartitioning();
    stopPruning();
    stopSnapshots();
    await worker?.stop();
    await app.close().catch((err) => app.log.error({ err }, "error while closing HTTP"));
    await db.$disconnect().catch(() => {});
    await subscriptionDb.$disconnect().catch(() => {});
    await database
      .release()
      .catch((err) => app.log.error({ err }, "error while stopping PostgreSQL"));
    app.log.info({ signal }, "stopped");
    if (!cluster.isWorker) process.stdout.write(`Countpoint stopped (${signal}).\n`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  // A cluster worker: its primary has migrated, made the demo account and prints the banner.
  if (cluster.isWorker) {
    await app.listen({ host: config.host, port: config.port });
    return app;
  }
  const demo = database.embedded ? await ensureDemoAccount(db, config.dataDir) : null;
  const address = await app.listen({ host: config.host, port: config.port });
  process.stdout.write(banner(address.replace("127.0.0.1", "localhost"), config, database, demo));
  return app;
}

/**
 * `countpoint serve --workers N`: N processes serving one port (node cluster), over one
 * database that this primary opens (embedded unless DATABASE_URL) and migrates first. The first
 * worker also does the background work; a worker that dies is replaced; SIGINT/SIGTERM stop the
 * workers (each finishes its requests) and then the database.
 */
export async function serveCluster(config: Config, workers: number): Promise<void> {
  // The workers run this same command: each serves.
  if (cluster.isWorker) {
    await serve(config);
    return;
  }
  const database = await openDatabase(config);
  await migrate(database.url);
  let demo: DemoAccess | null = null;
  if (database.embedded) {
    const db = createPrismaClient(database.url, 1);
    demo = await ensureDemoAccount(db, config.dataDir);
    await db.$disconnect();
  }
  let stopping = false;
  let started = false;
  const fork = (index: number): Promise<Address> => {
    const worker = cluster.fork({
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: String(workers),
      WEBHOOK_WORKER: index === 0 && config.webhookWorker ? "true" : "false",
    });
    return new Promise((resolve, reject) => {
      worker.once("listening", resolve);
      worker.on("exit", (code) => {
        // A worker that cannot start stops the start (it printed why); a running one is replaced.
        if (!started) reject(new Error(`a worker exited with ${code} before it listened`));
        else if (!stopping) setTimeout(() => void fork(index).catch(() => {}), 1_000);
      });
    });
  };
  const [address] = await Promise.all(Array.from({ length: workers }, (_, i) => fork(i))).catch(
    async (error: unknown) => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      await database.release().catch(() => {});
      throw error;
    },
  );
  started = true;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      running.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once("exit", () => resolve());
            w.process.kill("SIGTERM");
          }),
      ),
    );
    await database.release().catch(() => {});
    process.stdout.write(`Countpoint stopped (${signal}).\n`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  const host =
    address!.address === "127.0.0.1" || !address!.address ? "localhost" : address!.address;
  const base = `http://${host}:${address!.port}`;
  process.stdout.write(banner(base, config, database, demo, workers));
}

/**
 * What `countpoint serve` prints once it listens. In production it shows no credential and no
 * Sandbox link: the output ends up in log collectors.
 */
function banner(
  base: string,
  config: Config,
  database: Database,
  demo: DemoAccess | null,
  workers = 1,
): string {
  const production = config.env === "production";
  const explorer =
    config.graphqlIntrospection && !production
      ? config.graphqlExplorer === "graphiql"
        ? "GraphiQL"
        : "Apollo Sandbox"
      : null;
  const lines = [
    "",
    `Countpoint is running at ${base}${workers > 1 ? ` (${workers} worker processes)` : ""}`,
    `  ${(explorer ? `GraphQL (${explorer}):` : "GraphQL:").padEnd(25)} ${base}/graphql`,
    `  REST:                     ${base}/api/v1   (docs: ${base}/api/v1/docs)`,
    `  Counting app:             ${base}/app`,
    `  Health and metrics:       ${base}/healthz  ${base}/readyz  ${base}/metrics`,
    database.embedded
      ? `  Database: embedded PostgreSQL in ${config.dataDir}/`
      : "  Database: DATABASE_URL",
  ];
  if (database.embedded && !demo) {
    lines.push("  Create a token with: countpoint tokens create --account 1 --name me");
  }
  if (demo) {
    const whose = `account ${demo.accountId} ("${demo.accountName}")`;
    lines.push(
      demo.created
        ? `  Demo ${whose} created with sample SKUs and supplier items.`
        : `  Demo ${whose}, created on the first start.`,
    );
    if (production) {
      lines.push(`  Its token (all scopes) is in ${config.dataDir}/demo-token.`);
    } else {
      lines.push(
        `  Token (all scopes) of ${whose}: ${demo.token}`,
        `  Try: curl -H "Authorization: Bearer ${demo.token}" ${base}/api/v1/skus`,
        `  Or sign in to the counting app: ${config.publicUrl ?? base}/app/#token=${demo.token}`,
      );
    }
  }
  return lines.join("\n") + "\n\n";
}

/**
 * V8 lets the heap grow up to 4 times what its last full collection kept before collecting
 * again, so a server handling large requests on a large machine holds far more memory than it
 * uses. A smaller factor collects sooner: the heap stays near the live set, and unlike a heap
 * ceiling (--max-old-space-size) a request that needs more memory still gets it. The one V8
 * setting that takes effect after start-up.
 */
function boundHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Runs only the background work (webhook deliveries, event pruning, partitions ahead), for a
 * deployment that keeps it apart from the API processes; stops cleanly on SIGINT/SIGTERM.
 */
export async function runWorker(config: Config): Promise<void> {
  const database = await openDatabase(config);
  await migrate(database.url);
  const db = createPrismaClient(database.url, Math.min(config.poolSize, 4), poolOptions(config));
  const log = pino(logOptions(config.logLevel));
  const stopPartitioning = keepPartitionsAhead(db, config.partitionMonthsAhead, log);
  const stopPruning = keepEventsPruned(db, config.eventRetentionDays, log);
  const stopSnapshots = keepSnapshotsTaken(db, log);
  const worker = startWebhookWorker(db, workerOptions(config), log);
  process.stdout.write("Countpoint worker is delivering webhooks.\n");
  const stop = async (signal: string) => {
    stopPartitioning();
    stopPruning();
    stopSnapshots();
    await worker.stop();
    await db.$disconnect().catch(() => {});
    await database.release().catch(() => {});
    process.stdout.write(`Countpoint worker stopped (${signal}).\n`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
