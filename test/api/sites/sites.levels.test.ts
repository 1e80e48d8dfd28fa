// An item's stock site by site: on hand at each site where it has a level, and what
// is in transit to each site (a site with stock on its way and none yet is listed too), in site
// order and paged; a linked supplier item's levels are its SKU's.
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku, createSupplierItem } from "../../helpers/stock.js";
import { SiLevelsDocument } from "../generated/graphql.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("lists a SKU's on hand and stock in transit at each site, in site order and paged", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const far = await newSite(t, acct, "FAR");
  const sku = await createSku(t, acct.token, 10);
  const patched = await rest(t, "PATCH", `/skus/${sku}`, {
    token: acct.token,
    body: { on_hand: 4, reason: "received", site_id: store },
  });
  expect(patched.status).toBe(200);
  for (const [to, qty] of [
    [far, 3],
    [store, 1.5],
  ] as const) {
    const sent = await rest(t, "POST", "/transfers", {
      token: acct.token,
      body: { from_site_id: home, to_site_id: to, lines: [{ type: "sku", id: sku, qty }] },
    });
    expect(sent.status).toBe(201);
  }

  const all = await rest(t, "GET", `/skus/${sku}/levels`, { token: acct.token });
  expect(all.status).toBe(200);
  expect(all.body).toEqual({
    data: [
      { site_id: home, on_hand: 5.5, in_transit: 0, location: null },
      { site_id: store, on_hand: 4, in_transit: 1.5, location: null },
      // No stock there yet: listed for what is on its way.
      { site_id: far, on_hand: 0, in_transit: 3, location: null },
    ],
    next_cursor: null,
  });

  const first = await rest(t, "GET", `/skus/${sku}/levels?limit=2`, { token: acct.token });
  expect(first.body.data.map((l: { site_id: number }) => l.site_id)).toEqual([home, store]);
  const rest_ = await rest(
    t,
    "GET",
    `/skus/${sku}/levels?limit=2&cursor=${first.body.next_cursor}`,
    {
      token: acct.token,
    },
  );
  expect(rest_.body).toEqual({ data: [all.body.data[2]], next_cursor: null });

  const res = await gql(t, SiLevelsDocument, { id: sku, first: 2 }, acct.token);
  expect(res.errors).toBeUndefined();
  expect(res.data!.sku.levels.edges.map((e) => e.node)).toEqual([
    { siteId: home, onHand: 5.5, inTransit: 0 },
    { siteId: store, onHand: 4, inTransit: 1.5 },
  ]);
  expect(res.data!.sku.levels.pageInfo.hasNextPage).toBe(true);

  // A linked supplier item's stock is its SKU's.
  const item = await createSupplierItem(t, acct.token, { skuId: sku });
  const linked = await rest(t, "GET", `/supplier-items/${item}/levels`, { token: acct.token });
  expect(linked.body).toEqual(all.body);
  // At named sites only; a site the account does not have is refused.
  const named = await rest(t, "GET", `/skus/${sku}/levels?site_ids=${far},${home}`, {
    token: acct.token,
  });
  expect(named.body.data).toEqual([all.body.data[0], all.body.data[2]]);
  for (const site of [999_999, 9_999_999_999]) {
    const refused = await rest(t, "GET", `/skus/${sku}/levels?site_ids=${home},${site}`, {
      token: acct.token,
    });
    expect([refused.status, refused.body.code]).toEqual([404, "SITE_NOT_FOUND"]);
  }
  const unknown = await rest(t, "GET", "/skus/999999/levels", { token: acct.token });
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe("SKU_NOT_FOUND");
});

it("answers an item with its stock at every site when asked (include=stock), and a limited token its own sites'", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 10);
  await rest(t, "PATCH", `/skus/${sku}`, {
    token: acct.token,
    body: { on_hand: 4, reason: "received", site_id: store, location: "S-1" },
  });

  const plain = await rest(t, "GET", `/skus/${sku}`, { token: acct.token });
  expect(plain.body).not.toHaveProperty("stock");
  const withStock = await rest(t, "GET", `/skus/${sku}?include=stock`, { token: acct.token });
  expect(withStock.status).toBe(200);
  expect(withStock.body).toMatchObject({ id: sku, on_hand: 10 });
  expect(withStock.body.stock).toEqual({
    data: [
      { site_id: home, on_hand: 10, in_transit: 0, location: null },
      { site_id: store, on_hand: 4, in_transit: 0, location: "S-1" },
    ],
    next_cursor: null,
  });
  const refused = await rest(t, "GET", `/skus/${sku}?include=everything`, { token: acct.token });
  expect(refused.status).toBe(400);

  // A linked supplier item's stock is its SKU's.
  const item = await createSupplierItem(t, acct.token, { skuId: sku });
  const linked = await rest(t, "GET", `/supplier-items/${item}?include=stock`, {
    token: acct.token,
  });
  expect(linked.body.stock).toEqual(withStock.body.stock);

  // A token limited to the store sees the store's level only.
  const { token } = await createToken(t.db, {
    accountId: acct.accountId,
    name: "store",
    scopes: ["read"],
    siteIds: [store],
  });
  const own = await rest(t, "GET", `/skus/${sku}?include=stock`, { token });
  expect(own.body).toMatchObject({ on_hand: 4, location: "S-1" });
  expect(own.body.stock.data.map((l: { site_id: number }) => l.site_id)).toEqual([store]);
});
