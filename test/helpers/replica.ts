// A primary and a real streaming replica of its own (embedded PostgreSQL, a low-level base
// backup), and the app over both, for the read-replica specifications.
import { dirname, join } from "node:path";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { startEmbeddedStandby } from "../../src/db/embedded.js";
import { ReadRouting } from "../../src/db/replicas.js";
import { buildApp } from "../../src/server/app.js";
import { listenWithContract, type TestApp } from "./app.js";
import { startOwnCluster } from "./cluster.js";

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops and starts WAL replay on the replica: what it serves then stays as it was. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  stopReplica: () => Promise<void>;
  startReplica: () => Promise<void>;
  stopPrimary: () => Promise<void>;
  close: () => Promise<void>;
}

/** Starts a primary (migrated) and a streaming replica of it. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const primary = await startOwnCluster();
  const replica = await startEmbeddedStandby({
    primaryUrl: primary.url,
    primaryDir: primary.clusterDir,
    standbyDir: join(dirname(primary.clusterDir), "replica"),
  });
  const onReplica = async (sql: string) => {
    const client = new pg.Client({ connectionString: replica.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: primary.url,
    replicaUrl: replica.url,
    pauseReplay: () => onReplica("SELECT pg_wal_replay_pause()"),
    resumeReplay: () => onReplica("SELECT pg_wal_replay_resume()"),
    stopReplica: replica.stop,
    startReplica: replica.start,
    stopPrimary: primary.stop,
    close: async () => {
      await replica.stop();
      // The replica's folder is the primary's sibling: removed with it.
      await primary.close();
    },
  };
}

export interface ReplicatedApp extends TestApp {
  reads: ReadRouting;
}

/** The HTTP app on the pair's primary, reading from the replica URLs given. */
export async function startReplicatedApp(
  primaryUrl: string,
  replicaUrls: string[],
  options: { maxLagMs: number; pollMs?: number },
): Promise<ReplicatedApp> {
  const db: PrismaClient = createPrismaClient(primaryUrl, 4, { maxWaitMs: 2000 });
  const quiet = { warn: () => {}, info: () => {} };
  const reads = new ReadRouting(
    db,
    primaryUrl,
    replicaUrls.map((url) => ({ url, db: createPrismaClient(url, 4, { maxWaitMs: 2000 }) })),
    { maxLagMs: options.maxLagMs, pollMs: options.pollMs ?? 50, log: quiet },
  );
  await reads.start();
  const app = await buildApp({
    db,
    reads,
    config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
  });
  return {
    db,
    app,
    reads,
    ...(await listenWithContract(app)),
    close: async () => {
      await app.close();
      await db.$disconnect();
    },
  };
}
