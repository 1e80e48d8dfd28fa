// A PostgreSQL server of the test's own (embedded, migrated), apart from the shared test
// database: for tests that stop it, restart it or make it a replica's primary.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startEmbeddedPostgres } from "../../src/db/embedded.js";
import { migrate } from "../../src/db/migrate.js";

export interface OwnCluster {
  /** The migrated `countpoint` database. */
  url: string;
  clusterDir: string;
  /** Stops the server (fast shutdown: open sessions are ended). */
  stop: () => Promise<void>;
  /** Starts it again after stop, on the same port. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  close: () => Promise<void>;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const root = await mkdtemp(join(tmpdir(), "countpoint-cluster-"));
  const server = await startEmbeddedPostgres({ dataDir: join(root, "primary") });
  await migrate(server.url);
  return {
    url: server.url,
    clusterDir: server.clusterDir,
    stop: server.stop,
    start: server.start,
    close: async () => {
      await server.stop();
      // Under root the cluster lives outside the temporary folder (see embedded.js).
      await rm(dirname(server.clusterDir), { recursive: true, force: true }).catch(() => {});
      await rm(root, { recursive: true, force: true }).catch(() => {});
    },
  };
}
