import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import {
  chainProblems,
  createSku,
  ledgerProblems,
  movementsOf,
  skuOnHand,
} from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const patch = (id: number, body: unknown) =>
  rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body });
const bulk = (body: unknown) =>
  rest(t, "POST", "/stock-adjustments/bulk", { token: acct.token, body });

describe("concurrent adjustments", () => {
  it("200 concurrent PATCH requests on one SKU all succeed and leave an unbroken chain", async () => {
    const id = await createSku(t, acct.token, 0);
    // Distinct values, none equal to the starting 0: every request changes the quantity.
    const values = Array.from({ length: 200 }, (_, i) => Number(`${i + 1}.00${i % 7}`));

    const responses = await Promise.all(
      values.map((v) => patch(id, { on_hand: v, reason: "correction" })),
    );

    expect(responses.map((r) => r.status)).toEqual(values.map(() => 200));
    responses.forEach((r, i) => {
      expect(r.body.on_hand).toBe(values[i]);
      expect(r.body.movement.quantity_after).toBe(values[i]);
    });

    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    expect(movements).toHaveLength(200);
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe(
      movements.at(-1)!.quantityAfter.toFixed(),
    );
    expect(new Set(movements.map((m) => m.quantityAfter.toFixed()))).toEqual(
      new Set(values.map(String)),
    );

    // Every response describes the movement it wrote: before/after as the chain recorded them.
    const byId = new Map(movements.map((m) => [Number(m.id), m]));
    for (const r of responses) {
      const m = byId.get(r.body.movement.id)!;
      expect(r.body.movement.quantity_before).toBe(Number(m.quantityBefore.toFixed()));
    }
    // And the verifier finds every movement, line and on hand of the account in order.
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  // The service retries a deadlock, so a client cannot tell whether one happened; that rows are
  // locked in one order whatever the line order is shown by test/integration/ledger.test.ts,
  // without retries. Here: every request succeeds and applies as a whole.
  it("concurrent bulk adjustments listing the same SKUs in opposite orders all succeed, each applied whole", async () => {
    const skus: number[] = [];
    for (let i = 0; i < 10; i++) skus.push(await createSku(t, acct.token, 0));
    const requests = Array.from({ length: 20 }, (_, r) => {
      const order = r % 2 === 0 ? skus : [...skus].reverse();
      // Request r sets SKU k to 1000·(r+1) + k: distinct per request, so every line changes.
      return {
        reason: "received",
        reference: `R${r}`,
        lines: order.map((id) => ({ type: "sku", id, new_qty: 1000 * (r + 1) + skus.indexOf(id) })),
      };
    });

    const responses = await Promise.all(requests.map((body) => bulk(body)));

    for (const res of responses) {
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 201, code: undefined });
      expect(res.body.lines.every((l: { status: string }) => l.status === "changed")).toBe(true);
    }
    for (const [k, id] of skus.entries()) {
      expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
      const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
      expect(movements).toHaveLength(20);
      // The last adjustment to commit decides every SKU's quantity: they applied whole, one after another.
      const lastReference = (
        await movementsOf(t.db, acct.accountId, { type: "sku", id: skus[0]! })
      ).at(-1)!.reference;
      expect(movements.at(-1)!.reference).toBe(lastReference);
      const r = Number(lastReference!.slice(1));
      expect(await skuOnHand(t.db, acct.accountId, id)).toBe(String(1000 * (r + 1) + k));
    }
    const adjustments = await t.db.stockAdjustment.findMany({
      where: { accountId: acct.accountId, reference: { startsWith: "R" } },
    });
    expect(adjustments).toHaveLength(20);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("concurrent PATCH and bulk requests on overlapping SKUs keep every chain unbroken", async () => {
    const a = await createSku(t, acct.token, 0);
    const b = await createSku(t, acct.token, 0);
    const calls = Array.from({ length: 60 }, (_, i) => {
      const v = i + 1;
      if (i % 3 === 0) return patch(a, { on_hand: v, reason: "found" });
      if (i % 3 === 1) return patch(b, { on_hand: v, reason: "found" });
      return bulk({
        reason: "lost",
        lines: [
          { type: "sku", id: i % 2 ? a : b, new_qty: v + 0.5 },
          { type: "sku", id: i % 2 ? b : a, new_qty: v + 0.25 },
        ],
      });
    });
    const responses = await Promise.all(calls);
    for (const res of responses) expect([200, 201]).toContain(res.status);
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id: a })).toEqual([]);
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id: b })).toEqual([]);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("with expected_on_hand, exactly one of several concurrent writers wins; the others get 409 ON_HAND_CHANGED", async () => {
    const id = await createSku(t, acct.token, 10);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        patch(id, { on_hand: 20 + i, reason: "correction", expected_on_hand: 10 }),
      ),
    );
    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of responses.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("ON_HAND_CHANGED");
    }
    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    expect(movements).toHaveLength(2); // opening balance + the winner
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe(String(winners[0]!.body.on_hand));
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });
});

describe("decimal exactness", () => {
  /** n thousandths as a decimal string: 300 → "0.3", 1500 → "1.5", 7 → "0.007". */
  const thousandths = (n: number) => {
    const sign = n < 0 ? "-" : "";
    const abs = Math.abs(n);
    const whole = Math.floor(abs / 1000);
    const frac = String(abs % 1000)
      .padStart(3, "0")
      .replace(/0+$/, "");
    return sign + (frac ? `${whole}.${frac}` : String(whole));
  };

  it("a sequence 0.1, 0.3, 0.6, … ends exactly at the expected decimal with every change exact", async () => {
    const id = await createSku(t, acct.token, 0);
    // q_n = 0.1 · n(n+1)/2, so each step adds exactly 0.1 · n; in binary floating point 0.1 + 0.2 ≠ 0.3.
    const steps = 40;
    const targets = Array.from({ length: steps }, (_, i) => ((i + 1) * (i + 2) * 100) / 2);
    for (const q of targets) {
      const res = await patch(id, { on_hand: Number(thousandths(q)), reason: "received" });
      expect(res.status).toBe(200);
      expect(res.body.on_hand).toBe(Number(thousandths(q)));
    }

    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    expect(movements.map((m) => m.change.toFixed())).toEqual(
      targets.map((_, i) => thousandths((i + 1) * 100)),
    );
    expect(movements.map((m) => m.quantityAfter.toFixed())).toEqual(targets.map(thousandths));
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("82"); // 0.1 · 40 · 41 / 2
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
  });

  it("keeps three-decimal steps, decreases and the largest quantity exact", async () => {
    const id = await createSku(t, acct.token, 0);
    const sequence = [
      "0.001",
      "0.007",
      "0.3",
      "0.1",
      "1.005",
      "99999999999.999",
      "0.001",
      "12345678.912",
      "0",
    ];
    let previous = "0";
    for (const q of sequence) {
      const res = await rest(t, "POST", "/stock-adjustments/bulk", {
        token: acct.token,
        raw: `{"reason": "correction", "lines": [{"type": "sku", "id": ${id}, "new_qty": ${q}}]}`,
      });
      expect(res.status).toBe(201);
      expect(res.body.lines[0].new_qty).toBe(Number(q));
      expect(res.body.lines[0].previous_qty).toBe(Number(previous));
      previous = q;
    }

    const movements = await movementsOf(t.db, acct.accountId, { type: "sku", id });
    expect(movements.map((m) => m.change.toFixed())).toEqual([
      "0.001",
      "0.006",
      "0.293",
      "-0.2",
      "0.905",
      "99999999998.994",
      "-99999999999.998",
      "12345678.911",
      "-12345678.912",
    ]);
    expect(await skuOnHand(t.db, acct.accountId, id)).toBe("0");
    expect(await chainProblems(t.db, acct.accountId, { type: "sku", id })).toEqual([]);
  });
});
