// Several server processes over one database give the same results as one: the concurrency
// specifications (one hot SKU, overlapping bulks, idempotent retries, a reconcile race) with
// their requests spread over two `countpoint serve` processes; and `serve --workers 2` runs two
// workers on one port.
import type { PrismaClient } from "../../src/db/client.js";
import { newAccount, testDb, type TestAccount } from "../helpers/db.js";
import { call, startServer, stopProcess, type Server } from "../helpers/server.js";
import { chainProblems, ledgerProblems, skuOnHand } from "../helpers/stock.js";

let db: PrismaClient;
let servers: Server[];
let acct: TestAccount;
/** The i-th request's server: requests alternate between the two processes. */
const via = (i: number) => servers[i % servers.length]!;

beforeAll(async () => {
  db = await testDb();
  servers = await Promise.all([startServer(), startServer()]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => stopProcess(s)));
  await db.$disconnect();
});
beforeEach(async () => {
  acct = await newAccount(db);
});

async function sku(opening = 0): Promise<number> {
  const res = await call(via(0), "POST", "/skus", acct.token, {
    code: `P-${Math.random().toString(36).slice(2)}`,
    name: "Process test",
    opening_on_hand: opening,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe("two server processes over one database", () => {
  it("one hot SKU: 64 concurrent absolute writes all succeed and the chain holds", async () => {
    const id = await sku();
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        call(via(i), "PATCH", `/skus/${id}`, acct.token, { on_hand: i + 1, reason: "correction" }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await chainProblems(db, acct.accountId, { type: "sku", id })).toEqual([]);
    const movements = await db.stockMovement.count({
      where: { accountId: acct.accountId, skuId: id },
    });
    expect(movements).toBeGreaterThanOrEqual(60); // a write equal to on hand writes none
    expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  });

  it("overlapping bulks in opposite orders: all applied whole, no deadlock reaches a client", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => sku(1)));
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const order = i % 2 === 0 ? ids : [...ids].reverse();
        return call(via(i), "POST", "/stock-adjustments/bulk", acct.token, {
          reason: "correction",
          lines: order.map((id) => ({ type: "sku", id, new_qty: 100 + i })),
        });
      }),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    for (const id of ids) {
      expect(await chainProblems(db, acct.accountId, { type: "sku", id })).toEqual([]);
    }
    // Each bulk was applied whole: every SKU ends at the value of the bulk that came last.
    const finals = new Set(await Promise.all(ids.map((id) => skuOnHand(db, acct.accountId, id))));
    expect(finals.size).toBe(1);
    expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  });

  it("one Idempotency-Key retried on both processes at once: applied once, every answer the same", async () => {
    const id = await sku(5);
    const key = { "idempotency-key": `procs-${acct.accountId}` };
    const body = { reason: "correction", lines: [{ type: "sku", id, new_qty: 9 }] };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(via(i), "POST", "/stock-adjustments/bulk", acct.token, body, key),
      ),
    );
    const applied = results.filter((r) => r.status === 201);
    const waiting = results.filter((r) => r.status === 409);
    expect(applied.length + waiting.length).toBe(12);
    expect(waiting.map((r) => r.body.code)).toEqual(
      waiting.map(() => "IDEMPOTENCY_KEY_IN_PROGRESS"),
    );
    expect(new Set(applied.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const later = await call(via(1), "POST", "/stock-adjustments/bulk", acct.token, body, key);
    expect(later.body).toEqual(applied[0]!.body);
    expect(await db.stockAdjustment.count({ where: { accountId: acct.accountId } })).toBe(1);
    expect(await skuOnHand(db, acct.accountId, id)).toBe("9");
    expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  });

  it("a reconcile sent to both processes at once applies once and both answer the same", async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => sku(4)));
    const lines = ids.map((id) => ({ type: "sku", id }));
    const started = await call(via(0), "POST", "/stock-takes/start", acct.token, {
      scope: { sku_ids: ids },
    });
    const st = started.body.id as number;
    await call(via(1), "POST", `/stock-takes/${st}/input`, acct.token, {
      counts: ids.map((id) => ({ type: "sku", id, counted_qty: 7 })),
    });
    await call(via(0), "POST", `/stock-takes/${st}/accept-lines`, acct.token, { lines });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(via(i), "POST", `/stock-takes/${st}/reconcile`, acct.token, {}),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.map((r) => r.body.applied_count)).toEqual(Array(6).fill(10));
    const movements = await db.stockMovement.count({
      where: { accountId: acct.accountId, stockTakeId: st },
    });
    expect(movements).toBe(10);
    for (const id of ids) expect(await skuOnHand(db, acct.accountId, id)).toBe("7");
    expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  });
});

describe("countpoint serve --workers 2", () => {
  it("serves one port from two worker processes, and stops them all on SIGTERM", async () => {
    const cluster = await startServer(["--workers", "2"]);
    let workerPids: number[] = [];
    try {
      const { execFileSync } = await import("node:child_process");
      const children = execFileSync("pgrep", ["-P", String(cluster.child.pid)], {
        encoding: "utf8",
      })
        .trim()
        .split("\n");
      expect(children).toHaveLength(2);
      workerPids = children.map(Number);
      const id = await sku();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(cluster, "PATCH", `/skus/${id}`, acct.token, {
            on_hand: i + 1,
            reason: "correction",
          }),
        ),
      );
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      expect(await chainProblems(db, acct.accountId, { type: "sku", id })).toEqual([]);
    } finally {
      expect(await stopProcess(cluster)).toEqual({ code: 0, signal: null });
      // The workers stopped with it.
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(workerPids.filter(alive)).toEqual([]);
    }
  });
});
