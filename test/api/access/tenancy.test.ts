import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import {
  GetSkuDocument,
  GetSupplierItemDocument,
  ListSkusDocument,
  ListSupplierItemsDocument,
} from "../generated/graphql.js";

let t: TestApp;
let a: TestAccount;
let b: TestAccount;
const aSkuIds: number[] = [];
const aItemIds: number[] = [];
let bSkuId: number;
let bItemId: number;
/** An id no account has: larger than any created in this run. */
const NONEXISTENT = 2147483647;

beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t.db);
  b = await newAccount(t.db);
  for (let i = 1; i <= 3; i++) {
    const sku = await rest(t, "POST", "/skus", {
      token: a.token,
      body: { code: `TEN-A-${i}`, name: `A ${i}`, opening_on_hand: i },
    });
    aSkuIds.push(sku.body.id);
    const item = await rest(t, "POST", "/supplier-items", {
      token: a.token,
      body: { supplier: "A Supplies", code: `TEN-A-${i}`, name: `A item ${i}`, opening_on_hand: i },
    });
    aItemIds.push(item.body.id);
  }
  bSkuId = (
    await rest(t, "POST", "/skus", { token: b.token, body: { code: "TEN-B-1", name: "B 1" } })
  ).body.id;
  bItemId = (
    await rest(t, "POST", "/supplier-items", {
      token: b.token,
      body: { supplier: "B Supplies", code: "TEN-B-1", name: "B item" },
    })
  ).body.id;
});
afterAll(() => t.close());

/** A not-found detail with the id taken out, to compare the shape of two answers. */
const shapeOf = (detail: string, id: number) => detail.replace(String(id), "<id>");

describe("REST tenancy", () => {
  it("answers B's request for A's SKU exactly like a request for a SKU that does not exist", async () => {
    const foreign = await rest(t, "GET", `/skus/${aSkuIds[0]}`, { token: b.token });
    const missing = await rest(t, "GET", `/skus/${NONEXISTENT}`, { token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body.code).toBe("SKU_NOT_FOUND");
    expect(foreign.body.code).toBe(missing.body.code);
    expect(foreign.body.title).toBe(missing.body.title);
    expect(shapeOf(foreign.body.detail, aSkuIds[0]!)).toBe(
      shapeOf(missing.body.detail, NONEXISTENT),
    );
    expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(missing.body).sort());
    expect(JSON.stringify(foreign.body)).not.toContain("TEN-A");
  });

  it("answers B's request for A's supplier item exactly like a request for one that does not exist", async () => {
    const foreign = await rest(t, "GET", `/supplier-items/${aItemIds[0]}`, { token: b.token });
    const missing = await rest(t, "GET", `/supplier-items/${NONEXISTENT}`, { token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body.code).toBe("SUPPLIER_ITEM_NOT_FOUND");
    expect(foreign.body.code).toBe(missing.body.code);
    expect(shapeOf(foreign.body.detail, aItemIds[0]!)).toBe(
      shapeOf(missing.body.detail, NONEXISTENT),
    );
    expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(missing.body).sort());
  });

  it("lists only B's own SKUs and supplier items to B", async () => {
    const skus = await rest(t, "GET", "/skus?limit=1000", { token: b.token });
    const items = await rest(t, "GET", "/supplier-items?limit=1000", { token: b.token });
    expect(skus.body.data.map((s: { id: number }) => s.id)).toEqual([bSkuId]);
    expect(items.body.data.map((i: { id: number }) => i.id)).toEqual([bItemId]);
  });

  it("still lists A's own rows to A", async () => {
    const skus = await rest(t, "GET", "/skus", { token: a.token });
    const items = await rest(t, "GET", "/supplier-items", { token: a.token });
    expect(skus.body.data.map((s: { id: number }) => s.id)).toEqual(aSkuIds);
    expect(items.body.data.map((i: { id: number }) => i.id)).toEqual(aItemIds);
  });

  it("shows B none of A's rows when B pages with a cursor taken from A's list", async () => {
    const aPage = await rest(t, "GET", "/skus?limit=1", { token: a.token });
    expect(aPage.body.next_cursor).toEqual(expect.any(String));
    const bPage = await rest(t, "GET", `/skus?cursor=${aPage.body.next_cursor}`, {
      token: b.token,
    });
    expect(bPage.status).toBe(200);
    // B's one SKU was created after A's, so it is past the cursor; A's are not B's to see.
    expect(bPage.body.data.map((s: { id: number }) => s.id)).toEqual([bSkuId]);
  });

  it("refuses to link B's supplier item to A's SKU with 404 SKU_NOT_FOUND and writes nothing", async () => {
    const before = await t.db.supplierItem.count({ where: { accountId: b.accountId } });
    const res = await rest(t, "POST", "/supplier-items", {
      token: b.token,
      body: { supplier: "B Supplies", code: "TEN-B-LINK", name: "Cross link", sku_id: aSkuIds[0] },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SKU_NOT_FOUND");
    expect(await t.db.supplierItem.count({ where: { accountId: b.accountId } })).toBe(before);
    expect(await t.db.supplierItem.count({ where: { skuId: aSkuIds[0] } })).toBe(0);
  });

  it("lets both accounts use the same SKU code and supplier item code", async () => {
    const inB = await rest(t, "POST", "/skus", {
      token: b.token,
      body: { code: "TEN-A-2", name: "B's copy" },
    });
    expect(inB.status).toBe(201);
    expect(inB.body.id).not.toBe(aSkuIds[1]);
    const itemInB = await rest(t, "POST", "/supplier-items", {
      token: b.token,
      body: { supplier: "A Supplies", code: "TEN-A-2", name: "B's copy" },
    });
    expect(itemInB.status).toBe(201);

    const aSku = await rest(t, "GET", `/skus/${aSkuIds[1]}`, { token: a.token });
    expect(aSku.body).toMatchObject({ code: "TEN-A-2", name: "A 2", on_hand: 2 });
  });
});

describe("GraphQL tenancy", () => {
  it("answers B's query for A's SKU exactly like a query for a SKU that does not exist", async () => {
    const foreign = await gql(t, GetSkuDocument, { id: aSkuIds[0]! }, b.token);
    const missing = await gql(t, GetSkuDocument, { id: NONEXISTENT }, b.token);
    expect(foreign.data ?? null).toBeNull();
    expect(foreign.errors?.[0]?.extensions?.code).toBe("SKU_NOT_FOUND");
    expect(foreign.errors?.[0]?.extensions).toEqual(missing.errors?.[0]?.extensions);
    expect(shapeOf(foreign.errors![0]!.message, aSkuIds[0]!)).toBe(
      shapeOf(missing.errors![0]!.message, NONEXISTENT),
    );
  });

  it("answers B's query for A's supplier item with SUPPLIER_ITEM_NOT_FOUND", async () => {
    const foreign = await gql(t, GetSupplierItemDocument, { id: aItemIds[0]! }, b.token);
    expect(foreign.data ?? null).toBeNull();
    expect(foreign.errors?.[0]?.extensions?.code).toBe("SUPPLIER_ITEM_NOT_FOUND");
  });

  it("lists only B's own SKUs and supplier items to B", async () => {
    const skus = await gql(t, ListSkusDocument, { first: 1000 }, b.token);
    const items = await gql(t, ListSupplierItemsDocument, { first: 1000 }, b.token);
    const skuIds = skus.data!.skus.edges.map((e) => e.node.id);
    const itemIds = items.data!.supplierItems.edges.map((e) => e.node.id);
    expect(skuIds).toContain(bSkuId);
    expect(itemIds).toContain(bItemId);
    for (const id of aSkuIds) expect(skuIds).not.toContain(id);
    for (const id of aItemIds) expect(itemIds).not.toContain(id);
  });
});
