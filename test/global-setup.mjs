// Gives every Jest worker a database of its own, on one embedded PostgreSQL for the whole run
// (or on the server DATABASE_URL names): the migrations are applied once, to a template, and each
// worker's database is a copy of it (CREATE DATABASE … TEMPLATE, a file copy). Files running at
// once never share rows, sequences, statistics or partitions; files of one worker run one after
// another on its database, each in accounts of its own. test/setup-machine.ts points each
// worker's DATABASE_URL at its copy; global-teardown.mjs drops them.
import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { startEmbeddedPostgres } from "../src/db/embedded.js";

/** @param {string} url @param {string} database */
const onDatabase = (url, database) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** @param {string} url @param {(client: pg.Client) => Promise<void>} work */
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** @param {import('jest').Config} globalConfig */
export default async function globalSetup(globalConfig) {
  let server = process.env.DATABASE_URL;
  if (!server) {
    const dataDir = await mkdtemp(join(tmpdir(), "countpoint-test-"));
    const embedded = await startEmbeddedPostgres({ dataDir });
    server = embedded.url;
    // Reflect: globalThis has no typed slot for it (the project type-checks JavaScript too).
    Reflect.set(globalThis, "__countpointTestDatabase", { stop: embedded.stop, dataDir });
  }
  const prefix = `${new URL(server).pathname.slice(1)}_t${process.pid}`;
  const template = `${prefix}_template`;
  const workers = Math.max(1, Number(globalConfig.maxWorkers) || 1);
  const names = Array.from({ length: workers }, (_, i) => `${prefix}_w${i + 1}`);
  await withClient(server, (c) => c.query(`CREATE DATABASE "${template}"`).then(() => {}));
  // `countpoint migrate`, as an operator runs it, from the build `npm test` makes first.
  await promisify(execFile)(process.execPath, ["dist/src/cli.js", "migrate"], {
    cwd: globalConfig.rootDir,
    env: { ...process.env, DATABASE_URL: onDatabase(server, template), LOG_LEVEL: "silent" },
  }).catch((cause) => {
    throw new Error(
      "migrating the test template failed (npm test builds first; did the build run?)",
      { cause },
    );
  });
  await withClient(server, async (c) => {
    for (const name of names) await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await c.query(`DROP DATABASE "${template}"`);
  });
  // Workers inherit both; each takes its own copy (test/setup-machine.ts).
  process.env.DATABASE_URL = server;
  process.env.COUNTPOINT_TEST_DATABASE = onDatabase(server, `${prefix}_w`);
  Reflect.set(globalThis, "__countpointWorkerDatabases", { server, names });
}
