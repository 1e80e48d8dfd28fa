// A stock take can be started at a named site (REST site_id, GraphQL siteId; the default site
// when absent): it freezes that site's stock, takes that site's due SKUs, and its reconcile
// changes that site's stock alone. An entity is in at most one open stock take per site, so
// stock takes at two sites may count the same SKU at once. A site the account does not have is
// 404 SITE_NOT_FOUND, a deactivated one 409 SITE_INACTIVE, and nothing is written; a start and
// a deactivation of its site are served one after the other.
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { startAsSent } from "../../../src/modules/stock-take/stock-take.sent.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { fingerprint } from "../../helpers/fingerprint.js";
import { holdLock } from "../../helpers/locks.js";
import { createSku, ledgerProblems } from "../../helpers/stock.js";
import { count, stockTakeClient } from "../../helpers/stock-takes.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Shop extends TestAccount {
  sku: number;
  main: number;
  store: number;
  api: ReturnType<typeof stockTakeClient>;
}

/** An account with one SKU holding 5 at its default site, and a second site holding none. */
async function shop(): Promise<Shop> {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 5);
  const store = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE-2", name: "Second store" },
  });
  expect(store.status).toBe(201);
  return {
    ...acct,
    sku,
    main: await defaultSiteId(t.db, acct.accountId),
    store: store.body.id as number,
    api: stockTakeClient(t, acct.token),
  };
}

/** The SKU's level at a site, as stored ([] when the site never held it). */
const level = async (accountId: number, siteId: number, skuId: number) =>
  (
    await t.db.$queryRaw<{ on_hand: string }[]>`
      SELECT trim_scale(on_hand)::text AS on_hand FROM sku_stock
      WHERE account_id = ${accountId} AND site_id = ${siteId} AND sku_id = ${skuId}`
  ).map((r) => r.on_hand);

/** Counts the SKU's line, accepts it and reconciles the stock take. */
async function countAndReconcile(s: Shop, take: number, counted: number) {
  expect(
    (await s.api.input(take, { counts: [count({ type: "sku", id: s.sku }, counted)] })).status,
  ).toBe(200);
  expect((await s.api.accept(take, { lines: [{ type: "sku", id: s.sku }] })).status).toBe(200);
  const reconciled = await s.api.reconcile(take);
  expect(reconciled.status).toBe(200);
  return reconciled;
}

/** Everything the account holds, but the token's rate bucket its own requests draw on. */
const everything = (accountId: number) =>
  fingerprint(t.db, accountId, { leaveOut: ["api_token_buckets"] });

/** A deactivated site of the account (made so), its id. */
async function closedSite(s: { token: string }): Promise<number> {
  const res = await rest(t, "POST", "/sites", {
    token: s.token,
    body: { code: "OLD", name: "Closed store", active: false },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

it("freezes, counts and reconciles the stock of the site it is started at", async () => {
  const s = await shop();
  // The second site's stock is made by a stock take there (the adjustment API names no site
  // yet): it held nothing, so its line expects 0 whatever the default site holds.
  const first = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store });
  expect(first.status).toBe(201);
  expect(first.body.site_id).toBe(s.store);
  expect(first.body.lines).toEqual([expect.objectContaining({ id: s.sku, expected_qty: 0 })]);
  await countAndReconcile(s, first.body.id, 9);
  expect(await level(s.accountId, s.store, s.sku)).toEqual(["9"]);

  const second = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store });
  expect(second.status).toBe(201);
  expect(second.body.site_id).toBe(s.store);
  expect(second.body.lines).toEqual([expect.objectContaining({ id: s.sku, expected_qty: 9 })]);
  const reconciled = await countAndReconcile(s, second.body.id, 7);
  expect(reconciled.body.applied).toEqual([
    expect.objectContaining({ id: s.sku, expected_qty: 9, counted_qty: 7, difference: -2 }),
  ]);

  expect(await level(s.accountId, s.store, s.sku)).toEqual(["7"]);
  expect(await level(s.accountId, s.main, s.sku)).toEqual(["5"]);
  // A request naming no site reads the default site's stock, as before.
  expect((await rest(t, "GET", `/skus/${s.sku}`, { token: s.token })).body.on_hand).toBe(5);
  const movements = await rest(t, "GET", `/stock/movements?sku_id=${s.sku}&source=stock_take`, {
    token: s.token,
  });
  expect(movements.body.data).toEqual([
    expect.objectContaining({ site_id: s.store, quantity_before: 9, quantity_after: 7 }),
    expect.objectContaining({ site_id: s.store, quantity_before: 0, quantity_after: 9 }),
  ]);
  expect(await ledgerProblems(t.db, s.accountId)).toEqual([]);
});

it("lets stock takes at two sites count the same SKU at once, and refuses a second at one site", async () => {
  const s = await shop();
  const atMain = await s.api.start({ scope: { sku_ids: [s.sku] } });
  expect(atMain.status).toBe(201);
  expect(atMain.body.site_id).toBe(s.main);
  const atStore = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store });
  expect(atStore.status).toBe(201);
  expect(atStore.body.site_id).toBe(s.store);

  for (const [site, holder] of [
    [s.main, atMain.body.id],
    [s.store, atStore.body.id],
  ] as const) {
    const again = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: site });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("STOCK_TAKE_OVERLAP");
    expect(again.body.errors).toEqual([
      {
        pointer: "/scope/sku_ids/0",
        code: "STOCK_TAKE_OVERLAP",
        message: `sku ${s.sku} is already in stock take ${holder}`,
      },
    ]);
  }
  const open = await rest(t, "GET", "/stock-takes?status=open", { token: s.token });
  expect((open.body.data as { id: number }[]).map((x) => x.id).sort()).toEqual(
    [atMain.body.id, atStore.body.id].sort(),
  );

  // A change of the default site's stock moves what the default site's stock take counts only.
  expect(
    (
      await rest(t, "PATCH", `/skus/${s.sku}`, {
        token: s.token,
        body: { on_hand: 4, reason: "correction" },
      })
    ).status,
  ).toBe(200);
  expect((await s.api.lines(atMain.body.id)).body.data).toEqual([
    expect.objectContaining({ id: s.sku, moved_since_freeze: true }),
  ]);
  expect((await s.api.lines(atStore.body.id)).body.data).toEqual([
    expect.objectContaining({ id: s.sku, moved_since_freeze: false }),
  ]);
});

it("takes what is due at its own site, leaving out what that site's open stock takes count", async () => {
  const s = await shop();
  // Class A and never counted: due at both sites.
  for (const site of [s.main, s.store]) {
    const classed = await rest(t, "PUT", `/skus/${s.sku}/cycle-count`, {
      token: s.token,
      body: { count_class: "A", site_id: site },
    });
    expect(classed.status).toBe(200);
  }
  const due = { scope: { due: true } };
  const atMain = await s.api.start(due);
  expect(atMain.status).toBe(201);
  expect(atMain.body.lines).toEqual([expect.objectContaining({ id: s.sku })]);
  // Still due at the store: the stock take counting it is the default site's.
  const atStore = await s.api.start({ ...due, site_id: s.store });
  expect(atStore.status).toBe(201);
  expect(atStore.body.site_id).toBe(s.store);
  expect(atStore.body.lines).toEqual([expect.objectContaining({ id: s.sku, expected_qty: 0 })]);
  // Now counted at both: nothing is left to take at either.
  for (const body of [due, { ...due, site_id: s.store }]) {
    const nothing = await s.api.start(body);
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scope", message: "the scope is empty" }),
    ]);
  }
});

it("refuses a site the account does not have or has deactivated, writing nothing", async () => {
  const s = await shop();
  const other = await shop();
  const closed = await closedSite(s);
  const before = await everything(s.accountId);
  const key = { "idempotency-key": "start-at-a-closed-site" };

  for (const site of [999_999, other.store, other.main]) {
    const res = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: site }, key);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SITE_NOT_FOUND");
    expect(res.body.errors).toEqual([
      { pointer: "/site_id", code: "SITE_NOT_FOUND", message: `Site ${site} does not exist` },
    ]);
  }
  const inactive = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: closed }, key);
  expect(inactive.status).toBe(409);
  expect(inactive.body.code).toBe("SITE_INACTIVE");
  expect(inactive.body.errors).toEqual([
    { pointer: "/site_id", code: "SITE_INACTIVE", message: `site ${closed} is deactivated` },
  ]);
  expect(await everything(s.accountId)).toEqual(before);

  // The refusals kept no answer under the key: once the site is active the same request starts.
  const reopened = await rest(t, "PATCH", `/sites/${closed}`, {
    token: s.token,
    body: { active: true },
  });
  expect(reopened.status).toBe(200);
  const started = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: closed }, key);
  expect(started.status).toBe(201);
  expect(started.body.site_id).toBe(closed);
});

it("keeps the site in the idempotency fingerprint only when it is sent", async () => {
  const s = await shop();
  const key = { "idempotency-key": "start-fingerprint" };
  const first = await s.api.start({ scope: { sku_ids: [s.sku] } }, key);
  expect(first.status).toBe(201);
  // A start naming no site is fingerprinted as before sites could be named (no siteId at all),
  // so a retry of a start stored by an earlier version still replays its answer.
  const data = { scope: { skuIds: [s.sku] } };
  const asBefore = {
    scope: { skuIds: [s.sku], supplierItemIds: null },
    reference: null,
    note: null,
    blind: null,
    basis: null,
  };
  expect(startAsSent(data)).toStrictEqual(asBefore);
  expect(startAsSent({ ...data, siteId: null })).toStrictEqual(asBefore);
  expect(startAsSent({ ...data, siteId: s.store })).toStrictEqual({ ...asBefore, siteId: s.store });
  const replayed = await s.api.start({ scope: { sku_ids: [s.sku] } }, key);
  expect(replayed.status).toBe(201);
  expect(replayed.body.id).toBe(first.body.id);
  // Naming a site, even the default, is another request.
  const named = await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.main }, key);
  expect(named.status).toBe(422);
  expect(named.body.code).toBe("IDEMPOTENCY_KEY_REUSED");

  const atStore = { scope: { sku_ids: [s.sku] }, site_id: s.store };
  const storeKey = { "idempotency-key": "start-at-store" };
  const made = await s.api.start(atStore, storeKey);
  expect(made.status).toBe(201);
  expect((await s.api.start(atStore, storeKey)).body.id).toBe(made.body.id);
  const elsewhere = await s.api.start({ scope: { sku_ids: [s.sku] } }, storeKey);
  expect(elsewhere.status).toBe(422);
  expect(elsewhere.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
});

it("starts at a named site over GraphQL, with the same refusals as userErrors", async () => {
  const s = await shop();
  const other = await shop();
  const closed = await closedSite(s);
  await countAndReconcile(
    s,
    (await s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store })).body.id,
    9,
  );
  const start = (siteId: number) =>
    postGraphql(
      t,
      {
        query: `mutation ($sku: Int!, $site: Int) {
          startStockTake(input: { scope: { skuIds: [$sku] }, siteId: $site }) {
            stockTake { siteId lines { edges { node { id expectedQty } } } }
            userErrors { code field }
          }
        }`,
        variables: { sku: s.sku, site: siteId },
      },
      s.token,
    );

  const started = await start(s.store);
  expect(started.data).toEqual({
    startStockTake: {
      stockTake: { siteId: s.store, lines: { edges: [{ node: { id: s.sku, expectedQty: 9 } }] } },
      userErrors: [],
    },
  });
  // The store's stock take holds the SKU there; the default site may still count it.
  expect(((await start(s.store)).data as { startStockTake: unknown }).startStockTake).toEqual({
    stockTake: null,
    userErrors: [{ code: "STOCK_TAKE_OVERLAP", field: ["scope", "skuIds", "0"] }],
  });
  expect(((await start(s.main)).data as { startStockTake: unknown }).startStockTake).toEqual({
    stockTake: { siteId: s.main, lines: { edges: [{ node: { id: s.sku, expectedQty: 5 } }] } },
    userErrors: [],
  });

  const before = await everything(s.accountId);
  for (const [site, code] of [
    [999_999, "SITE_NOT_FOUND"],
    [other.store, "SITE_NOT_FOUND"],
    [closed, "SITE_INACTIVE"],
  ] as const) {
    expect((await start(site)).data).toEqual({
      startStockTake: { stockTake: null, userErrors: [{ code, field: ["siteId"] }] },
    });
  }
  expect(await everything(s.accountId)).toEqual(before);
});

it("makes a deactivation of the site wait for a start there in progress, which then holds it", async () => {
  // The start is held on a SKU of its scope (locked here) after it has checked its site.
  // Without the start's hold on the site, the deactivation passes before the stock take
  // commits, which then lands at a deactivated site.
  const s = await shop();
  const lock = await holdLock(
    databaseUrl(),
    "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE",
    [s.accountId, s.sku],
  );
  let started: Promise<{ status: number; body: { site_id: number } }> | undefined;
  let deactivated: Promise<{ status: number; body: { code?: string } }> | undefined;
  try {
    started = s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store });
    await lock.waiters(1);
    deactivated = rest(t, "PATCH", `/sites/${s.store}`, {
      token: s.token,
      body: { active: false },
    });
    // Either the deactivation waits behind the start (two waiting in the chain) or it has passed.
    await Promise.race([lock.waiters(2), deactivated]);
  } finally {
    await lock.release();
  }
  const take = await started!;
  expect(take.status).toBe(201);
  expect(take.body.site_id).toBe(s.store);
  const refused = await deactivated!;
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("SITE_IN_USE");
  expect((await rest(t, "GET", `/sites/${s.store}`, { token: s.token })).body.active).toBe(true);
});

it("refuses a start that waited for a deactivation of its site", async () => {
  // The deactivation is held on the site's row (locked here) while it holds the account's
  // sites; the start waits for it and then finds the site deactivated.
  const s = await shop();
  const before = await everything(s.accountId);
  const lock = await holdLock(
    databaseUrl(),
    "SELECT 1 FROM sites WHERE account_id = $1 AND id = $2 FOR UPDATE",
    [s.accountId, s.store],
  );
  let deactivated: Promise<{ status: number; body: { active: boolean } }> | undefined;
  let started: Promise<{ status: number; body: { code?: string } }> | undefined;
  try {
    deactivated = rest(t, "PATCH", `/sites/${s.store}`, {
      token: s.token,
      body: { active: false },
    });
    await lock.waiters(1);
    started = s.api.start({ scope: { sku_ids: [s.sku] }, site_id: s.store });
    await Promise.race([lock.waiters(2), started]);
  } finally {
    await lock.release();
  }
  const done = await deactivated!;
  expect(done.status).toBe(200);
  expect(done.body.active).toBe(false);
  const refused = await started!;
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("SITE_INACTIVE");
  const after = await everything(s.accountId);
  // The deactivation changed the site (and recorded its event); the start wrote nothing.
  expect(after.stock_takes).toEqual(before.stock_takes);
  expect(after.stock_take_lines).toEqual(before.stock_take_lines);
});
