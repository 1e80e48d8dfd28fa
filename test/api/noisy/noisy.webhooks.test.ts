// Webhook fairness: one account's slow receivers hold only that account's delivery slots. Account
// A has many endpoints whose receivers answer after 2 s while A changes stock steadily; account
// B has one fast receiver. B's delivery latency (the event's occurred_at to its arrival) beside A
// stays close to B's latency alone, and A's deliveries all still arrive, in feed order.
import { createPrismaClient } from "../../../src/db/client.js";
import { migrate } from "../../../src/db/migrate.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createFreshDatabase, type FreshDatabase } from "../../helpers/fresh-database.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { percentile } from "../../helpers/neighbour.js";
import { startReceiver, type Receiver } from "../../helpers/receiver.js";
import { startWorker, stopProcess, type Running } from "../../helpers/server.js";
import { createSku } from "../../helpers/stock.js";

const SLOW_ENDPOINTS = 12;
const SLOW_MS = 2_000;
const PROBES = 8;
const WAIT_MS = 30_000;

let t: TestApp;
let worker: Running;
let database: FreshDatabase;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // A database of its own: a worker leases every account's endpoints in its database, so on the
  // shared one another file's worker would deliver these events too (twice, on its own terms),
  // and this file's worker theirs.
  database = await createFreshDatabase();
  await migrate(database.url);
  t = await startTestApp(createPrismaClient(database.url, 10));
  await t.db.$queryRaw`SELECT 1`;
  // A worker process as `countpoint worker` runs it, with the default per-account cap (2).
  worker = await startWorker({
    url: database.url,
    env: { WEBHOOK_POLL_MS: "50", WEBHOOK_TIMEOUT_MS: "5000", WEBHOOK_RETRY_BASE_MS: "100" },
  });
}, 60_000);
afterAll(async () => {
  if (worker) await stopProcess(worker);
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
  await database?.drop();
});

async function receiverFor(acct: TestAccount): Promise<Receiver> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await rest(t, "POST", "/webhooks", {
    token: acct.token,
    body: { url: receiver.url, event_types: ["stock.changed"] },
  });
  expect(res.status).toBe(201);
  return receiver;
}

const setStock = async (acct: TestAccount, skuId: number, onHand: number) => {
  const res = await rest(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { on_hand: onHand, reason: "correction" },
  });
  expect(res.status).toBe(200);
};

interface Payload {
  occurred_at: string;
  data: { quantity_after: number };
}
const bodyOf = (r: { body: string }) => JSON.parse(r.body) as Payload;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * B's delivery latencies: `PROBES` changes, each awaited, from occurred_at to arrival. A delivery
 * not there after WAIT_MS counts as that long, and ends the probing.
 */
async function probe(b: TestAccount, skuId: number, receiver: Receiver): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const before = receiver.received.length;
    await setStock(b, skuId, before + 1);
    const sent = Date.now();
    const got = await receiver.waitFor(before + 1, WAIT_MS).catch(() => null);
    if (!got) {
      latencies.push(Date.now() - sent);
      break;
    }
    const last = got[before]!;
    latencies.push(last.at - Date.parse(bodyOf(last).occurred_at));
    await sleep(150 + Math.random() * 100); // not in step with the worker's polling
  }
  return latencies;
}

describe("webhook fairness", () => {
  it("one account's slow receivers leave another account's delivery latency within 2x its own", async () => {
    const a = await newAccount(t.db);
    const b = await newAccount(t.db);
    const slow = [];
    for (let i = 0; i < SLOW_ENDPOINTS; i++) slow.push(await receiverFor(a));
    const fast = await receiverFor(b);
    const aSku = await createSku(t, a.token, 0);
    const bSku = await createSku(t, b.token, 0);

    const unloaded = await probe(b, bSku, fast);

    for (const r of slow) r.delayMs = SLOW_MS;
    let aChanges = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await setStock(a, aSku, ++aChanges);
        await sleep(200);
      }
    })();
    let loaded: number[];
    try {
      // A's backlog builds up first: every one of its endpoints has work waiting.
      await sleep(3_000);
      loaded = await probe(b, bSku, fast);
    } finally {
      writing = false;
      await writer;
    }

    const alone = percentile(unloaded, 0.5);
    const beside = percentile(loaded, 0.5);
    console.log(
      `B's delivery latency p50: alone ${alone} ms, beside A ${beside} ms ` +
        `(max ${Math.max(...loaded)} ms); A made ${aChanges} changes`,
    );
    // Within 2x, plus an allowance for a machine busy with other tests.
    expect(beside).toBeLessThanOrEqual(2 * alone + 300);

    // A's receivers recover: every change reaches every endpoint, once and in feed order.
    for (const r of slow) r.delayMs = 0;
    const expected = Array.from({ length: aChanges }, (_, i) => i + 1);
    for (const r of slow) {
      await r.waitFor(aChanges, 60_000);
      expect(r.received.map((d) => bodyOf(d).data.quantity_after)).toEqual(expected);
    }
  }, 180_000);
});
