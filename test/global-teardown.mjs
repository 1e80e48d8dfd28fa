import { rm } from "node:fs/promises";
import pg from "pg";

export default async function globalTeardown() {
  /** @type {{ server: string; names: string[] } | undefined} */
  const workers = Reflect.get(globalThis, "__countpointWorkerDatabases");
  /** @type {{ stop: () => Promise<void>; dataDir: string } | undefined} */
  const started = Reflect.get(globalThis, "__countpointTestDatabase");
  if (started) {
    await started.stop();
    await rm(started.dataDir, { recursive: true, force: true });
    return;
  }
  // On a server of one's own: the workers' copies go, the database DATABASE_URL names stays.
  if (!workers) return;
  const client = new pg.Client({ connectionString: workers.server });
  await client.connect();
  try {
    for (const name of workers.names) {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
