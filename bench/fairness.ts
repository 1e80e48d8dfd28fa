// Scenario N1, fairness: P2's load (single REST adjustments from 32 clients of one account) alone,
// then beside a hostile account sending the worst request of each class of bench/hostile.ts at
// its rate limit, on one server. What the well-behaved account keeps of its throughput and p99
// is the figure; the server's event-loop delay (from /metrics) says how long its thread was held.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ServiceContext } from "../src/context.js";
import type { PrismaClient } from "../src/db/client.js";
import { createToken } from "../src/modules/token/token.store.js";
import { bulkAdjust } from "../src/modules/adjustment/adjustment.service.js";
import { CLIENTS, serviceLoad } from "./concurrency.js";
import type { ClassStats, HostileName, HostileTarget } from "./hostile.js";
import { startHostileProcess } from "./hostile-worker.js";
import type { LoadResult } from "./load.js";
import { withPgSide, type PgSide } from "./pg-side.js";
import { startServer } from "./server.js";

/** The hostile token's limit: the service's default (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST). */
export const HOSTILE_LIMIT = { perSecond: 100, burst: 200 };
/**
 * The hostile account's budget, which all its tokens draw from: the service's default (four
 * tokens' worth). The bench server lifts every other account's (ACCOUNT_RATE_LIMIT_*): this one
 * is set on the account itself, as `countpoint accounts update --rate-limit` does.
 */
export const HOSTILE_ACCOUNT_LIMIT = { perSecond: 400, burst: 800 };
/** SKUs of the hostile account: its stock take has as many lines. */
const HOSTILE_SKUS = 8000;

export interface FairnessSpec {
  db: PrismaClient;
  url: string;
  neighbour: ServiceContext;
  hostile: ServiceContext;
  seedSkus: (accountId: number, count: number) => Promise<number[]>;
  /** Each measured phase, alone and beside. */
  seconds: number;
  /** How long the hostile classes run before the measured phase beside them starts. */
  rampSeconds: number;
  /** The classes to run (all when empty). */
  only: HostileName[];
  /** A client reading pg_stat_statements (null: PostgreSQL's side is not measured). */
  pgStats: pg.Client | null;
}

export interface FairnessFigures {
  alone: LoadResult;
  beside: LoadResult;
  /** The server's event-loop delay max over each phase (NaN: not exported or never answered). */
  delayAlone: Delay;
  delayBeside: Delay;
  hostile: ClassStats[];
  /** What PostgreSQL spent in each measured phase, per change of the neighbour (all of it). */
  pgAlone: PgSide | null;
  pgBeside: PgSide | null;
  /** The CPU the hostile client itself used while it sent, in cores (1: one core all along). */
  hostileCpu: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long a phase's last scrape of /metrics is waited for once the phase is over. */
const DELAY_GRACE_MS = 5000;
/** How long the server may take to stop once measured before it is killed. */
const STOP_GRACE_MS = 5000;

/** A phase in which nothing was answered has no p99 to speak of: it is at least the phase. */
const answered = (r: LoadResult): LoadResult =>
  r.perSecond === 0 && r.p99Ms === 0 ? { ...r, p50Ms: Infinity, p99Ms: Infinity } : r;

/**
 * The server's event-loop delay max since the previous scrape, in seconds; each scrape starts a
 * new window. NaN when /metrics has no such series (a build without it).
 */
async function delayMax(baseUrl: string): Promise<number> {
  const text = await fetch(`${baseUrl}/metrics`).then(
    (r) => r.text(),
    () => "",
  );
  const max = /^countpoint_event_loop_delay_seconds\{stat="max"\} (\S+)$/m.exec(text)?.[1];
  return max === undefined ? NaN : Number(max);
}

/** The event-loop delay over a phase, in seconds, and whether a scrape was still unanswered. */
export interface Delay {
  max: number;
  unansweredMs: number;
}

/**
 * Scrapes the delay one scrape after another until stopped, so no window is lost (a scrape
 * aborted would reset the server's histogram unseen); stop() waits at most `graceMs` for the
 * scrape in flight and says how long it had been waiting.
 */
function watchDelay(baseUrl: string): { stop: (graceMs: number) => Promise<Delay> } {
  let stopped = false;
  let max = NaN;
  let asked = performance.now();
  const loop = (async () => {
    while (!stopped) {
      asked = performance.now();
      const m = await delayMax(baseUrl);
      if (!Number.isNaN(m)) max = Number.isNaN(max) ? m : Math.max(max, m);
      if (!stopped) await sleep(1000);
    }
  })();
  return {
    stop: async (graceMs) => {
      stopped = true;
      const done = await Promise.race([loop.then(() => true), sleep(graceMs).then(() => false)]);
      return { max, unansweredMs: done ? 0 : performance.now() - asked };
    },
  };
}

export async function fairnessFigures(spec: FairnessSpec): Promise<FairnessFigures> {
  const { db, url, neighbour, hostile } = spec;
  const began = performance.now();
  const progress = (what: string) =>
    process.stderr.write(`N1: ${what}… (${((performance.now() - began) / 1000).toFixed(0)} s)\n`);
  const neighbourSkus = await spec.seedSkus(neighbour.principal.accountId, 1000);
  progress("seeding two accounts");
  const hostileSkus = await spec.seedSkus(hostile.principal.accountId, HOSTILE_SKUS);
  await db.$executeRaw`UPDATE accounts SET rate_limit_per_second = ${HOSTILE_ACCOUNT_LIMIT.perSecond},
    rate_limit_burst = ${HOSTILE_ACCOUNT_LIMIT.burst} WHERE id = ${hostile.principal.accountId}`;
  // A history for the costly reads: movements on the SKUs the lists and queries page through.
  for (let round = 0; round < 5; round++) {
    const lines = hostileSkus
      .slice(0, 1000)
      .map((id) => ({ type: "sku" as const, id, newQty: round + 1 }));
    await bulkAdjust(hostile, { reason: "correction", lines });
  }
  // Slow webhook receivers are on this machine: loopback receivers need a NODE_ENV but
  // production, which changes nothing else that is measured (introspection stays off).
  const server = await startServer(db, url, neighbour.principal.accountId, [], {
    NODE_ENV: "development",
    GRAPHQL_INTROSPECTION: "false",
    WEBHOOK_WORKER: "true",
  });
  try {
    const { token } = await createToken(db, {
      accountId: hostile.principal.accountId,
      name: "hostile",
      rateLimit: HOSTILE_LIMIT,
    });
    const started = await fetch(`${server.baseUrl}/api/v1/stock-takes/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    if (started.status !== 201) throw new Error(`starting a stock take answered ${started.status}`);
    const { id: stockTakeId } = (await started.json()) as { id: number };
    const target: HostileTarget = {
      baseUrl: server.baseUrl,
      token,
      skuIds: hostileSkus,
      stockTakeId,
    };
    progress("starting a stock take, building the hostile requests");
    // Every hostile body is built (and the costliest queries found) before anything is timed, in
    // a process of its own at the lowest priority (see hostile-worker.ts).
    const hostileClient = await startHostileProcess({
      target,
      only: spec.only,
      limit: HOSTILE_LIMIT,
    });
    try {
      const load = (seconds: number) =>
        serviceLoad({
          ...server,
          skuIds: neighbourSkus,
          transport: "rest",
          connections: CLIENTS,
          seconds,
        });
      progress("measuring alone");
      await load(Math.min(2, spec.seconds));
      await delayMax(server.baseUrl);
      const aloneDelay = watchDelay(server.baseUrl);
      const changes = (r: LoadResult) => r.perSecond * spec.seconds;
      const { result: alone, pg: pgAlone } = await withPgSide(
        spec.pgStats,
        () => load(spec.seconds),
        changes,
      );
      const delayAlone = await aloneDelay.stop(DELAY_GRACE_MS);

      progress("measuring beside the hostile account");
      // The delay beside runs from the hostile classes' start to their stop.
      await delayMax(server.baseUrl);
      const besideDelay = watchDelay(server.baseUrl);
      hostileClient.start();
      await sleep(spec.rampSeconds * 1000);
      // PostgreSQL's side beside counts the hostile account's statements too: per neighbour
      // change, what the database spent on everyone, and which statements took it.
      const { result: beside, pg: pgBeside } = await withPgSide(
        spec.pgStats,
        () => load(spec.seconds),
        changes,
      );
      progress("stopping the hostile account");
      const hostileStats = await hostileClient.stop();
      const delayBeside = await besideDelay.stop(DELAY_GRACE_MS);
      progress("stopping the server");
      return {
        alone: answered(alone),
        beside: answered(beside),
        delayAlone,
        delayBeside,
        hostile: hostileStats.stats,
        pgAlone,
        pgBeside,
        hostileCpu: hostileStats.cpuMs / hostileStats.elapsedMs,
      };
    } finally {
      hostileClient.kill();
    }
  } finally {
    await server.stop(STOP_GRACE_MS);
  }
}
