// A movement is stamped (occurred_at, id) when it is written but becomes visible only when its
// transaction commits, so a later stamp can commit first. Writes to different SKUs of one account
// do not wait for each other; instead an oldest-first reader reads only below the ledger's
// horizon (below every write still in flight), so it never pages past a movement that commits
// later. These tests hold such a transaction open on a connection of their own (through the same
// ledger functions the services use) and watch what the HTTP API does meanwhile.
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { applyStock, lockStock } from "../../src/ledger/ledger.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { Decimal } from "../../src/quantity.js";
import { MvStockMovementsDocument } from "../api/generated/graphql.js";
import { gql, rest, startTestApp, type TestApp } from "../helpers/app.js";
import { databaseUrl, newAccount, type TestAccount } from "../helpers/db.js";
import { createSku } from "../helpers/stock.js";

let t: TestApp;
/** The client of the held-open transactions, apart from the app's. */
let holderDb: PrismaClient;
/** A plain connection for looking at the server: who waits for whom, the clock. */
let watcher: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  holderDb = createPrismaClient(databaseUrl(), 2);
  watcher = new pg.Client({ connectionString: databaseUrl() });
  await watcher.connect();
});
afterAll(async () => {
  await watcher.end();
  await holderDb.$disconnect();
  await t.close();
});

interface HeldWrite {
  /** The server process of the open transaction. */
  pid: number;
  /** The movement it wrote, not yet committed. */
  movementId: number;
  /** Commits the transaction; resolves once it has committed. */
  commit: () => Promise<void>;
}

/**
 * Sets a SKU's quantity through the ledger, as an adjustment would, and keeps the transaction
 * open (its movement written and stamped, not committed) until `commit` is called.
 */
async function holdLedgerWrite(
  account: TestAccount,
  skuId: number,
  qty: number,
): Promise<HeldWrite> {
  const principal = await authenticate(t.db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: (held: { pid: number; movementId: number }) => void;
  const wrote = new Promise<{ pid: number; movementId: number }>((resolve) => (written = resolve));

  const transaction = holderDb.$transaction(
    async (tx) => {
      const [{ pid }] = (await tx.$queryRaw<{ pid: number }[]>`
        SELECT pg_backend_pid() AS pid`) as [{ pid: number }];
      const sku = { entityType: "sku" as const, id: skuId };
      const locked = await lockStock(tx, account.accountId, "default", [sku]);
      const [change] = await applyStock(
        tx,
        account.accountId,
        locked,
        [{ ...sku, newQty: new Decimal(qty) }],
        { reason: "correction", source: "adjustment", actor: principal.actor },
      );
      if (!change?.movementId) throw new Error("the held write changed nothing");
      written({ pid, movementId: change.movementId });
      await released;
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  const held = await Promise.race([
    wrote,
    transaction.then(() => {
      throw new Error("the held transaction ended before writing");
    }),
  ]);
  return {
    ...held,
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/** Server processes waiting for a lock the given one holds. */
async function waitingFor(pid: number): Promise<number[]> {
  const { rows } = await watcher.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
    [pid],
  );
  return rows.map((r) => r.pid);
}

/** The promise's value, or a failure naming `what` when it takes longer than `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const movementIds = async (accountId: number, skuId: number) =>
  (
    await t.db.stockMovement.findMany({
      where: { accountId, skuId },
      orderBy: { id: "asc" },
      select: { id: true },
    })
  ).map((m) => Number(m.id));

const patchSku = (account: TestAccount, id: number, onHand: number) =>
  rest(t, "PATCH", `/skus/${id}`, {
    token: account.token,
    body: { on_hand: onHand, reason: "found" },
  });

describe("ledger writes of one account, and oldest-first readers", () => {
  it("lets a write to another SKU of the account complete while the first is held open", async () => {
    const acct = await newAccount(t.db);
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);

    const held = await holdLedgerWrite(acct, a, 5);
    try {
      const res = await within(5000, "the second write", patchSku(acct, b, 7));
      expect(res.status).toBe(200);
      expect(res.body.on_hand).toBe(7);
      expect(await waitingFor(held.pid)).toEqual([]);
      expect(await movementIds(acct.accountId, b)).toContain(res.body.movement.id);
      // The held one is still invisible: it commits later, with the earlier stamp.
      expect(await movementIds(acct.accountId, a)).not.toContain(held.movementId);
    } finally {
      await held.commit();
    }
    expect(await movementIds(acct.accountId, a)).toContain(held.movementId);
  });

  it("a reader who reached the end while an earlier-stamped write was in flight misses nothing when continuing from its last cursor", async () => {
    const acct = await newAccount(t.db);
    const from = new Date(Date.now() - 60_000).toISOString();
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);

    // A sync consumer: oldest first, two at a time, keeping the last cursor it was given.
    const seen: number[] = [];
    let cursor: string | null = null;
    const readToEnd = async () => {
      for (;;) {
        const res = await gql(
          t,
          MvStockMovementsDocument,
          { filter: { from }, order: "ASC", first: 2, after: cursor },
          acct.token,
        );
        expect(res.errors).toBeUndefined();
        const page = res.data!.stockMovements;
        seen.push(...page.edges.map((e) => e.node.id));
        cursor = page.pageInfo.endCursor ?? cursor;
        if (!page.pageInfo.hasNextPage) return;
      }
    };

    const held = await holdLedgerWrite(acct, a, 5);
    let later: { id: number; occurred_at: string };
    try {
      // Stamped after the held write, committed before it.
      const patched = await patchSku(acct, b, 7);
      expect(patched.status).toBe(200);
      later = patched.body.movement as { id: number; occurred_at: string };
      await readToEnd();
      // Had the reader been shown the later movement now, its cursor would be past the held
      // one's stamp, and the held one, committed next, would never reach it.
      expect(seen).not.toContain(later.id);
      expect(seen).not.toContain(held.movementId);
    } finally {
      await held.commit();
    }
    await readToEnd();

    // Every movement of the account, in (occurred_at, id) order, seen once and in that order.
    const all = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    });
    expect(all).toHaveLength(4);
    expect(seen).toEqual(all.map((m) => Number(m.id)));
    expect(seen.slice(-2)).toEqual([held.movementId, later!.id]);

    // REST, oldest first a page at a time, shows the same order.
    const restIds: number[] = [];
    let next: string | null = null;
    let more = true;
    do {
      const qs: string = new URLSearchParams({
        from,
        order: "asc",
        limit: "1",
        ...(next ? { cursor: next } : {}),
      }).toString();
      const page = await rest(t, "GET", `/stock/movements?${qs}`, { token: acct.token });
      expect(page.status).toBe(200);
      restIds.push(...page.body.data.map((m: { id: number }) => m.id));
      next = page.body.next_cursor;
      more = page.body.has_more;
    } while (more);
    expect(restIds).toEqual(seen);
  });

  it("does not hold back another account's oldest-first reader", async () => {
    const acct = await newAccount(t.db);
    const other = await newAccount(t.db);
    const a = await createSku(t, acct.token, 1);
    const theirs = await createSku(t, other.token, 2);

    const held = await holdLedgerWrite(acct, a, 5);
    try {
      const res = await within(
        5000,
        "adjusting the other account's SKU",
        patchSku(other, theirs, 9),
      );
      expect(res.status).toBe(200);
      const page = await rest(
        t,
        "GET",
        `/stock/movements?${new URLSearchParams({ from: new Date(Date.now() - 60_000).toISOString(), order: "asc" })}`,
        { token: other.token },
      );
      expect(page.body.data.map((m: { id: number }) => m.id)).toEqual(
        await movementIds(other.accountId, theirs),
      );
      expect(page.body.data.map((m: { id: number }) => m.id)).toContain(res.body.movement.id);
    } finally {
      await held.commit();
    }
  });

  it("pages oldest first while 32 writers run, seeing every movement exactly once, in order", async () => {
    const acct = await newAccount(t.db);
    const from = new Date(Date.now() - 60_000).toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await createSku(t, acct.token, 1));

    const seen: number[] = [];
    let cursor: string | undefined;
    const readOnce = async () => {
      for (;;) {
        const qs = new URLSearchParams({ from, order: "asc", limit: "7" });
        if (cursor) qs.set("cursor", cursor);
        const page = await rest(t, "GET", `/stock/movements?${qs}`, { token: acct.token });
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((m: { id: number }) => m.id));
        // Oldest first, even the last page says where to resume.
        cursor = page.body.next_cursor ?? cursor;
        if (!page.body.has_more) return;
      }
    };

    let writing = true;
    const writer = async (w: number) => {
      for (let round = 0; round < 6; round++) {
        const res = await patchSku(acct, ids[(w + round) % ids.length]!, 10 + w * 10 + round);
        expect(res.status).toBe(200);
      }
    };
    const writers = Promise.all(Array.from({ length: 32 }, (_, w) => writer(w))).finally(() => {
      writing = false;
    });
    while (writing) await readOnce();
    await writers;
    await readOnce();

    const all = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(all).toHaveLength(8 + 32 * 6);
    expect(seen).toEqual(all.map((m) => Number(m.id)));
    expect(new Set(seen).size).toBe(seen.length);
  }, 60_000);
});
