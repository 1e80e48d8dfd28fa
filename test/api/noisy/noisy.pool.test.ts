// Noisy neighbour, the pool: a hostile account sends 12 stock take starts at once while a start
// of its own is in progress (its start lock held from a connection of the test), so each of them
// would wait on that lock holding one of the pool's 10 connections. The account holds its share
// (8) and its other starts wait in the process, holding none: another account's reads and
// adjustments, timed meanwhile, keep the rest of the pool and stay fast, and none is a 5xx.
import pg from "pg";
import { createPrismaClient } from "../../../src/db/client.js";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../../src/db/locks.js";
import { migrate } from "../../../src/db/migrate.js";
import { answerOf } from "../../helpers/answers.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount } from "../../helpers/db.js";
import { holdLock } from "../../helpers/locks.js";
import { alone, besideNeighbour, parallel } from "../../helpers/neighbour.js";
import { accountShare } from "../../helpers/pool-share.js";
import { createSku } from "../../helpers/stock.js";

/** DATABASE_POOL_SIZE's default, and an account's share of it by default (four fifths). */
const POOL_SIZE = 10;
const SHARE = 8;
const HOSTILE = 12;
/** How long the hostile account's starts are kept waiting on their lock while the neighbour is timed. */
const HOLD_MS = 4_000;
/** The neighbour's p99 bound: generous for a shared machine; without the share it waits for the lock. */
const BOUND_MS = 1_500;
/** The pool's connections, told apart from the test's own in pg_stat_activity. */
const APPLICATION = `countpoint-noisy-pool-${process.pid}`;

let t: TestApp;
let observer: pg.Client;
beforeAll(async () => {
  await migrate(databaseUrl());
  t = await startTestApp(
    // A wait for a connection shorter than the default 30 s: without the share the neighbour's
    // requests would wait it out, and the test's failure would take that long to show. Longer,
    // by a wide margin, than the hostile starts are kept waiting (up to 5 s for them to queue,
    // then HOLD_MS, longer on a loaded machine): a start over the share waits in the process for
    // as long as this, then is refused (503), and the test asserts that none is refused.
    createPrismaClient(databaseUrl(), POOL_SIZE, {
      applicationName: APPLICATION,
      maxWaitMs: 20_000,
    }),
  );
  observer = new pg.Client({ connectionString: databaseUrl() });
  await observer.connect();
});
afterAll(async () => {
  await observer?.end();
  await t?.close();
});

/** The pool's connections waiting on a lock now: the hostile account's starts. */
const lockWaiters = async () =>
  (
    await observer.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
      [APPLICATION],
    )
  ).rows[0]!.n;

it("keeps an account whose requests wait on its own lock to its share of the pool, and another account's requests fast", async () => {
  const hostile = await newAccount(t.db);
  const neighbour = await newAccount(t.db);
  const skuId = await createSku(t, neighbour.token, 100);
  let onHand = 100;
  let probes = 0;
  const probe = async () => {
    // Reads and adjustments in turn: both need a connection of the pool.
    const call =
      probes++ % 2 === 0
        ? { method: "GET", path: `/api/v1/skus/${skuId}` }
        : {
            method: "PATCH",
            path: `/api/v1/skus/${skuId}`,
            body: { on_hand: ++onHand, reason: "found" },
          };
    return (await answerOf(t.baseUrl, call, neighbour.token)).status;
  };
  const before = await alone(probe, 10);
  expect(before.statuses.every((s) => s === 200)).toBe(true);

  const lock = await holdLock(databaseUrl(), "SELECT pg_advisory_xact_lock($1::int, $2::int)", [
    STOCK_TAKE_START_LOCK_CLASS,
    hostile.accountId,
  ]);
  let starts: Promise<{ status: number }[]> | undefined;
  let startStatuses: number[] = [];
  const seen = { waiters: 0, connections: 0, waiting: 0 };
  try {
    starts = parallel(HOSTILE, () =>
      answerOf(
        t.baseUrl,
        { method: "POST", path: "/api/v1/stock-takes/start", body: {} },
        hostile.token,
      ),
    );
    for (let i = 0; i < 200 && (await lockWaiters()) < SHARE; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // While the starts wait, what the pool holds for the hostile account, sampled throughout.
    const watch = async () => {
      const end = performance.now() + HOLD_MS;
      while (performance.now() < end) {
        const share = await accountShare(t.baseUrl, hostile.accountId);
        seen.waiters = Math.max(seen.waiters, await lockWaiters());
        seen.connections = Math.max(seen.connections, share.connections);
        seen.waiting = Math.max(seen.waiting, share.waiting);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const beside = await besideNeighbour(watch, probe, { minProbes: 20, maxMs: 30_000 });
    console.info(
      `neighbour alone p99 ${before.p99.toFixed(0)} ms; beside ${HOSTILE} waiting starts p50 ${beside.p50.toFixed(0)} ms, p99 ${beside.p99.toFixed(0)} ms (${beside.latencies.length} probes)`,
    );
    expect(beside.statuses.every((s) => s === 200)).toBe(true);
    expect(beside.p99).toBeLessThan(BOUND_MS);
  } finally {
    await lock.release();
    startStatuses = (await starts!).map((s) => s.status);
  }
  // The account held its share and no more; the rest of its starts waited without a connection.
  expect(seen.waiters).toBe(SHARE);
  expect(seen.connections).toBe(SHARE);
  expect(seen.waiting).toBe(HOSTILE - SHARE);
  // Once the lock is free the hostile starts are served too, one after another: none is a 5xx.
  expect(startStatuses.every((s) => s < 500)).toBe(true);
}, 90_000);
