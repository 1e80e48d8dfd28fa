// A transfer's own events: dispatched when it is made, received at each receipt (in part, then
// in full, its status saying which), cancelled; a one-step transfer's dispatch and receipt. The
// feed of a token limited to sites shows a transfer's events when either of its sites is the
// token's, and none of a transfer between two other sites.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";
import { createSku } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (acct: TestAccount, path: string, body?: unknown) =>
  rest(t, "POST", path, { token: acct.token, body });

/** The transfer events a token reads in the feed, as (type, id, status). */
async function transferEvents(token: string): Promise<[string, number, string][]> {
  const feed = await rest(
    t,
    "GET",
    "/events?types=transfer.dispatched,transfer.received,transfer.cancelled&limit=100",
    {
      token,
    },
  );
  expect(feed.status).toBe(200);
  return (feed.body.data as { type: string; data: { id: number; status: string } }[]).map((e) => [
    e.type,
    e.data.id,
    e.data.status,
  ]);
}

it("writes dispatched, each receipt and cancelled, each with the transfer's record", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const sku = await createSku(t, acct.token, 20);

  const sent = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    reference: "DN-7",
    lines: [{ type: "sku", id: sku, qty: 6 }],
  });
  expect(sent.status).toBe(201);
  const id = sent.body.id as number;
  await post(acct, `/transfers/${id}/receive`, { lines: [{ type: "sku", id: sku, qty: 2 }] });
  await post(acct, `/transfers/${id}/receive`, {});
  const other = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: sku, qty: 1 }],
  });
  await post(acct, `/transfers/${other.body.id}/cancel`);
  const oneStep = await post(acct, "/transfers", {
    from_site_id: store,
    to_site_id: home,
    receive: true,
    lines: [{ type: "sku", id: sku, qty: 1 }],
  });
  expect(oneStep.status).toBe(201);

  expect(await transferEvents(acct.token)).toEqual([
    ["transfer.dispatched", id, "in_transit"],
    ["transfer.received", id, "in_transit"],
    ["transfer.received", id, "received"],
    ["transfer.dispatched", other.body.id, "in_transit"],
    ["transfer.cancelled", other.body.id, "cancelled"],
    ["transfer.dispatched", oneStep.body.id, "in_transit"],
    ["transfer.received", oneStep.body.id, "received"],
  ]);
  const [first] = await t.db.event.findMany({
    where: { accountId: acct.accountId, type: "transfer.dispatched" },
    orderBy: { id: "asc" },
    take: 1,
  });
  expect(first?.data).toEqual({
    id,
    status: "in_transit",
    from_site_id: home,
    to_site_id: store,
    reference: "DN-7",
    line_count: 1,
    created_at: sent.body.created_at,
    updated_at: sent.body.updated_at,
    closed_at: null,
  });
});

it("shows a limited token the transfers that start or end at its sites, and no others", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const store = await newSite(t, acct, "STORE");
  const depot = await newSite(t, acct, "DEPOT");
  const sku = await createSku(t, acct.token, 20);
  const tokenAt = async (site: number) =>
    (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: `at ${site}`,
        scopes: ["read"],
        siteIds: [site],
      })
    ).token;
  const toStore = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: store,
    lines: [{ type: "sku", id: sku, qty: 3 }],
  });
  const toDepot = await post(acct, "/transfers", {
    from_site_id: home,
    to_site_id: depot,
    lines: [{ type: "sku", id: sku, qty: 4 }],
  });
  expect([toStore.status, toDepot.status]).toEqual([201, 201]);

  expect(await transferEvents(await tokenAt(store))).toEqual([
    ["transfer.dispatched", toStore.body.id, "in_transit"],
  ]);
  expect(await transferEvents(await tokenAt(depot))).toEqual([
    ["transfer.dispatched", toDepot.body.id, "in_transit"],
  ]);
  expect((await transferEvents(await tokenAt(home))).map((e) => e[1])).toEqual([
    toStore.body.id,
    toDepot.body.id,
  ]);
});
