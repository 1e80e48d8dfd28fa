// Importing a catalog: POST /skus/bulk and /supplier-items/bulk upsert up to 10,000 rows by code
// (supplier items: by supplier and code) from JSON or CSV, all or nothing, with every bad row
// named; new entities may bring their opening stock, existing ones never change stock (nor, for
// supplier items, their link) through an import, and importing the same file again changes
// nothing.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest } from "../../helpers/app.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { ledgerState } from "../../helpers/stock.js";
import { ImportSkusDocument, ImportSupplierItemsDocument } from "../generated/graphql.js";

let t: LoggedApp;

beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

const importJson = (acct: TestAccount, rows: object[], headers?: Record<string, string>) =>
  rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows }, headers });

const importCsv = (acct: TestAccount, csv: string | Buffer) =>
  rest(t, "POST", "/skus/bulk", {
    token: acct.token,
    raw: csv,
    headers: { "content-type": "text/csv" },
  });

/** The account's SKUs, barcodes and ledger, to show a refused import wrote nothing. */
async function everything(accountId: number) {
  return {
    skus: await t.db.sku.findMany({ where: { accountId }, orderBy: { id: "asc" } }),
    barcodes: await t.db.barcode.findMany({ where: { accountId }, orderBy: { key: "asc" } }),
    ledger: await ledgerState(t.db, accountId),
  };
}

const pointers = (body: { errors: { pointer: string; code: string }[] }) =>
  body.errors.map((e) => [e.pointer, e.code]);

describe("importing SKUs", () => {
  it("creates new codes, updates known ones, and answers each row's id", async () => {
    const acct = await newAccount(t.db);
    const first = await importJson(acct, [
      { code: "BOLT-M6", name: "Bolt M6", barcodes: ["4006381333931"], opening_on_hand: 250 },
      { code: "NUT-M6", name: "Nut M6" },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const [bolt, nut] = first.body.ids as { code: string; id: number }[];
    expect([bolt?.code, nut?.code]).toEqual(["BOLT-M6", "NUT-M6"]);

    const sku = await rest(t, "GET", `/skus/${bolt!.id}`, { token: acct.token });
    expect(sku.body).toMatchObject({ on_hand: 250, barcodes: ["4006381333931"], active: true });
    const movements = await t.db.stockMovement.findMany({ where: { accountId: acct.accountId } });
    expect(movements.map((m) => [m.skuId, m.reason, m.quantityAfter.toNumber()])).toEqual([
      [bolt!.id, "opening_balance", 250],
    ]);

    // Known codes (any case) are updated; their stock never changes through an import.
    const second = await importJson(acct, [
      { code: "bolt-m6", name: "Bolt M6", opening_on_hand: 999 },
      { code: "NUT-M6", name: "Hex nut M6", active: false },
      { code: "WASHER-M6", name: "Washer M6" },
    ]);
    expect(second.body).toMatchObject({ created: 1, updated: 2, unchanged: 0 });
    expect(second.body.ids.slice(0, 2)).toEqual([
      { code: "bolt-m6", id: bolt!.id },
      { code: "NUT-M6", id: nut!.id },
    ]);
    const after = await rest(t, "GET", `/skus/${bolt!.id}`, { token: acct.token });
    expect(after.body).toMatchObject({
      code: "bolt-m6",
      on_hand: 250,
      barcodes: ["4006381333931"],
    });
    expect((await rest(t, "GET", `/skus/${nut!.id}`, { token: acct.token })).body).toMatchObject({
      name: "Hex nut M6",
      active: false,
    });
  });

  it("changes nothing when the same file comes again: no row, barcode, movement or timestamp", async () => {
    const acct = await newAccount(t.db);
    const rows = Array.from({ length: 50 }, (_, i) => ({
      code: `R-${i}`,
      name: `Row ${i}`,
      barcodes: [`LBL-${i}`],
      opening_on_hand: i,
    }));
    expect((await importJson(acct, rows)).body.created).toBe(50);
    const before = await everything(acct.accountId);
    const again = await importJson(acct, rows);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 50 });
    expect(await everything(acct.accountId)).toEqual(before);
  });

  it("refuses 10,000 rows with one bad row: nothing written, the row named", async () => {
    const acct = await newAccount(t.db);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ code: `BIG-${i}`, name: `Big ${i}` }));
    rows[7345] = { code: "BIG-7345", name: "   " };
    const before = await everything(acct.accountId);
    const res = await importJson(acct, rows);
    expect(res.status).toBe(400);
    expect(pointers(res.body)).toEqual([["/rows/7345/name", "INVALID_PARAMETER"]]);
    expect(await everything(acct.accountId)).toEqual(before);
  });

  it("names every bad row: duplicate codes (any case), barcodes in use or twice, bad quantities", async () => {
    const acct = await newAccount(t.db);
    await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "HOLDER", name: "Holder", barcodes: ["4006381333931"] },
    });
    const before = await everything(acct.accountId);
    const res = await importJson(acct, [
      { code: "A", name: "a", barcodes: ["SHARED"] },
      { code: "a", name: "again" },
      { code: "B", name: "b", barcodes: ["shared"] },
      { code: "C", name: "c", opening_on_hand: -1 },
      { code: "D", name: "d", barcodes: ["4006381333932"] },
    ]);
    expect(pointers(res.body)).toEqual([
      ["/rows/2/barcodes/0", "DUPLICATE_BARCODE"],
      ["/rows/1/code", "DUPLICATE_LINE"],
      ["/rows/3/opening_on_hand", "INVALID_QUANTITY"],
      ["/rows/4/barcodes/0", "INVALID_BARCODE"],
    ]);
    expect(await everything(acct.accountId)).toEqual(before);

    const taken = await importJson(acct, [
      { code: "F", name: "f" },
      { code: "G", name: "g", barcodes: ["LBL-G", "04006381333931"] },
    ]);
    expect([taken.status, ...pointers(taken.body)]).toEqual([
      409,
      ["/rows/1/barcodes/1", "DUPLICATE_BARCODE"],
    ]);
    expect(await everything(acct.accountId)).toEqual(before);
  });

  it("refuses a value of the wrong JSON type, and a CSV active that is not true or false", async () => {
    const acct = await newAccount(t.db);
    const json = await importJson(acct, [{ code: "E", name: "e", active: "maybe" }]);
    expect([json.status, ...pointers(json.body)]).toEqual([
      400,
      ["/rows/0/active", "INVALID_PARAMETER"],
    ]);
    const csv = await importCsv(acct, "code,name,active\r\nE,e,maybe\r\n");
    expect([csv.status, ...pointers(csv.body)]).toEqual([
      400,
      ["/rows/2/active", "INVALID_PARAMETER"],
    ]);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId } })).toBe(0);
  });

  it("refuses more than 10,000 rows and an empty list", async () => {
    const acct = await newAccount(t.db);
    const many = Array.from({ length: 10_001 }, (_, i) => ({ code: `X-${i}`, name: "x" }));
    const tooMany = await importJson(acct, many);
    expect([tooMany.status, tooMany.body.code]).toEqual([422, "TOO_MANY_LINES"]);
    const none = await importJson(acct, []);
    expect([none.status, none.body.code]).toEqual([400, "INVALID_PARAMETER"]);
  });

  it("moves a barcode from one SKU to another in one import", async () => {
    const acct = await newAccount(t.db);
    await importJson(acct, [
      { code: "OLD", name: "old", barcodes: ["MOVING"] },
      { code: "NEW", name: "new" },
    ]);
    const res = await importJson(acct, [
      { code: "OLD", name: "old", barcodes: [] },
      { code: "NEW", name: "new", barcodes: ["MOVING"] },
    ]);
    expect(res.body).toMatchObject({ updated: 2 });
    const found = await rest(t, "GET", "/barcodes/moving", { token: acct.token });
    expect(found.body.code).toBe("NEW");
    // Each SKU's list and the barcode index say the same.
    const skus = await t.db.sku.findMany({
      where: { accountId: acct.accountId },
      orderBy: { code: "asc" },
    });
    expect(skus.map((s) => [s.code, s.barcodes])).toEqual([
      ["NEW", ["MOVING"]],
      ["OLD", []],
    ]);
    const index = await t.db.barcode.findMany({ where: { accountId: acct.accountId } });
    expect(index.map((b) => [b.code, b.skuId])).toEqual([["MOVING", skus[0]!.id]]);
  });

  it("sends as many statements for 2,000 rows as for 20", async () => {
    const acct = await newAccount(t.db);
    const statementsFor = async (n: number, prefix: string) => {
      const rows = Array.from({ length: n }, (_, i) => ({
        code: `${prefix}-${i}`,
        name: `${prefix} ${i}`,
        barcodes: [`${prefix}-BC-${i}`],
        opening_on_hand: 1,
      }));
      t.queries.length = 0;
      const res = await importJson(acct, rows);
      expect(res.body.created).toBe(n);
      return t.queries.length;
    };
    const small = await statementsFor(20, "SMALL");
    const large = await statementsFor(2000, "LARGE");
    expect(large).toBe(small);
    expect(small).toBeLessThan(15);
  });

  it("imports over GraphQL, with bad rows as userErrors", async () => {
    const acct = await newAccount(t.db);
    const ok = await gql(
      t,
      ImportSkusDocument,
      { input: { rows: [{ code: "G-1", name: "One", barcodes: ["GQL-1"], openingOnHand: 2 }] } },
      acct.token,
    );
    expect(ok.data?.importSkus.result).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const bad = await gql(
      t,
      ImportSkusDocument,
      { input: { rows: [{ code: "G-2", name: " " }] } },
      acct.token,
    );
    expect(bad.data?.importSkus.result).toBeNull();
    expect(bad.data?.importSkus.userErrors.map((e) => [e.field, e.code])).toEqual([
      [["rows", "0", "name"], "INVALID_PARAMETER"],
    ]);
  });
});

describe("codes that differ only in non-ASCII case", () => {
  // What the unique index takes for one code (citext): the database's case folding decides.
  const pairs = [
    ["İX-1", "ix-1"],
    ["ΑΣ-1", "ασ-1"],
  ] as const;

  it.each([
    ["SKUs", "/skus/bulk", "code,name", ""],
    ["supplier items", "/supplier-items/bulk", "supplier,code,name", "Acme,"],
  ])(
    "are one %s code in an import: 422 DUPLICATE_LINE naming both rows, JSON and CSV",
    async (_what, path, header, supplier) => {
      const acct = await newAccount(t.db);
      for (const [first, second] of pairs) {
        const row = (code: string) => ({
          ...(supplier ? { supplier: "Acme" } : {}),
          code,
          name: "n",
        });
        const json = await rest(t, "POST", path, {
          token: acct.token,
          body: { rows: [row("OK-1"), row(first), row(second)] },
        });
        expect([json.status, json.body.code]).toEqual([422, "DUPLICATE_LINE"]);
        expect(json.body.errors).toEqual([
          expect.objectContaining({ pointer: "/rows/2/code", code: "DUPLICATE_LINE" }),
        ]);
        expect(json.body.errors[0].message).toContain(
          `"${second}" is the same as "${first}" on row 1`,
        );

        const csv = await rest(t, "POST", path, {
          token: acct.token,
          raw: `${header}\r\n${supplier}OK-1,n\r\n${supplier}${first},n\r\n${supplier}${second},n\r\n`,
          headers: { "content-type": "text/csv" },
        });
        expect([csv.status, csv.body.code]).toEqual([422, "DUPLICATE_LINE"]);
        expect(csv.body.errors).toEqual([
          expect.objectContaining({ pointer: "/rows/4/code", code: "DUPLICATE_LINE" }),
        ]);
        expect(csv.body.errors[0].message).toContain(
          `"${second}" is the same as "${first}" on row 3`,
        );
      }
      const where = { where: { accountId: acct.accountId } };
      expect([await t.db.sku.count(where), await t.db.supplierItem.count(where)]).toEqual([0, 0]);
    },
  );

  it("are not one code for two suppliers", async () => {
    const acct = await newAccount(t.db);
    const res = await rest(t, "POST", "/supplier-items/bulk", {
      token: acct.token,
      body: {
        rows: [
          { supplier: "Acme", code: "İX-1", name: "n" },
          { supplier: "Other", code: "ix-1", name: "n" },
        ],
      },
    });
    expect([res.status, res.body.created]).toEqual([200, 2]);
  });
});

describe("importing a CSV file", () => {
  it("reads code, name, active, barcodes separated by | and opening_on_hand", async () => {
    const acct = await newAccount(t.db);
    const csv =
      "code,name,active,barcodes,opening_on_hand\r\n" +
      'CSV-1,"Bolt, M6",true,4006381333931|SHELF-A7,12.5\r\n' +
      "CSV-2,Nut M6,no,,\r\n";
    const res = await importCsv(acct, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2 });
    const [one, two] = res.body.ids as { id: number }[];
    expect((await rest(t, "GET", `/skus/${one!.id}`, { token: acct.token })).body).toMatchObject({
      name: "Bolt, M6",
      barcodes: ["4006381333931", "SHELF-A7"],
      on_hand: 12.5,
    });
    expect((await rest(t, "GET", `/skus/${two!.id}`, { token: acct.token })).body).toMatchObject({
      active: false,
      barcodes: [],
    });
  });

  it("names rows by their number in the file (the header is row 1)", async () => {
    const acct = await newAccount(t.db);
    const before = await everything(acct.accountId);
    const res = await importCsv(acct, "code,name\r\nOK-1,fine\r\nBAD-1\r\nOK-2,\r\n");
    expect(pointers(res.body)).toEqual([
      ["/rows/3", "MALFORMED_REQUEST"],
      ["/rows/4/name", "INVALID_PARAMETER"],
    ]);
    expect(await everything(acct.accountId)).toEqual(before);
  });

  it("refuses a file of more than 10,000 rows at the row past the limit, writing nothing", async () => {
    const acct = await newAccount(t.db);
    const rows = Array.from({ length: 10_001 }, (_, i) => `ROW-${i},n\r\n`).join("");
    for (const [path, header] of [
      ["/skus/bulk", "code,name"],
      ["/supplier-items/bulk", "supplier,code,name"],
    ] as const) {
      const body = path === "/skus/bulk" ? rows : rows.replaceAll("ROW-", "Acme,ROW-");
      const res = await rest(t, "POST", path, {
        token: acct.token,
        raw: `${header}\r\n${body}`,
        headers: { "content-type": "text/csv" },
      });
      expect([res.status, res.body.code]).toEqual([422, "TOO_MANY_LINES"]);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/rows/10002", code: "TOO_MANY_LINES" }),
      ]);
    }
    const where = { where: { accountId: acct.accountId } };
    expect([await t.db.sku.count(where), await t.db.supplierItem.count(where)]).toEqual([0, 0]);
  });

  it("refuses a bad header and a file that is not UTF-8, writing nothing", async () => {
    const acct = await newAccount(t.db);
    const header = await importCsv(acct, "sku,title\r\nA,b\r\n");
    expect([header.status, ...pointers(header.body)]).toEqual([
      400,
      ["/rows/1", "MALFORMED_REQUEST"],
    ]);
    expect(header.body.detail).toMatch(/missing column code/);

    const latin1 = Buffer.concat([
      Buffer.from("code,name\r\nA,Stra"),
      Buffer.from([0xdf]),
      Buffer.from("e\r\n"),
    ]);
    const encoding = await importCsv(acct, latin1);
    expect([encoding.status, encoding.body.code]).toEqual([400, "MALFORMED_REQUEST"]);
    expect(encoding.body.detail).toMatch(/not UTF-8/);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId } })).toBe(0);
  });
});

describe("importing supplier items", () => {
  const importItems = (acct: TestAccount, rows: object[]) =>
    rest(t, "POST", "/supplier-items/bulk", { token: acct.token, body: { rows } });

  it("creates items by supplier and code, linked or with stock of their own, and updates known ones", async () => {
    const acct = await newAccount(t.db);
    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 7 },
    });
    const first = await importItems(acct, [
      { supplier: "Würth", code: "W-1", name: "Bolt, linked", sku_id: sku.body.id },
      { supplier: "Würth", code: "W-2", name: "Nut", opening_on_hand: 40, barcodes: ["LBL-W2"] },
      { supplier: "ACME", code: "W-1", name: "Same code, other supplier" },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    const [linked, own] = first.body.ids as { id: number }[];
    expect(
      (await rest(t, "GET", `/supplier-items/${linked!.id}`, { token: acct.token })).body,
    ).toMatchObject({ sku_id: sku.body.id, on_hand: 7 });
    expect(
      (await rest(t, "GET", `/supplier-items/${own!.id}`, { token: acct.token })).body,
    ).toMatchObject({ sku_id: null, on_hand: 40, barcodes: ["LBL-W2"] });

    const before = await everything(acct.accountId);
    const again = await importItems(acct, [
      { supplier: "Würth", code: "w-1", name: "Bolt, linked", sku_id: sku.body.id },
      { supplier: "Würth", code: "W-2", name: "Hex nut", opening_on_hand: 999 },
    ]);
    expect(again.body).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const after = await everything(acct.accountId);
    expect(after.ledger).toEqual(before.ledger);
  });

  it("refuses a change of link, a linked new item with stock and an unknown SKU, writing nothing", async () => {
    const acct = await newAccount(t.db);
    const other = await newAccount(t.db);
    const foreign = await rest(t, "POST", "/skus", {
      token: other.token,
      body: { code: "F", name: "f" },
    });
    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "S", name: "s" },
    });
    await importItems(acct, [{ supplier: "ACME", code: "A-1", name: "Unlinked" }]);
    const before = await everything(acct.accountId);
    const res = await importItems(acct, [
      { supplier: "ACME", code: "A-1", name: "Unlinked", sku_id: sku.body.id },
      { supplier: "ACME", code: "A-2", name: "New", sku_id: sku.body.id, opening_on_hand: 3 },
      { supplier: "ACME", code: "A-3", name: "Foreign", sku_id: foreign.body.id },
      { supplier: " ", code: "A-4", name: "No supplier" },
    ]);
    expect(pointers(res.body)).toEqual([
      ["/rows/3/supplier", "INVALID_PARAMETER"],
      ["/rows/2/sku_id", "SKU_NOT_FOUND"],
      ["/rows/0/sku_id", "LINKED_SUPPLIER_ITEM"],
      ["/rows/1/opening_on_hand", "LINKED_SUPPLIER_ITEM"],
    ]);
    expect(await everything(acct.accountId)).toEqual(before);
    expect(await t.db.supplierItem.count({ where: { accountId: acct.accountId } })).toBe(1);
  });

  it("refuses an item's barcode that a SKU holds, naming the SKU", async () => {
    const acct = await newAccount(t.db);
    const sku = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "S", name: "s", barcodes: ["4006381333931"] },
    });
    const res = await importItems(acct, [
      { supplier: "ACME", code: "A-1", name: "Clash", barcodes: ["04006381333931"] },
    ]);
    expect([res.status, ...pointers(res.body)]).toEqual([
      409,
      ["/rows/0/barcodes/0", "DUPLICATE_BARCODE"],
    ]);
    expect(res.body.errors[0].message).toContain(`SKU ${sku.body.id}`);
    expect(await t.db.supplierItem.count({ where: { accountId: acct.accountId } })).toBe(0);
  });

  it("imports a CSV file and over GraphQL", async () => {
    const acct = await newAccount(t.db);
    const csv = await rest(t, "POST", "/supplier-items/bulk", {
      token: acct.token,
      raw: 'supplier,code,name,barcodes\r\nWürth,W-9,"Washer, M6",4006381333931\r\n',
      headers: { "content-type": "text/csv" },
    });
    expect([csv.status, csv.body.created]).toEqual([200, 1]);
    const viaGraphql = await gql(
      t,
      ImportSupplierItemsDocument,
      { input: { rows: [{ supplier: "Würth", code: "W-9", name: "Washer M6" }] } },
      acct.token,
    );
    expect(viaGraphql.data?.importSupplierItems.result).toMatchObject({ created: 0, updated: 1 });
  });
});
