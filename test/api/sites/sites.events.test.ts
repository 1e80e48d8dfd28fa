// Events by site: a webhook taking the events of some sites is given only those that name one of
// them, and every event naming no site (the catalog's); narrowing its sites drops the pending
// deliveries of the others; the stockChanged subscription filters by site too. A site the account
// does not have is SITE_NOT_FOUND, and nothing is made or changed.
import { startWebhookWorker } from "../../../src/modules/webhook/webhook.worker.js";
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import {
  setAsideEarlierEndpoints,
  startReceiver,
  TEST_WORKER_OPTIONS,
  type Receiver,
} from "../../helpers/receiver.js";
import { createSku } from "../../helpers/stock.js";
import { subscribe, wsConnect } from "../../helpers/subscriptions.js";

const OPTIONS = TEST_WORKER_OPTIONS;

let t: TestApp;
let worker: ReturnType<typeof startWebhookWorker>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.db.$queryRaw`SELECT 1`;
  await setAsideEarlierEndpoints(t.db);
  worker = startWebhookWorker(t.db, OPTIONS, { warn: () => {} });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await Promise.all(receivers.map((r) => r.close()));
});

interface Chain extends TestAccount {
  main: number;
  van: number;
}

async function chain(): Promise<Chain> {
  const acct = await newAccount(t.db);
  const van = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "VAN-1", name: "Van" },
  });
  expect(van.status).toBe(201);
  return { ...acct, main: await defaultSiteId(t.db, acct.accountId), van: van.body.id };
}

async function hook(acct: TestAccount, body: Record<string, unknown>) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await rest(t, "POST", "/webhooks", {
    token: acct.token,
    body: { url: receiver.url, ...body },
  });
  expect(res.status).toBe(201);
  return { receiver, id: res.body.id as number, answer: res.body };
}

const typesOf = (got: { body: string }[]) =>
  got.map((r) => {
    const p = JSON.parse(r.body) as { type: string; data: { site_id?: number } };
    return [p.type, p.data.site_id ?? null];
  });

it("delivers to a webhook the events of its sites and those naming none", async () => {
  const acct = await chain();
  const types = ["stock.changed", "sku.created"];
  const atVan = await hook(acct, { event_types: types, site_ids: [acct.van] });
  const atMain = await hook(acct, { event_types: types, site_ids: [acct.main] });
  const everywhere = await hook(acct, { event_types: types });
  expect(atVan.answer.site_ids).toEqual([acct.van]);
  expect(everywhere.answer.site_ids).toBeNull();

  // A SKU made with stock: sku.created (no site), then stock.changed at the default site; a
  // second SKU made without stock after them marks the end of what was sent.
  await createSku(t, acct.token, 5);
  await createSku(t, acct.token, 0);

  expect(typesOf(await atMain.receiver.waitFor(3))).toEqual([
    ["sku.created", null],
    ["stock.changed", acct.main],
    ["sku.created", null],
  ]);
  expect(typesOf(await everywhere.receiver.waitFor(3))).toHaveLength(3);
  // In feed order: the second sku.created arrives only once the change at the default site was
  // passed over.
  expect(typesOf(await atVan.receiver.waitFor(2))).toEqual([
    ["sku.created", null],
    ["sku.created", null],
  ]);
});

it("delivers a transfer's events to a webhook taking either of its sites", async () => {
  const acct = await chain();
  const depot = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "DEPOT", name: "Depot" },
  });
  const types = ["transfer.dispatched", "sku.created"];
  const atVan = await hook(acct, { event_types: types, site_ids: [acct.van] });
  const sku = await createSku(t, acct.token, 5);
  const send = (to: number) =>
    rest(t, "POST", "/transfers", {
      token: acct.token,
      body: { from_site_id: acct.main, to_site_id: to, lines: [{ type: "sku", id: sku, qty: 1 }] },
    });
  const toDepot = await send(depot.body.id);
  const toVan = await send(acct.van);
  expect([toDepot.status, toVan.status]).toEqual([201, 201]);
  await createSku(t, acct.token, 0);

  const got = (await atVan.receiver.waitFor(3)).map((r) => {
    const p = JSON.parse(r.body) as { type: string; data: { id: number; to_site_id?: number } };
    return [p.type, p.data.to_site_id ?? null];
  });
  expect(got).toEqual([
    ["sku.created", null],
    ["transfer.dispatched", acct.van],
    ["sku.created", null],
  ]);
});

it("drops the pending deliveries of sites a webhook no longer takes, and null takes every site again", async () => {
  const acct = await chain();
  const failing = await hook(acct, { event_types: ["stock.changed"] });
  failing.receiver.answers.push(...Array.from({ length: 100 }, () => ({ status: 503 })));
  await createSku(t, acct.token, 5);
  await failing.receiver.waitFor(1);
  const pending = async () =>
    (
      await rest(t, "GET", `/webhooks/${failing.id}/deliveries`, { token: acct.token })
    ).body.data.filter((d: { status: string }) => d.status === "pending").length;
  expect(await pending()).toBe(1);

  const narrowed = await rest(t, "PATCH", `/webhooks/${failing.id}`, {
    token: acct.token,
    body: { site_ids: [acct.van] },
  });
  expect(narrowed.status).toBe(200);
  expect(narrowed.body.site_ids).toEqual([acct.van]);
  expect(await pending()).toBe(0);

  const widened = await rest(t, "PATCH", `/webhooks/${failing.id}`, {
    token: acct.token,
    body: { site_ids: null },
  });
  expect(widened.body.site_ids).toBeNull();
});

it("refuses a site the account does not have, and an empty list, making nothing", async () => {
  const acct = await chain();
  const other = await chain();
  const receiver = await startReceiver();
  receivers.push(receiver);
  for (const site of [other.main, other.van, 999_999]) {
    const made = await rest(t, "POST", "/webhooks", {
      token: acct.token,
      body: { url: receiver.url, event_types: ["stock.changed"], site_ids: [acct.main, site] },
    });
    expect(made.status).toBe(404);
    expect(made.body.code).toBe("SITE_NOT_FOUND");
    expect(made.body.errors).toEqual([expect.objectContaining({ pointer: "/site_ids/1" })]);
  }
  // The list as sent is pointed into, repeats and all.
  const repeated = await rest(t, "POST", "/webhooks", {
    token: acct.token,
    body: {
      url: receiver.url,
      event_types: ["stock.changed"],
      site_ids: [acct.main, acct.main, 999_999],
    },
  });
  expect(repeated.status).toBe(404);
  expect(repeated.body.errors).toEqual([expect.objectContaining({ pointer: "/site_ids/2" })]);
  const empty = await rest(t, "POST", "/webhooks", {
    token: acct.token,
    body: { url: receiver.url, event_types: ["stock.changed"], site_ids: [] },
  });
  expect(empty.status).toBe(400);
  const listed = await rest(t, "GET", "/webhooks", { token: acct.token });
  expect(listed.body.data).toEqual([]);

  const { id } = await hook(acct, { event_types: ["stock.changed"] });
  const moved = await rest(t, "PATCH", `/webhooks/${id}`, {
    token: acct.token,
    body: { site_ids: [other.van] },
  });
  expect(moved.status).toBe(404);
  expect((await rest(t, "GET", `/webhooks/${id}`, { token: acct.token })).body.site_ids).toBeNull();
});

it("takes siteIds over GraphQL", async () => {
  const acct = await chain();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await postGraphql(
    t,
    {
      query: `mutation($url: String!, $site: Int!) {
        createWebhook(input: { url: $url, eventTypes: ["stock.changed"], siteIds: [$site] }) {
          webhook { siteIds } userErrors { code }
        }
      }`,
      variables: { url: receiver.url, site: acct.van },
    },
    acct.token,
  );
  expect(res.errors).toBeUndefined();
  expect((res.data as { createWebhook: unknown }).createWebhook).toEqual({
    webhook: { siteIds: [acct.van] },
    userErrors: [],
  });
});

it("sends a stockChanged subscriber the changes at its sites only", async () => {
  const acct = await chain();
  const other = await chain();
  const client = wsConnect(t.baseUrl, `Bearer ${acct.token}`);
  try {
    const document = `subscription ($siteIds: [Int!]) {
      stockChanged(siteIds: $siteIds) { skuId siteId quantityAfter }
    }`;
    const atMain = subscribe<{ stockChanged: { siteId: number } }>(client, document, {
      siteIds: [acct.main],
    });
    const atVan = subscribe(client, document, { siteIds: [acct.van] });
    const foreign = subscribe(client, document, { siteIds: [other.van] });
    expect(await foreign.next(1)).toEqual([
      expect.objectContaining({
        errors: [expect.objectContaining({ extensions: { code: "SITE_NOT_FOUND" } })],
      }),
    ]);
    // The subscriptions are in place once the server has read the feed.
    await new Promise((r) => setTimeout(r, 400));
    await createSku(t, acct.token, 3);
    await createSku(t, acct.token, 4);
    const got = await atMain.next(2);
    expect(got.map((r) => r.data?.stockChanged.siteId)).toEqual([acct.main, acct.main]);
    await new Promise((r) => setTimeout(r, 300));
    expect(atVan.results).toEqual([]);
  } finally {
    await client.dispose();
  }
});

it("replays a webhook made before webhooks took sites as taking every site", async () => {
  const acct = await chain();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const send = () =>
    rest(t, "POST", "/webhooks", {
      token: acct.token,
      headers: { "idempotency-key": "hook-before-sites" },
      body: { url: receiver.url, event_types: ["stock.changed"] },
    });
  const first = await send();
  expect(first.status).toBe(201);
  // As the version before sites stored it: no siteIds.
  await t.db
    .$executeRaw`UPDATE idempotency_keys SET response_body = (response_body::jsonb - 'siteIds')::json
    WHERE account_id = ${acct.accountId} AND key = 'hook-before-sites'`;
  const replayed = await send();
  expect(replayed.status).toBe(201);
  expect(replayed.body).toEqual(first.body);
});
