// Classifying while a reconcile stamps what it counted, a stock take starts and adjustments run:
// each writes what it writes and loses nothing of the others', and no deadlock reaches a caller.
// The SKUs' locations run against their ids, so a reconcile's lines (walking order) come in the
// reverse of SKU order: a writer of sku_cycle_counts that took its rows in line order would meet
// classify, which takes them in SKU order, in a deadlock.
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { bulkAdjust } from "../../src/modules/adjustment/adjustment.service.js";
import { classify } from "../../src/modules/cycle-count/cycle-count.service.js";
import { classifySkus, countedNow } from "../../src/modules/cycle-count/cycle-count.sql.js";
import { Prisma } from "../../src/db/client.js";
import { intArray } from "../../src/db/sql.js";
import {
  acceptStockTakeLines,
  cancelStockTake,
  reconcileStockTake,
  startStockTake,
  submitCounts,
} from "../../src/modules/stock-take/stock-take.service.js";
import { newAccountContext, testDb } from "../helpers/db.js";
import { defaultSiteId } from "../../src/modules/site/site.service.js";

const SKUS = 400;
const ROUNDS = 4;

let db: PrismaClient;
let ctx: ServiceContext;
let ids: number[];

beforeAll(async () => {
  db = await testDb();
  ctx = await newAccountContext(db);
  const { accountId } = ctx.principal;
  ids = (
    await db.$queryRaw<{ id: number }[]>`
      WITH s AS (
        INSERT INTO skus (account_id, id, code, name)
        SELECT ${accountId}, g, 'CC-' || g, 'Cycle ' || g
        FROM generate_series(1, ${SKUS}::int) AS g
        RETURNING account_id, id
      ), l AS (
        INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand, location)
        SELECT s.account_id, d.id, s.id, 0, 'L-' || lpad((${SKUS}::int - s.id)::text, 4, '0') FROM s
        JOIN sites AS d ON d.account_id = s.account_id AND d.is_default
      )
      SELECT id FROM s`
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
  // Volumes from 1 to 400: classes A, B and C all have members.
  await bulkAdjust(ctx, {
    reason: "received",
    lines: ids.map((id) => ({ type: "sku", id, newQty: id })),
  });
}, 60_000);
afterAll(() => db.$disconnect());

/** Each SKU's class and last count, by SKU id. */
async function cycleRows(): Promise<Map<number, { cls: string | null; at: Date | null }>> {
  const rows = await db.$queryRaw<
    { sku_id: number; count_class: string | null; last_counted_at: Date | null }[]
  >`SELECT sku_id, count_class::text, last_counted_at FROM sku_cycle_counts
    WHERE account_id = ${ctx.principal.accountId}`;
  return new Map(rows.map((r) => [r.sku_id, { cls: r.count_class, at: r.last_counted_at }]));
}

/** The given SKUs' on hand at the default site (their levels there), in SKU order. */
async function onHandOf(skuIds: number[]): Promise<{ id: number; onHand: Prisma.Decimal }[]> {
  const rows = await db.$queryRaw<{ id: number; on_hand: string }[]>`
    SELECT s.id, COALESCE(l.on_hand, 0)::text AS on_hand FROM skus s
    LEFT JOIN sku_stock l ON l.account_id = s.account_id AND l.sku_id = s.id
      AND l.site_id = (SELECT id FROM sites WHERE account_id = s.account_id AND is_default)
    WHERE s.account_id = ${ctx.principal.accountId} AND s.id = ANY(${intArray(skuIds)})
    ORDER BY s.id`;
  return rows.map((r) => ({ id: r.id, onHand: new Prisma.Decimal(r.on_hand) }));
}

/**
 * SKUs whose on hand at the default site is not their ledger's last quantity_after there (a lost
 * update shows here).
 */
const driftedSkus = () =>
  db.$queryRaw<{ id: number }[]>`
    SELECT s.id FROM skus s
    CROSS JOIN (SELECT id FROM sites WHERE account_id = ${ctx.principal.accountId} AND is_default) d
    LEFT JOIN sku_stock l ON l.account_id = s.account_id AND l.site_id = d.id AND l.sku_id = s.id
    WHERE s.account_id = ${ctx.principal.accountId} AND COALESCE(l.on_hand, 0) IS DISTINCT FROM (
      SELECT m.quantity_after FROM stock_movements m
      WHERE m.account_id = s.account_id AND m.sku_id = s.id AND m.site_id = d.id
      ORDER BY m.occurred_at DESC, m.id DESC LIMIT 1)`;

describe("classify beside reconciles, starts and adjustments", () => {
  it("loses no stamp, no class and no quantity, and no deadlock reaches a caller", async () => {
    const evens = ids.filter((id) => id % 2 === 0);
    const odds = ids.filter((id) => id % 2 === 1);
    for (let round = 1; round <= ROUNDS; round++) {
      // A stock take of the even SKUs, every line counted one more than expected and accepted.
      const take = (await startStockTake(ctx, { scope: { skuIds: evens } })).value;
      const onHand = await onHandOf(evens);
      await submitCounts(ctx, take.id, {
        counts: onHand.map((s) => ({ type: "sku", id: s.id, countedQty: s.onHand.plus(1) })),
      });
      await acceptStockTakeLines(ctx, take.id, {});

      // At once: the reconcile, a classification, an adjustment of the odd SKUs and a start of
      // some of them.
      const results = await Promise.allSettled([
        reconcileStockTake(ctx, take.id, {}),
        classify(ctx, { shareA: 50 + round, shareB: 30 }),
        bulkAdjust(ctx, {
          reason: "correction",
          lines: odds.map((id) => ({ type: "sku", id, newQty: id + round })),
        }),
        startStockTake(ctx, { scope: { skuIds: odds.slice(0, 50) } }),
      ]);
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const [, , , started] = results;
      if (started?.status === "fulfilled") await cancelStockTake(ctx, started.value.value.id);

      const reconciled = await db.stockTake.findUniqueOrThrow({
        where: { accountId_id: { accountId: ctx.principal.accountId, id: take.id } },
        select: { reconciledAt: true },
      });
      const rows = await cycleRows();
      // Every SKU classified; every even one stamped by this round's reconcile.
      expect(ids.filter((id) => rows.get(id)?.cls == null)).toEqual([]);
      expect(
        evens.filter((id) => rows.get(id)?.at?.getTime() !== reconciled.reconciledAt?.getTime()),
      ).toEqual([]);
      // The adjustment's quantities stand, and every quantity is its ledger's.
      const odd = await onHandOf(odds);
      expect(odd.filter((s) => !s.onHand.equals(s.id + round)).map((s) => s.id)).toEqual([]);
      expect(await driftedSkus()).toEqual([]);
    }
  }, 120_000);
});

describe("writers of sku_cycle_counts", () => {
  it("take their rows in SKU order: a stamp given its SKUs in walking order never deadlocks a classification", async () => {
    const { accountId } = ctx.principal;
    const siteId = await defaultSiteId(db, accountId);
    // Walking order: the reverse of SKU order here.
    const walking = [...ids].reverse();
    // Plain transactions, not the services': a deadlock must surface here, not be retried away.
    const runs = Array.from({ length: 16 }, (_, i) =>
      i % 2 === 0
        ? db.$transaction(
            (tx) => classifySkus(tx, accountId, siteId, 90, { a: 80, b: 15 }, false),
            {
              timeout: 60_000,
            },
          )
        : db.$transaction(
            (tx) =>
              tx.$executeRaw`WITH stamped AS (${countedNow(
                accountId,
                siteId,
                Prisma.sql`SELECT unnest(${walking}::int[])`,
              )}) SELECT 1`,
            { timeout: 60_000 },
          ),
    );
    const outcomes = await Promise.allSettled(runs);
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
  }, 120_000);
});
