import { createPrismaClient } from "../../../src/db/client.js";
import { answerOf } from "../../helpers/answers.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { holdLock, type HeldLock } from "../../helpers/locks.js";
import { createSku, movementsOf } from "../../helpers/stock.js";
import { AdjAdjustSkuStockDocument } from "../generated/graphql.js";

// A server whose every connection waits on locked rows: a further request waits the configured
// time for a connection and is then told to come back (503 with Retry-After), never a 500; the
// waiting requests finish once the rows are free, and the refused ones write nothing.

const POOL_SIZE = 2;

let t: TestApp;
let small: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  // The whole pool open to one account (no share of it, src/db/pool-share.ts): what is tested
  // here is the pool's own wait, with every connection busy.
  small = await startTestApp(
    createPrismaClient(databaseUrl(), POOL_SIZE, { maxWaitMs: 300, accountPoolShare: 1 }),
  );
});
afterAll(async () => {
  await small.close();
  await t.close();
});

const lockSku = (skuId: number) =>
  holdLock(databaseUrl(), "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE", [
    acct.accountId,
    skuId,
  ]);

/**
 * Opens every connection of the small pool before the part that is timed. Opening one counts
 * against the pool's 300 ms wait, and a busy machine may take longer: a blocked request refused
 * for that would leave one waiter where the test needs POOL_SIZE. A connection that did open stays
 * in the pool, so each round has fewer to open.
 */
async function openEveryConnection(db: TestApp["db"]): Promise<void> {
  for (let round = 1; ; round++) {
    const opened = await Promise.allSettled(
      Array.from({ length: POOL_SIZE }, () => db.$queryRaw`SELECT 1 FROM pg_sleep(0.05)`),
    );
    if (opened.every((o) => o.status === "fulfilled")) return;
    if (round === 20)
      throw (opened.find((o) => o.status === "rejected") as PromiseRejectedResult).reason;
  }
}

/** Waits until `count` requests wait on the lock; fails at once if one of them finishes instead. */
async function waitingOn(lock: HeldLock, count: number, requests: Promise<{ status: number }>[]) {
  const finished = Promise.race(requests).then((r) => {
    throw new Error(`a request meant to wait on the lock finished first (status ${r.status})`);
  });
  await Promise.race([lock.waiters(count), finished]);
}

it("answers 503 SERVICE_UNAVAILABLE with Retry-After over REST and GraphQL when every connection is busy", async () => {
  const skuId = await createSku(t, acct.token, 10);
  await openEveryConnection(small.db);
  const lock = await lockSku(skuId);
  let blocked: Promise<{ status: number }>[] = [];
  try {
    // Each of these holds a pooled connection in a transaction waiting for the row.
    blocked = [5, 6].map((onHand) =>
      rest(small, "PATCH", `/skus/${skuId}`, {
        token: acct.token,
        body: { on_hand: onHand, reason: "found" },
      }),
    );
    await waitingOn(lock, POOL_SIZE, blocked);

    const refused = await rest(small, "PATCH", `/skus/${skuId}`, {
      token: acct.token,
      body: { on_hand: 7, reason: "found" },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });

    const read = await rest(small, "GET", `/skus/${skuId}`, { token: acct.token });
    expect(read.status).toBe(503);

    const viaGraphql = await answerOf(
      small.baseUrl,
      {
        graphql: AdjAdjustSkuStockDocument,
        variables: { input: { skuId, onHand: 8, reason: "FOUND" } },
      },
      acct.token,
    );
    expect(viaGraphql).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", retryAfter: "5" });
    expect(viaGraphql.body.errors).toHaveLength(1);
    expect(viaGraphql.body.errors[0].message).not.toMatch(/prisma|transaction|P20/i);
  } finally {
    await lock.release();
  }

  // The waiting requests complete; the refused ones left no trace.
  expect((await Promise.all(blocked)).map((r) => r.status)).toEqual([200, 200]);
  const after = (await movementsOf(t.db, acct.accountId, { type: "sku", id: skuId })).map((m) =>
    Number(m.quantityAfter),
  );
  expect(after.sort((a, b) => a - b)).toEqual([5, 6, 10]);
}, 30_000);
