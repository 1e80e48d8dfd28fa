// The catalog's reads show on hand at a site: `site_id` on GET /skus, /skus/{id},
// /supplier-items and /supplier-items/{id} (their searches and syncs too), `siteId` on GraphQL's
// sku, skus, supplierItem and supplierItems. Without one they show the default site's, with the
// same statements as before sites could be named; with one, that site's (0 for an item it never
// held; a linked item its SKU's there), one small query more. A deactivated site reads as any
// other; a site the account does not have is 404 SITE_NOT_FOUND (GraphQL: the error's code).
// Cursors page by id or by time, never by quantity, so one serves the list at every site.
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { postGraphql, rest } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { createSku, createSupplierItem } from "../../helpers/stock.js";

let t: LoggedApp;
let acct: TestAccount;
let main: number;
let store: number;
/** A SKU: 5 at the default site, 12 at the store. */
let sku: number;
/** A SKU the store never held: 3 at the default site. */
let never: number;
/** An unlinked supplier item: 7 at the default site, 4 at the store. */
let item: number;
/** A supplier item linked to `sku`: its stock is the SKU's. */
let linked: number;

interface Row {
  id: number;
  on_hand: number;
}
interface Page {
  data: Row[];
  next_cursor: string | null;
}

beforeAll(async () => {
  t = await startLoggedApp();
  acct = await newAccount(t.db);
  main = await defaultSiteId(t.db, acct.accountId);
  const made = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE-2", name: "Second store" },
  });
  expect(made.status).toBe(201);
  store = made.body.id as number;
  sku = await createSku(t, acct.token, 5);
  never = await createSku(t, acct.token, 3);
  item = await createSupplierItem(t, acct.token, { openingOnHand: 7 });
  linked = await createSupplierItem(t, acct.token, { skuId: sku });
  // The store's stock is written straight into its levels: these are tests of reads, whichever
  // way a change at a named site comes to be made.
  await t.db.$executeRaw`INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
    VALUES (${acct.accountId}, ${store}, ${sku}, 12)`;
  await t.db.$executeRaw`INSERT INTO supplier_item_stock
    (account_id, site_id, supplier_item_id, on_hand)
    VALUES (${acct.accountId}, ${store}, ${item}, 4)`;
});
afterAll(() => t.close());

const get = <T = Row>(path: string) => rest<T>(t, "GET", path, { token: acct.token });
const siteQuery = (site?: number) => (site === undefined ? "" : `site_id=${site}`);
const withSite = (path: string, site?: number) =>
  site === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}${siteQuery(site)}`;

/** Each id's on hand in a list's page. */
const onHands = (page: Page) => Object.fromEntries(page.data.map((r) => [r.id, r.on_hand]));

/** What every REST read answers as on hand at a site (none: the default), by entity. */
async function restReads(site?: number) {
  const answers: Record<string, unknown> = {};
  for (const [name, id] of [
    ["sku", sku],
    ["never", never],
  ] as const) {
    const one = await get(withSite(`/skus/${id}`, site));
    expect(one.status).toBe(200);
    answers[name] = one.body.on_hand;
  }
  for (const [name, id] of [
    ["item", item],
    ["linked", linked],
  ] as const) {
    const one = await get(withSite(`/supplier-items/${id}`, site));
    expect(one.status).toBe(200);
    answers[name] = one.body.on_hand;
  }
  // The plain list, a search, and a sync (in the order of change) of each.
  for (const query of ["", "?active=true&q=test", "?updated_since=2000-01-01"]) {
    const skus = await get<Page>(withSite(`/skus${query}`, site));
    expect(skus.status).toBe(200);
    const items = await get<Page>(withSite(`/supplier-items${query}`, site));
    expect(items.status).toBe(200);
    answers[`skus${query}`] = onHands(skus.body);
    answers[`items${query}`] = onHands(items.body);
  }
  return answers;
}

/** What restReads answers when each entity shows these quantities. */
const expected = (q: { sku: number; never: number; item: number; linked: number }) => {
  const lists = (query: string) => ({
    [`skus${query}`]: { [sku]: q.sku, [never]: q.never },
    [`items${query}`]: { [item]: q.item, [linked]: q.linked },
  });
  return {
    ...q,
    ...lists(""),
    ...lists("?active=true&q=test"),
    ...lists("?updated_since=2000-01-01"),
  };
};

const CATALOG = `query Catalog($site: Int) {
  sku(id: SKU, siteId: $site) { onHand }
  never: sku(id: NEVER, siteId: $site) { onHand }
  supplierItem(id: ITEM, siteId: $site) { onHand }
  linked: supplierItem(id: LINKED, siteId: $site) { onHand }
  skus(siteId: $site, first: 10) { edges { node { id onHand } } }
  synced: skus(siteId: $site, filter: { updatedSince: "2000-01-01" }) { edges { node { id onHand } } }
  supplierItems(siteId: $site) { edges { node { id onHand } } }
}`;

type Edges = { edges: { node: { id: number; onHand: number } }[] };
interface CatalogData {
  sku: { onHand: number };
  never: { onHand: number };
  supplierItem: { onHand: number };
  linked: { onHand: number };
  skus: Edges;
  synced: Edges;
  supplierItems: Edges;
}

/** The GraphQL reads' on hand at a site (null: none named). */
async function graphqlReads(site: number | null) {
  const query = CATALOG.replace("SKU", String(sku))
    .replace("NEVER", String(never))
    .replace("ITEM", String(item))
    .replace("LINKED", String(linked));
  const res = await postGraphql(t, { query, variables: { site } }, acct.token);
  expect(res.errors).toBeUndefined();
  const data = res.data as CatalogData;
  const byId = (c: Edges) => Object.fromEntries(c.edges.map((e) => [e.node.id, e.node.onHand]));
  return {
    sku: data.sku.onHand,
    never: data.never.onHand,
    item: data.supplierItem.onHand,
    linked: data.linked.onHand,
    skus: byId(data.skus),
    synced: byId(data.synced),
    supplierItems: byId(data.supplierItems),
  };
}

const expectedGraphql = (q: { sku: number; never: number; item: number; linked: number }) => ({
  ...q,
  skus: { [sku]: q.sku, [never]: q.never },
  synced: { [sku]: q.sku, [never]: q.never },
  supplierItems: { [item]: q.item, [linked]: q.linked },
});

const AT_MAIN = { sku: 5, never: 3, item: 7, linked: 5 };
const AT_STORE = { sku: 12, never: 0, item: 4, linked: 12 };

it("shows the default site's on hand when no site is named, as before", async () => {
  expect(await restReads()).toEqual(expected(AT_MAIN));
  expect(await graphqlReads(null)).toEqual(expectedGraphql(AT_MAIN));
  // Naming the default site is the same.
  expect(await restReads(main)).toEqual(expected(AT_MAIN));
});

it("shows the named site's on hand: 0 for an item it never held, a linked item its SKU's", async () => {
  expect(await restReads(store)).toEqual(expected(AT_STORE));
  expect(await graphqlReads(store)).toEqual(expectedGraphql(AT_STORE));
});

it("reads one SKU at two sites in one operation, each site's own", async () => {
  const res = await postGraphql(
    t,
    {
      query: `{
        here: sku(id: ${sku}) { onHand }
        there: sku(id: ${sku}, siteId: ${store}) { onHand }
        hereItem: supplierItem(id: ${linked}, siteId: ${main}) { onHand }
        thereItem: supplierItem(id: ${linked}, siteId: ${store}) { onHand }
        hereList: skus(filter: { active: true }) { edges { node { id onHand } } }
        thereList: skus(filter: { active: true }, siteId: ${store}) { edges { node { id onHand } } }
      }`,
    },
    acct.token,
  );
  expect(res.errors).toBeUndefined();
  const data = res.data as Record<string, { onHand: number } & Edges>;
  expect(data.here!.onHand).toBe(5);
  expect(data.there!.onHand).toBe(12);
  expect(data.hereItem!.onHand).toBe(5);
  expect(data.thereItem!.onHand).toBe(12);
  const onHandOf = (list: Edges, id: number) =>
    list.edges.find((e) => e.node.id === id)?.node.onHand;
  expect(onHandOf(data.hereList!, sku)).toBe(5);
  expect(onHandOf(data.thereList!, sku)).toBe(12);
});

it("finds the default site inside the statement that reads the rows, a named site first", async () => {
  /** The statements a read sent that name the sites table. */
  const siteStatements = async (path: string) => {
    t.queries.length = 0;
    expect((await get<unknown>(path)).status).toBe(200);
    return t.queries.filter((q) => /\bsites\b/.test(q.sql)).map((q) => q.sql);
  };
  for (const path of [`/skus/${sku}`, "/skus", `/supplier-items/${item}`, "/supplier-items"]) {
    // No round trip more than before sites could be named: the rows' statement finds the default.
    const without = await siteStatements(path);
    expect(without).toHaveLength(1);
    expect(without[0]).toContain("is_default");
    // A named site: one small query checks it is the account's; the rows' statement takes its id.
    const named = await siteStatements(withSite(path, store));
    expect(named).toHaveLength(1);
    expect(named[0]).not.toContain("is_default");
  }
});

it("keeps a cursor valid for the same list at another site", async () => {
  const first = await get<Page>(`/skus?limit=1`);
  expect(first.body.data.map((r) => r.id)).toEqual([sku]);
  const next = await get<Page>(`/skus?limit=1&site_id=${store}&cursor=${first.body.next_cursor}`);
  expect(next.status).toBe(200);
  expect(next.body.data).toEqual([expect.objectContaining({ id: never, on_hand: 0 })]);

  const since = "updated_since=2000-01-01";
  const synced = await get<Page>(`/supplier-items?limit=1&${since}`);
  const cursor = encodeURIComponent(synced.body.next_cursor!);
  const later = await get<Page>(
    `/supplier-items?limit=10&${since}&site_id=${store}&cursor=${cursor}`,
  );
  expect(later.status).toBe(200);
  expect(later.body.data).toHaveLength(1);
  expect(later.body.data[0]!.id).not.toBe(synced.body.data[0]!.id);
});

it("reads a deactivated site, which holds nothing", async () => {
  const made = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "OLD", name: "Closed store", active: false },
  });
  expect(made.status).toBe(201);
  expect(made.body.active).toBe(false);
  const old = made.body.id as number;
  expect(await restReads(old)).toEqual(expected({ sku: 0, never: 0, item: 0, linked: 0 }));
  expect(await graphqlReads(old)).toEqual(
    expectedGraphql({ sku: 0, never: 0, item: 0, linked: 0 }),
  );
});

it("refuses a site the account does not have: unknown, or another account's", async () => {
  const stranger = await newAccount(t.db);
  const theirs = await defaultSiteId(t.db, stranger.accountId);
  for (const site of [theirs, 999_999]) {
    for (const path of [
      `/skus/${sku}`,
      "/skus",
      "/skus?q=test",
      "/skus?updated_since=2000-01-01",
      `/supplier-items/${item}`,
      "/supplier-items",
      "/supplier-items?updated_since=2000-01-01",
    ]) {
      const res = await get<{ code: string; errors: unknown[] }>(withSite(path, site));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("SITE_NOT_FOUND");
      expect(res.body.errors).toEqual([
        { code: "SITE_NOT_FOUND", message: `Site ${site} does not exist`, parameter: "site_id" },
      ]);
    }
    for (const field of [
      `sku(id: ${sku}, siteId: ${site}) { onHand }`,
      `skus(siteId: ${site}) { edges { node { onHand } } }`,
      `supplierItem(id: ${item}, siteId: ${site}) { onHand }`,
      `supplierItems(siteId: ${site}) { edges { node { onHand } } }`,
    ]) {
      const res = await postGraphql(t, { query: `{ ${field} }` }, acct.token);
      expect(res.data).toBeNull();
      expect(res.errors).toEqual([
        expect.objectContaining({
          path: [field.slice(0, field.indexOf("("))],
          extensions: expect.objectContaining({ code: "SITE_NOT_FOUND" }),
        }),
      ]);
    }
  }
});

it("finds an entity by barcode with on hand at the site named, over REST and GraphQL", async () => {
  const label = `LBL-SITE-${acct.accountId}`;
  const tagged = await rest(t, "PATCH", `/skus/${sku}`, {
    token: acct.token,
    body: { barcodes: [label] },
  });
  expect(tagged.status).toBe(200);
  const lookup = (site?: number) => get(withSite(`/barcodes/${label}`, site));
  expect((await lookup()).body).toMatchObject({ type: "sku", id: sku, on_hand: 5 });
  expect((await lookup(store)).body).toMatchObject({ type: "sku", id: sku, on_hand: 12 });
  const unknown = await rest(t, "GET", `/barcodes/${label}?site_id=999999999`, {
    token: acct.token,
  });
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe("SITE_NOT_FOUND");

  const viaGraphql = await postGraphql(
    t,
    {
      query: `query ($code: String!, $site: Int) {
        here: lookupBarcode(code: $code) { ... on Sku { id onHand } }
        there: lookupBarcode(code: $code, siteId: $site) { ... on Sku { id onHand } }
      }`,
      variables: { code: label, site: store },
    },
    acct.token,
  );
  expect(viaGraphql.data).toEqual({
    here: { id: sku, onHand: 5 },
    there: { id: sku, onHand: 12 },
  });
});
