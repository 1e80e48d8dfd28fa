// Finding a stock take's line by what a scanner read (the counting app's first step): a SKU's
// code in any case, any spelling of a GTIN on a SKU or a supplier item, an in-house label; a code
// outside the stock take finds nothing, and a blind stock take still shows a counter no
// expected quantity.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
let acct: TestAccount;
let counter: string;
let stranger: TestAccount;
let takeId: number;
let blindId: number;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  stranger = await newAccount(t.db);
  // A counter of the same account: read and count, no approve.
  counter = (
    await createToken(t.db, {
      accountId: acct.accountId,
      name: "counter",
      scopes: ["read", "count"],
    })
  ).token;
  const skus = await rest(t, "POST", "/skus/bulk", {
    token: acct.token,
    body: {
      rows: [
        { code: "Bolt-M8", name: "Bolt M8", barcodes: ["4006381333931"], opening_on_hand: 7 },
        { code: "NUT-M8", name: "Nut M8", barcodes: ["shelf label 9"] },
        { code: "WASHER", name: "Washer" },
      ],
    },
  });
  expect(skus.status).toBe(200);
  const item = await rest(t, "POST", "/supplier-items", {
    token: acct.token,
    body: { supplier: "Würth", code: "W-1", name: "Screw", barcodes: ["036000291452"] },
  });
  expect(item.status).toBe(201);
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { sku_ids: skus.body.ids.slice(0, 2).map((r: { id: number }) => r.id) } },
  });
  expect(started.status).toBe(201);
  takeId = started.body.id;
  const blind = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { supplier_item_ids: [item.body.id] }, blind: true },
  });
  expect(blind.status).toBe(201);
  blindId = blind.body.id;
});
afterAll(() => t.close());

const scan = (id: number, code: string, token = acct.token) =>
  rest(t, "GET", `/stock-takes/${id}/lines?code=${encodeURIComponent(code)}`, { token });

describe("a stock take's line found by what was scanned", () => {
  it("finds a SKU by its code in any case, and by its GTIN in another spelling", async () => {
    const byCode = await scan(takeId, "bolt-m8");
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.map((l: { code: string }) => l.code)).toEqual(["Bolt-M8"]);
    // The EAN-13 as a GTIN-14 (a leading zero): the same product.
    const byGtin = await scan(takeId, "04006381333931");
    expect(byGtin.body.data.map((l: { code: string }) => l.code)).toEqual(["Bolt-M8"]);
    const byLabel = await scan(takeId, "  SHELF LABEL 9 ");
    expect(byLabel.body.data.map((l: { code: string }) => l.code)).toEqual(["NUT-M8"]);
  });

  it("keeps the count sheet (CSV) to the scanned line too", async () => {
    const sheet = await rest(t, "GET", `/stock-takes/${takeId}/lines?code=04006381333931`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(sheet.status).toBe(200);
    const rows = String(sheet.body).trim().split("\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("Bolt-M8");
    const none = await rest(t, "GET", `/stock-takes/${takeId}/lines?code=NOPE-1`, {
      token: acct.token,
      headers: { accept: "text/csv" },
    });
    expect(String(none.body).trim().split("\n")).toHaveLength(1);
  });

  it("finds nothing for a SKU outside the stock take or a code nobody has", async () => {
    for (const code of ["WASHER", "NOPE-1", "4006381333932"]) {
      const res = await scan(takeId, code);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it("finds a supplier item by its barcode (UPC-A as EAN-13), and shows a counter of a blind stock take no expected quantity", async () => {
    const gql = await postGraphql(
      t,
      {
        query: `query($id: Int!, $code: String) { stockTake(id: $id) { lines(code: $code) {
          edges { node { code name expectedQty difference supplierItem { onHand } } } } } }`,
        variables: { id: blindId, code: "0036000291452" },
      },
      counter,
    );
    expect(gql.errors).toBeUndefined();
    const data = gql.data as { stockTake: { lines: { edges: unknown[] } } };
    expect(data.stockTake.lines.edges).toEqual([
      {
        node: {
          code: "W-1",
          name: "Screw",
          expectedQty: null,
          difference: null,
          supplierItem: null,
        },
      },
    ]);
    // Another account's token finds nothing of this account's.
    const other = await scan(blindId, "036000291452", stranger.token);
    expect(other.status).toBe(404);
  });

  it("refuses a blank or overlong code, writing nothing", async () => {
    expect((await scan(takeId, "   ")).status).toBe(400);
    expect((await scan(takeId, "x".repeat(65))).status).toBe(400);
  });
});
