// Stock is kept per site, and a request naming no site means the default site's stock: once the
// default has moved to a new site, a single adjustment sets that site's stock (its level made
// there on the way, the token charged once) and leaves the old site's as it was.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { createSku, ledgerProblems } from "../../helpers/stock.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { count, stockTakeClient } from "../../helpers/stock-takes.js";

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

it("reconciles a stock take into its own site's stock after the default moves to another site", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 5);
  const takes = stockTakeClient(t, acct.token);
  const started = await takes.start({ scope: { sku_ids: [sku] } });
  expect(started.status).toBe(201);
  const take = started.body.id as number;
  const main = started.body.site_id as number;
  const store = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE-3", name: "Third store", is_default: true },
  });
  expect(store.status).toBe(201);
  // Stock at the new default that the stock take must not count, compare or change.
  const elsewhere = await rest(t, "PATCH", `/skus/${sku}`, {
    token: acct.token,
    body: { on_hand: 40, reason: "received" },
  });
  expect(elsewhere.body.movement.site_id).toBe(store.body.id);

  const counted = await takes.input(take, { counts: [count({ type: "sku", id: sku }, 3)] });
  expect(counted.body.lines).toEqual([
    expect.objectContaining({ id: sku, expected_qty: 5, counted_qty: 3, difference: -2 }),
  ]);
  // The change at the other site is not a move of what this stock take counts.
  expect((await takes.lines(take)).body.data).toEqual([
    expect.objectContaining({ id: sku, expected_qty: 5, moved_since_freeze: false }),
  ]);
  expect((await takes.accept(take, { lines: [{ type: "sku", id: sku }] })).status).toBe(200);
  const reconciled = await takes.reconcile(take);
  expect(reconciled.status).toBe(200);
  expect(await level(acct.accountId, main, sku)).toEqual(["3"]);
  expect(await level(acct.accountId, store.body.id, sku)).toEqual(["40"]);
  const movements = await rest(t, "GET", `/stock/movements?sku_id=${sku}&source=stock_take`, {
    token: acct.token,
  });
  expect(movements.body.data).toEqual([
    expect.objectContaining({ site_id: main, quantity_before: 5, quantity_after: 3 }),
  ]);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});
