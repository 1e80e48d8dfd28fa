// Crash atomicity: `countpoint serve` is SIGKILLed in the middle of a 10,000-line write (a bulk
// adjustment, a stock take's reconcile, a catalog import), twice each. First while its
// transaction has written all of its work and not committed it: the test holds the write at its
// last statement, the store of its idempotency key (an uncommitted row of the test's own with
// that key makes it wait), so the kill lands inside the transaction every time. Nothing of it
// remains; a retry with the same key is told to wait (409) only while PostgreSQL still runs the
// dead process's session. Then that retry is killed as soon as it has committed, whether or not
// its answer got out: it is all there, and the next retry (a third process) replays it, writing
// nothing. `countpoint verify` finds nothing wrong. Last, a webhook worker is killed while a
// receiver holds a delivery.
import { jest } from "@jest/globals";
import pg from "pg";
import type { PrismaClient } from "../../src/db/client.js";
import { runCountpoint } from "../helpers/cli.js";
import { databaseUrl, newAccount, testDb, type TestAccount } from "../helpers/db.js";
import { rest } from "../helpers/app.js";
import { startReceiver } from "../helpers/receiver.js";
import {
  call,
  startServer,
  startWorker,
  stopProcess,
  type Answer,
  type Running,
  type Server,
} from "../helpers/server.js";
import { createSku, ledgerProblems, seedSkus } from "../helpers/stock.js";
import { adjustSku } from "../helpers/stock-takes.js";
import { verifyWorld } from "../helpers/verify.js";

const N = 10_000;

/** Every table a write of the ledger or the catalog changes, all scoped by account. */
const TABLES = [
  "skus",
  "supplier_items",
  "sku_stock",
  "supplier_item_stock",
  "barcodes",
  "stock_movements",
  "stock_adjustments",
  "stock_adjustment_lines",
  "stock_takes",
  "stock_take_lines",
  "stock_take_counts",
  "events",
  "idempotency_keys",
] as const;
type Table = (typeof TABLES)[number];
type Snapshot = Record<Table, { rows: number; digest: string }>;

// Each case writes 10,000 lines four times and starts three servers: a minute is too short on a
// loaded 2-core machine.
jest.setTimeout(240_000);

let db: PrismaClient;
let server: Server;

beforeAll(async () => {
  db = await testDb();
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await stopProcess(server);
  await db.$disconnect();
});

/**
 * An account's catalog of `n` SKUs with their levels, with statistics that know them, as
 * autovacuum's analyze would soon after a load this size. These cases are about crashes; a
 * 10,000-count lookup by code planned on statistics taken before the account had any SKU ran past
 * the statement timeout (noted on the issue, to be made robust and tested on its own).
 */
async function seedCatalog(accountId: number, n: number, prefix?: string): Promise<number[]> {
  const ids = await seedSkus(db, accountId, n, prefix ? { prefix } : undefined);
  await db.$executeRawUnsafe("ANALYZE skus, sku_stock");
  return ids;
}

/** The account's rows in every ledger and catalog table: how many, and a digest of them all. */
async function snapshot(accountId: number): Promise<Snapshot> {
  const rows = await db.$queryRawUnsafe<{ name: Table; rows: number; digest: string }[]>(
    TABLES.map(
      (t) => `SELECT '${t}' AS name, count(*)::int AS rows,
        md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest
        FROM ${t} AS x WHERE account_id = $1`,
    ).join(" UNION ALL "),
    accountId,
  );
  return Object.fromEntries(
    rows.map((r) => [r.name, { rows: r.rows, digest: r.digest }]),
  ) as Snapshot;
}

/** The rows each table gained from `before` to `after`. */
const gained = (before: Snapshot, after: Snapshot) =>
  Object.fromEntries(TABLES.map((t) => [t, after[t].rows - before[t].rows]));

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  // Generous: a 10,000-line write on a loaded 2-core machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Backend {
  pid: number;
  state: string;
  wait_event_type: string | null;
  xid: string | null;
  query: string;
}

interface Crash {
  /** The killed server's database session as it was at the kill. */
  backend: Backend;
  /** Tables its transaction had run INSERTs or UPDATEs on (RowExclusiveLock held) at the kill. */
  written: string[];
  /** Movement ids drawn (by anyone) between the request and the kill. */
  movementIdsDrawn: number;
  /** What a retry with the same key answered while PostgreSQL still ran that session. */
  early: Answer;
}

const lastMovementId = async () => {
  const [row] = await db.$queryRaw<{ last: string }[]>`
    SELECT last_value::text AS last FROM stock_movements_id_seq`;
  return Number(row!.last);
};

/**
 * Sends `request` (carrying the idempotency key `key`), holds its transaction at the store of the
 * key, SIGKILLs the server there and starts another; then lets PostgreSQL end the dead session.
 */
async function killMidTransaction(
  acct: TestAccount,
  key: string,
  request: (s: Server) => Promise<Answer>,
): Promise<Crash> {
  // The process that takes over, started meanwhile: it learns nothing from the dead one, and
  // nothing at its start is needed for the recovery.
  const next = startServer();
  const hold = new pg.Client({ connectionString: databaseUrl() });
  await hold.connect();
  try {
    await hold.query("BEGIN");
    await hold.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, response_body, expires_at)
       VALUES ($1, $2, 'held by the test', '{}', now())`,
      [acct.accountId, key],
    );
    const holder = (await hold.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!
      .pid;
    const firstId = await lastMovementId();
    const sent = request(server).then(
      (answer) => ({ answered: answer.status }),
      () => ({ answered: false }),
    );
    // The request's session, waiting on the test's row: every statement before the key's store
    // has run in its transaction. The lock manager lists a waiter a moment before the activity
    // view reports its wait (and the view is read first), so a row counts only once both agree.
    const backend = await until("the write to reach its key", async () => {
      const [row] = await db.$queryRaw<Backend[]>`
        SELECT pid, state, wait_event_type, backend_xid::text AS xid, query
        FROM pg_stat_activity
        WHERE ${holder}::int = ANY(pg_blocking_pids(pid)) AND wait_event_type = 'Lock'`;
      return row;
    });
    const locks = await db.$queryRaw<{ relname: string }[]>`
      SELECT DISTINCT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      WHERE l.pid = ${backend.pid} AND l.mode = 'RowExclusiveLock' ORDER BY 1`;
    const movementIdsDrawn = (await lastMovementId()) - firstId;
    expect(await stopProcess(server, "SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    expect(await sent).toEqual({ answered: false });
    server = await next;
    // The dead process's transaction is still open (blocked on the test): its outcome is not
    // known yet, so a retry is asked to wait rather than run it a second time.
    const early = await request(server);
    await hold.query("ROLLBACK");
    // Once its statement can finish, PostgreSQL finds the client gone and rolls it all back.
    await until("the killed server's session to end", async () => {
      const rows = await db.$queryRaw<unknown[]>`
        SELECT 1 FROM pg_stat_activity WHERE pid = ${backend.pid}`;
      return rows.length === 0 ? true : undefined;
    });
    return { backend, written: locks.map((l) => l.relname), movementIdsDrawn, early };
  } finally {
    await hold.end();
    const started = await next.catch(() => undefined);
    if (started && started !== server) await stopProcess(started);
  }
}

/**
 * The kill landed inside the transaction, after it had written to every table in `tables` and
 * drawn the ids of its `movements`.
 */
function expectMidTransaction(crash: Crash, tables: string[], movements: number) {
  expect(crash.backend.state).toBe("active");
  expect(crash.backend.query).toMatch(/idempotency_keys/);
  expect(crash.backend.xid).toMatch(/^\d+$/); // it holds a transaction id: it has written
  expect(crash.written).toEqual(expect.arrayContaining(tables));
  expect(crash.movementIdsDrawn).toBeGreaterThanOrEqual(movements);
  expect(crash.early.status).toBe(409);
  expect(crash.early.body.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
}

/**
 * Sends `request` again and SIGKILLs the server as soon as its transaction has committed (its key
 * is stored), whether or not the answer got out first; another server takes over. Answers what
 * the client received, if anything.
 */
async function killAfterCommit(
  acct: TestAccount,
  key: string,
  request: (s: Server) => Promise<Answer>,
): Promise<Answer | null> {
  const next = startServer();
  try {
    const sent = request(server).catch(() => null);
    let answered: Answer | null | undefined;
    void sent.then((answer) => (answered = answer));
    await until("the write to commit", async () => {
      // An answer seen before this look means the server is done with the request: had it
      // committed, the key would be visible now. Say what it answered instead of waiting on.
      const seen = answered;
      const rows = await db.$queryRaw<unknown[]>`
        SELECT 1 FROM idempotency_keys WHERE account_id = ${acct.accountId} AND key = ${key}`;
      if (rows.length > 0) return true;
      if (seen !== undefined) {
        throw new Error(`the server answered without committing: ${JSON.stringify(seen)}`);
      }
      return undefined;
    });
    expect(await stopProcess(server, "SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    server = await next;
    return await sent;
  } finally {
    const started = await next.catch(() => undefined);
    if (started && started !== server) await stopProcess(started);
  }
}

interface Crashes {
  /** The account's rows before the write. */
  before: Snapshot;
  /** After the write was killed before its commit (nothing of it is there), then after it. */
  after: Snapshot;
  /** The answer to the retry after the second kill: the stored result of the write. */
  replayed: Answer;
}

/**
 * The write (`request`, with idempotency key `key`), killed before its commit then after it, each
 * time retried on a new server; its transaction writes every table of `tables` and at least
 * `movements` movements.
 */
async function crashTwice(
  acct: TestAccount,
  key: string,
  request: (s: Server) => Promise<Answer>,
  { tables, movements }: { tables: string[]; movements: number },
): Promise<Crashes> {
  const before = await snapshot(acct.accountId);
  const crash = await killMidTransaction(acct, key, request);
  expectMidTransaction(crash, tables, movements);
  expect(await snapshot(acct.accountId)).toEqual(before);

  const lost = await killAfterCommit(acct, key, request);
  const after = await snapshot(acct.accountId);
  expect(after).not.toEqual(before);
  const replayed = await request(server);
  expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  // The answer the client may have had before the kill, if any, is the one it gets again.
  if (lost) expect(replayed).toMatchObject({ status: lost.status, body: lost.body });
  expect(await snapshot(acct.accountId)).toEqual(after); // the replay wrote nothing
  return { before, after, replayed };
}

async function expectLedgerSound(acct: TestAccount) {
  expect(await ledgerProblems(db, acct.accountId)).toEqual([]);
  const cli = await runCountpoint(databaseUrl(), ["verify", "--account", String(acct.accountId)]);
  expect(cli).toMatchObject({ code: 0, stderr: "" });
  expect(JSON.parse(cli.stdout)).toMatchObject({ ok: true, problems: [], problem_count: 0 });
}

/** How many of the account's SKUs have each on hand quantity at its default site. */
async function onHandCounts(accountId: number) {
  const rows = await db.$queryRaw<{ on_hand: string; skus: number }[]>`
    SELECT trim_scale(COALESCE(l.on_hand, 0))::text AS on_hand, count(*)::int AS skus
    FROM skus AS s
    LEFT JOIN sku_stock AS l ON l.account_id = s.account_id AND l.sku_id = s.id
      AND l.site_id = (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default)
    WHERE s.account_id = ${accountId} GROUP BY 1 ORDER BY 1`;
  return Object.fromEntries(rows.map((r) => [r.on_hand, r.skus]));
}

describe("a server killed in the middle of a 10,000-line write", () => {
  it("bulk adjustment: applied whole or not at all, once, and verify finds nothing wrong", async () => {
    const acct = await newAccount(db);
    const ids = await seedCatalog(acct.accountId, N);
    const key = `crash-bulk-${acct.accountId}`;
    const body = {
      reason: "received",
      reference: "crash test",
      lines: ids.map((id) => ({ type: "sku", id, new_qty: 7 })),
    };
    const bulk = (s: Server) =>
      call(s, "POST", "/stock-adjustments/bulk", acct.token, body, { "idempotency-key": key });

    const { before, after, replayed } = await crashTwice(acct, key, bulk, {
      tables: [
        "skus",
        "sku_stock",
        "stock_movements",
        "stock_adjustments",
        "stock_adjustment_lines",
        "events",
      ],
      movements: N,
    });
    expect(gained(before, after)).toMatchObject({
      sku_stock: 0,
      stock_movements: N,
      stock_adjustments: 1,
      stock_adjustment_lines: N,
      idempotency_keys: 1,
    });
    expect(await onHandCounts(acct.accountId)).toEqual({ "7": N });
    // The replay is the adjustment that was written, line by line with its movements.
    expect(replayed.status).toBe(201);
    const adjustment = await db.stockAdjustment.findFirstOrThrow({
      where: { accountId: acct.accountId },
    });
    expect(replayed.body.id).toBe(adjustment.id);
    const movements = await db.stockMovement.findMany({
      where: { accountId: acct.accountId, adjustmentId: adjustment.id },
      select: { id: true, skuId: true },
      orderBy: { skuId: "asc" },
    });
    expect(movements.map((m) => m.skuId)).toEqual(ids);
    const answered = [...replayed.body.lines].sort((x, y) => x.id - y.id);
    expect(answered.map((l) => [l.id, l.change, l.movement_id])).toEqual(
      movements.map((m) => [m.skuId, 2, Number(m.id)]),
    );
    await expectLedgerSound(acct);
  });

  it("stock take reconcile: applied whole or not at all, once, and verify finds nothing wrong", async () => {
    const acct = await newAccount(db);
    await seedCatalog(acct.accountId, N);
    const started = await call(server, "POST", "/stock-takes/start", acct.token, {});
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const counts = Array.from({ length: N }, (_, i) => ({
      type: "sku",
      code: `SCALE-${i}`,
      counted_qty: 6,
    }));
    const counted = await call(server, "POST", `/stock-takes/${id}/input`, acct.token, { counts });
    expect(counted.status).toBe(200);
    // Each line is 1 over, within the default tolerance: all are accepted as safe.
    const accepted = await call(server, "POST", `/stock-takes/${id}/accept-lines`, acct.token, {});
    expect(accepted.body).toMatchObject({ accepted_count: N, needs_review_count: 0 });
    const key = `crash-reconcile-${acct.accountId}`;
    const reconcile = (s: Server) =>
      call(s, "POST", `/stock-takes/${id}/reconcile`, acct.token, {}, { "idempotency-key": key });
    const status = async () => (await call(server, "GET", `/stock-takes/${id}`, acct.token)).body;
    expect(await status()).toMatchObject({ status: "counting", reconciled_at: null });

    const { before, after, replayed } = await crashTwice(acct, key, reconcile, {
      tables: ["skus", "sku_stock", "stock_movements", "stock_take_lines", "stock_takes", "events"],
      movements: N,
    });
    expect(gained(before, after)).toMatchObject({
      sku_stock: 0,
      stock_movements: N,
      stock_take_lines: 0,
      idempotency_keys: 1,
    });
    expect(await onHandCounts(acct.accountId)).toEqual({ "6": N });
    const take = await status();
    expect(take).toMatchObject({ status: "reconciled", reconciled_at: expect.any(String) });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      id,
      status: "reconciled",
      reconciled_at: take.reconciled_at,
      applied_count: N,
    });
    await expectLedgerSound(acct);
  });

  it("catalog import: applied whole or not at all, once, and verify finds nothing wrong", async () => {
    const acct = await newAccount(db);
    // Half the rows update SKUs that exist (a new name), half create SKUs with stock.
    await seedCatalog(acct.accountId, N / 2, "IMP");
    const rows = Array.from({ length: N }, (_, i) => ({
      code: `IMP-${i}`,
      name: `Imported ${i}`,
      barcodes: [`LBL-${i}`],
      ...(i >= N / 2 ? { opening_on_hand: 3 } : {}),
    }));
    const key = `crash-import-${acct.accountId}`;
    const importSkus = (s: Server) =>
      call(s, "POST", "/skus/bulk", acct.token, { rows }, { "idempotency-key": key });

    const { before, after, replayed } = await crashTwice(acct, key, importSkus, {
      tables: ["skus", "sku_stock", "barcodes", "stock_movements", "events"],
      movements: N / 2,
    });
    expect(gained(before, after)).toMatchObject({
      skus: N / 2,
      sku_stock: N / 2,
      barcodes: N,
      stock_movements: N / 2,
      idempotency_keys: 1,
    });
    expect(await onHandCounts(acct.accountId)).toEqual({ "3": N / 2, "5": N / 2 });
    const skus = await db.sku.findMany({
      where: { accountId: acct.accountId },
      select: { id: true, code: true, name: true },
    });
    expect(skus.filter((sku) => sku.name === `Imported ${sku.code.slice(4)}`)).toHaveLength(N);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ created: N / 2, updated: N / 2, unchanged: 0 });
    const idOf = new Map(skus.map((sku) => [sku.code, sku.id]));
    expect(replayed.body.ids).toEqual(rows.map((r) => ({ code: r.code, id: idOf.get(r.code) })));
    await expectLedgerSound(acct);
  });
});

describe("a webhook worker killed while a delivery is in flight", () => {
  it("sends that event again with the same webhook-id once its lease runs out, then the rest in order", async () => {
    // A database of its own: a worker serves the endpoints of every account in its database.
    const world = await verifyWorld();
    const receiver = await startReceiver();
    const workers: Running[] = [];
    const worker = async () => {
      workers.push(await startWorker({ url: world.fresh.url, env: { WEBHOOK_POLL_MS: "20" } }));
      return workers.at(-1)!;
    };
    try {
      const acct = await newAccount(world.t.db);
      const hook = await rest(world.t, "POST", "/webhooks", {
        token: acct.token,
        body: { url: receiver.url, event_types: ["stock.changed"] },
      });
      expect(hook.status).toBe(201);
      const deliveries = async () => {
        const res = await rest(world.t, "GET", `/webhooks/${hook.body.id}/deliveries`, {
          token: acct.token,
        });
        return (res.body.data as { id: number; status: string; attempts: unknown[] }[])
          .sort((x, y) => x.id - y.id)
          .map((d) => ({ status: d.status, attempts: d.attempts.length }));
      };
      const sku = await createSku(world.t, acct.token, 0);
      for (const q of [1, 2, 3]) await adjustSku(world.t, acct.token, sku, q);

      // The receiver takes the first delivery and never answers; its sender dies meanwhile.
      receiver.answers.push({ status: 200, hang: true });
      const first = await worker();
      await receiver.waitFor(1);
      expect(await stopProcess(first, "SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
      // The send it died in was never recorded: the delivery is still to be made.
      expect((await deliveries())[0]).toEqual({ status: "pending", attempts: 0 });

      // The dead worker's lease (30 s at the least) runs out: moved into the past, not waited for.
      await world.t.db.$executeRaw`
        UPDATE webhook_endpoints SET lease_until = now() - interval '1 second'
        WHERE account_id = ${acct.accountId} AND id = ${hook.body.id}`;
      await worker();
      await until("every delivery to be made", async () => {
        const all = await deliveries();
        return all.length === 3 && all.every((d) => d.status === "delivered") ? all : undefined;
      });
      expect(await deliveries()).toEqual(Array(3).fill({ status: "delivered", attempts: 1 }));
      // The first event twice with the same webhook-id (a receiver drops the repeat), then the
      // others in feed order: none lost.
      const got = receiver.received.map((r) => ({
        id: r.headers["webhook-id"],
        quantity: (JSON.parse(r.body) as { data: { quantity_after: number } }).data.quantity_after,
      }));
      expect(got.map((g) => g.quantity)).toEqual([1, 1, 2, 3]);
      expect(got[1]!.id).toBe(got[0]!.id);
      expect(new Set(got.map((g) => g.id)).size).toBe(3);
    } finally {
      await Promise.all(workers.map((w) => stopProcess(w)));
      await receiver.close();
      await world.close();
    }
  });
});
