import { readFile, writeFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { Config } from "../config.js";
import { startEmbeddedPostgres } from "./embedded.js";

export interface Database {
  url: string;
  embedded: boolean;
  /** Stops what this process started (embedded PostgreSQL); nothing otherwise. */
  release: () => Promise<void>;
}

const urlFile = (config: Pick<Config, "dataDir">) => join(config.dataDir, "database-url");

/**
 * The database to use: DATABASE_URL when set; otherwise the embedded PostgreSQL under the data
 * folder, reusing the one a running `countpoint serve` already started (so the command line
 * works while the server runs), or starting it.
 */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: (line: string) => void = () => {},
): Promise<Database> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, embedded: false, release: async () => {} };
  const running = await readFile(urlFile(config), "utf8").catch(() => null);
  if (running && (await reachable(running.trim()))) {
    return { url: running.trim(), embedded: true, release: async () => {} };
  }
  const pgServer = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  await writeFile(urlFile(config), pgServer.url, { mode: 0o600 });
  return {
    url: pgServer.url,
    embedded: true,
    release: async () => {
      await unlink(urlFile(config)).catch(() => {});
      await pgServer.stop();
    },
  };
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
