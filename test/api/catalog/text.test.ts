// Text PostgreSQL cannot keep as sent: a NUL character (a text column refuses it) and a lone
// UTF-16 surrogate (no Unicode character; it would be stored as U+FFFD). Both are refused as
// INVALID_PARAMETER naming the field, over both transports, and nothing is written.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import {
  AdjAdjustSkuStockDocument,
  AdjBulkAdjustStockDocument,
  CreateSkuDocument,
  CreateSupplierItemDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let sku: number;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  sku = await createSku(t, acct.token, 1);
});
afterAll(() => t.close());

let n = 0;
const code = () => `TXT-${process.pid}-${++n}`;
const BAD = [
  ["a NUL character", "bad\u0000text", /NUL/],
  ["a lone high surrogate", "bad\ud800text", /surrogate/],
  ["a lone low surrogate", "bad\udc00", /surrogate/],
] as const;

/** Every write a text can reach, as [field, REST call, GraphQL call] with `text` in that field. */
const writes = (text: string) =>
  [
    ["code", "/skus", { code: text, name: "n" }, "/code"],
    ["name", "/skus", { code: code(), name: text }, "/name"],
    ["supplier", "/supplier-items", { supplier: text, code: code(), name: "n" }, "/supplier"],
    ["code", "/supplier-items", { supplier: "S", code: text, name: "n" }, "/code"],
    ["name", "/supplier-items", { supplier: "S", code: code(), name: text }, "/name"],
    ["note", "/stock-adjustments/bulk", { reason: "found", note: text, lines: [line()] }, "/note"],
    [
      "reference",
      "/stock-adjustments/bulk",
      { reason: "found", reference: text, lines: [line()] },
      "/reference",
    ],
    ["note", `/skus/:sku`, { on_hand: 5, reason: "found", note: text }, "/note"],
    ["reference", `/skus/:sku`, { on_hand: 5, reason: "found", reference: text }, "/reference"],
  ] as const;
const line = () => ({ type: "sku", id: sku, new_qty: 5 });

describe("REST refuses text PostgreSQL cannot keep", () => {
  for (const [what, text, message] of BAD) {
    it.each(writes(text).map((w, i) => [w[0], w[1], i] as const))(
      `${what} in %s of %s`,
      async (_field, _path, i) => {
        const [, path, body, pointer] = writes(text)[i]!;
        const before = await ledgerState(t.db, acct.accountId);
        const patch = path.endsWith(":sku");
        const res = await rest(t, patch ? "PATCH" : "POST", path.replace(":sku", String(sku)), {
          token: acct.token,
          body,
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("INVALID_PARAMETER");
        expect(res.body.errors).toEqual([
          { pointer, code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
        ]);
        expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
      },
    );
  }
});

describe("GraphQL refuses text PostgreSQL cannot keep", () => {
  for (const [what, text, message] of BAD) {
    const expected = (field: string) => [
      { field: [field], code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
    ];

    it(`${what} in createSku's code and name`, async () => {
      for (const [field, input] of [
        ["code", { code: text, name: "n" }],
        ["name", { code: code(), name: text }],
      ] as const) {
        const res = await gql(t, CreateSkuDocument, { input }, acct.token);
        expect(res.data?.createSku).toEqual({ sku: null, userErrors: expected(field) });
      }
    });

    it(`${what} in createSupplierItem's supplier, code and name`, async () => {
      for (const [field, input] of [
        ["supplier", { supplier: text, code: code(), name: "n" }],
        ["code", { supplier: "S", code: text, name: "n" }],
        ["name", { supplier: "S", code: code(), name: text }],
      ] as const) {
        const res = await gql(t, CreateSupplierItemDocument, { input }, acct.token);
        expect(res.data?.createSupplierItem).toEqual({
          supplierItem: null,
          userErrors: expected(field),
        });
      }
    });

    it(`${what} in the note and reference of adjustSkuStock and bulkAdjustStock`, async () => {
      const before = await ledgerState(t.db, acct.accountId);
      for (const field of ["note", "reference"] as const) {
        const single = await gql(
          t,
          AdjAdjustSkuStockDocument,
          { input: { skuId: sku, onHand: 7, reason: "FOUND", [field]: text } },
          acct.token,
        );
        expect(single.data?.adjustSkuStock.userErrors).toEqual(expected(field));
        const bulk = await gql(
          t,
          AdjBulkAdjustStockDocument,
          {
            input: { reason: "FOUND", [field]: text, lines: [{ type: "SKU", id: sku, newQty: 7 }] },
          },
          acct.token,
        );
        expect(bulk.data?.bulkAdjustStock.userErrors).toEqual(expected(field));
      }
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    });
  }

  it("keeps text with characters outside the BMP (a well-formed surrogate pair) as sent", async () => {
    const name = "Crate 📦 of tea";
    const res = await gql(t, CreateSkuDocument, { input: { code: code(), name } }, acct.token);
    expect(res.data?.createSku.sku?.name).toBe(name);
  });
});
