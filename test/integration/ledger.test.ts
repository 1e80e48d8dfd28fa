// The ledger is the one place quantities change: these tests hold it to its promises — exact
// decimal movements, nothing written for no change, and an unbroken per-entity chain of
// movements even when many transactions fight over the same rows.
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { inTransaction } from "../../src/db/transaction.js";
import type { ServiceContext } from "../../src/context.js";
import {
  applyStock,
  lockStock,
  type EntityRef,
  type MovementDetails,
  type StockTarget,
} from "../../src/ledger/ledger.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { createSku, createSupplierItem } from "../../src/modules/catalog/catalog.service.js";
import { Decimal } from "../../src/quantity.js";
import { databaseUrl, newAccount, testDb } from "../helpers/db.js";
import { skuOnHand, supplierItemOnHand } from "../helpers/stock.js";

let db: PrismaClient;
/** A client with a larger pool, so concurrent transactions really run side by side. */
let wide: PrismaClient;
let ctx: ServiceContext;
let accountId: number;
let codes = 0;

beforeAll(async () => {
  db = await testDb();
  wide = createPrismaClient(databaseUrl(), 20);
  const account = await newAccount(db);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  ctx = { db, principal };
  accountId = account.accountId;
});
afterAll(async () => {
  await Promise.all([db.$disconnect(), wide.$disconnect()]);
});

const details = (overrides: Partial<MovementDetails> = {}): MovementDetails => ({
  reason: "correction",
  source: "adjustment",
  actor: ctx.principal.actor,
  ...overrides,
});

const sku = (id: number): EntityRef => ({ entityType: "sku", id });
const item = (id: number): EntityRef => ({ entityType: "supplier_item", id });
const target = (ref: EntityRef, qty: string): StockTarget => ({ ...ref, newQty: new Decimal(qty) });

const newSku = async (openingOnHand = 0) =>
  (await createSku(ctx, { code: `LEDGER-${++codes}`, name: "Ledger test", openingOnHand })).value
    .id;

/** Locks the targets' entities and sets them, in one transaction, as a use case would. */
const setStock = (targets: StockTarget[], d: MovementDetails = details(), client = db) =>
  inTransaction(client, async (tx) => {
    const locked = await lockStock(tx, accountId, "default", targets);
    return applyStock(tx, accountId, locked, targets, d);
  });

const movementsOf = (ref: EntityRef) =>
  db.stockMovement.findMany({
    where: {
      accountId,
      ...(ref.entityType === "sku" ? { skuId: ref.id } : { supplierItemId: ref.id }),
    },
    orderBy: { id: "asc" },
  });

/** The entity's on hand at the account's default site: its level there (0 without one). */
async function onHandOf(ref: EntityRef): Promise<Decimal> {
  const onHand =
    ref.entityType === "sku"
      ? await skuOnHand(db, accountId, ref.id)
      : await supplierItemOnHand(db, accountId, ref.id);
  return new Decimal(onHand);
}

/**
 * The ledger invariant: ordered by id, each movement starts where the previous one ended (the
 * first one at 0, where every entity starts), change = after - before, and the last one ends
 * at the entity's on hand at the default site (where every movement here is).
 */
async function expectUnbrokenChain(ref: EntityRef): Promise<void> {
  const movements = await movementsOf(ref);
  const before = movements.map((m) => m.quantityBefore.toFixed(3));
  const after = movements.map((m) => m.quantityAfter.toFixed(3));
  expect(before).toEqual(["0.000", ...after.slice(0, -1)]);
  for (const m of movements) {
    expect(m.change.toFixed(3)).toBe(m.quantityAfter.minus(m.quantityBefore).toFixed(3));
  }
  expect((await onHandOf(ref)).toFixed(3)).toBe(after.at(-1) ?? "0.000");
}

describe("ledger: applying stock", () => {
  it("writes one movement per changed entity with before, after, change, reason, source and actor", async () => {
    const a = sku(await newSku(10));
    const b = sku(await newSku(20));
    const c = item(
      (
        await createSupplierItem(ctx, {
          supplier: "Ledger Ltd",
          code: `LEDGER-${++codes}`,
          name: "Unlinked",
          openingOnHand: 5,
        })
      ).value.id,
    );
    const actor = { name: "pos-terminal", tokenId: ctx.principal.actor.tokenId };

    const results = await setStock(
      [target(c, "0"), target(a, "12.5"), target(b, "20")],
      details({ reason: "damaged", note: "forklift", reference: "INC-7", actor }),
    );

    expect(
      results.map((r) => [
        r.entityType,
        r.id,
        r.previousQty.toFixed(),
        r.newQty.toFixed(),
        r.change.toFixed(),
      ]),
    ).toEqual([
      ["supplier_item", c.id, "5", "0", "-5"],
      ["sku", a.id, "10", "12.5", "2.5"],
      ["sku", b.id, "20", "20", "0"],
    ]);
    const [forC, forA, forB] = results;
    expect(forB?.movementId).toBeNull();

    const [, movementA] = await movementsOf(a);
    expect(String(movementA?.id)).toBe(String(forA?.movementId));
    expect(movementA).toMatchObject({
      entityType: "sku",
      skuId: a.id,
      supplierItemId: null,
      reason: "damaged",
      source: "adjustment",
      note: "forklift",
      reference: "INC-7",
      actorName: "pos-terminal",
      actorTokenId: actor.tokenId,
    });
    expect(movementA?.quantityBefore.toFixed()).toBe("10");
    expect(movementA?.quantityAfter.toFixed()).toBe("12.5");
    expect(movementA?.change.toFixed()).toBe("2.5");

    const [, movementC] = await movementsOf(c);
    expect(String(movementC?.id)).toBe(String(forC?.movementId));
    expect(movementC).toMatchObject({
      entityType: "supplier_item",
      skuId: null,
      supplierItemId: c.id,
      reason: "damaged",
      actorName: "pos-terminal",
    });
    expect(movementC?.change.toFixed()).toBe("-5");

    // b only has its opening balance.
    expect((await movementsOf(b)).map((m) => m.source)).toEqual(["opening_balance"]);
    expect((await onHandOf(a)).toFixed()).toBe("12.5");
    expect((await onHandOf(c)).toFixed()).toBe("0");
  });

  it("writes nothing for a target equal to the current quantity", async () => {
    const a = sku(await newSku(7.25));
    const [opening] = await movementsOf(a);

    const [result] = await setStock([target(a, "7.250")]);

    expect(result?.movementId).toBeNull();
    expect(result?.change.isZero()).toBe(true);
    expect((await movementsOf(a)).map((m) => String(m.id))).toEqual([String(opening?.id)]);
    expect((await onHandOf(a)).toFixed()).toBe("7.25");
  });

  it("keeps exact decimals: 0.1 then 0.3 is a change of exactly 0.2", async () => {
    const a = sku(await newSku());
    for (const qty of ["0.1", "0.3", "0.301", "99999999999.999", "0.001", "0.3"]) {
      await setStock([target(a, qty)]);
    }

    const movements = await movementsOf(a);
    expect(movements.map((m) => m.change.toFixed())).toEqual([
      "0.1",
      "0.2",
      "0.001",
      "99999999999.698",
      "-99999999999.998",
      "0.299",
    ]);
    const total = movements.reduce((sum, m) => sum.plus(m.change), new Decimal(0));
    expect(total.toFixed()).toBe("0.3");
    expect((await onHandOf(a)).toFixed()).toBe("0.3");
    await expectUnbrokenChain(a);
  });
});

describe("ledger: concurrency", () => {
  it("50 concurrent transactions setting the same SKU all succeed and leave an unbroken chain", async () => {
    const a = sku(await newSku(1000));
    const values = Array.from({ length: 50 }, (_, i) => `${i}.5`);

    const results = await Promise.all(values.map((v) => setStock([target(a, v)], details(), wide)));

    // Each value was applied exactly once, each as a real change of what was there before it.
    expect(results.every(([r]) => r?.movementId !== null && !r?.change.isZero())).toBe(true);
    const movements = await movementsOf(a);
    expect(movements).toHaveLength(51);
    expect(
      movements
        .slice(1)
        .map((m) => m.quantityAfter.toFixed(1))
        .sort(),
    ).toEqual([...values].sort());
    await expectUnbrokenChain(a);
    expect((await onHandOf(a)).toFixed(3)).toBe(movements.at(-1)?.quantityAfter.toFixed(3));
  });

  it("transactions touching the same entities in opposite orders never deadlock", async () => {
    const a = sku(await newSku(1));
    const b = sku(await newSku(2));
    const c = item(
      (
        await createSupplierItem(ctx, {
          supplier: "Ledger Ltd",
          code: `LEDGER-${++codes}`,
          name: "Unlinked",
          openingOnHand: 3,
        })
      ).value.id,
    );

    // Plain $transaction, not inTransaction: a deadlock must surface here, not be retried away.
    const runs = Array.from({ length: 40 }, (_, i) => {
      const targets = [target(a, `${100 + i}`), target(b, `${200 + i}`), target(c, `${300 + i}`)];
      const ordered = i % 2 === 0 ? targets : [...targets].reverse();
      return wide.$transaction(
        async (tx) => {
          const locked = await lockStock(tx, accountId, "default", ordered);
          return applyStock(tx, accountId, locked, ordered, details());
        },
        { maxWait: 20_000, timeout: 60_000 },
      );
    });
    const outcomes = await Promise.allSettled(runs);

    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    for (const ref of [a, b, c]) {
      expect(await movementsOf(ref)).toHaveLength(41);
      await expectUnbrokenChain(ref);
    }
  });
});
