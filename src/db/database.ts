import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { Config } from "../config.js";
import { startEmbeddedPostgres } from "./embedded.js";

export interface Database {
  url: string;
  embedded: boolean;
  /** Leaves the database: the last process using the embedded cluster stops it. */
  release: () => Promise<void>;
}

/**
 * `<data folder>/cluster.lock`: the running embedded cluster's address and the processes using
 * it. The first is the one that started it; any of them may be the last to leave, and the last
 * one stops it, so a command line run never stops the cluster under a running server (nor the
 * other way round). Entries of processes that died are dropped.
 */
interface ClusterLock {
  url: string;
  users: { pid: number; id: string }[];
}

const lockFile = (dataDir: string) => join(dataDir, "cluster.lock");

/**
 * The database to use: DATABASE_URL when set; otherwise the embedded PostgreSQL under the data
 * folder, joining the one another process (a running `countpoint serve`) already uses, or
 * starting it.
 */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: (line: string) => void = () => {},
): Promise<Database> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, embedded: false, release: async () => {} };
  const { dataDir } = config;
  const me = { pid: process.pid, id: randomUUID() };
  const url = await whileHolding(dataDir, async () => {
    const lock = await readLock(dataDir);
    const users = (lock?.users ?? []).filter((u) => alive(u.pid));
    let url = lock?.url;
    if (!url || !(await reachable(url))) {
      url = (await startEmbeddedPostgres({ dataDir, log })).url;
    }
    await writeLock(dataDir, { url, users: [...users, me] });
    return url;
  });
  return { url, embedded: true, release: () => leave(dataDir, me.id, log) };
}

async function leave(dataDir: string, id: string, log: (line: string) => void): Promise<void> {
  await whileHolding(dataDir, async () => {
    const lock = await readLock(dataDir);
    const users = (lock?.users ?? []).filter((u) => u.id !== id && alive(u.pid));
    if (lock && users.length > 0) {
      await writeLock(dataDir, { ...lock, users });
      return;
    }
    // startEmbeddedPostgres finds the running server, so it also gives the means to stop it.
    const server = await startEmbeddedPostgres({ dataDir, log });
    await server.stop();
    await unlink(lockFile(dataDir)).catch(() => {});
  });
}

async function readLock(dataDir: string): Promise<ClusterLock | null> {
  const text = await readFile(lockFile(dataDir), "utf8").catch(() => null);
  try {
    return text ? (JSON.parse(text) as ClusterLock) : null;
  } catch {
    return null; // a torn write from a process that died: nobody holds it
  }
}

const writeLock = (dataDir: string, lock: ClusterLock) =>
  writeFile(lockFile(dataDir), JSON.stringify(lock), { mode: 0o600 });

/** Whether a process with this id exists (EPERM: it exists but is not ours to signal). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Runs `work` while holding `<data folder>/cluster.lock.mutex` (created exclusively, holding the
 * holder's pid), so that starting, joining and stopping the cluster never interleave. A mutex
 * left by a process that died is taken over.
 */
async function whileHolding<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const mutex = `${lockFile(dataDir)}.mutex`;
  await mkdir(dataDir, { recursive: true });
  for (let waited = 0; ; waited += 50) {
    const handle = await open(mutex, "wx", 0o600).catch(() => null);
    if (handle) {
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    }
    const holder = Number(await readFile(mutex, "utf8").catch(() => "0"));
    if (holder > 0 && !alive(holder)) await unlink(mutex).catch(() => {});
    if (waited > 180_000) throw new Error(`${mutex} is held by process ${holder}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    return await work();
  } finally {
    await unlink(mutex).catch(() => {});
  }
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
