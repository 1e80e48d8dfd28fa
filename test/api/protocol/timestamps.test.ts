// An entity's updated_at is the instant of its last stock change, the same as that movement's
// occurred_at, and never before its created_at.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSupplierItem } from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let n = 0;
const lastMovement = async (query: string) => {
  const res = await rest(t, "GET", `/stock/movements?${query}&limit=1`, { token: acct.token });
  expect(res.status).toBe(200);
  return res.body.data[0] as { occurred_at: string; source: string };
};

describe("updated_at follows the ledger", () => {
  it("a SKU created with opening stock: created_at <= updated_at = the opening movement's occurred_at", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await rest(t, "POST", "/skus", {
        token: acct.token,
        body: { code: `TS-${process.pid}-${++n}`, name: "Stamped", opening_on_hand: 4 },
      });
      expect(res.status).toBe(201);
      const movement = await lastMovement(`sku_id=${res.body.id}`);
      expect(movement.source).toBe("opening_balance");
      expect(res.body.updated_at).toBe(movement.occurred_at);
      expect(Date.parse(res.body.created_at)).toBeLessThanOrEqual(Date.parse(res.body.updated_at));
    }
  });

  it("after a PATCH, updated_at is the new movement's occurred_at", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: `TS-${process.pid}-${++n}`, name: "Patched", opening_on_hand: 1 },
    });
    for (let qty = 2; qty < 6; qty++) {
      const res = await rest(t, "PATCH", `/skus/${created.body.id}`, {
        token: acct.token,
        body: { on_hand: qty, reason: "found" },
      });
      expect(res.status).toBe(200);
      expect(res.body.updated_at).toBe(res.body.movement.occurred_at);
      expect(Date.parse(res.body.created_at)).toBeLessThanOrEqual(Date.parse(res.body.updated_at));
    }
  });

  it("after a bulk adjustment, each entity's updated_at is its movement's occurred_at", async () => {
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: `TS-${process.pid}-${++n}`, name: "Bulk" },
    });
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: {
        reason: "found",
        lines: [
          { type: "sku", id: sku.body.id, new_qty: 9 },
          { type: "supplier_item", id: item, new_qty: 8 },
        ],
      },
    });
    expect(res.status).toBe(201);
    const skuNow = await rest(t, "GET", `/skus/${sku.body.id}`, { token: acct.token });
    const itemNow = await rest(t, "GET", `/supplier-items/${item}`, { token: acct.token });
    expect(skuNow.body.updated_at).toBe((await lastMovement(`sku_id=${sku.body.id}`)).occurred_at);
    expect(itemNow.body.updated_at).toBe(
      (await lastMovement(`supplier_item_id=${item}`)).occurred_at,
    );
    for (const entity of [skuNow.body, itemNow.body]) {
      expect(Date.parse(entity.created_at)).toBeLessThanOrEqual(Date.parse(entity.updated_at));
    }
  });
});
