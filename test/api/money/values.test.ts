// Every movement carries its value (DESIGN §9): the unit cost in force when the ledger wrote it
// and change × cost rounded once, half away from zero, to the currency's minor units, written in
// the same statement, so a later cost never revalues it. Without a cost both are null. Only a
// token with the costs scope sees them.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;

/** An account with `currency`, and a SKU of it at `cost` (null: none). */
async function costed(currency: string, cost: number | null) {
  const acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency } });
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: { code: `V-${++counter}`, name: "Valued", ...(cost === null ? {} : { unit_cost: cost }) },
  });
  expect(res.status).toBe(201);
  return { acct, id: res.body.id as number };
}

const setOnHand = async (acct: TestAccount, id: number, on_hand: number) => {
  const res = await rest(t, "PATCH", `/skus/${id}`, {
    token: acct.token,
    body: { on_hand, reason: "found" },
  });
  expect(res.status).toBe(200);
};

/** The SKU's movements oldest first, as the history answers them: [unit_cost, value_change]. */
async function values(acct: TestAccount, id: number, token = acct.token) {
  const res = await rest(t, "GET", `/stock/movements?sku_id=${id}&order=asc`, { token });
  expect(res.status).toBe(200);
  return (res.body.data as { unit_cost?: number | null; value_change?: string | null }[]).map(
    (m) => [m.unit_cost, m.value_change],
  );
}

describe("a movement's value", () => {
  it("is change × the cost in force, and a later cost never revalues it", async () => {
    const { acct, id } = await costed("EUR", 4.35);
    await setOnHand(acct, id, 10);
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { unit_cost: 5 } });
    await setOnHand(acct, id, 7);
    expect(await values(acct, id)).toEqual([
      [4.35, "43.50"],
      [5, "-15.00"],
    ]);
  });

  it("is null, not 0, without a cost; a cost of 0 values it at 0", async () => {
    const { acct, id } = await costed("EUR", null);
    await setOnHand(acct, id, 3);
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { unit_cost: 0 } });
    await setOnHand(acct, id, 1);
    expect(await values(acct, id)).toEqual([
      [null, null],
      [0, "0.00"],
    ]);
  });

  it("rounds half away from zero to the currency's minor units", async () => {
    const eur = await costed("EUR", 0.125);
    await setOnHand(eur.acct, eur.id, 1);
    await setOnHand(eur.acct, eur.id, 0);
    expect(await values(eur.acct, eur.id)).toEqual([
      [0.125, "0.13"],
      [0.125, "-0.13"],
    ]);
    const jpy = await costed("JPY", 12.5);
    await setOnHand(jpy.acct, jpy.id, 1);
    await setOnHand(jpy.acct, jpy.id, 0.5);
    expect(await values(jpy.acct, jpy.id)).toEqual([
      [12.5, "13"],
      [12.5, "-6"],
    ]);
    const kwd = await costed("KWD", 0.0005);
    await setOnHand(kwd.acct, kwd.id, 1);
    expect(await values(kwd.acct, kwd.id)).toEqual([[0.0005, "0.001"]]);
  });

  it("is exact at the largest cost and quantity (no floating point anywhere)", async () => {
    const { acct, id } = await costed("USD", 9999999999.9999);
    await setOnHand(acct, id, 99999999999.999);
    // 9999999999.9999 × 99999999999.999 in integers: cost × 10^4 times quantity × 10^3.
    const exact = 99999999999999n * 99999999999999n; // × 10^-7
    const cents = (exact + 50000n) / 100000n; // half away from zero, positive
    const text = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
    expect(await values(acct, id)).toEqual([[9999999999.9999, text]]);
  });

  it("is written for every line of a bulk adjustment, each at its own item's cost", async () => {
    const { acct, id } = await costed("EUR", 2);
    const other = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: `V-${++counter}`, name: "Other", unit_cost: 0.3333 },
    });
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: {
        reason: "found",
        lines: [
          { type: "sku", id, new_qty: 3 },
          { type: "sku", id: other.body.id, new_qty: 3 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(await values(acct, id)).toEqual([[2, "6.00"]]);
    expect(await values(acct, other.body.id)).toEqual([[0.3333, "1.00"]]);
  });

  it("is read over GraphQL by the costs scope only; other tokens see no money", async () => {
    const { acct, id } = await costed("EUR", 1.5);
    await setOnHand(acct, id, 4);
    const query = `{ stockMovements(filter: { skuId: ${id} }) {
      edges { node { change unitCost valueChange } } } }`;
    const seen = await postGraphql(t, { query }, acct.token);
    expect(seen.data).toEqual({
      stockMovements: { edges: [{ node: { change: 4, unitCost: 1.5, valueChange: "6.00" } }] },
    });
    // The movement a mutation answers is read on demand, batched.
    const adjusted = await postGraphql(
      t,
      {
        query: `mutation { adjustSkuStock(input: { skuId: ${id}, onHand: 5, reason: FOUND }) {
          movement { unitCost valueChange } userErrors { code } } }`,
      },
      acct.token,
    );
    expect(adjusted.data).toEqual({
      adjustSkuStock: { movement: { unitCost: 1.5, valueChange: "1.50" }, userErrors: [] },
    });

    const { token: counting } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "counter",
      scopes: ["read", "count", "adjust"],
    });
    const hidden = await postGraphql(t, { query }, counting);
    expect(hidden.data).toEqual({
      stockMovements: {
        edges: [
          { node: { change: 1, unitCost: null, valueChange: null } },
          { node: { change: 4, unitCost: null, valueChange: null } },
        ],
      },
    });
    const listed = await rest(t, "GET", `/stock/movements?sku_id=${id}`, { token: counting });
    expect(listed.body.data).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toMatch(/unit_cost|value_change/);
    const answered = await rest(t, "PATCH", `/skus/${id}`, {
      token: counting,
      body: { on_hand: 6, reason: "found" },
    });
    expect(JSON.stringify(answered.body)).not.toMatch(/unit_cost|value_change/);
  });
});
