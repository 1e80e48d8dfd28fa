// Read replicas: the same single adjustments and SKU reads from 32 clients, against a server on
// the primary alone and one with a streaming replica of it (DATABASE_REPLICA_URLS). On one machine
// the replica shares the cores, so this shows what the routing costs, not what a second machine
// adds: writes pay one round trip for their consistency token; reads move to the replica.
import { rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import pg from "pg";
import type { PrismaClient } from "../src/db/client.js";
import { startEmbeddedStandby } from "../src/db/embedded.js";
import { CLIENTS, serviceLoad } from "./concurrency.js";
import type { LoadResult, LoadSpec } from "./load.js";
import { startServer } from "./server.js";

export interface ReplicaBench {
  db: PrismaClient;
  primaryUrl: string;
  primaryDir: string;
  accountId: number;
  skuIds: number[];
  seconds: number;
  row: (label: string, value: string) => void;
}

const rate = (r: LoadResult) =>
  `${r.perSecond.toFixed(0)}/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms${r.failures ? `, ${r.failures} failed` : ""}`;

async function query<T extends object>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows[0]!;
  } finally {
    await client.end();
  }
}

/** Transactions the replica's `countpoint` database has committed (its own statistics). */
const replicaTransactions = async (url: string) =>
  Number(
    (
      await query<{ n: string }>(
        url,
        "SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()",
      )
    ).n,
  );

export async function replicaFigures(b: ReplicaBench): Promise<void> {
  const standby = await startEmbeddedStandby({
    primaryUrl: b.primaryUrl,
    primaryDir: b.primaryDir,
    standbyDir: join(dirname(b.primaryDir), "bench-replica"),
  });
  const plain = await startServer(b.db, b.primaryUrl, b.accountId);
  const routed = await startServer(b.db, b.primaryUrl, b.accountId, [], {
    DATABASE_REPLICA_URLS: standby.url,
  });
  try {
    for (let tries = 0; ; tries++) {
      const ready = (await (await fetch(`${routed.baseUrl}/readyz`)).json()) as {
        replicas?: { state: string }[];
      };
      if (ready.replicas?.[0]?.state === "streaming") break;
      if (tries > 600) throw new Error("the replica never caught up");
      await new Promise((r) => setTimeout(r, 100));
    }
    const load = (server: typeof plain, transport: LoadSpec["transport"], seconds = b.seconds) =>
      serviceLoad({ ...server, skuIds: b.skuIds, transport, connections: CLIENTS, seconds });
    // Warm-up: connections, prepared statements, JIT.
    for (const server of [plain, routed]) {
      await load(server, "rest", 1);
      await load(server, "rest-read", 1);
    }
    const writesPlain = await load(plain, "rest");
    const writesRouted = await load(routed, "rest");
    const readsPlain = await load(plain, "rest-read");
    const before = await replicaTransactions(standby.url);
    const readsRouted = await load(routed, "rest-read");
    // A backend reports its statistics at most once a second, when idle.
    await new Promise((r) => setTimeout(r, 1500));
    const onReplica = (await replicaTransactions(standby.url)) - before;
    const served = readsRouted.perSecond * b.seconds;

    b.row("REST PATCH /skus/{id}, primary only", rate(writesPlain));
    b.row("REST PATCH /skus/{id}, with a replica (token)", rate(writesRouted));
    b.row(
      "writes with a replica / primary only",
      `${((writesRouted.perSecond / writesPlain.perSecond) * 100).toFixed(0)}%`,
    );
    b.row("REST GET /skus/{id}, primary only", rate(readsPlain));
    b.row("REST GET /skus/{id}, with a replica", rate(readsRouted));
    b.row(
      "reads with a replica / primary only",
      `${((readsRouted.perSecond / readsPlain.perSecond) * 100).toFixed(0)}%`,
    );
    b.row(
      "replica transactions per read answered",
      `${(onReplica / Math.max(1, served)).toFixed(2)} (authentication stays on the primary)`,
    );
  } finally {
    await plain.stop();
    await routed.stop();
    await standby.stop();
    await rm(standby.clusterDir, { recursive: true, force: true });
  }
}
