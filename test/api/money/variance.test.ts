// The variance (shrinkage) report, as a finance-led manager reads it at the month's end: what the
// differences between the records and the shelf came to (losses, finds, counts reconciled), in
// units and money, by reason, site, class and area, and the items that lost the most; receipts and
// transfers are flows, not differences, and are left out. Money only for the costs scope.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
let acct: TestAccount;
let laptop: number;
let sticker: number;
let plain: number;
let store: number;

async function sku(code: string, onHand: number, cost: number | null, location: string) {
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: {
      code,
      name: code,
      opening_on_hand: onHand,
      location,
      ...(cost === null ? {} : { unit_cost: cost }),
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function adjust(id: number, onHand: number, reason: string, siteId?: number) {
  const res = await rest(t, "PATCH", `/skus/${id}`, {
    token: acct.token,
    body: { on_hand: onHand, reason, ...(siteId ? { site_id: siteId } : {}) },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  laptop = await sku("LAPTOP", 5, 999, "A-01-1");
  sticker = await sku("STICKER", 100, 0.05, "B-02-1");
  plain = await sku("PLAIN", 10, null, "B-02-2");
  const site = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE", name: "Store" },
  });
  expect(site.status).toBe(201);
  store = site.body.id as number;
  // Differences: a laptop damaged, 38 stickers found, 3 plain stolen, and a sticker lost at the
  // store. Flows, left out: a receipt of 2 laptops.
  await adjust(laptop, 4, "damaged");
  await adjust(sticker, 138, "found");
  await adjust(plain, 7, "theft");
  await adjust(laptop, 6, "received");
  await adjust(sticker, 10, "received", store);
  await adjust(sticker, 9, "lost", store);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const report = (query: string, token = acct.token) =>
  rest(t, "GET", `/reports/variance?from=${today()}${query}`, { token });

describe("the variance report", () => {
  it("sums the differences by reason, site, class and area, in units and money", async () => {
    const res = await report("&area_depth=1");
    expect(res.status).toBe(200);
    const values = (gains: string, losses: string, net: string, unvalued = 0) => ({
      gains,
      losses,
      net,
      unvalued_movements: unvalued,
    });
    expect(res.body.overall).toEqual({
      movements: 4,
      units_in: 38,
      units_out: -5,
      units_net: 33,
      values: values("1.90", "-999.05", "-997.15", 1),
    });
    expect(
      res.body.reasons.map((r: { reason: string; units_net: number }) => [r.reason, r.units_net]),
    ).toEqual([
      ["damaged", -1],
      ["found", 38],
      ["lost", -1],
      ["theft", -3],
    ]);
    expect(res.body.reasons[0].values).toEqual(values("0.00", "-999.00", "-999.00"));
    expect(
      res.body.sites.map((s: { site_id: number; movements: number }) => [s.site_id, s.movements]),
    ).toEqual([
      [expect.any(Number), 3],
      [store, 1],
    ]);
    expect(
      res.body.locations.map((a: { prefix: string | null; units_net: number }) => [
        a.prefix,
        a.units_net,
      ]),
    ).toEqual([
      ["A", -1],
      ["B", 35],
      // The store's sticker has no location there.
      [null, -1],
    ]);
    expect(res.body.classes).toEqual([
      expect.objectContaining({ count_class: null, movements: 4 }),
    ]);
  });

  it("names the items that lost the most, by value, and by units without the costs scope", async () => {
    const res = await report("&top=2");
    expect(res.body.top_items.map((i: { code: string }) => i.code)).toEqual(["LAPTOP", "PLAIN"]);
    expect(res.body.top_items[0]).toMatchObject({ type: "sku", id: laptop, units_net: -1 });
    const reader = (
      await createToken(t.db, { accountId: acct.accountId, name: "reader", scopes: ["read"] })
    ).token;
    const seen = await report("&top=2", reader);
    expect(seen.status).toBe(200);
    expect(seen.body.top_items.map((i: { code: string }) => i.code)).toEqual(["PLAIN", "LAPTOP"]);
    expect(JSON.stringify(seen.body)).not.toContain("values");
  });

  it("narrows to a site or an item, and over GraphQL answers the same", async () => {
    const atStore = await report(`&site_id=${store}`);
    expect(atStore.body).toMatchObject({
      site_id: store,
      overall: { movements: 1, units_net: -1 },
    });
    const item = await rest(t, "GET", `/reports/variance?sku_id=${sticker}`, { token: acct.token });
    expect(item.status).toBe(200);
    expect(item.body.overall).toMatchObject({ movements: 2, units_net: 37 });
    const gql = await postGraphql(
      t,
      {
        query: `query($from: String!) { varianceReport(from: $from) {
          overall { movements unitsNet values { net unvaluedMovements } }
          reasons { reason unitsNet } topItems { code } } }`,
        variables: { from: today() },
      },
      acct.token,
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data).toMatchObject({
      varianceReport: {
        overall: { movements: 4, unitsNet: 33, values: { net: "-997.15", unvaluedMovements: 1 } },
        reasons: [
          { reason: "DAMAGED", unitsNet: -1 },
          { reason: "FOUND", unitsNet: 38 },
          { reason: "LOST", unitsNet: -1 },
          { reason: "THEFT", unitsNet: -3 },
        ],
      },
    });
  });

  it("is bounded like the movement history, and names what it cannot find", async () => {
    const unbounded = await rest(t, "GET", "/reports/variance", { token: acct.token });
    expect([unbounded.status, unbounded.body.code]).toEqual([422, "UNBOUNDED_QUERY"]);
    const long = await rest(t, "GET", "/reports/variance?from=2026-01-01&to=2026-03-01", {
      token: acct.token,
    });
    expect([long.status, long.body.code]).toEqual([422, "WINDOW_TOO_LONG"]);
    const missing = await report("&site_id=999999");
    expect([missing.status, missing.body.code]).toEqual([404, "SITE_NOT_FOUND"]);
    const other = await newAccount(t.db);
    const foreign = await rest(t, "GET", `/reports/variance?sku_id=${laptop}`, {
      token: other.token,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "SKU_NOT_FOUND"]);
  });
});
