// Cycle counts, as a warehouse uses them: classify SKUs by how much they move, list what is due
// (never counted first, then the longest overdue), and let a reconcile that applies or confirms a
// count take a SKU off the list. Nothing here writes a movement.
import type { PrismaClient } from "../../src/db/client.js";
import type { ServiceContext } from "../../src/context.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { bulkAdjust } from "../../src/modules/adjustment/adjustment.service.js";
import { createSku } from "../../src/modules/catalog/catalog.service.js";
import {
  classify as classifyKeyed,
  listDue,
  type ClassifyInput,
} from "../../src/modules/cycle-count/cycle-count.service.js";
import {
  acceptStockTakeLines,
  reconcileStockTake,
  startStockTake,
  submitCounts,
} from "../../src/modules/stock-take/stock-take.service.js";
import { newAccount, testDb } from "../helpers/db.js";

let db: PrismaClient;

beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.$disconnect();
});

/** A fresh account's context, with SKUs that moved these volumes (one SKU each, in id order). */
async function accountMoving(volumes: number[]): Promise<{ ctx: ServiceContext; ids: number[] }> {
  const account = await newAccount(db);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  const ctx = { db, principal };
  const ids: number[] = [];
  for (const [i] of volumes.entries()) {
    ids.push((await createSku(ctx, { code: `CYC-${i}`, name: `Cycle ${i}` })).value.id);
  }
  const lines = ids.flatMap((id, i) =>
    volumes[i] ? [{ type: "sku", id, newQty: volumes[i] }] : [],
  );
  if (lines.length > 0) await bulkAdjust(ctx, { reason: "correction", lines });
  return { ctx, ids };
}

/** Classifies (without a key: each call runs). */
const classify = async (ctx: ServiceContext, input: ClassifyInput) =>
  (await classifyKeyed(ctx, input)).value;

const classesOf = async (ctx: ServiceContext) =>
  new Map(
    (
      await db.$queryRaw<{ sku_id: number; count_class: string | null }[]>`
        SELECT sku_id, count_class::text FROM sku_cycle_counts
        WHERE account_id = ${ctx.principal.accountId}`
    ).map((r) => [r.sku_id, r.count_class]),
  );

const movementsOf = async (ctx: ServiceContext) =>
  (
    await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM stock_movements WHERE account_id = ${ctx.principal.accountId}`
  )[0]!.n;

/** Makes a SKU's last count `days` ago (as if a reconcile had counted it then). */
const countedDaysAgo = (ctx: ServiceContext, skuId: number, days: number) =>
  db.$executeRaw`UPDATE sku_cycle_counts SET last_counted_at = now() - make_interval(days => ${days}::int)
    WHERE account_id = ${ctx.principal.accountId} AND sku_id = ${skuId}`;

describe("classifying SKUs by how much they move", () => {
  it("gives A to the SKUs that make the first 80% of the volume, B to the next 15%, C to the rest", async () => {
    // 1,770 units moved: 1,000 and 500 start before 80% (1,416), 200 starts before 95%.
    const { ctx, ids } = await accountMoving([1000, 500, 200, 10, 10, 10, 10, 10, 10, 10, 0]);
    const before = await movementsOf(ctx);
    const result = await classify(ctx, {});
    expect(result.classes).toEqual([
      { countClass: "A", skus: 2, changed: 2 },
      { countClass: "B", skus: 1, changed: 1 },
      { countClass: "C", skus: 8, changed: 8 },
    ]);
    const classes = await classesOf(ctx);
    expect(ids.map((id) => classes.get(id))).toEqual(["A", "A", "B", ...Array(8).fill("C")]);
    // Classifying again changes nothing; and no stock moved.
    expect((await classify(ctx, {})).classes.map((c) => c.changed)).toEqual([0, 0, 0]);
    expect(await movementsOf(ctx)).toBe(before);
  });

  it("a dry run answers what it would do and writes nothing", async () => {
    const { ctx } = await accountMoving([300, 100, 0]);
    const dry = await classify(ctx, { dryRun: true, shareA: 50, shareB: 50 });
    expect(dry).toMatchObject({ dryRun: true, shareA: 50, shareB: 50, windowDays: 90 });
    expect(dry.classes.map((c) => [c.countClass, c.skus])).toEqual([
      ["A", 1],
      ["B", 1],
      ["C", 1],
    ]);
    expect((await classesOf(ctx)).size).toBe(0);
  });

  it("with nothing moved every SKU is C", async () => {
    const { ctx } = await accountMoving([0, 0]);
    const result = await classify(ctx, {});
    expect(result.classes.map((c) => c.skus)).toEqual([0, 0, 2]);
  });

  it("refuses a window or shares out of range, naming each, and writes nothing", async () => {
    const { ctx } = await accountMoving([5]);
    await expect(classify(ctx, { windowDays: 0, shareA: 90, shareB: 20 })).rejects.toMatchObject({
      code: "INVALID_PARAMETER",
      fieldErrors: [
        expect.objectContaining({ path: ["windowDays"] }),
        expect.objectContaining({ path: ["shareB"] }),
      ],
    });
    await expect(classify(ctx, { windowDays: 367 })).rejects.toMatchObject({
      code: "INVALID_PARAMETER",
    });
    expect((await classesOf(ctx)).size).toBe(0);
  });
});

describe("what is due for a count", () => {
  it("lists never-counted SKUs first, then the longest overdue, and nothing not yet due", async () => {
    const { ctx, ids } = await accountMoving([1000, 500, 200, 10, 10]);
    await classify(ctx, {}); // A A B C C
    const [a1, a2, b, c1, c2] = ids as [number, number, number, number, number];
    await countedDaysAgo(ctx, a1, 40); // A every 30 days: 10 days overdue
    await countedDaysAgo(ctx, a2, 10); // not due
    await countedDaysAgo(ctx, b, 100); // B every 90 days: 10 days overdue, stamped a moment after a1
    await countedDaysAgo(ctx, c1, 400); // C every 365 days: 35 days overdue
    // c2 never counted
    const due = await listDue(ctx, {});
    expect(due.map((d) => [d.skuId, d.countClass, d.daysOverdue])).toEqual([
      [c2, "C", null],
      [c1, "C", 35],
      [a1, "A", 10],
      [b, "B", 10],
    ]);
    expect(due[0]).toMatchObject({ code: "CYC-4", lastCountedAt: null, dueAt: null });
    // A limit takes the most overdue.
    expect((await listDue(ctx, { limit: 2 })).map((d) => d.skuId)).toEqual([c2, c1]);
  });

  it("an inactive SKU is never due", async () => {
    const { ctx, ids } = await accountMoving([0, 0]);
    await classify(ctx, {});
    await db.$executeRaw`UPDATE skus SET active = false
      WHERE account_id = ${ctx.principal.accountId} AND id = ${ids[0]!}`;
    expect((await listDue(ctx, {})).map((d) => d.skuId)).toEqual([ids[1]]);
  });

  it("refuses a limit out of range", async () => {
    const { ctx } = await accountMoving([]);
    await expect(listDue(ctx, { limit: 0 })).rejects.toMatchObject({ code: "INVALID_PARAMETER" });
    await expect(listDue(ctx, { limit: 10_001 })).rejects.toMatchObject({
      code: "INVALID_PARAMETER",
    });
  });
});

describe("a reconcile counts what it applies or confirms", () => {
  it("takes a changed and an unchanged SKU off the due list; a dry run and an unaccepted line do not", async () => {
    const { ctx, ids } = await accountMoving([10, 20, 30]);
    await classify(ctx, {});
    const [changed, same, unaccepted] = ids as [number, number, number];
    const take = (await startStockTake(ctx, { scope: { skuIds: ids } })).value;
    await submitCounts(ctx, take.id, {
      counts: [
        { type: "sku", id: changed, countedQty: 11 },
        { type: "sku", id: same, countedQty: 20 },
        { type: "sku", id: unaccepted, countedQty: 31 },
      ],
    });
    await acceptStockTakeLines(ctx, take.id, {
      lines: [
        { type: "sku", id: changed },
        { type: "sku", id: same },
      ],
    });
    await reconcileStockTake(ctx, take.id, { dryRun: true });
    expect((await listDue(ctx, {})).map((d) => d.skuId)).toEqual(ids);

    await reconcileStockTake(ctx, take.id, {});
    expect((await listDue(ctx, {})).map((d) => d.skuId)).toEqual([unaccepted]);
    const [stamp] = await db.$queryRaw<{ counted: Date; reconciled: Date }[]>`
      SELECT max(c.last_counted_at) AS counted, t.reconciled_at AS reconciled
      FROM sku_cycle_counts c JOIN stock_takes t ON t.account_id = c.account_id AND t.id = ${take.id}
      WHERE c.account_id = ${ctx.principal.accountId} GROUP BY t.reconciled_at`;
    expect(stamp!.counted.getTime()).toBe(stamp!.reconciled.getTime());
  });

  it("stamps a SKU that has no class yet, which stays off the due list until it gets one", async () => {
    const { ctx, ids } = await accountMoving([5]);
    const take = (await startStockTake(ctx, { scope: { skuIds: ids } })).value;
    await submitCounts(ctx, take.id, { counts: [{ type: "sku", id: ids[0]!, countedQty: 5 }] });
    await acceptStockTakeLines(ctx, take.id, {});
    await reconcileStockTake(ctx, take.id, {});
    expect(await classesOf(ctx)).toEqual(new Map([[ids[0], null]]));
    await classify(ctx, {});
    expect(await listDue(ctx, {})).toEqual([]);
  });
});
