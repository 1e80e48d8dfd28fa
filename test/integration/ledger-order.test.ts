// A movement is stamped (occurred_at, id) when it is written but becomes visible only when its
// transaction commits. Were a later write allowed to commit first, an oldest-first reader could
// page past it and never see the earlier one appear behind its cursor. The ledger therefore lets
// only one transaction per account stamp movements until it commits; these tests hold such a
// transaction open on a connection of their own (through the same ledger functions the services
// use) and watch what the HTTP API does meanwhile.
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { applyStock, lockStock } from "../../src/ledger/ledger.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { Decimal } from "../../src/quantity.js";
import { MvStockMovementsDocument } from "../api/generated/graphql.js";
import { gql, rest, startTestApp, type RestResponse, type TestApp } from "../helpers/app.js";
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
      const locked = await lockStock(tx, account.accountId, [sku]);
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

/** A request whose completion can be checked without waiting for it. */
function inFlight(request: Promise<RestResponse>) {
  const state = { done: false };
  const response = request.finally(() => {
    state.done = true;
  });
  return { response, isDone: () => state.done };
}

/** Server processes waiting for a lock the given one holds. */
async function waitingFor(pid: number): Promise<number[]> {
  const { rows } = await watcher.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
    [pid],
  );
  return rows.map((r) => r.pid);
}

/** Polls until `ready` holds; fails after `ms`. */
async function waitUntil(ready: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
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

/** Waits until the request is stuck behind the held transaction, or has answered. */
const blockedOrDone = (held: HeldWrite, request: { isDone: () => boolean }) =>
  waitUntil(
    async () => request.isDone() || (await waitingFor(held.pid)).length > 0,
    "the request waits for the held transaction or answers",
  );

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

describe("ledger writes of one account commit in the order they are stamped", () => {
  it("holds a second write in the same account until the first commits: no answer, no visible movement meanwhile", async () => {
    const acct = await newAccount(t.db);
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);
    const bBefore = await movementIds(acct.accountId, b);

    const held = await holdLedgerWrite(acct, a, 5);
    let patch: ReturnType<typeof inFlight> | undefined;
    try {
      patch = inFlight(patchSku(acct, b, 7));
      await blockedOrDone(held, patch);
      expect(patch.isDone()).toBe(false);
      expect(await waitingFor(held.pid)).toHaveLength(1);
      // Held a while longer, it still has not answered, and nothing of it can be seen.
      await new Promise((r) => setTimeout(r, 300));
      expect(patch.isDone()).toBe(false);
      expect(await movementIds(acct.accountId, b)).toEqual(bBefore);
      expect(await movementIds(acct.accountId, a)).not.toContain(held.movementId);
    } finally {
      await held.commit();
    }

    const res = await patch!.response;
    expect(res.status).toBe(200);
    expect(res.body.on_hand).toBe(7);
    expect(await movementIds(acct.accountId, b)).toEqual([...bBefore, res.body.movement.id]);
    expect(await movementIds(acct.accountId, a)).toContain(held.movementId);
  });

  it("lists movements oldest first in commit order: a reader who reached the end before the commit misses nothing when continuing from its last cursor", async () => {
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
    let patch: ReturnType<typeof inFlight> | undefined;
    let beforeCommit: Date;
    try {
      patch = inFlight(patchSku(acct, b, 7));
      await blockedOrDone(held, patch);
      await readToEnd();
      beforeCommit = (
        await watcher.query<{ now: Date }>("SELECT clock_timestamp()::timestamptz(3) AS now")
      ).rows[0]!.now;
    } finally {
      await held.commit();
    }
    const patched = await patch!.response;
    expect(patched.status).toBe(200);
    const later = patched.body.movement as { id: number; occurred_at: string };

    await readToEnd();

    // Every movement of the account, in (occurred_at, id) order, seen once and in that order.
    const all = await t.db.stockMovement.findMany({
      where: { accountId: acct.accountId },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    });
    expect(all).toHaveLength(4);
    expect(seen).toEqual(all.map((m) => Number(m.id)));
    expect(seen.slice(-2)).toEqual([held.movementId, later.id]);
    // The second write was stamped only once the first had let go.
    expect(new Date(later.occurred_at).getTime()).toBeGreaterThanOrEqual(beforeCommit!.getTime());
    const first = all.find((m) => Number(m.id) === held.movementId)!;
    expect(first.occurredAt.getTime()).toBeLessThanOrEqual(beforeCommit!.getTime());

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
    const forB = await rest(t, "GET", `/stock/movements?sku_id=${b}&order=asc`, {
      token: acct.token,
    });
    expect(forB.body.data.at(-1).id).toBe(later.id);
  });

  it("does not hold up writes in another account meanwhile", async () => {
    const acct = await newAccount(t.db);
    const other = await newAccount(t.db);
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);

    const held = await holdLedgerWrite(acct, a, 5);
    let patch: ReturnType<typeof inFlight> | undefined;
    try {
      patch = inFlight(patchSku(acct, b, 7));
      await blockedOrDone(held, patch);
      expect(patch.isDone()).toBe(false);

      // The other account creates a SKU with opening stock and adjusts it, both through the
      // ledger, while this account's second write still waits.
      const theirs = await within(
        5000,
        "creating the other account's SKU",
        createSku(t, other.token, 2),
      );
      const res = await within(
        5000,
        "adjusting the other account's SKU",
        patchSku(other, theirs, 9),
      );
      expect(res.status).toBe(200);
      expect(res.body.on_hand).toBe(9);
      expect(await movementIds(other.accountId, theirs)).toHaveLength(2);
      expect(patch.isDone()).toBe(false);
    } finally {
      await held.commit();
    }
    expect((await patch!.response).status).toBe(200);
  });
});
