// Webhook fairness: one account's slow receivers hold only that account's delivery slots. Account
// A has many endpoints whose receivers answer after 2 s while A changes stock steadily; account
// B has one fast receiver. B's delivery latency (the event's occurred_at to its arrival) beside A
// stays close to B's latency alone, and A's deliveries all still arrive, in feed order. So it does
// beside four such accounts at once, whose slots together would fill every slot of the worker.
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

/**
 * B's delivery latency alone, then beside `noisy` accounts of `each` endpoints whose receivers
 * answer after SLOW_MS while each changes stock 5 times a second; then every noisy change is
 * checked to reach every noisy endpoint, once and in feed order.
 */
async function besideNoisy(
  noisy: number,
  each: number,
): Promise<{ alone: number; beside: number }> {
  const accounts = await Promise.all(Array.from({ length: noisy }, () => newAccount(t.db)));
  const b = await newAccount(t.db);
  const slow: Receiver[][] = [];
  for (const acct of accounts) {
    const mine: Receiver[] = [];
    for (let i = 0; i < each; i++) mine.push(await receiverFor(acct));
    slow.push(mine);
  }
  const fast = await receiverFor(b);
  const skus = await Promise.all(accounts.map((acct) => createSku(t, acct.token, 0)));
  const bSku = await createSku(t, b.token, 0);

  const unloaded = await probe(b, bSku, fast);

  for (const r of slow.flat()) r.delayMs = SLOW_MS;
  const changes = accounts.map(() => 0);
  let writing = true;
  const writers = accounts.map(async (acct, i) => {
    while (writing) {
      await setStock(acct, skus[i]!, ++changes[i]!);
      await sleep(200);
    }
  });
  let loaded: number[];
  try {
    // The backlog builds up first: every noisy endpoint has work waiting.
    await sleep(3_000);
    loaded = await probe(b, bSku, fast);
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  const alone = percentile(unloaded, 0.5);
  const beside = percentile(loaded, 0.5);
  console.log(
    `B's delivery latency p50: alone ${alone} ms, beside ${noisy} noisy account(s) ${beside} ms ` +
      `(max ${Math.max(...loaded)} ms); they made ${changes.join(", ")} changes`,
  );

  // The slow receivers recover: every change reaches every endpoint, once and in feed order.
  for (const r of slow.flat()) r.delayMs = 0;
  for (const [i, mine] of slow.entries()) {
    const expected = Array.from({ length: changes[i]! }, (_, n) => n + 1);
    for (const r of mine) {
      await r.waitFor(changes[i]!, 60_000);
      expect(r.received.map((d) => bodyOf(d).data.quantity_after)).toEqual(expected);
    }
  }
  return { alone, beside };
}

describe("webhook fairness", () => {
  it("one account's slow receivers leave another account's delivery latency within 2x its own", async () => {
    const { alone, beside } = await besideNoisy(1, SLOW_ENDPOINTS);
    // Within 2x, plus an allowance for a machine busy with other tests.
    expect(beside).toBeLessThanOrEqual(2 * alone + 300);
  }, 180_000);

  it("so do four accounts' slow receivers, enough together to hold every slot of the worker", async () => {
    // Three endpoints each: 12 with work, 2 slots each at most, 8 slots in the worker.
    const { alone, beside } = await besideNoisy(4, 3);
    expect(beside).toBeLessThanOrEqual(2 * alone + 300);
  }, 180_000);
});
