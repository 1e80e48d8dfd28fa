// The change feed: every committed change's events, each once, one entity's in the order its
// changes were applied, and never one behind a cursor a reader has passed, even when its
// transaction commits after later ones.
import { type PrismaClient, type Tx } from "../../src/db/client.js";
import { applyStock, lockStock } from "../../src/ledger/ledger.js";
import type { ServiceContext } from "../../src/context.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { adjustSku, bulkAdjust } from "../../src/modules/adjustment/adjustment.service.js";
import { eventFeed, SCAN_ROWS } from "../../src/modules/event/event.service.js";
import type { Event } from "../../src/modules/event/event.types.js";
import { Decimal } from "../../src/quantity.js";
import { databaseUrl, newAccount, testDb } from "../helpers/db.js";
import { createPrismaClient } from "../../src/db/client.js";

let db: PrismaClient;
/** A client of its own for transactions held open while the feed is read. */
let holderDb: PrismaClient;

beforeAll(async () => {
  db = await testDb();
  holderDb = createPrismaClient(databaseUrl(), 2);
});
afterAll(async () => {
  await holderDb.$disconnect();
  await db.$disconnect();
});

async function accountWithSkus(count: number): Promise<{ ctx: ServiceContext; skuIds: number[] }> {
  const account = await newAccount(db);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  // Codes and names without digits: the catalog search plan tests, running alongside, estimate
  // how rare a run of digits is from the whole table's statistics.
  const letters = (i: number) => String(i).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const skus = await db.sku.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      accountId: account.accountId,
      code: `S-${letters(i)}`,
      name: `Feed SKU ${letters(i)}`,
    })),
    select: { id: true },
  });
  return { ctx: { db, principal }, skuIds: skus.map((s) => s.id).sort((a, b) => a - b) };
}

/**
 * Everything the feed answers after `cursor` now, page by page; and where it ends. Stock changes
 * only: these tests follow movements (the SKUs' sku.created events come first).
 */
async function follow(ctx: ServiceContext, cursor: string | null) {
  const events: Event[] = [];
  for (;;) {
    const page = await eventFeed(ctx, { after: cursor, limit: 1000, types: ["stock.changed"] });
    events.push(...page.data);
    cursor = page.nextCursor;
    if (!page.hasMore) return { events, cursor };
  }
}

/**
 * follow(), page after page until `count` events have come: a write of the last millisecond is
 * behind the horizon until that millisecond has passed.
 */
async function followUntil(ctx: ServiceContext, cursor: string | null, count: number) {
  const events: Event[] = [];
  for (let i = 0; i < 100; i++) {
    const page = await follow(ctx, cursor);
    events.push(...page.events);
    cursor = page.cursor;
    if (events.length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { events, cursor };
}

/** Every event after `cursor`, of any type, polled until `count` have come. */
async function followAll(ctx: ServiceContext, cursor: string | null, count: number) {
  let events: Event[] = [];
  for (let i = 0; i < 100 && events.length < count; i++) {
    events = (await eventFeed(ctx, { after: cursor, limit: 1000 })).data;
    if (events.length < count) await new Promise((r) => setTimeout(r, 100));
  }
  return events;
}

/** Sets a SKU through the ledger in a transaction kept open until `commit` (or `rollback`). */
async function holdWrite(ctx: ServiceContext, skuId: number, qty: number) {
  let finish!: (commit: boolean) => void;
  const finished = new Promise<boolean>((resolve) => (finish = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const transaction = holderDb.$transaction(
    async (tx) => {
      const sku = { entityType: "sku" as const, id: skuId };
      const locked = await lockStock(tx, ctx.principal.accountId, "default", [sku]);
      await applyStock(
        tx,
        ctx.principal.accountId,
        locked,
        [{ ...sku, newQty: new Decimal(qty) }],
        {
          reason: "correction",
          source: "adjustment",
          actor: ctx.principal.actor,
        },
      );
      wrote();
      if (!(await finished)) throw new Error("rolled back by the test");
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  const settled = transaction.then(
    () => undefined,
    (error: unknown) => error,
  );
  await written;
  return {
    commit: async () => (finish(true), settled),
    rollback: async () => (finish(false), settled),
  };
}

const movementIdOf = (e: Event) => e.data.movement_id as number;

describe("the event feed", () => {
  it("writes one stock.changed event per movement, with the state after the change", async () => {
    const { ctx, skuIds } = await accountWithSkus(1);
    await adjustSku(ctx, skuIds[0]!, { onHand: "5", reason: "correction" });
    const { events } = await followUntil(ctx, null, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_\d+$/),
      type: "stock.changed",
      data: { type: "sku", id: skuIds[0], quantity_before: 0, quantity_after: 5, change: 5 },
    });
  });

  it("leaves no event for a change that rolled back", async () => {
    const { ctx, skuIds } = await accountWithSkus(1);
    const held = await holdWrite(ctx, skuIds[0]!, 7);
    expect(await held.rollback()).toBeInstanceOf(Error);
    await adjustSku(ctx, skuIds[0]!, { onHand: "3", reason: "correction" });
    // The rolled-back write came first: had it left an event, that would come before this one.
    const { events } = await followUntil(ctx, null, 1);
    expect(events.map((e) => e.data.quantity_after)).toEqual([3]);
    expect(await db.stockMovement.count({ where: { accountId: ctx.principal.accountId } })).toBe(1);
  });

  it("does not pass a transaction held open across a reader's polls: it appears after the cursor when it commits", async () => {
    const { ctx, skuIds } = await accountWithSkus(2);
    const held = await holdWrite(ctx, skuIds[0]!, 1);
    // A later transaction commits first.
    await adjustSku(ctx, skuIds[1]!, { onHand: "2", reason: "correction" });
    const before = await follow(ctx, null);
    // Without the horizon the reader would already see the later change and pass its cursor.
    expect(before.events).toEqual([]);
    await held.commit();
    const after = await followUntil(ctx, before.cursor, 2);
    expect(after.events.map((e) => e.data.id)).toEqual([skuIds[0], skuIds[1]]);
  });

  it("gives 32 writers' changes to a following reader each exactly once, in the order each SKU changed", async () => {
    const { ctx, skuIds } = await accountWithSkus(100);
    let writing = true;
    const seen: Event[] = [];
    let cursor: string | null = null;
    const reader = (async () => {
      while (writing) {
        const page = await follow(ctx, cursor);
        seen.push(...page.events);
        cursor = page.cursor;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = 0; i < 15; i++) {
          const skuId = skuIds[Math.floor(Math.random() * skuIds.length)]!;
          await adjustSku(ctx, skuId, {
            onHand: String(Math.floor(Math.random() * 1000) + 1),
            reason: "correction",
          });
        }
      }),
    );
    writing = false;
    await reader;
    const movements = await db.stockMovement.findMany({
      where: { accountId: ctx.principal.accountId },
      select: { id: true },
    });
    for (let i = 0; i < 50 && seen.length < movements.length; i++) {
      const page = await follow(ctx, cursor);
      seen.push(...page.events);
      cursor = page.cursor;
      if (seen.length < movements.length) await new Promise((r) => setTimeout(r, 100));
    }
    const ids = seen.map(movementIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(
      movements.map((m) => Number(m.id)).sort((a, b) => a - b),
    );
    // Per SKU, each event starts where the one before it ended: the order changes were applied.
    const last = new Map<number, number>();
    for (const e of seen) {
      const sku = e.data.id as number;
      expect(e.data.quantity_before).toBe(last.get(sku) ?? 0);
      last.set(sku, e.data.quantity_after as number);
    }
  });

  it("writes a 10,000-line bulk adjustment's 10,000 events with its one ledger statement", async () => {
    const { ctx, skuIds } = await accountWithSkus(10_000);
    await bulkAdjust(ctx, {
      reason: "correction",
      lines: skuIds.map((id, i) => ({ type: "sku", id, newQty: String(i + 1) })),
    });
    // One per movement, and the ledger's one statement wrote them: its one transaction (xmin).
    const [events] = await db.$queryRaw<{ n: number; matched: number; writers: number }[]>`
      SELECT count(*)::int AS n, count(m.id)::int AS matched,
        count(DISTINCT e.xmin::text)::int AS writers
      FROM events AS e LEFT JOIN stock_movements AS m
        ON m.account_id = e.account_id AND m.id = (e.data->>'movement_id')::bigint
      WHERE e.account_id = ${ctx.principal.accountId} AND e.type = 'stock.changed'`;
    expect(events).toEqual({ n: 10_000, matched: 10_000, writers: 1 });
    // And a reader paging the feed gets each of them once, in movement order.
    const read = await followUntil(ctx, null, 10_000);
    const movements = await db.stockMovement.findMany({
      where: { accountId: ctx.principal.accountId },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(read.events.map(movementIdOf)).toEqual(movements.map((m) => Number(m.id)));
  });

  it("does not pass a catalog edit or a stock take start held open: trigger-written events wait like movements", async () => {
    const { ctx, skuIds } = await accountWithSkus(2);
    const { accountId } = ctx.principal;
    const edits = [
      {
        type: "sku.updated",
        run: (tx: Tx) =>
          tx.$executeRaw`UPDATE skus SET name = 'Held edit' WHERE account_id = ${accountId} AND id = ${skuIds[0]!}`,
      },
      {
        type: "stock_take.started",
        run: (tx: Tx) =>
          tx.$executeRaw`INSERT INTO stock_takes (account_id, scope, actor_name, site_id)
            VALUES (${accountId}, '{}', 'test', (SELECT id FROM sites WHERE account_id = ${accountId} AND is_default))`,
      },
    ];
    for (const [i, edit] of edits.entries()) {
      const from = (await followAll(ctx, null, 2 + 2 * i)).at(-1)!.cursor;
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const held = holderDb.$transaction(
        async (tx) => {
          await edit.run(tx);
          wrote();
          await finished;
        },
        { maxWait: 10_000, timeout: 60_000 },
      );
      await written;
      // A later stock change commits first.
      await adjustSku(ctx, skuIds[1]!, { onHand: String(10 + i), reason: "correction" });
      // Without the horizon the reader would already see the stock change and pass the edit.
      expect((await eventFeed(ctx, { after: from, limit: 1000 })).data).toEqual([]);
      finish();
      await held;
      const after = await followAll(ctx, from, 2);
      expect(after.map((e) => e.type)).toEqual([edit.type, "stock.changed"]);
    }
  });

  it("moves a filtered reader's cursor past the events it passed over, so it never reads them again", async () => {
    const { ctx, skuIds } = await accountWithSkus(1);
    for (const q of [1, 2, 3])
      await adjustSku(ctx, skuIds[0]!, { onHand: String(q), reason: "correction" });
    await followUntil(ctx, null, 3);
    // Nothing of this type: the answer is empty, and its cursor is past the stock changes.
    const rare = await eventFeed(ctx, { types: ["stock_take.reconciled"], limit: 10 });
    expect(rare.data).toEqual([]);
    expect((await eventFeed(ctx, { after: rare.nextCursor, limit: 10 })).data).toEqual([]);
    await adjustSku(ctx, skuIds[0]!, { onHand: "4", reason: "correction" });
    const next = await followUntil(ctx, rare.nextCursor, 1);
    expect(next.events.map((e) => e.data.quantity_after)).toEqual([4]);
  });

  it("reads a bounded window for a rare type: an empty page still moves on, and nothing is skipped", async () => {
    const { ctx, skuIds } = await accountWithSkus(SCAN_ROWS + 500);
    // SCAN_ROWS + 500 sku.created events come before the one stock change.
    await adjustSku(ctx, skuIds[0]!, { onHand: "3", reason: "correction" });
    await followUntil(ctx, null, 1);
    const first = await eventFeed(ctx, { types: ["stock.changed"], limit: 10 });
    // The first window holds only creations: nothing yet, but more to read, from further on.
    expect([first.data, first.hasMore]).toEqual([[], true]);
    const second = await eventFeed(ctx, {
      after: first.nextCursor,
      types: ["stock.changed"],
      limit: 10,
    });
    expect(second.data.map((e) => e.data.quantity_after)).toEqual([3]);
    expect(second.hasMore).toBe(false);
  });

  it("pages events of one instant in id order when their ids gain a digit (99997 … 100002)", async () => {
    const { ctx, skuIds } = await accountWithSkus(20);
    // The next ids cross a power of ten inside the bulk, whose events share one stamp. Another
    // suite may draw ids between the setval and the bulk (CI saw all 20 past the power): then
    // again, at the next power.
    let crossed = false;
    for (let attempt = 0; attempt < 5 && !crossed; attempt++) {
      const [sequence] = await db.$queryRaw<{ next: bigint }[]>`
        SELECT last_value + 1 AS next FROM events_id_seq`;
      const power = 10n ** BigInt(String(sequence!.next).length);
      await db.$executeRaw`SELECT setval('events_id_seq', ${(power - 8n).toString()}::bigint)`;
      await bulkAdjust(ctx, {
        reason: "correction",
        lines: skuIds.map((id, i) => ({ type: "sku", id, newQty: String(100 * attempt + i + 1) })),
      });
      await followUntil(ctx, null, 20 * (attempt + 1));
      const paged: Event[] = [];
      let after: string | null = null;
      for (let i = 0; i < 10 * (attempt + 1); i++) {
        const page = await eventFeed(ctx, { after, limit: 3, types: ["stock.changed"] });
        paged.push(...page.data);
        after = page.nextCursor;
        if (!page.hasMore) break;
      }
      const ids = paged.map((e) => BigInt(e.id.slice(4)));
      expect(ids).toHaveLength(20 * (attempt + 1));
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
      const bulk = ids.slice(-20);
      crossed = bulk.some((id) => id < power) && bulk.some((id) => id >= power);
    }
    expect(crossed).toBe(true);
  });

  it("refuses a malformed cursor, another account's cursor and an unknown type", async () => {
    const a = await accountWithSkus(1);
    const b = await accountWithSkus(1);
    await adjustSku(a.ctx, a.skuIds[0]!, { onHand: "1", reason: "correction" });
    const { cursor } = await followUntil(a.ctx, null, 1);
    const forged = (values: unknown[]) =>
      Buffer.from(JSON.stringify(["event", ...values])).toString("base64url");
    for (const after of [
      "not-a-cursor",
      forged([a.ctx.principal.accountId, "0000-01-01T00:00:00.000Z", "1"]),
      forged([a.ctx.principal.accountId, "2026-02-30T00:00:00.000Z", "1"]),
      forged([a.ctx.principal.accountId, "2026-02-01T00:00:00.000Z", "9999999999999999999"]),
      forged([a.ctx.principal.accountId, "2026-02-01T00:00:00.000Z", 1]),
    ]) {
      await expect(eventFeed(a.ctx, { after })).rejects.toMatchObject({ code: "INVALID_CURSOR" });
    }
    await expect(eventFeed(b.ctx, { after: cursor })).rejects.toMatchObject({
      code: "INVALID_CURSOR",
    });
    await expect(eventFeed(a.ctx, { types: ["stock.exploded"] })).rejects.toMatchObject({
      code: "INVALID_PARAMETER",
    });
    expect((await follow(b.ctx, null)).events).toEqual([]);
  });
});
