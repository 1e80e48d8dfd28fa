// A database outage, end to end: `countpoint serve` (the built command, background workers and
// all) over a PostgreSQL server of the test's own, which the test stops while requests are in
// flight and starts again. While it is down every API call answers 503 with Retry-After within
// 2 s, /readyz fails and /healthz answers; once it is back the same process serves again, its
// workers resume (a webhook delivery cut off by the outage is sent again at once), and every
// write the outage refused is applied exactly once when retried with its Idempotency-Key. The process never dies: an unhandled 'error' event of a connection would
// stop it.
import { createClient, type Client } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { answerOf, type Answer, type Call } from "../helpers/answers.js";
import { startTestApp } from "../helpers/app.js";
import { startOwnCluster, type OwnCluster } from "../helpers/cluster.js";
import { newAccount, type TestAccount } from "../helpers/db.js";
import { startReceiver, type Receiver } from "../helpers/receiver.js";
import { startServer, stopProcess, type Server } from "../helpers/server.js";
import { liveSubscribers } from "../helpers/subscriptions.js";
import { ledgerProblems, skuOnHand } from "../helpers/stock.js";

/** The bound: an API call answers within this while the database is down. */
const ANSWER_WITHIN_MS = 2_000;

let cluster: OwnCluster;
let db: PrismaClient;
let server: Server;
let acct: TestAccount;
let hooked: TestAccount;
let receiver: Receiver;
let ws: Client;

beforeAll(async () => {
  cluster = await startOwnCluster();
  db = createPrismaClient(cluster.url, 2);
  [acct, hooked] = [await newAccount(db), await newAccount(db)];
  receiver = await startReceiver();
  server = await startServer([], {
    url: cluster.url,
    env: {
      // Every background worker runs, often: each meets the outage many times.
      WEBHOOK_WORKER: "true",
      WEBHOOK_POLL_MS: "100",
      SUBSCRIPTION_POLL_MS: "100",
      DATABASE_REPLICA_URLS: cluster.url,
      DATABASE_REPLICA_POLL_MS: "100",
    },
  });
}, 120_000);
afterAll(async () => {
  await ws?.dispose();
  if (server) await stopProcess(server);
  await receiver?.close();
  await db?.$disconnect();
  await cluster?.close();
});

const call = (c: Call, token = acct.token) => answerOf(server.base, c, token);

async function createSku(token = acct.token): Promise<number> {
  const code = `OUT-${Math.random().toString(36).slice(2)}`;
  const created = await call(
    { method: "POST", path: "/api/v1/skus", body: { code, name: code } },
    token,
  );
  expect(created.status).toBe(201);
  return created.body.id as number;
}

interface Write {
  key: string;
  path: string;
  body: { on_hand: number; reason: string };
  sentAt: number;
  answer: Answer;
}

let counter = 0;
/** An absolute write with an Idempotency-Key; each sets a quantity no other sets. */
async function write(skuId: number, writes: Write[]): Promise<Answer> {
  const n = ++counter;
  const key = `outage-${n}`;
  const path = `/api/v1/skus/${skuId}`;
  const body = { on_hand: n, reason: "correction" };
  const sentAt = Date.now();
  const answer = await call({ method: "PATCH", path, body, headers: { "idempotency-key": key } });
  writes.push({ key, path, body, sentAt, answer });
  return answer;
}

/** Clients writing and reading in a loop until `stop` resolves; every answer is kept. */
async function load(skus: number[], until: Promise<unknown>) {
  let running = true;
  void until.then(() => (running = false));
  const writes: Write[] = [];
  const reads: Answer[] = [];
  await Promise.all(
    skus.map(async (skuId) => {
      while (running) {
        await write(skuId, writes);
        reads.push(await call({ method: "GET", path: `/api/v1/skus/${skuId}` }));
        reads.push(await call({ graphql: `{ sku(id: ${skuId}) { onHand } }` }));
      }
    }),
  );
  return { writes, reads };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const expectUnavailable = (answer: Answer) => {
  expect(answer).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
};

/** Every answer was a success or a 503 with Retry-After in time: never a 500, never a hang. */
function expectServedOrUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status !== 503) expect(answer.status).toBe(200);
    else expectUnavailable(answer);
  }
}

/**
 * Retries every refused write with its key and body: each is applied once, whether its first try
 * left nothing (the retry runs it) or committed just before its connection was cut (the retry
 * replays it). Returns the keys whose retry replayed.
 */
async function retryRefused(writes: Write[]): Promise<string[]> {
  const refused = writes.filter((x) => x.answer.status === 503);
  const retried = await Promise.all(
    refused.map((w) =>
      call({ method: "PATCH", path: w.path, body: w.body, headers: { "idempotency-key": w.key } }),
    ),
  );
  expect(retried.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
  return refused
    .filter((_, i) => retried[i]!.headers.get("idempotent-replayed") === "true")
    .map((w) => w.key);
}

/** The account's adjustment movements: one per write applied. */
const appliedWrites = async (accountId: number) =>
  db.stockMovement.count({ where: { accountId, source: "adjustment" } });

/** Polls until `what` answers 200; how long that took. */
async function untilServed(what: Call, ms = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await call(what)).status === 200) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error("the service did not recover");
    await sleep(50);
  }
}

function subscribe(skuId: number): { quantities: number[] } {
  ws = createClient({
    url: server.base.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${acct.token}` },
    retryAttempts: 0,
  });
  const seen = { quantities: [] as number[] };
  ws.subscribe<{ stockChanged: { quantityAfter: number } }>(
    { query: `subscription { stockChanged(skuIds: [${skuId}]) { quantityAfter } }` },
    {
      next: (r) => void seen.quantities.push(Number(r.data?.stockChanged.quantityAfter)),
      error: () => {},
      complete: () => {},
    },
  );
  return seen;
}

/**
 * Waits until the server holds `n` live subscriptions (/metrics): each follows the feed from then
 * on, so a change written after this is one it sees (a fixed pause was too short on a loaded
 * machine, and the first change was written before the subscription was in place).
 */
async function untilSubscribed(n: number, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if ((await liveSubscribers(server.base)) >= n) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} subscription(s)`);
    await sleep(50);
  }
}

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

it("while PostgreSQL is down answers every API call 503 with Retry-After within 2 s and /readyz 503, /healthz 200; when it returns, serves again without a restart, workers and all", async () => {
  const skus = [await createSku(), await createSku(), await createSku()];
  const watched = await createSku();
  const hookedSku = await createSku(hooked.token);
  const hook = await call(
    {
      method: "POST",
      path: "/api/v1/webhooks",
      body: { url: receiver.url, event_types: ["stock.changed"] },
    },
    hooked.token,
  );
  expect(hook.status).toBe(201);
  const changes = subscribe(watched);
  await untilSubscribed(1);
  const setWatched = (onHand: number) =>
    call({
      method: "PATCH",
      path: `/api/v1/skus/${watched}`,
      body: { on_hand: onHand, reason: "found" },
    });
  const setHooked = (onHand: number) =>
    call(
      {
        method: "PATCH",
        path: `/api/v1/skus/${hookedSku}`,
        body: { on_hand: onHand, reason: "found" },
      },
      hooked.token,
    );
  // The first webhook delivery is in flight when the database goes: its receiver answers late.
  let answerDelivery!: () => void;
  receiver.answers.push({ status: 200, after: new Promise<void>((r) => (answerDelivery = r)) });
  expect((await setWatched(1)).status).toBe(200);
  expect((await setHooked(1)).status).toBe(200);
  await until("the first event is seen", () => changes.quantities.length === 1);
  await receiver.waitFor(1);

  // PostgreSQL stops while requests are in flight, and stays down a while.
  let stoppedAt = 0;
  const outage = sleep(600).then(async () => {
    await cluster.stop();
    stoppedAt = Date.now();
    answerDelivery(); // too late to record it: the delivery stays pending, its endpoint leased
    await sleep(1_500);
  });
  const { writes, reads } = await load(skus, outage);

  expect(writes.some((w) => w.answer.status === 200)).toBe(true);
  expect(writes.filter((w) => w.sentAt > stoppedAt).length).toBeGreaterThan(0);
  expectServedOrUnavailable([...writes.map((w) => w.answer), ...reads]);
  for (const w of writes.filter((x) => x.sentAt > stoppedAt)) expectUnavailable(w.answer);

  // Every kind of call, while down.
  const skuId = skus[0]!;
  const down = await Promise.all(
    [
      { method: "GET", path: `/api/v1/skus/${skuId}` },
      { method: "GET", path: "/api/v1/skus" },
      { method: "PATCH", path: `/api/v1/skus/${skuId}`, body: { on_hand: 1, reason: "found" } },
      {
        method: "POST",
        path: "/api/v1/stock-adjustments/bulk",
        body: { reason: "found", lines: [{ type: "sku", id: skuId, new_qty: 2 }] },
      },
      { graphql: `{ sku(id: ${skuId}) { onHand } }` },
      {
        graphql: `mutation { adjustSkuStock(input: { skuId: ${skuId}, onHand: 3, reason: FOUND }) { sku { onHand } } }`,
      },
    ].map((c) => call(c)),
  );
  for (const answer of down) expectUnavailable(answer);
  const readyz = await call({ method: "GET", path: "/readyz" });
  expect(readyz.status).toBe(503);
  expect(readyz.ms).toBeLessThan(ANSWER_WITHIN_MS);
  expect((await call({ method: "GET", path: "/healthz" })).status).toBe(200);
  expect(server.child.exitCode).toBeNull();

  // PostgreSQL returns: the same process serves again.
  await cluster.start();
  await untilServed({ method: "GET", path: `/api/v1/skus/${skuId}` });
  expect((await call({ method: "GET", path: "/readyz" })).status).toBe(200);
  expect((await setWatched(2)).status).toBe(200);
  expect((await setHooked(2)).status).toBe(200);
  await until("the subscription sees the change", () => changes.quantities.includes(2));
  // The worker gives back the lease it held and delivers again at once (at least once: the
  // first event again, then the second), not when the lease runs out a minute later.
  const deliveries = (await receiver.waitFor(3)).map((d) => d.headers["webhook-id"]);
  expect(deliveries[1]).toBe(deliveries[0]);
  expect(deliveries[2]).not.toBe(deliveries[0]);

  // What the outage refused is applied exactly once on retry, and the ledger is sound.
  const replayed = await retryRefused(writes);
  const refusedAfterStop = writes.filter((w) => w.sentAt > stoppedAt).map((w) => w.key);
  expect(replayed.filter((key) => refusedAfterStop.includes(key))).toEqual([]);
  expect(await appliedWrites(acct.accountId)).toBe(writes.length + 2);
  expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  expect(await ledgerProblems(db, hooked.accountId)).toEqual([]);
  expect(server.child.exitCode).toBeNull();
}, 120_000);

it("when every connection of the service is terminated under it, answers the requests in flight 503 or serves them, then serves on", async () => {
  const skus = [await createSku(), await createSku()];
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const terminate = sleep(200).then(() =>
    admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    ),
  );
  const before = await appliedWrites(acct.accountId);
  const { writes, reads } = await load(
    skus,
    terminate.then(() => sleep(300)),
  );
  await admin.end();

  expectServedOrUnavailable([...writes.map((w) => w.answer), ...reads]);
  const next = [];
  for (const skuId of skus) next.push(await write(skuId, writes));
  expect(next.map((a) => a.status)).toEqual([200, 200]);
  await retryRefused(writes);
  expect(await appliedWrites(acct.accountId)).toBe(before + writes.length);
  expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  expect(server.child.exitCode).toBeNull();
}, 60_000);

it("REQUEST_TIMEOUT_MS: a write that commits though the timeout cancelled it (a commit waiting for a synchronous standby) answers what it did, not 503", async () => {
  const t = await startTestApp(createPrismaClient(cluster.url, 2), {
    config: { requestTimeoutMs: 500 },
  });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    const skuId = await createSku();
    // Every commit now waits for a standby that never comes; a cancel ends the wait, committed.
    await admin.query("ALTER SYSTEM SET synchronous_standby_names = 'nobody'");
    await admin.query("SELECT pg_reload_conf()");
    await sleep(200);
    const answer = await answerOf(
      t.baseUrl,
      { method: "PATCH", path: `/api/v1/skus/${skuId}`, body: { on_hand: 42, reason: "found" } },
      acct.token,
    );
    expect(answer.status).toBe(200);
    expect(Number(answer.body.on_hand)).toBe(42);
    expect(await skuOnHand(db, acct.accountId, skuId)).toBe("42");
  } finally {
    await admin.query("ALTER SYSTEM RESET synchronous_standby_names");
    await admin.query("SELECT pg_reload_conf()");
    await admin.end();
    await t.close();
  }
}, 30_000);
