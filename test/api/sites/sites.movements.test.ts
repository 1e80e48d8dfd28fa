// Every movement and every stock take names its site: today always the account's default site,
// where all stock is kept (stock at other sites comes with stock per site). The movement list and
// the stock take list narrow to one site; a site the account does not have is its 404, never an
// empty page.
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import {
  SiCreateDocument,
  SiMovementsDocument,
  SiStartDocument,
  SiStockTakesDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let main: number;
let other: number;
let skuId: number;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  main = (await t.db.site.findFirstOrThrow({ where: { accountId: acct.accountId } })).id;
  const created = await gql(
    t,
    SiCreateDocument,
    {
      input: { code: "VAN-1", name: "Van 1" },
    },
    acct.token,
  );
  other = Number(created.data!.createSite.site!.id);
  const sku = await rest<{ id: number }>(t, "POST", "/skus", {
    token: acct.token,
    body: { code: "SITE-MUG", name: "Mug", opening_on_hand: 5 },
  });
  expect(sku.status).toBe(201);
  skuId = sku.body.id;
  const adjusted = await rest(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { on_hand: 7, reason: "found" },
  });
  expect(adjusted.status).toBe(200);
});
afterAll(() => t.close());

interface Movement {
  id: number;
  sku_id: number;
  site_id: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const listed = (query: string, token = acct.token) =>
  rest<{ data: Movement[]; code: string; errors: { parameter: string }[] }>(
    t,
    "GET",
    `/stock/movements?${query}`,
    { token },
  );

test("each movement names the default site, in the list, the adjustment's answer and the event", async () => {
  const all = await listed(`sku_id=${skuId}`);
  expect(all.status).toBe(200);
  expect(all.body.data.map((m) => m.site_id)).toEqual([main, main]);

  const adjusted = await rest<{ movement: Movement }>(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { on_hand: 8, reason: "found" },
  });
  expect(adjusted.body.movement.site_id).toBe(main);

  const events = await rest<{ data: { type: string; data: Record<string, unknown> }[] }>(
    t,
    "GET",
    "/events?limit=100",
    { token: acct.token },
  );
  const changed = events.body.data.filter((e) => e.type === "stock.changed");
  expect(changed.length).toBeGreaterThan(0);
  for (const e of changed) expect(e.data.site_id).toBe(main);
});

test("the list narrows to one site, over REST and GraphQL", async () => {
  const window = `from=${today()}&to=${today()}`;
  const atMain = await listed(`${window}&site_id=${main}`);
  expect(atMain.status).toBe(200);
  expect(atMain.body.data.length).toBeGreaterThanOrEqual(2);
  expect(new Set(atMain.body.data.map((m) => m.site_id))).toEqual(new Set([main]));
  // Nothing has moved at the other site yet.
  const atOther = await listed(`${window}&site_id=${other}`);
  expect(atOther.status).toBe(200);
  expect(atOther.body.data).toEqual([]);
  // With an entity, any window.
  expect((await listed(`sku_id=${skuId}&site_id=${other}`)).body.data).toEqual([]);

  const viaGraphql = await gql(
    t,
    SiMovementsDocument,
    { filter: { skuId, siteId: main } },
    acct.token,
  );
  const nodes = viaGraphql.data!.stockMovements.edges.map((e) => e.node);
  expect(nodes.map((n) => n.id)).toEqual(
    (await listed(`sku_id=${skuId}&site_id=${main}`)).body.data.map((m) => m.id),
  );
  expect(new Set(nodes.map((n) => n.siteId))).toEqual(new Set([main]));
  const none = await gql(t, SiMovementsDocument, { filter: { skuId, siteId: other } }, acct.token);
  expect(none.data!.stockMovements.edges).toEqual([]);
});

test("a site alone does not bound the list: it still needs a window of at most 31 days", async () => {
  const res = await listed(`site_id=${main}&from=2026-01-01&to=2026-03-01`);
  expect(res.status).toBe(422);
});

test("another account's site, or none by that id, is SITE_NOT_FOUND", async () => {
  const stranger = await newAccount(t.db);
  const theirs = (await t.db.site.findFirstOrThrow({ where: { accountId: stranger.accountId } }))
    .id;
  for (const id of [theirs, 999_999]) {
    const res = await listed(`sku_id=${skuId}&site_id=${id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SITE_NOT_FOUND");
    expect(res.body.errors.map((e) => e.parameter)).toEqual(["site_id"]);
    const viaGraphql = await gql(
      t,
      SiMovementsDocument,
      { filter: { skuId, siteId: id } },
      acct.token,
    );
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe("SITE_NOT_FOUND");
  }
});

test("a cursor of a query naming no site keeps working, and one naming a site is its own", async () => {
  const first = await rest<{ next_cursor: string; data: Movement[] }>(
    t,
    "GET",
    `/stock/movements?sku_id=${skuId}&limit=1`,
    { token: acct.token },
  );
  expect(first.body.next_cursor).toBeTruthy();
  const next = await listed(`sku_id=${skuId}&limit=1&cursor=${first.body.next_cursor}`);
  expect(next.status).toBe(200);
  const crossed = await listed(
    `sku_id=${skuId}&limit=1&site_id=${main}&cursor=${first.body.next_cursor}`,
  );
  expect(crossed.status).toBe(400);
});

test("a stock take names its site, in its answer and its events", async () => {
  const started = await gql(
    t,
    SiStartDocument,
    { input: { scope: { skuIds: [skuId] } } },
    acct.token,
  );
  const take = started.data!.startStockTake.stockTake!;
  expect(take.siteId).toBe(main);
  const read = await rest<{ site_id: number }>(t, "GET", `/stock-takes/${take.id}`, {
    token: acct.token,
  });
  expect(read.body.site_id).toBe(main);
  const events = await rest<{ data: { type: string; data: Record<string, unknown> }[] }>(
    t,
    "GET",
    "/events?limit=100",
    { token: acct.token },
  );
  const startedEvent = events.body.data.find(
    (e) => e.type === "stock_take.started" && e.data.id === take.id,
  );
  expect(startedEvent?.data.site_id).toBe(main);
  await rest(t, "POST", `/stock-takes/${take.id}/cancel`, { token: acct.token, body: {} });
});

test("the stock take list narrows to one site, over REST and GraphQL", async () => {
  const started = await gql(
    t,
    SiStartDocument,
    { input: { scope: { skuIds: [skuId] }, reference: "by site" } },
    acct.token,
  );
  const id = started.data!.startStockTake.stockTake!.id;
  try {
    const atMain = await rest<{ data: { id: number; site_id: number }[] }>(
      t,
      "GET",
      `/stock-takes?site_id=${main}`,
      { token: acct.token },
    );
    expect(atMain.status).toBe(200);
    expect(atMain.body.data.map((s) => s.id)).toContain(id);
    expect(new Set(atMain.body.data.map((s) => s.site_id))).toEqual(new Set([main]));
    const atOther = await rest<{ data: unknown[] }>(t, "GET", `/stock-takes?site_id=${other}`, {
      token: acct.token,
    });
    expect(atOther.body.data).toEqual([]);
    const viaGraphql = await gql(t, SiStockTakesDocument, { siteId: main }, acct.token);
    expect(viaGraphql.data!.stockTakes.edges.map((e) => e.node.id)).toEqual(
      atMain.body.data.map((s) => s.id),
    );
    const none = await gql(t, SiStockTakesDocument, { siteId: other }, acct.token);
    expect(none.data!.stockTakes.edges).toEqual([]);

    const stranger = await newAccount(t.db);
    const theirs = (await t.db.site.findFirstOrThrow({ where: { accountId: stranger.accountId } }))
      .id;
    for (const unknown of [theirs, 999_999]) {
      const res = await rest<{ code: string; errors: { parameter: string }[] }>(
        t,
        "GET",
        `/stock-takes?site_id=${unknown}`,
        { token: acct.token },
      );
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("SITE_NOT_FOUND");
      expect(res.body.errors.map((e) => e.parameter)).toEqual(["site_id"]);
      const refused = await gql(t, SiStockTakesDocument, { siteId: unknown }, acct.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe("SITE_NOT_FOUND");
    }
  } finally {
    await rest(t, "POST", `/stock-takes/${id}/cancel`, { token: acct.token, body: {} });
  }
});
