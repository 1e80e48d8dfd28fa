// Noisy neighbours of the fair-share rules, against a spawned server (the test's own requests
// and its heap stay out of the server's process) while another account's GET /skus/{id} is timed:
// an account spending many issued tokens at once is held to its budget; a token repeating the
// dearest review (a dry run writes nothing, so nothing else stops it) is held back by its price;
// a flood of bad tokens is answered from the process's memory. Nothing answers 5xx, and the
// neighbour's p99 stays bounded.
import type { PrismaClient } from "../../../src/db/client.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, testDb } from "../../helpers/db.js";
import { besideNeighbour, parallel } from "../../helpers/neighbour.js";
import { startServer, stopProcess, type Server } from "../../helpers/server.js";
import { seedSkus } from "../../helpers/stock.js";

/** One unit every 10 minutes: no bucket refills while a test runs. */
const SLOW = 1 / 600;
/** The neighbour's p99 bound: generous for a shared machine. */
const BOUND_MS = 1_000;

let db: PrismaClient;
let server: Server;
beforeAll(async () => {
  db = await testDb();
  server = await startServer();
}, 120_000);
afterAll(async () => {
  if (server) await stopProcess(server);
  await db?.$disconnect();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Another account and a SKU of its own, whose reads are timed. */
async function neighbour(): Promise<() => Promise<number>> {
  const acct = await newAccount(db);
  const [sku] = await seedSkus(db, acct.accountId, 1);
  return async () => (await call("GET", `/skus/${sku}`, acct.token)).status;
}

it("an account spending six issued tokens at once is held to its budget; another account stays fast", async () => {
  const hostile = await newAccount(db);
  await db.account.update({
    where: { id: hostile.accountId },
    data: { rateLimitPerSecond: SLOW, rateLimitBurst: 12 },
  });
  const tokens: string[] = [];
  for (let i = 0; i < 6; i++) {
    const issued = await call("POST", "/tokens", hostile.token, {
      name: `device ${i}`,
      scopes: ["read"],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(issued.status).toBe(201);
    tokens.push(issued.body.token as string);
  }
  const probe = await neighbour();
  const statuses: number[] = [];
  const run = await besideNeighbour(
    () =>
      parallel(6, async (i) => {
        for (let n = 0; n < 15; n++) {
          statuses.push((await call("GET", "/skus?limit=1", tokens[i]!)).status);
        }
      }),
    probe,
  );
  // The six issues were the budget's first 6 units: 6 more pass, and at most one more per token
  // sending at once (each weighed before the one beside it paid).
  const granted = statuses.filter((s) => s === 200).length;
  expect(granted).toBeGreaterThanOrEqual(6);
  expect(granted).toBeLessThanOrEqual(6 + 6);
  expect(statuses.filter((s) => s === 429)).toHaveLength(90 - granted);
  expect(run.statuses.every((s) => s === 200)).toBe(true);
  expect(run.p99).toBeLessThan(BOUND_MS);
});

it("a token repeating a dry-run reconcile of 5,000 lines is held back by its price; another account stays fast", async () => {
  const hostile = await newAccount(db);
  await seedSkus(db, hostile.accountId, 5_000);
  const started = await call("POST", "/stock-takes/start", hostile.token, {});
  expect(started.status).toBe(201);
  const id = started.body.id as number;
  const limited = await createToken(db, {
    accountId: hostile.accountId,
    name: "reviewer",
    rateLimit: { perSecond: 50, burst: 100 },
  });
  const probe = await neighbour();
  const statuses: number[] = [];
  const run = await besideNeighbour(async () => {
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const res = await call("POST", `/stock-takes/${id}/reconcile`, limited.token, {
        dry_run: true,
      });
      statuses.push(res.status);
    }
  }, probe);
  // 101 units each (5,000 lines at 2): one passes with the bucket full and owes one unit; the
  // bucket refills 50 a second, so at most one more passes in 2 s.
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
  expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  expect(run.statuses.every((s) => s === 200)).toBe(true);
  expect(run.p99).toBeLessThan(BOUND_MS);
});

it("a flood of bad tokens from 16 connections is refused 401 throughout; another account stays fast", async () => {
  const hostile = await newAccount(db);
  const bad = Array.from(
    { length: 8 },
    (_, i) => `cp_${hostile.accountId}_${`flood${i}`.padEnd(32, "x").slice(0, 32)}`,
  );
  const probe = await neighbour();
  const statuses: number[] = [];
  const run = await besideNeighbour(
    () =>
      parallel(16, async (i) => {
        for (let n = 0; n < 40; n++) {
          statuses.push((await call("GET", "/skus", bad[(i + n) % bad.length]!)).status);
        }
      }),
    probe,
  );
  expect(statuses).toHaveLength(640);
  expect(statuses.every((s) => s === 401)).toBe(true);
  expect(run.statuses.every((s) => s === 200)).toBe(true);
  expect(run.p99).toBeLessThan(BOUND_MS);
});
