// Barcodes, as a warehouse with a scanner uses them: SKUs and supplier items carry any number,
// unique in the account across both; a scan finds its entity (any spelling of one GTIN); counts
// and bulk adjustments may name an entity by what was scanned.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { stockTakeClient } from "../../helpers/stock-takes.js";
import { gs1CheckDigit } from "../../../src/modules/catalog/barcode.js";
import {
  BulkAdjustByBarcodeDocument,
  CreateSkuDocument,
  CreateItemWithBarcodesDocument,
  LookupBarcodeDocument,
  UpdateSkuBarcodesDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let counter = 0;
/** A fresh EAN-13 with a valid check digit. */
const ean13 = () => {
  const body = `400${String(Date.now() % 1e6).padStart(6, "0")}${String(++counter).padStart(3, "0")}`;
  return body + gs1CheckDigit(body);
};
const label = () => `LBL-${++counter}-${Date.now()}`;

async function newSku(barcodes: string[], token = acct.token) {
  const res = await rest(t, "POST", "/skus", {
    token,
    body: { code: label(), name: "Scanned SKU", barcodes },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; code: string; barcodes: string[]; updated_at: string };
}

const lookup = (code: string, token = acct.token) =>
  rest(t, "GET", `/barcodes/${encodeURIComponent(code)}`, { token });

/** The account's catalog, its barcode index and its ledger, to show a refusal wrote nothing. */
async function everything(accountId = acct.accountId) {
  return {
    skus: await t.db.sku.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    items: await t.db.supplierItem.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    barcodes: await t.db.barcode.findMany({ where: { accountId }, orderBy: { key: "asc" } }),
    ledger: await ledgerState(t.db, accountId),
  };
}

describe("barcodes on SKUs and supplier items", () => {
  it("creates a SKU with barcodes, shows them on every read, and finds it by each", async () => {
    const gtin = ean13();
    const shelf = label();
    const sku = await newSku([gtin, shelf]);
    expect(sku.barcodes).toEqual([gtin, shelf]);
    expect((await rest(t, "GET", `/skus/${sku.id}`, { token: acct.token })).body.barcodes).toEqual([
      gtin,
      shelf,
    ]);

    for (const scanned of [gtin, `0${gtin}`, shelf.toLowerCase()]) {
      const found = await lookup(scanned);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ type: "sku", id: sku.id, barcodes: [gtin, shelf] });
    }
  });

  it("finds a UPC-A product by the EAN-13 and GTIN-14 a scanner may report for it", async () => {
    const owner = await newAccount(t.db);
    const upc = "036000291452";
    const created = await newSku([upc], owner.token);
    for (const scanned of ["0036000291452", "00036000291452"]) {
      const found = await lookup(scanned, owner.token);
      expect(found.body).toMatchObject({ type: "sku", id: created.id, barcodes: [upc] });
    }
  });

  it("answers a supplier item's barcode with the item, over REST and GraphQL", async () => {
    const gtin = ean13();
    const res = await gql(
      t,
      CreateItemWithBarcodesDocument,
      { input: { supplier: "ACME", code: label(), name: "Scanned item", barcodes: [gtin] } },
      acct.token,
    );
    const item = res.data?.createSupplierItem.supplierItem;
    expect(item?.barcodes).toEqual([gtin]);

    expect((await lookup(gtin)).body).toMatchObject({
      type: "supplier_item",
      id: item?.id,
      supplier: "ACME",
    });
    const viaGraphql = await gql(t, LookupBarcodeDocument, { code: gtin }, acct.token);
    expect(viaGraphql.data?.lookupBarcode).toEqual({
      __typename: "SupplierItem",
      id: item?.id,
      supplier: "ACME",
      barcodes: [gtin],
    });
  });

  it("answers an unknown barcode with 404 BARCODE_NOT_FOUND and a wrong check digit with 422 INVALID_BARCODE", async () => {
    const missing = await lookup(ean13());
    expect([missing.status, missing.body.code]).toEqual([404, "BARCODE_NOT_FOUND"]);
    const bad = await lookup("4006381333932");
    expect([bad.status, bad.body.code]).toEqual([422, "INVALID_BARCODE"]);
    expect(bad.body.detail).toMatch(/check digit should be 1/);

    const viaGraphql = await gql(t, LookupBarcodeDocument, { code: ean13() }, acct.token);
    expect(viaGraphql.errors?.map((e) => e.extensions?.code)).toEqual(["BARCODE_NOT_FOUND"]);
  });

  it("finds labels with odd characters, sent URL-encoded", async () => {
    const odd = `Regal/7 ä #${++counter} 📦`;
    const sku = await newSku([odd]);
    expect((await lookup(odd)).body).toMatchObject({ type: "sku", id: sku.id, barcodes: [odd] });
  });
});

describe("a barcode is unique in the account across SKUs and supplier items", () => {
  it("refuses a supplier item with a SKU's barcode (409 DUPLICATE_BARCODE naming the SKU) and creates nothing", async () => {
    const gtin = ean13();
    const sku = await newSku([gtin]);
    const before = await everything();

    const res = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code: label(), name: "Clash", barcodes: [label(), `0${gtin}`] },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("DUPLICATE_BARCODE");
    expect(res.body.errors).toEqual([
      {
        pointer: "/barcodes/1",
        code: "DUPLICATE_BARCODE",
        message: `barcode "0${gtin}" already belongs to SKU ${sku.id} (${sku.code})`,
      },
    ]);
    expect(await everything()).toEqual(before);
  });

  it("refuses a SKU with a supplier item's barcode, naming the item by supplier and code", async () => {
    const gtin = ean13();
    const code = label();
    const item = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: { supplier: "ACME", code, name: "Held", barcodes: [gtin] },
    });
    expect(item.status).toBe(201);
    const res = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: label(), name: "Clash", barcodes: [gtin] },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      {
        pointer: "/barcodes/0",
        code: "DUPLICATE_BARCODE",
        message: `barcode "${gtin}" already belongs to supplier item ${item.body.id} (ACME ${code})`,
      },
    ]);
  });

  it("lets another account use the same barcode, and never shows it the first account's entity", async () => {
    const gtin = ean13();
    const mine = await newSku([gtin]);
    const other = await newAccount(t.db);
    expect((await lookup(gtin, other.token)).status).toBe(404);
    const theirs = await newSku([gtin], other.token);
    expect((await lookup(gtin, other.token)).body.id).toBe(theirs.id);
    expect((await lookup(gtin)).body.id).toBe(mine.id);
  });

  it("gives a barcode claimed by two SKUs at once to exactly one of them", async () => {
    const gtin = ean13();
    const a = await newSku([]);
    const b = await newSku([]);
    const answers = await Promise.all(
      [a, b, a, b].map((sku) =>
        rest(t, "PATCH", `/skus/${sku.id}`, { token: acct.token, body: { barcodes: [gtin] } }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const holder = (await lookup(gtin)).body.id as number;
    expect([a.id, b.id]).toContain(holder);
    const rows = await t.db.barcode.findMany({
      where: { accountId: acct.accountId, skuId: { in: [a.id, b.id] } },
    });
    expect(rows.map((r) => r.skuId)).toEqual([holder]);
    const lists = await t.db.sku.findMany({
      where: { id: { in: [a.id, b.id] } },
      orderBy: { id: "asc" },
    });
    expect(lists.map((s) => s.barcodes)).toEqual(
      [a.id, b.id].map((id) => (id === holder ? [gtin] : [])),
    );
  });
});

describe("editing barcodes", () => {
  it("replaces the whole set with PATCH: a removed barcode is free for another SKU", async () => {
    const [old, kept, added] = [ean13(), label(), ean13()];
    const sku = await newSku([old, kept]);
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { barcodes: [kept, added] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ barcodes: [kept, added], movement: null });
    expect((await lookup(old)).status).toBe(404);
    expect((await lookup(added)).body.id).toBe(sku.id);

    const next = await newSku([old]);
    expect((await lookup(old)).body.id).toBe(next.id);

    const cleared = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { barcodes: [] },
    });
    expect(cleared.body.barcodes).toEqual([]);
    expect((await lookup(kept)).status).toBe(404);
  });

  it("writes nothing when the set is the same (updated_at stays)", async () => {
    const codes = [ean13(), label()];
    const sku = await newSku(codes);
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { barcodes: codes },
    });
    expect(res.body.updated_at).toBe(sku.updated_at);
  });

  it("refuses a bad check digit at its position (422 INVALID_BARCODE) and changes nothing", async () => {
    const sku = await newSku([label()]);
    const before = await everything();
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { name: "Renamed too", barcodes: [ean13(), "4006381333932"] },
    });
    expect(res.status).toBe(422);
    expect(
      res.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
    ).toEqual([["/barcodes/1", "INVALID_BARCODE"]]);
    expect(await everything()).toEqual(before);
  });

  it("refuses more than 50 barcodes and 65-character ones", async () => {
    const sku = await newSku([]);
    const many = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { barcodes: Array.from({ length: 51 }, () => label()) },
    });
    expect([many.status, many.body.code]).toEqual([422, "INVALID_BARCODE"]);
    const long = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { barcodes: ["X".repeat(65)] },
    });
    expect([long.status, long.body.errors[0].pointer]).toEqual([422, "/barcodes/0"]);
  });

  it("takes another spelling of a SKU's own GTIN as a change of spelling, one barcode still", async () => {
    const upcOwner = await newAccount(t.db);
    const sku = await newSku(["036000291452"], upcOwner.token);
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: upcOwner.token,
      body: { barcodes: ["0036000291452"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.barcodes).toEqual(["0036000291452"]);
    const rows = await t.db.barcode.findMany({ where: { accountId: upcOwner.accountId } });
    expect(rows.map((r) => [r.code, r.skuId])).toEqual([["0036000291452", sku.id]]);
  });

  it("refuses a PATCH that sets on hand and a taken barcode as a whole: no movement either", async () => {
    const gtin = ean13();
    await newSku([gtin]);
    const sku = await newSku([]);
    const before = await everything();
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { on_hand: 12, reason: "correction", barcodes: [gtin] },
    });
    expect([res.status, res.body.code]).toEqual([409, "DUPLICATE_BARCODE"]);
    expect(await everything()).toEqual(before);
  });

  it("replays a create with barcodes for its key, and refuses the key with other barcodes", async () => {
    const key = `barcodes-${++counter}`;
    const body = { code: label(), name: "Keyed", barcodes: [ean13()] };
    const send = (b: object) =>
      rest(t, "POST", "/skus", { token: acct.token, body: b, headers: { "idempotency-key": key } });
    const first = await send(body);
    const again = await send(body);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await send({ ...body, barcodes: [ean13()] });
    expect([other.status, other.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("answers a bad check digit in createSku as an INVALID_BARCODE userError", async () => {
    const res = await gql(
      t,
      CreateSkuDocument,
      { input: { code: label(), name: "Bad GTIN", barcodes: ["4006381333932"] } },
      acct.token,
    );
    expect(res.data?.createSku.sku).toBeNull();
    expect(res.data?.createSku.userErrors.map((e) => [e.field, e.code])).toEqual([
      [["barcodes", "0"], "INVALID_BARCODE"],
    ]);
  });

  it("answers a taken barcode in updateSku as a userError at its position", async () => {
    const gtin = ean13();
    await newSku([gtin]);
    const sku = await newSku([]);
    const res = await gql(
      t,
      UpdateSkuBarcodesDocument,
      { input: { id: sku.id, barcodes: [label(), gtin] } },
      acct.token,
    );
    expect(res.data?.updateSku.sku).toBeNull();
    expect(res.data?.updateSku.userErrors.map((e) => [e.field, e.code])).toEqual([
      [["barcodes", "1"], "DUPLICATE_BARCODE"],
    ]);
  });

  it("shows barcodes in the one-statement adjustment's answer", async () => {
    const gtin = ean13();
    const sku = await newSku([gtin]);
    const res = await rest(t, "PATCH", `/skus/${sku.id}`, {
      token: acct.token,
      body: { on_hand: 5, reason: "correction" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ on_hand: 5, barcodes: [gtin] });
  });
});

describe("naming entities by barcode", () => {
  it("counts by barcode in a stock take, JSON and CSV, any spelling of the GTIN", async () => {
    const owner = await newAccount(t.db);
    const api = stockTakeClient(t, owner.token);
    const upc = "036000291452";
    const a = await newSku([upc], owner.token);
    const shelf = label();
    const b = await newSku([shelf], owner.token);
    const start = await api.start({ scope: { sku_ids: [a.id, b.id] } });
    expect(start.status).toBe(201);
    const id = start.body.id as number;

    const json = await api.input(id, {
      counts: [{ type: "sku", barcode: `0${upc}`, counted_qty: 4 }],
    });
    expect(json.status).toBe(200);
    expect(json.body.lines[0]).toMatchObject({ type: "sku", id: a.id, counted_qty: 4 });

    const csv = await api.inputCsv(
      id,
      `type,barcode,counted_qty\r\nsku,${shelf.toLowerCase()},7\r\n`,
    );
    expect(csv.status).toBe(200);
    expect(csv.body.lines[0]).toMatchObject({ type: "sku", id: b.id, counted_qty: 7 });

    const unknown = await api.input(id, {
      counts: [{ type: "sku", barcode: ean13(), counted_qty: 1 }],
    });
    expect([unknown.status, unknown.body.errors[0].pointer, unknown.body.errors[0].code]).toEqual([
      422,
      "/counts/0/barcode",
      "NOT_IN_STOCK_TAKE",
    ]);
    const both = await api.input(id, {
      counts: [{ type: "sku", id: a.id, barcode: upc, counted_qty: 1 }],
    });
    expect([both.status, both.body.code]).toEqual([400, "INVALID_PARAMETER"]);
  });

  it("adjusts by barcode in a bulk adjustment, over REST and GraphQL", async () => {
    const gtin = ean13();
    const sku = await newSku([gtin]);
    const other = await createSku(t, acct.token, 1);
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: {
        reason: "correction",
        lines: [
          { type: "sku", id: other, new_qty: 2 },
          { type: "sku", barcode: `0${gtin}`, new_qty: 9 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.lines.map((l: { id: number; new_qty: number }) => [l.id, l.new_qty])).toEqual([
      [other, 2],
      [sku.id, 9],
    ]);

    const viaGraphql = await gql(
      t,
      BulkAdjustByBarcodeDocument,
      { input: { reason: "CORRECTION", lines: [{ type: "SKU", barcode: gtin, newQty: 3 }] } },
      acct.token,
    );
    expect(viaGraphql.data?.bulkAdjustStock.adjustment?.lines).toEqual([
      { type: "SKU", id: sku.id, newQty: 3 },
    ]);
  });

  it("flags the later of two lines naming one entity, by barcode then by id; a linked item's barcode is LINKED_SUPPLIER_ITEM", async () => {
    const gtin = ean13();
    const sku = await newSku([gtin]);
    const itemBarcode = ean13();
    const linked = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "ACME",
        code: label(),
        name: "Linked",
        sku_id: sku.id,
        barcodes: [itemBarcode],
      },
    });
    expect(linked.status).toBe(201);
    const before = await everything();
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: {
        reason: "correction",
        lines: [
          { type: "sku", barcode: gtin, new_qty: 1 },
          { type: "supplier_item", barcode: itemBarcode, new_qty: 2 },
          { type: "sku", id: sku.id, new_qty: 3 },
        ],
      },
    });
    expect(
      res.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
    ).toEqual([
      ["/lines/1/barcode", "LINKED_SUPPLIER_ITEM"],
      ["/lines/2/id", "DUPLICATE_LINE"],
    ]);
    expect(await everything()).toEqual(before);
  });

  it("refuses unknown barcodes, a barcode of the other type and an entity named twice, writing nothing", async () => {
    const gtin = ean13();
    const sku = await newSku([gtin]);
    const before = await everything();
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: {
        reason: "correction",
        lines: [
          { type: "sku", id: sku.id, new_qty: 1 },
          { type: "sku", barcode: gtin, new_qty: 2 },
          { type: "supplier_item", barcode: gtin, new_qty: 3 },
          { type: "sku", barcode: ean13(), new_qty: 4 },
          { type: "sku", barcode: "4006381333932", new_qty: 5 },
          { type: "sku", new_qty: 6 },
        ],
      },
    });
    const problems = res.body.errors.map((e: { pointer: string; code: string }) => [
      e.pointer,
      e.code,
    ]);
    expect(res.status).toBe(400);
    expect(problems).toEqual([
      ["/lines/5/id", "INVALID_PARAMETER"],
      ["/lines/2/barcode", "BARCODE_NOT_FOUND"],
      ["/lines/3/barcode", "BARCODE_NOT_FOUND"],
      ["/lines/1/barcode", "DUPLICATE_LINE"],
      ["/lines/4/barcode", "INVALID_BARCODE"],
    ]);
    expect(await everything()).toEqual(before);
  });
});
