import { createPrismaClient } from "../../../src/db/client.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../../src/db/locks.js";
import { migrate } from "../../../src/db/migrate.js";
import { BUSY } from "../../../src/db/unavailable.js";
import { answerOf } from "../../helpers/answers.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount } from "../../helpers/db.js";
import { holdLock } from "../../helpers/locks.js";
import { accountShare, untilShare } from "../../helpers/pool-share.js";
import { createSku, movementsOf, skuOnHand } from "../../helpers/stock.js";
import { AdjAdjustSkuStockDocument } from "../generated/graphql.js";

// An account's share of the pool: of a pool of 4 at half, an account's requests hold 2
// connections at most; with one more of them waiting (the queue's bound here), the next is answered 503 with
// Retry-After at once, over REST and GraphQL, and writes nothing, while another account is served.

const POOL_SIZE = 4;
const SHARE = 2;

let t: TestApp;
beforeAll(async () => {
  await migrate(databaseUrl());
  t = await startTestApp(
    createPrismaClient(databaseUrl(), POOL_SIZE, { accountPoolShare: 0.5, accountPoolQueue: 1 }),
  );
});
afterAll(async () => {
  await t.close();
});

const start = (token: string) =>
  answerOf(t.baseUrl, { method: "POST", path: "/api/v1/stock-takes/start", body: {} }, token);

it("holds an account to its share of the pool, queues one more of its requests and refuses the next with 503 and Retry-After, writing nothing", async () => {
  const busy = await newAccount(t.db);
  const other = await newAccount(t.db);
  const skuId = await createSku(t, busy.token, 10);
  const otherSku = await createSku(t, other.token, 3);
  // A start of the account in progress elsewhere: its starts wait on the lock, in a transaction.
  const lock = await holdLock(databaseUrl(), "SELECT pg_advisory_xact_lock($1::int, $2::int)", [
    STOCK_TAKE_START_LOCK_CLASS,
    busy.accountId,
  ]);
  let starts: ReturnType<typeof start>[] = [];
  try {
    starts = [start(busy.token), start(busy.token)];
    await lock.waiters(SHARE);
    starts.push(start(busy.token));
    // The third waits in the process, holding no connection.
    expect(await untilShare(t.baseUrl, busy.accountId, (s) => s.waiting === 1)).toMatchObject({
      connections: SHARE,
      waiting: 1,
    });

    const refused = await answerOf(
      t.baseUrl,
      { method: "PATCH", path: `/api/v1/skus/${skuId}`, body: { on_hand: 7, reason: "found" } },
      busy.token,
    );
    expect(refused).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body.detail).toBe(BUSY);
    const viaGraphql = await answerOf(
      t.baseUrl,
      {
        graphql: AdjAdjustSkuStockDocument,
        variables: { input: { skuId, onHand: 8, reason: "FOUND" } },
      },
      busy.token,
    );
    expect(viaGraphql).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(viaGraphql.retryAfter).toMatch(/^\d+$/);

    // Another account is served meanwhile: half the pool is left to it.
    const read = await answerOf(
      t.baseUrl,
      { method: "GET", path: `/api/v1/skus/${otherSku}` },
      other.token,
    );
    expect(read.status).toBe(200);
    expect(await accountShare(t.baseUrl, busy.accountId)).toMatchObject({
      connections: SHARE,
      waiting: 1,
      refused: 2,
    });
  } finally {
    await lock.release();
  }
  // The queued start and the two waiting ones go on once the lock is free; the refused left nothing.
  expect((await Promise.all(starts)).every((s) => s.status < 500)).toBe(true);
  expect(await skuOnHand(t.db, busy.accountId, skuId)).toBe("10");
  expect(await movementsOf(t.db, busy.accountId, { type: "sku", id: skuId })).toHaveLength(1);
  expect(await untilShare(t.baseUrl, busy.accountId, (s) => s.connections === 0)).toMatchObject({
    connections: 0,
    waiting: 0,
  });
}, 30_000);
