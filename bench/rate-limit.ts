// P2 with the rate limiter off, on with its buckets in PostgreSQL (the default), and on with
// them in Redis: single REST adjustments from 32 clients sharing one token, so every request
// takes from one bucket, the hottest row (or key) the limiter can have. The limits are too large
// to refuse anything: what is measured is what limiting costs.
import { Redis } from "ioredis";
import type { PrismaClient } from "../src/db/client.js";
import { CLIENTS, serviceLoad } from "./concurrency.js";
import type { LoadResult } from "./load.js";
import { startServer } from "./server.js";

type Run = LoadResult & { cpuPerChangeUs: number };

/** Redis for the Redis run: BENCH_REDIS_URL, else REDIS_URL, else the local default. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function limiterFigures(
  db: PrismaClient,
  url: string,
  accountId: number,
  skuIds: number[],
  seconds: number,
): Promise<{ runs: [string, Run][]; redis: boolean; redisUrl: string }> {
  const redis = await redisReachable(REDIS_URL);
  const setups: [string, Record<string, string>][] = [
    // REDIS_URL empty is unset: these two keep their buckets in PostgreSQL whatever the shell says.
    [
      "no limit (RATE_LIMIT_PER_SECOND=0)",
      { RATE_LIMIT_PER_SECOND: "0", ACCOUNT_RATE_LIMIT_PER_SECOND: "0", REDIS_URL: "" },
    ],
    ["buckets in PostgreSQL (the default)", { REDIS_URL: "" }],
    ...(redis
      ? [["buckets in Redis (REDIS_URL)", { REDIS_URL }] as [string, Record<string, string>]]
      : []),
  ];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const [, env] of setups) servers.push(await startServer(db, url, accountId, [], env));
    const load = async (i: number, s: number): Promise<Run> => {
      const server = servers[i]!;
      const cpuBefore = await server.cpuSeconds();
      const result = await serviceLoad({
        ...server,
        skuIds,
        transport: "rest",
        connections: CLIENTS,
        seconds: s,
      });
      const cpu = (await server.cpuSeconds()) - cpuBefore;
      return { ...result, cpuPerChangeUs: (cpu * 1e6) / Math.max(1, result.perSecond * s) };
    };
    // Warm-up (connections, prepared statements, JIT), then each setup twice for half the time,
    // in the order A B C C B A, so none always meets the table later in its life than another.
    for (let i = 0; i < servers.length; i++) await load(i, Math.min(2, seconds));
    const order = [...servers.keys(), ...[...servers.keys()].reverse()];
    const halves: Run[][] = servers.map(() => []);
    for (const i of order) halves[i]!.push(await load(i, seconds / 2));
    return {
      runs: setups.map(([label], i) => [label, averaged(halves[i]!)]),
      redis,
      redisUrl: REDIS_URL,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Two runs as one: rates and CPU averaged, the worse p99 kept. */
function averaged([a, b]: Run[]): Run {
  if (!a || !b) throw new Error("two runs expected");
  return {
    perSecond: (a.perSecond + b.perSecond) / 2,
    p50Ms: (a.p50Ms + b.p50Ms) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    failures: a.failures + b.failures,
    cpuPerChangeUs:
      (a.cpuPerChangeUs * a.perSecond + b.cpuPerChangeUs * b.perSecond) /
      Math.max(1, a.perSecond + b.perSecond),
  };
}
