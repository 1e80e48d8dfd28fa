// Adjustments at a named site: a single SKU's (one statement, or with a key in a transaction), a
// supplier item's and a bulk one set that site's stock and leave the others' as they were; an
// unknown site, another account's, or a deactivated one is refused with nothing written; a site
// holding stock is not deactivated; a deactivation in progress is waited for, and then refuses a
// change of stock there.
import pg from "pg";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { newSite } from "../../helpers/sites.js";
import { createSku, createSupplierItem, ledgerProblems } from "../../helpers/stock.js";
import { settled } from "../../helpers/start-lock.js";
import { SiAdjBulkDocument, SiAdjSkuDocument } from "../generated/graphql.js";
import { SITE_LOCK_CLASS } from "../../../src/db/locks.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An item's level at a site, as stored ([] when it has none). */
const level = async (
  acct: TestAccount,
  siteId: number,
  ref: { sku: number } | { item: number },
): Promise<string[]> => {
  const rows =
    "sku" in ref
      ? await t.db.$queryRaw<{ on_hand: string }[]>`
          SELECT trim_scale(on_hand)::text AS on_hand FROM sku_stock
          WHERE account_id = ${acct.accountId} AND site_id = ${siteId} AND sku_id = ${ref.sku}`
      : await t.db.$queryRaw<{ on_hand: string }[]>`
          SELECT trim_scale(on_hand)::text AS on_hand FROM supplier_item_stock
          WHERE account_id = ${acct.accountId} AND site_id = ${siteId}
            AND supplier_item_id = ${ref.item}`;
  return rows.map((r) => r.on_hand);
};

/** The account's movements and adjustments, counted: a refusal adds to neither. */
const written = async (acct: TestAccount) => {
  const [row] = await t.db.$queryRaw<{ movements: number; adjustments: number }[]>`
    SELECT (SELECT count(*) FROM stock_movements WHERE account_id = ${acct.accountId})::int AS movements,
      (SELECT count(*) FROM stock_adjustments WHERE account_id = ${acct.accountId})::int AS adjustments`;
  return row;
};

describe.each([
  ["in one statement (no key)", {}],
  ["in a transaction (with a key)", { "idempotency-key": "site-patch" }],
])("a SKU's on hand at a named site, %s", (_name, headers) => {
  it("sets that site's stock and leaves the default site's as it was", async () => {
    const acct = await newAccount(t.db);
    const sku = await createSku(t, acct.token, 10);
    const store = await newSite(t, acct, "STORE-1");
    const patch = (onHand: number, key = "") =>
      rest(t, "PATCH", `/skus/${sku}`, {
        token: acct.token,
        headers: "idempotency-key" in headers ? { "idempotency-key": `${key}${onHand}` } : {},
        body: { on_hand: onHand, reason: "received", site_id: store },
      });

    const first = await patch(4);
    expect(first.status).toBe(200);
    expect(first.body.on_hand).toBe(4);
    expect(first.body.movement).toMatchObject({
      site_id: store,
      quantity_before: 0,
      quantity_after: 4,
    });
    const second = await patch(6);
    expect(second.body.movement).toMatchObject({ quantity_before: 4, quantity_after: 6 });

    expect(await level(acct, store, { sku })).toEqual(["6"]);
    // The default site's stock, as a request naming no site reads it, is untouched.
    expect((await rest(t, "GET", `/skus/${sku}`, { token: acct.token })).body.on_hand).toBe(10);
    const adjustment = await rest(
      t,
      "GET",
      `/stock-adjustments/${first.body.movement.adjustment_id}`,
      {
        token: acct.token,
      },
    );
    expect(adjustment.body.site_id).toBe(store);
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("refuses an unknown site, another account's and a deactivated one, writing nothing", async () => {
    const acct = await newAccount(t.db);
    const other = await newAccount(t.db);
    const sku = await createSku(t, acct.token, 10);
    const theirs = await newSite(t, other, "THEIRS");
    const closed = await newSite(t, acct, "CLOSED");
    const shut = await rest(t, "PATCH", `/sites/${closed}`, {
      token: acct.token,
      body: { active: false },
    });
    expect(shut.status).toBe(200);
    const before = await written(acct);
    const patch = (site: number) =>
      rest(t, "PATCH", `/skus/${sku}`, {
        token: acct.token,
        headers: "idempotency-key" in headers ? { "idempotency-key": `refused-${site}` } : {},
        body: { on_hand: 3, reason: "received", site_id: site },
      });

    for (const site of [2_000_000_000, theirs]) {
      const res = await patch(site);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("SITE_NOT_FOUND");
    }
    const inactive = await patch(closed);
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe("SITE_INACTIVE");
    expect(inactive.body.errors).toEqual([
      expect.objectContaining({ code: "SITE_INACTIVE", pointer: "/site_id" }),
    ]);
    expect(await written(acct)).toEqual(before);
    expect(await level(acct, closed, { sku })).toEqual([]);
  });
});

it("sets a supplier item's and a bulk adjustment's lines at the site named, over REST and GraphQL", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token, 10);
  const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
  const store = await newSite(t, acct, "STORE-2");

  const single = await rest(t, "PATCH", `/supplier-items/${item}`, {
    token: acct.token,
    body: { on_hand: 7.5, reason: "received", site_id: store },
  });
  expect(single.status).toBe(200);
  expect(single.body.on_hand).toBe(7.5);
  expect(single.body.movement).toMatchObject({ site_id: store, quantity_before: 0 });

  const bulk = await rest(t, "POST", "/stock-adjustments/bulk", {
    token: acct.token,
    body: {
      reason: "received",
      site_id: store,
      lines: [
        { type: "sku", id: sku, new_qty: 3 },
        { type: "supplier_item", id: item, new_qty: 8 },
      ],
    },
  });
  expect(bulk.status).toBe(201);
  expect(bulk.body.site_id).toBe(store);
  expect(bulk.body.lines.map((l: { previous_qty: number }) => l.previous_qty)).toEqual([0, 7.5]);

  const viaGraphql = await gql(
    t,
    SiAdjSkuDocument,
    { input: { skuId: sku, onHand: 5, reason: "FOUND" as never, siteId: store } },
    acct.token,
  );
  expect(viaGraphql.data?.adjustSkuStock).toMatchObject({
    sku: { id: sku, onHand: 5 },
    movement: { siteId: store, quantityBefore: 3, quantityAfter: 5 },
    userErrors: [],
  });
  const bulkViaGraphql = await gql(
    t,
    SiAdjBulkDocument,
    {
      input: {
        reason: "FOUND" as never,
        siteId: store,
        lines: [{ type: "SKU" as never, id: sku, newQty: 9 }],
      },
    },
    acct.token,
  );
  expect(bulkViaGraphql.data?.bulkAdjustStock).toMatchObject({
    adjustment: { siteId: store, lines: [{ id: sku, previousQty: 5, newQty: 9 }] },
    userErrors: [],
  });
  const refused = await gql(
    t,
    SiAdjSkuDocument,
    { input: { skuId: sku, onHand: 1, reason: "FOUND" as never, siteId: 2_000_000_000 } },
    acct.token,
  );
  expect(refused.data?.adjustSkuStock?.userErrors).toEqual([
    { field: ["siteId"], code: "SITE_NOT_FOUND" },
  ]);

  expect(await level(acct, store, { sku })).toEqual(["9"]);
  expect(await level(acct, store, { item })).toEqual(["8"]);
  const home = await rest(t, "GET", `/supplier-items/${item}`, { token: acct.token });
  expect(home.body.on_hand).toBe(2);
  expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
});

it("deactivates a site only once it holds no stock", async () => {
  const acct = await newAccount(t.db);
  const sku = await createSku(t, acct.token);
  const store = await newSite(t, acct, "STORE-3");
  const set = (onHand: number) =>
    rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: onHand, reason: "received", site_id: store },
    });
  const deactivate = () =>
    rest(t, "PATCH", `/sites/${store}`, { token: acct.token, body: { active: false } });

  expect((await set(2)).status).toBe(200);
  const refused = await deactivate();
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("SITE_IN_USE");
  expect(refused.body.detail).toContain(`SKU ${sku}`);

  expect((await set(0)).status).toBe(200);
  expect((await deactivate()).body.active).toBe(false);
  const after = await set(1);
  expect(after.status).toBe(409);
  expect(after.body.code).toBe("SITE_INACTIVE");
});

describe.each([
  ["in one statement (no key)", false],
  ["in a transaction (with a key)", true],
])("a change of stock beside a deactivation in progress, %s", (_name, keyed) => {
  it("waits for it, then is refused with nothing written", async () => {
    const acct = await newAccount(t.db);
    const sku = await createSku(t, acct.token);
    const store = await newSite(t, acct, keyed ? "STORE-K" : "STORE-S");
    // The SKU has a level there already: the single adjustment's statement finds it at once.
    expect(
      (
        await rest(t, "PATCH", `/skus/${sku}`, {
          token: acct.token,
          body: { on_hand: 0, reason: "received", site_id: store },
        })
      ).status,
    ).toBe(200);
    const before = await written(acct);
    // A deactivation as the service makes it: the account's sites lock, then the site shut.
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    try {
      await admin.query("BEGIN");
      await admin.query("SELECT pg_advisory_xact_lock($1::int, $2::int)", [
        SITE_LOCK_CLASS,
        acct.accountId,
      ]);
      await admin.query("UPDATE sites SET active = false WHERE account_id = $1 AND id = $2", [
        acct.accountId,
        store,
      ]);
      const change = rest(t, "PATCH", `/skus/${sku}`, {
        token: acct.token,
        headers: keyed ? { "idempotency-key": "beside-deactivation" } : {},
        body: { on_hand: 4, reason: "received", site_id: store },
      });
      const state = settled(change);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(state.status).toBe(0);
      await admin.query("COMMIT");
      const res = await change;
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("SITE_INACTIVE");
    } finally {
      await admin.end();
    }
    expect(await written(acct)).toEqual(before);
    expect(await level(acct, store, { sku })).toEqual(["0"]);
  });
});
