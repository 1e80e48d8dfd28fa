// Stock is kept per site, and a request naming no site means the default site's stock: once the
// default has moved to a new site, a single adjustment sets that site's stock (its level made
// there on the way, the token charged once) and leaves the old site's as it was.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { createSku, ledgerProblems } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const level = async (accountId: number, siteId: number, skuId: number) =>
  (
    await t.db.$queryRaw<{ on_hand: string }[]>`
      SELECT trim_scale(on_hand)::text AS on_hand FROM sku_stock
      WHERE account_id = ${accountId} AND site_id = ${siteId} AND sku_id = ${skuId}`
  ).map((r) => r.on_hand);

it("sets the new default site's stock after the default moves, charging the token once", async () => {
  const acct = await newAccount(t.db);
  // A bucket that does not refill within the test: what each request takes shows.
  const { token } = await createToken(t.db, {
    accountId: acct.accountId,
    name: "device",
    rateLimit: { perSecond: 0.001, burst: 10 },
  });
  const sku = await createSku(t, acct.token, 5);
  const patch = (onHand: number) =>
    rest(t, "PATCH", `/skus/${sku}`, { token, body: { on_hand: onHand, reason: "found" } });

  const before = await patch(6);
  expect(before.status).toBe(200);
  const main = before.body.movement.site_id as number;
  const charged = Number(before.headers.get("ratelimit-remaining"));

  const store = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE-2", name: "Second store", is_default: true },
  });
  expect(store.status).toBe(201);
  const site = store.body.id as number;
  // Nothing there yet: the SKU reads 0 at the new default.
  expect((await rest(t, "GET", `/skus/${sku}`, { token: acct.token })).body.on_hand).toBe(0);

  const after = await patch(2);
  expect(after.status).toBe(200);
  expect(after.body.on_hand).toBe(2);
  expect(after.body.movement).toMatchObject({
    site_id: site,
    quantity_before: 0,
    quantity_after: 2,
  });
  expect(Number(after.headers.get("ratelimit-remaining"))).toBe(charged - 1);
  // What the bucket holds now, as the next request finds it: one unit gone for the adjustment.
  const read = await rest(t, "GET", `/skus/${sku}`, { token });
  expect(read.body.on_hand).toBe(2);
  expect(Number(read.headers.get("ratelimit-remaining"))).toBe(charged - 2);
  expect(await level(acct.accountId, site, sku)).toEqual(["2"]);
  expect(await level(acct.accountId, main, sku)).toEqual(["6"]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});
