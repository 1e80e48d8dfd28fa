import { newAccount, type TestAccount } from "../helpers/db.js";
import { rest, startTestApp, type TestApp } from "../helpers/app.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

describe("REST catalog", () => {
  it("creates a SKU with an opening balance recorded as a movement", async () => {
    const created = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 12.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: "BOLT-M6", name: "Bolt M6", on_hand: 12.5, active: true });

    const fetched = await rest(t, "GET", `/skus/${created.body.id}`, { token: acct.token });
    expect(fetched.body.on_hand).toBe(12.5);

    const movements = await t.db.stockMovement.findMany({ where: { accountId: acct.accountId, skuId: created.body.id } });
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ reason: "opening_balance", source: "opening_balance" });
    expect(movements[0]?.quantityAfter.toFixed()).toBe("12.5");
  });
});
