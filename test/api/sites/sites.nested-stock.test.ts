// A movement's SKU or supplier item, read through the movement over GraphQL, shows its on hand at
// the movement's site: one page of movements at two sites shows one item with two quantities,
// read in one statement. A stock take's line shows its entity's on hand at the stock take's site.
import { gql, rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { newSite } from "../../helpers/sites.js";
import { createSku, createSupplierItem } from "../../helpers/stock.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { SiNestedStockDocument, SiTakeLineStockDocument } from "../generated/graphql.js";

let t: LoggedApp;
beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

/**
 * A new account's SKU (10 at the default site) and supplier item (2 there), with 4 and 7.5 of
 * them at a second site.
 */
async function itemsAtTwoSites() {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
  const store = await newSite(t, acct, "STORE");
  for (const [path, onHand] of [
    [`/skus/${sku}`, 4],
    [`/supplier-items/${item}`, 7.5],
  ] as const) {
    const res = await rest(t, "PATCH", path, {
      token: acct.token,
      body: { on_hand: onHand, reason: "received", site_id: store },
    });
    expect(res.status).toBe(200);
  }
  return { acct, sku, item, store };
}

it("shows a movement's item with its on hand at the movement's site", async () => {
  const { acct, sku, item, store } = await itemsAtTwoSites();

  t.queries.length = 0;
  const skuPage = await gql(t, SiNestedStockDocument, { filter: { skuId: sku } }, acct.token);
  // The page's SKU at both sites in one statement: a page spanning many sites is one read too.
  expect(t.queries.filter((q) => /AS p\(item_id, site_id\)/.test(q.sql))).toHaveLength(1);
  const itemPage = await gql(
    t,
    SiNestedStockDocument,
    { filter: { supplierItemId: item } },
    acct.token,
  );

  expect(skuPage.errors).toBeUndefined();
  const bySite = (page: typeof skuPage, pick: "sku" | "supplierItem") =>
    page.data!.stockMovements.edges.map((e) => [
      e.node.siteId === store ? "store" : "default",
      e.node.quantityAfter,
      e.node[pick]?.onHand,
    ]);
  // Newest first: the store's movement, then the opening balance at the default site.
  expect(bySite(skuPage, "sku")).toEqual([
    ["store", 4, 4],
    ["default", 10, 10],
  ]);
  expect(bySite(itemPage, "supplierItem")).toEqual([
    ["store", 7.5, 7.5],
    ["default", 2, 2],
  ]);
});

it("shows a stock take line's item with its on hand at the stock take's site", async () => {
  const { acct, sku, item, store } = await itemsAtTwoSites();
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { site_id: store, scope: { sku_ids: [sku], supplier_item_ids: [item] } },
  });
  expect(started.status).toBe(201);
  expect(started.body.lines.map((l: { site_id: number }) => l.site_id)).toEqual([store, store]);

  const res = await gql(t, SiTakeLineStockDocument, { id: started.body.id }, acct.token);
  expect(res.errors).toBeUndefined();
  expect(res.data!.stockTake.siteId).toBe(store);
  expect(
    res.data!.stockTake.lines.edges.map(({ node: l }) => [
      l.id,
      l.siteId,
      l.expectedQty,
      (l.sku ?? l.supplierItem)?.onHand,
    ]),
  ).toEqual(
    expect.arrayContaining([
      [sku, store, 4, 4],
      [item, store, 7.5, 7.5],
    ]),
  );
});
