// Costs (DESIGN §9): an account's currency, set by a token with the costs scope and fixed once a
// cost exists; items' unit costs on create, edit and import (JSON and CSV), with a history of
// changes that writes no movement; every bad cost or currency a documented error with nothing
// written.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { ledgerState } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  const set = await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  expect(set.status).toBe(200);
});
afterAll(() => t.close());

let counter = 0;
const code = (prefix = "COST") => `${prefix}-${++counter}`;

async function sku(body: Record<string, unknown> = {}, token = acct.token): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token,
    body: { code: code(), name: "Bolt", ...body },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const costChanges = async (id: number, token = acct.token) =>
  rest(t, "GET", `/skus/${id}/cost-changes`, { token });

describe("the account's currency", () => {
  it("is null until set, set once costs exist, and answered to every reader", async () => {
    const other = await newAccount(t.db);
    const before = await rest(t, "GET", "/account", { token: other.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ currency: null, currency_minor_units: null });

    const set = await rest(t, "PATCH", "/account", {
      token: other.token,
      body: { currency: "JPY" },
    });
    expect(set.body).toMatchObject({ currency: "JPY", currency_minor_units: 0 });
    // No cost yet: it may still change.
    const changed = await rest(t, "PATCH", "/account", {
      token: other.token,
      body: { currency: "KWD" },
    });
    expect(changed.body).toMatchObject({ currency: "KWD", currency_minor_units: 3 });

    const id = await sku({ unit_cost: 1.5 }, other.token);
    expect(id).toBeGreaterThan(0);
    const refused = await rest(t, "PATCH", "/account", {
      token: other.token,
      body: { currency: "USD" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CURRENCY_IN_USE");
    // The same currency again changes nothing and is no conflict.
    const same = await rest(t, "PATCH", "/account", {
      token: other.token,
      body: { currency: "KWD" },
    });
    expect(same.status).toBe(200);
    expect((await rest(t, "GET", "/account", { token: other.token })).body.currency).toBe("KWD");
  });

  it("refuses an unknown or lower-case code (422 INVALID_CURRENCY) and a token without costs (403)", async () => {
    const other = await newAccount(t.db);
    for (const currency of ["usd", "XAU", "EURO", ""]) {
      const res = await rest(t, "PATCH", "/account", { token: other.token, body: { currency } });
      expect([res.status, res.body.code]).toEqual([422, "INVALID_CURRENCY"]);
    }
    const reader = await newAccount(t.db, { scopes: ["read", "adjust"] });
    const res = await rest(t, "PATCH", "/account", {
      token: reader.token,
      body: { currency: "USD" },
    });
    expect(res.status).toBe(403);
    expect((await rest(t, "GET", "/account", { token: reader.token })).body.currency).toBeNull();
  });
});

describe("a unit cost", () => {
  it("is set on create, shown to the costs scope, and its changes recorded without a movement", async () => {
    const id = await sku({ unit_cost: 4.2, opening_on_hand: 10 });
    expect((await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.unit_cost).toBe(4.2);
    const before = await ledgerState(t.db, acct.accountId);

    const patched = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      body: { unit_cost: 4.35 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ unit_cost: 4.35, on_hand: 10, movement: null });
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);

    // The same cost again is no change; null removes it.
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { unit_cost: 4.35 } });
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { unit_cost: null } });
    const history = await costChanges(id);
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((c: { cost_before: number | null; cost_after: number | null }) => [
        c.cost_before,
        c.cost_after,
      ]),
    ).toEqual([
      [4.35, null],
      [4.2, 4.35],
      [null, 4.2],
    ]);
    expect(history.body.data[0].actor).toMatchObject({ name: "test-token" });
    expect((await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.unit_cost).toBeNull();
  });

  it("is listed with the items, and pages of history follow next_cursor", async () => {
    const id = await sku({ unit_cost: 1 });
    for (const cost of [2, 3, 4]) {
      await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { unit_cost: cost } });
    }
    const first = await rest(t, "GET", `/skus/${id}/cost-changes?limit=3`, { token: acct.token });
    expect(first.body.data.map((c: { cost_after: number }) => c.cost_after)).toEqual([4, 3, 2]);
    const rest2 = await rest(
      t,
      "GET",
      `/skus/${id}/cost-changes?limit=3&cursor=${first.body.next_cursor}`,
      { token: acct.token },
    );
    expect(rest2.body).toMatchObject({ data: [{ cost_after: 1 }], next_cursor: null });

    const list = await rest(t, "GET", `/skus?code=COST-${counter}`, { token: acct.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id, unit_cost: 4 })]);
    const changed = await rest(t, "GET", `/skus?updated_since=2020-01-01&limit=100`, {
      token: acct.token,
    });
    expect(changed.body.data.find((s: { id: number }) => s.id === id)).toMatchObject({
      unit_cost: 4,
    });
    // The cursor is this SKU's history's: on another SKU's it is refused, not read as a position.
    const other = await sku({ unit_cost: 9 });
    const misused = await rest(
      t,
      "GET",
      `/skus/${other}/cost-changes?cursor=${first.body.next_cursor}`,
      { token: acct.token },
    );
    expect([misused.status, misused.body.code]).toEqual([400, "INVALID_CURSOR"]);
  });

  it("keeps 4 decimals and refuses a negative, over-precise or too large cost with nothing written", async () => {
    const id = await sku({ unit_cost: 0.0001 });
    expect((await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.unit_cost).toBe(
      0.0001,
    );
    const taken = code();
    for (const [unit_cost, message] of [
      [-1, "negative"],
      [0.00001, "4 decimal places"],
      [1e10, "less than"],
    ] as const) {
      const res = await rest(t, "POST", "/skus", {
        token: acct.token,
        body: { code: taken, name: "Nut", unit_cost },
      });
      expect([res.status, res.body.code]).toEqual([422, "INVALID_COST"]);
      expect(res.body.errors[0]).toMatchObject({ pointer: "/unit_cost" });
      expect(res.body.errors[0].message).toContain(message);
      const edit = await rest(t, "PATCH", `/skus/${id}`, {
        token: acct.token,
        body: { unit_cost },
      });
      expect(edit.body.code).toBe("INVALID_COST");
    }
    expect((await rest(t, "GET", `/skus?code=${taken}`, { token: acct.token })).body.data).toEqual(
      [],
    );
    expect((await costChanges(id)).body.data).toHaveLength(1);
  });

  it("needs the account's currency first (409 CURRENCY_NOT_SET), nothing written", async () => {
    const other = await newAccount(t.db);
    const taken = code();
    const res = await rest(t, "POST", "/skus", {
      token: other.token,
      body: { code: taken, name: "Nut", unit_cost: 3 },
    });
    expect([res.status, res.body.code]).toEqual([409, "CURRENCY_NOT_SET"]);
    expect((await rest(t, "GET", `/skus?code=${taken}`, { token: other.token })).body.data).toEqual(
      [],
    );
    // Without a cost, an account without a currency works as before.
    await sku({}, other.token);
  });

  it("is set by imports, JSON and CSV (a blank cell removes it), each change recorded", async () => {
    const [a, b] = [code("IMP"), code("IMP")];
    const json = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: a, name: "A", unit_cost: 2.5 },
          { code: b, name: "B" },
        ],
      },
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ created: 2 });
    const [idA, idB] = json.body.ids.map((r: { id: number }) => r.id);
    const csv = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      raw: `code,name,unit_cost\r\n${a},A,\r\n${b},B,7.125\r\n`,
      headers: { "content-type": "text/csv" },
    });
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    expect((await rest(t, "GET", `/skus/${idA}`, { token: acct.token })).body.unit_cost).toBeNull();
    expect((await rest(t, "GET", `/skus/${idB}`, { token: acct.token })).body.unit_cost).toBe(
      7.125,
    );
    expect((await costChanges(idA)).body.data).toHaveLength(2);
    // Without a unit_cost column costs stay as they are.
    await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      raw: `code,name\r\n${b},B\r\n`,
      headers: { "content-type": "text/csv" },
    });
    expect((await rest(t, "GET", `/skus/${idB}`, { token: acct.token })).body.unit_cost).toBe(
      7.125,
    );
  });

  it("is set on supplier items too, with their own history", async () => {
    const res = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Würth", code: code("W"), name: "Bolt", unit_cost: 0.35 },
    });
    expect(res.status).toBe(201);
    expect(res.body.unit_cost).toBe(0.35);
    const id = res.body.id as number;
    await rest(t, "PATCH", `/supplier-items/${id}`, {
      token: acct.token,
      body: { unit_cost: 0.4 },
    });
    const history = await rest(t, "GET", `/supplier-items/${id}/cost-changes`, {
      token: acct.token,
    });
    expect(history.body.data.map((c: { cost_after: number }) => c.cost_after)).toEqual([0.4, 0.35]);
  });
});

describe("a token without the costs scope", () => {
  let id: number;
  let counting: string;
  beforeAll(async () => {
    id = await sku({ unit_cost: 9.99, opening_on_hand: 3 });
    ({ token: counting } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "counter",
      scopes: ["read", "count", "adjust", "approve"],
    }));
  });

  it("never sees a cost in the catalog's answers", async () => {
    const one = await rest(t, "GET", `/skus/${id}`, { token: counting });
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("unit_cost");
    const list = await rest(t, "GET", `/skus?limit=500`, { token: counting });
    expect(JSON.stringify(list.body)).not.toContain("unit_cost");
    const since = await rest(t, "GET", `/skus?updated_since=2020-01-01`, { token: counting });
    expect(JSON.stringify(since.body)).not.toContain("unit_cost");
    const edited = await rest(t, "PATCH", `/skus/${id}`, { token: counting, body: { name: "B" } });
    expect(edited.body).not.toHaveProperty("unit_cost");
    const gql = await postGraphql(
      t,
      {
        query: `{ sku(id: ${id}) { id unitCost } skus(first: 5) { edges { node { unitCost } } } }`,
      },
      counting,
    );
    expect(gql.errors).toBeUndefined();
    const data = gql.data as { sku: { unitCost: number | null }; skus: { edges: unknown[] } };
    expect(data.sku.unitCost).toBeNull();
    expect(data.skus.edges.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.skus.edges)).not.toContain("9.99");
  });

  it("is what a token limited to sites is: it cannot hold the costs scope (400)", async () => {
    const sites = await rest(t, "GET", "/sites", { token: acct.token });
    const res = await rest(t, "POST", "/tokens", {
      token: acct.token,
      body: {
        name: "store manager",
        scopes: ["read", "approve", "costs"],
        site_ids: [sites.body.data[0].id],
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect([res.status, res.body.code]).toEqual([400, "INVALID_PARAMETER"]);
    expect(res.body.errors[0].message).toContain("costs");
  });

  it("may neither read the history (403, null over GraphQL) nor set a cost (403), nothing written", async () => {
    expect((await costChanges(id, counting)).status).toBe(403);
    const patch = await rest(t, "PATCH", `/skus/${id}`, {
      token: counting,
      body: { unit_cost: 1 },
    });
    expect([patch.status, patch.body.code]).toEqual([403, "FORBIDDEN"]);
    const create = await rest(t, "POST", "/skus", {
      token: counting,
      body: { code: code(), name: "X", unit_cost: 1 },
    });
    expect(create.status).toBe(403);
    const imported = await rest(t, "POST", "/skus/bulk", {
      token: counting,
      body: { rows: [{ code: code(), name: "X", unit_cost: 1 }] },
    });
    expect(imported.status).toBe(403);
    expect((await costChanges(id)).body.data).toHaveLength(1);
    const gql = await postGraphql(
      t,
      { query: `{ sku(id: ${id}) { costChanges { edges { node { costAfter } } } } }` },
      counting,
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data).toEqual({ sku: { costChanges: null } });
  });
});

describe("GraphQL", () => {
  it("sets the currency and costs, and reads them with their history", async () => {
    const other = await newAccount(t.db);
    const set = await postGraphql(
      t,
      {
        query: `mutation { updateAccount(input: { currency: "USD" }) {
          account { currency currencyMinorUnits } userErrors { code } } }`,
      },
      other.token,
    );
    expect(set.data).toEqual({
      updateAccount: { account: { currency: "USD", currencyMinorUnits: 2 }, userErrors: [] },
    });
    const created = await postGraphql(
      t,
      {
        query: `mutation { createSku(input: { code: "G-1", name: "G", unitCost: 12.5 }) {
          sku { id unitCost } userErrors { code } } }`,
      },
      other.token,
    );
    const made = created.data as { createSku: { sku: { id: number; unitCost: number } } };
    expect(made.createSku.sku.unitCost).toBe(12.5);
    const bad = await postGraphql(
      t,
      {
        query: `mutation { updateSku(input: { id: ${made.createSku.sku.id}, unitCost: -2 }) {
          sku { id } userErrors { code field } } }`,
      },
      other.token,
    );
    expect(bad.data).toEqual({
      updateSku: { sku: null, userErrors: [{ code: "INVALID_COST", field: ["unitCost"] }] },
    });
    const read = await postGraphql(
      t,
      {
        query: `{ account { currency } sku(id: ${made.createSku.sku.id}) {
          unitCost costChanges { edges { node { costBefore costAfter actor { name } } } } } }`,
      },
      other.token,
    );
    expect(read.data).toEqual({
      account: { currency: "USD" },
      sku: {
        unitCost: 12.5,
        costChanges: {
          edges: [{ node: { costBefore: null, costAfter: 12.5, actor: { name: "test-token" } } }],
        },
      },
    });
  });
});
