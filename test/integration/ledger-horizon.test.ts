// The ledger's horizon is read from pg_locks, and PostgreSQL holds every partition of its lock
// table while it answers: each read stalls every account's writes for a moment. Readers outside a
// transaction (new subscribers, the change feed, oldest-first movements, the catalog's sync)
// share reads, at most one every HORIZON_READ_GAP_MS, so a client subscribing or paging in a
// loop cannot make PostgreSQL read its locks as fast as it asks.
import type { PrismaClient } from "../../src/db/client.js";
import { HORIZON_READ_GAP_MS } from "../../src/ledger/horizon.js";
import { adjustSku } from "../../src/modules/adjustment/adjustment.service.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { eventFeed } from "../../src/modules/event/event.service.js";
import { EventHub } from "../../src/modules/event/event.hub.js";
import { newAccount, testDb } from "../helpers/db.js";
import { loggingClient } from "../helpers/movements.js";

let db: PrismaClient;
let appDb: PrismaClient;
const queries: { sql: string; params: unknown[] }[] = [];
const lockReads = () => queries.filter((q) => q.sql.includes("pg_locks")).length;

beforeAll(async () => {
  db = await testDb();
  appDb = loggingClient(queries);
});
afterAll(async () => {
  await appDb.$disconnect();
  await db.$disconnect();
});
beforeEach(() => {
  queries.length = 0;
});

test("two hundred subscribes arriving at once, over fifty accounts, read the ledger's locks once or twice", async () => {
  const accounts = await Promise.all(Array.from({ length: 50 }, () => newAccount(db)));
  const hub = new EventHub(appDb, 60_000);
  try {
    const streams = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hub.subscribe(accounts[i % 50]!.accountId, () => true)),
    );
    expect(hub.subscribers).toBe(200);
    // Without sharing: 50 reads (one per account not yet followed), up to 200 as they race.
    expect(lockReads()).toBeGreaterThanOrEqual(1);
    expect(lockReads()).toBeLessThanOrEqual(2);
    for (const stream of streams) await stream[Symbol.asyncIterator]().return?.();
    expect(hub.subscribers).toBe(0);
  } finally {
    hub.close();
  }
});

test("subscribing and leaving in a loop reads the ledger's locks at most once per gap", async () => {
  const { accountId } = await newAccount(db);
  const hub = new EventHub(appDb, 60_000);
  try {
    const started = performance.now();
    let subscribes = 0;
    // Ten at a time, each left at once (the account is followed afresh every round), for 0.5 s.
    while (performance.now() - started < 500) {
      const streams = await Promise.all(
        Array.from({ length: 10 }, () => hub.subscribe(accountId, () => true)),
      );
      for (const stream of streams) await stream[Symbol.asyncIterator]().return?.();
      subscribes += 10;
    }
    const elapsed = performance.now() - started;
    const bound = Math.ceil(elapsed / HORIZON_READ_GAP_MS) + 1;
    expect(lockReads()).toBeGreaterThan(0);
    expect(lockReads()).toBeLessThanOrEqual(bound);
    // Ten subscribes share each read: without sharing there would be one read per subscribe.
    expect(lockReads()).toBeLessThanOrEqual(subscribes / 10);
  } finally {
    hub.close();
  }
});

test("a hundred change-feed pages asked at once read the ledger's locks once or twice, and miss no committed change", async () => {
  const account = await newAccount(db);
  const principal = (await authenticate(db, account.token))!;
  const ctx = { db: appDb, principal };
  const sku = await db.sku.create({
    data: { accountId: account.accountId, code: "H-1", name: "H" },
  });
  await adjustSku({ ...ctx, db }, sku.id, { onHand: "5", reason: "correction" });
  queries.length = 0;
  const pages = await Promise.all(Array.from({ length: 100 }, () => eventFeed(ctx, { limit: 10 })));
  expect(lockReads()).toBeGreaterThanOrEqual(1);
  expect(lockReads()).toBeLessThanOrEqual(2);
  // The change committed before the pages were asked for is on every one of them.
  for (const page of pages) expect(page.data.map((e) => e.type)).toContain("stock.changed");
});
