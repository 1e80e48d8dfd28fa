import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolShareOf } from "../db/client.js";
import { partitionStatus, type PartitionStatus } from "../db/partitions.js";
import { statementsSent, uncounted } from "../db/request-scope.js";
import { ledgerLag } from "../ledger/ledger.js";

/** /metrics in Prometheus text format: process metrics and a request-duration histogram per route. */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "countpoint_http_request_duration_seconds",
    help: "HTTP request duration by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "countpoint_event_feed_lag_seconds",
    help: "How far the change feed (and every oldest-first reader) trails the clock: the age of the oldest write still in flight",
    registers: [registry],
    async collect() {
      // A scrape while the database is down leaves the gauge out rather than failing /metrics.
      const lag = await ledgerLag(app.db).catch(() => null);
      if (lag === null) this.reset();
      else this.set(lag);
    },
  });
  eventLoopDelay(app, registry);
  // This process's GraphQL subscriptions (read at each scrape; absent before GraphQL is set up).
  const subscriptions = () => app.subscriptionStats?.();
  new Gauge({
    name: "countpoint_subscription_connections",
    help: "Open GraphQL subscription (graphql-ws) connections of this process",
    registers: [registry],
    collect() {
      this.set(subscriptions()?.connections ?? 0);
    },
  });
  new Gauge({
    name: "countpoint_subscribers",
    help: "Live GraphQL subscriptions of this process",
    registers: [registry],
    collect() {
      this.set(subscriptions()?.subscribers ?? 0);
    },
  });
  new Counter({
    name: "countpoint_subscribers_dropped_total",
    help: "Subscriptions ended by the server: fell too far behind (reason=behind) or an event not resolved within SUBSCRIPTION_EVENT_TIMEOUT_MS (reason=deadline)",
    labelNames: ["reason"] as const,
    registers: [registry],
    collect() {
      const dropped = subscriptions()?.dropped ?? { behind: 0, deadline: 0 };
      this.reset();
      this.inc({ reason: "behind" }, dropped.behind);
      this.inc({ reason: "deadline" }, dropped.deadline);
    },
  });
  // Counted by the pool's wrapper (one integer increment a statement), read at each scrape.
  new Counter({
    name: "countpoint_db_statements_total",
    help: "Statements sent to PostgreSQL (requests' and background work's; not the reads of /metrics itself)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(statementsSent());
    },
  });
  accountShares(app, registry);
  // Gauges with one series per replica or per partitioned table, read afresh at each scrape.
  const labelled = (
    name: string,
    help: string,
    label: string,
    series: () => Promise<[string, number][]> | [string, number][],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        const values = await series();
        this.reset();
        for (const [key, value] of values) this.set({ [label]: key }, value);
      },
    });
  const replicas = () => app.reads.status();
  labelled(
    "countpoint_replica_lag_seconds",
    "How stale each read replica's data may be (time since it was last seen caught up with the primary)",
    "replica",
    () => replicas().map((r) => [r.name, r.lagMs === null ? Infinity : r.lagMs / 1000]),
  );
  labelled(
    "countpoint_replica_serving",
    "1 when a read replica serves reads (streaming, within DATABASE_REPLICA_MAX_LAG_MS), else 0",
    "replica",
    () => replicas().map((r) => [r.name, r.state === "streaming" ? 1 : 0]),
  );
  // One read of the partitions' state per scrape, shared by both gauges; null while the
  // database is away (the gauges are left out rather than failing /metrics).
  let partitions: { at: number; read: Promise<PartitionStatus | null> } | undefined;
  const tables = async () => {
    if (!partitions || Date.now() - partitions.at > 1_000) {
      partitions = { at: Date.now(), read: partitionStatus(app.db).catch(() => null) };
    }
    return Object.entries((await partitions.read) ?? {});
  };
  labelled(
    "countpoint_partition_default_rows",
    "Rows in a partitioned table's DEFAULT partition (times no monthly partition holds), counted up to 10001",
    "table",
    async () => (await tables()).map(([table, t]) => [table, t.defaultRows]),
  );
  labelled(
    "countpoint_partition_ahead_seconds",
    "How far ahead of now a partitioned table's monthly partitions reach without a gap (0: none holds the present)",
    "table",
    async () =>
      (await tables()).map(([table, t]) => {
        const until = t.coveredUntil ? Date.parse(`${t.coveredUntil}T00:00:00Z`) : Date.now();
        return [table, Math.max(0, (until - Date.now()) / 1000)];
      }),
  );
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    // The scrape's own reads (feed lag, partitions) would move the counter between two scrapes.
    return uncounted(() => registry.metrics());
  });
}

/**
 * Each account's use of its share of the primary's pool (src/db/pool-share.ts), read from the
 * gate's counts at each scrape. One series per account holding or waiting for a connection now,
 * and per account that has ever waited or been refused: the accounts that reached their share.
 */
function accountShares(app: FastifyInstance, registry: Registry): void {
  const share = () => poolShareOf(app.db);
  new Gauge({
    name: "countpoint_db_account_connections",
    help: "Connections of the pool an account's requests hold now (at most DATABASE_POOL_ACCOUNT_SHARE of it), by account",
    labelNames: ["account"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { account, held } of share()?.current() ?? []) {
        if (held > 0) this.set({ account: String(account) }, held);
      }
    },
  });
  new Gauge({
    name: "countpoint_db_account_waiting",
    help: "An account's requests waiting, past its share of the pool, for a connection now, by account",
    labelNames: ["account"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { account, waiting } of share()?.current() ?? []) {
        if (waiting > 0) this.set({ account: String(account) }, waiting);
      }
    },
  });
  const counter = (name: string, help: string, count: "waited" | "refused") =>
    new Counter({
      name,
      help,
      labelNames: ["account"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [account, counts] of share()?.totals() ?? []) {
          if (counts[count] > 0) this.inc({ account: String(account) }, counts[count]);
        }
      },
    });
  counter(
    "countpoint_db_account_waits_total",
    "Connection takes that waited for their account's share of the pool, by account",
    "waited",
  );
  counter(
    "countpoint_db_account_refused_total",
    "Connection takes refused (503) for their account's share of the pool: too many waiting, or waited DATABASE_POOL_WAIT_MS, by account",
    "refused",
  );
}

/** How often the event-loop monitor's timer fires, in ms: its precision, and all it costs. */
const DELAY_RESOLUTION_MS = 10;

/**
 * How late the event loop ran timers since the previous scrape (p50, p99 and max), the time the
 * serving thread was held by something, every account waiting meanwhile. The histogram is reset
 * at each scrape, so each scrape reports the window since the one before (as prom-client's own
 * nodejs_eventloop_lag_* do); a timer sampling every 10 ms does the measuring, nothing per request.
 */
function eventLoopDelay(app: FastifyInstance, registry: Registry): void {
  const histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  histogram.enable();
  app.addHook("onClose", async () => histogram.disable());
  // Node records the whole interval between the timer's runs: the delay is what exceeds it.
  const delay = (ns: number) => Math.max(0, ns / 1e9 - DELAY_RESOLUTION_MS / 1000);
  new Gauge({
    name: "countpoint_event_loop_delay_seconds",
    help: "How late the event loop ran since the previous scrape: p50, p99 and max (the thread held by synchronous work)",
    labelNames: ["stat"] as const,
    registers: [registry],
    collect() {
      // No sample yet (a scrape right after the last): 0, not the histogram's empty sentinels.
      const empty = histogram.count === 0;
      this.set({ stat: "p50" }, empty ? 0 : delay(histogram.percentile(50)));
      this.set({ stat: "p99" }, empty ? 0 : delay(histogram.percentile(99)));
      this.set({ stat: "max" }, empty ? 0 : delay(histogram.max));
      histogram.reset();
    },
  });
}
