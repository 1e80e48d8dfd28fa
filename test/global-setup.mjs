// Starts one embedded PostgreSQL for the whole run unless DATABASE_URL names a server to use.
// Workers inherit DATABASE_URL; each test file migrates (idempotently) and works in accounts of
// its own, so files run in parallel without truncating anything.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedPostgres } from "../src/db/embedded.js";

export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const dataDir = await mkdtemp(join(tmpdir(), "countpoint-test-"));
  const server = await startEmbeddedPostgres({ dataDir });
  process.env.DATABASE_URL = server.url;
  // Reflect: globalThis has no typed slot for it (the project type-checks JavaScript too).
  Reflect.set(globalThis, "__countpointTestDatabase", { stop: server.stop, dataDir });
}
