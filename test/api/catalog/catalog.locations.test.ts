// Locations: where a SKU's or supplier item's stock is kept. Set on create, edit and import (JSON,
// CSV), answered everywhere the entity is, filtered by prefix regardless of case, carried by the
// updated events; a bad location is refused with nothing written, and no location change writes
// a movement.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { ledgerState } from "../../helpers/stock.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let counter = 0;
const code = (prefix = "LOC") => `${prefix}-${++counter}`;

/** A SKU created over REST with `location`, and its id. */
async function skuAt(location: string | null, account = acct): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token: account.token,
    body: { code: code(), name: "Bolt", location },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const locationOf = async (id: number) =>
  (await rest(t, "GET", `/skus/${id}`, { token: acct.token })).body.location as string | null;

/** The codes a list answers (every page of up to 100). */
async function listed(path: string, account = acct): Promise<string[]> {
  const res = await rest(t, "GET", path, { token: account.token });
  expect(res.status).toBe(200);
  return (res.body.data as { code: string }[]).map((row) => row.code);
}

describe("a SKU's location", () => {
  it("is kept as spelled (trimmed), answered by GET, and left out or blank it is none", async () => {
    const id = await skuAt("  A-01-03 ");
    expect(await locationOf(id)).toBe("A-01-03");
    expect(await locationOf(await skuAt(""))).toBeNull();
    const none = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: code(), name: "Nut" },
    });
    expect(none.body.location).toBeNull();
  });

  it("changes with PATCH, blank removes it, with an sku.updated event carrying it and no movement", async () => {
    const id = await skuAt("A-01-03");
    const before = await ledgerState(t.db, acct.accountId);
    const moved = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      body: { location: "B-02-01" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ location: "B-02-01", movement: null });
    const events = await t.db.event.findMany({
      where: { accountId: acct.accountId, type: "sku.updated" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(events[0]?.data).toMatchObject({ id, location: "B-02-01" });
    // Left out: stays; blank: removed. Neither writes a movement.
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { name: "Bolt M6" } });
    expect(await locationOf(id)).toBe("B-02-01");
    await rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { location: "" } });
    expect(await locationOf(id)).toBeNull();
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("moves with an on hand change in one request: one movement, the location set", async () => {
    const id = await skuAt("A-01");
    const res = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      body: { on_hand: 4, reason: "found", location: "A-02" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ location: "A-02", on_hand: 4 });
    expect(res.body.movement).not.toBeNull();
    // A single adjustment answers the SKU with its location too.
    const set = await rest(t, "PATCH", `/skus/${id}`, {
      token: acct.token,
      body: { on_hand: 5, reason: "found" },
    });
    expect(set.body).toMatchObject({ location: "A-02", on_hand: 5 });
  });

  it("refuses a location with control characters or over 64 characters, writing nothing", async () => {
    const id = await skuAt("A-01");
    const before = {
      skus: await t.db.sku.count({ where: { accountId: acct.accountId } }),
      ledger: await ledgerState(t.db, acct.accountId),
    };
    for (const location of ["A-01\tB", "A\u0000", "A\u0085", "L".repeat(65)]) {
      const created = await rest(t, "POST", "/skus", {
        token: acct.token,
        body: { code: code(), name: "Bad", location },
      });
      expect(created.status).toBe(400);
      expect(created.body.code).toBe("INVALID_PARAMETER");
      const edited = await rest(t, "PATCH", `/skus/${id}`, {
        token: acct.token,
        body: { location },
      });
      expect(edited.status).toBe(400);
    }
    expect(await locationOf(id)).toBe("A-01");
    expect({
      skus: await t.db.sku.count({ where: { accountId: acct.accountId } }),
      ledger: await ledgerState(t.db, acct.accountId),
    }).toEqual(before);
  });
});

describe("listing by location", () => {
  it("matches a prefix regardless of case, combines with the other filters, and takes LIKE's characters as themselves", async () => {
    const own = await newAccount(t.db);
    const at = async (location: string | null, name = "Bolt") => {
      const res = await rest(t, "POST", "/skus", {
        token: own.token,
        body: { code: code("P"), name, location },
      });
      return res.body.code as string;
    };
    const a0103 = await at("A-01-03");
    const a0104 = await at("a-01-04", "Nut");
    const a02 = await at("A-02-01");
    const b01 = await at("B-01-01");
    const pct = await at("C%-1");
    await at(null);
    expect(await listed("/skus?location=A-01", own)).toEqual([a0103, a0104]);
    expect(await listed("/skus?location=a-", own)).toEqual([a0103, a0104, a02]);
    expect(await listed("/skus?location=B", own)).toEqual([b01]);
    expect(await listed("/skus?location=A-01&q=nut", own)).toEqual([a0104]);
    expect(await listed("/skus?location=C%25", own)).toEqual([pct]);
    expect(await listed("/skus?location=C_", own)).toEqual([]);
    expect(await listed("/skus?location=Z", own)).toEqual([]);
  });

  it("refuses a prefix with control characters", async () => {
    const res = await rest(t, "GET", "/skus?location=A%0AB", { token: acct.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PARAMETER");
  });
});

describe("importing locations", () => {
  it("sets them from JSON rows; a row without one keeps an existing SKU's, a blank one removes it", async () => {
    const [c1, c2, c3] = [code("I"), code("I"), code("I")];
    const first = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: c1, name: "One", location: "A-01" },
          { code: c2, name: "Two", location: "A-02" },
          { code: c3, name: "Three" },
        ],
      },
    });
    expect(first.body).toMatchObject({ created: 3 });
    const again = await rest(t, "POST", "/skus/bulk", {
      token: acct.token,
      body: {
        rows: [
          { code: c1, name: "One" },
          { code: c2, name: "Two", location: "" },
          { code: c3, name: "Three", location: "C-03" },
        ],
      },
    });
    expect(again.body).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    const ids = (again.body.ids as { id: number }[]).map((row) => row.id);
    expect(await Promise.all(ids.map(locationOf))).toEqual(["A-01", null, "C-03"]);
  });

  it("reads a CSV location column: a blank cell removes it, and without the column it stays", async () => {
    const [c1, c2] = [code("CSV"), code("CSV")];
    const csv = (text: string) =>
      rest(t, "POST", "/skus/bulk", {
        token: acct.token,
        raw: text,
        headers: { "content-type": "text/csv" },
      });
    const made = await csv(`code,name,location\r\n${c1},One,A-01-01\r\n${c2},Two,A-01-02\r\n`);
    expect(made.status).toBe(200);
    const ids = (made.body.ids as { id: number }[]).map((row) => row.id);
    expect(await Promise.all(ids.map(locationOf))).toEqual(["A-01-01", "A-01-02"]);
    expect((await csv(`code,name\r\n${c1},One\r\n${c2},Two\r\n`)).body.unchanged).toBe(2);
    await csv(`code,name,location\r\n${c1},One,\r\n${c2},Two,B-9\r\n`);
    expect(await Promise.all(ids.map(locationOf))).toEqual([null, "B-9"]);
    const bad = await csv(`code,name,location\r\n${code("CSV")},Bad,${"L".repeat(65)}\r\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ pointer: "/rows/2/location", code: "INVALID_PARAMETER" }),
    ]);
  });
});

describe("supplier items' locations", () => {
  it("are set on create, edit and import, filtered by prefix, and carried by supplier_item.updated", async () => {
    const made = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "Würth", code: code("W"), name: "Bolt", location: "R-01" },
    });
    expect(made.status).toBe(201);
    expect(made.body.location).toBe("R-01");
    const id = made.body.id as number;
    const edited = await rest(t, "PATCH", `/supplier-items/${id}`, {
      token: acct.token,
      body: { location: "R-02" },
    });
    expect(edited.body.location).toBe("R-02");
    const [event] = await t.db.event.findMany({
      where: { accountId: acct.accountId, type: "supplier_item.updated" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(event?.data).toMatchObject({ id, location: "R-02" });
    const imported = await rest(t, "POST", "/supplier-items/bulk", {
      token: acct.token,
      body: { rows: [{ supplier: "Würth", code: made.body.code, name: "Bolt", location: "r-03" }] },
    });
    expect(imported.body).toMatchObject({ updated: 1 });
    const page = await rest(t, "GET", "/supplier-items?location=R-0", { token: acct.token });
    expect(page.body.data).toEqual([expect.objectContaining({ id, location: "r-03" })]);
  });
});

describe("locations over GraphQL", () => {
  it("are set by createSku and updateSku, answered on Sku, and filtered by skus(filter: {location})", async () => {
    const own = await newAccount(t.db);
    const created = await postGraphql(
      t,
      {
        query: `mutation ($input: CreateSkuInput!) { createSku(input: $input) {
          sku { id location } userErrors { code field } } }`,
        variables: { input: { code: code("G"), name: "Bolt", location: " A-07 " } },
      },
      own.token,
    );
    const sku = (created.data as { createSku: { sku: { id: number; location: string } } }).createSku
      .sku;
    expect(sku.location).toBe("A-07");
    const bad = await postGraphql(
      t,
      {
        query: `mutation ($input: UpdateSkuInput!) { updateSku(input: $input) {
          sku { id } userErrors { code field } } }`,
        variables: { input: { id: sku.id, location: "A\u0001" } },
      },
      own.token,
    );
    expect(bad.data).toEqual({
      updateSku: { sku: null, userErrors: [{ code: "INVALID_PARAMETER", field: ["location"] }] },
    });
    await postGraphql(
      t,
      {
        query: `mutation ($input: UpdateSkuInput!) { updateSku(input: $input) { sku { id } } }`,
        variables: { input: { id: sku.id, location: "B-07" } },
      },
      own.token,
    );
    const list = await postGraphql(
      t,
      { query: `{ skus(filter: { location: "b-" }) { edges { node { id location } } } }` },
      own.token,
    );
    expect(list.data).toEqual({ skus: { edges: [{ node: { id: sku.id, location: "B-07" } }] } });
  });
});
