// The one error policy: a request with several problems answers the status of the most
// fundamental (400 before 404 before 409 before 422) and lists them all, most fundamental first,
// then in request order; every problem document, 404s included, has one shape.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { AdjAdjustSkuStockDocument, AdjBulkAdjustStockDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let a: number;
let b: number;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  a = await createSku(t, acct.token, 5);
  b = await createSku(t, acct.token, 5);
});
afterAll(() => t.close());

const MISSING = 2_000_000_000;
const codes = (res: RestResponse) => res.body.errors.map((e: { code: string }) => e.code);
const bulk = (lines: unknown[], extra: object = {}) =>
  rest(t, "POST", "/stock-adjustments/bulk", {
    token: acct.token,
    body: { reason: "found", lines, ...extra },
  });

describe("REST: the most fundamental problem leads, all are listed", () => {
  const lines = () => [
    { type: "sku", id: a, new_qty: -1 }, // 422
    { type: "sku", id: b, new_qty: 1, expected_qty: 4 }, // 409 (b has 5)
    { type: "sku", id: MISSING, new_qty: 1 }, // 404
  ];

  it("404 before 409 before 422", async () => {
    const before = await ledgerState(t.db, acct.accountId);
    const res = await bulk(lines());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SKU_NOT_FOUND");
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/lines/2/id", code: "SKU_NOT_FOUND" }),
      expect.objectContaining({ pointer: "/lines/1/expected_qty", code: "ON_HAND_CHANGED" }),
      expect.objectContaining({ pointer: "/lines/0/new_qty", code: "INVALID_QUANTITY" }),
    ]);
    expect(res.body.detail).toMatch(/does not exist \(and 2 more\)$/);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("409 before 422 when every entity exists", async () => {
    const res = await bulk(lines().slice(0, 2));
    expect(res.status).toBe(409);
    expect(codes(res)).toEqual(["ON_HAND_CHANGED", "INVALID_QUANTITY"]);
  });

  it("400 before all of them: a bad line type the service finds", async () => {
    const res = await bulk([...lines(), { type: "pallet", id: 1, new_qty: 1 }]);
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual([
      "INVALID_PARAMETER",
      "SKU_NOT_FOUND",
      "ON_HAND_CHANGED",
      "INVALID_QUANTITY",
    ]);
  });

  it("a PATCH of an unknown SKU with a bad body answers 404, listing the body's problems", async () => {
    const res = await rest(t, "PATCH", `/skus/${MISSING}`, {
      token: acct.token,
      body: { on_hand: -1, reason: "manual" },
    });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([
      { code: "SKU_NOT_FOUND", message: `SKU ${MISSING} does not exist` },
      expect.objectContaining({ pointer: "/note", code: "NOTE_REQUIRED" }),
      expect.objectContaining({ pointer: "/on_hand", code: "INVALID_QUANTITY" }),
    ]);
  });
});

describe("REST: the schema's problems point at the fields as sent", () => {
  it("names unknown fields exactly, escaping / and ~ as JSON pointers do", async () => {
    const res = await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "X", name: "n", Colour: "red", "a/b~c": 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/Colour",
      "/a~1b~0c",
    ]);
  });
});

describe("REST: every 404 has one shape", () => {
  const shape = (res: RestResponse, code: string) => {
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body).sort()).toEqual(
      ["type", "title", "status", "detail", "code", "errors", "request_id"].sort(),
    );
    expect(res.body).toEqual({
      type: expect.stringMatching(/^https:\/\//),
      title: expect.any(String),
      status: 404,
      detail: expect.any(String),
      code,
      errors: expect.arrayContaining([expect.objectContaining({ code })]),
      request_id: res.headers.get("x-request-id"),
    });
    return res.body.errors.find((e: { code: string }) => e.code === code);
  };

  it("an unknown route, an unknown id in the URL, and an id named by a body field", async () => {
    const route = shape(
      await rest(t, "GET", "/no-such-thing", { token: acct.token }),
      "ROUTE_NOT_FOUND",
    );
    expect(route).toEqual({
      code: "ROUTE_NOT_FOUND",
      message: "no endpoint GET /api/v1/no-such-thing",
    });

    const url = shape(
      await rest(t, "GET", `/skus/${MISSING}`, { token: acct.token }),
      "SKU_NOT_FOUND",
    );
    expect(url).toEqual({ code: "SKU_NOT_FOUND", message: `SKU ${MISSING} does not exist` });
    shape(
      await rest(t, "GET", `/supplier-items/${MISSING}`, { token: acct.token }),
      "SUPPLIER_ITEM_NOT_FOUND",
    );
    const patched = shape(
      await rest(t, "PATCH", `/skus/${MISSING}`, {
        token: acct.token,
        body: { on_hand: 1, reason: "found" },
      }),
      "SKU_NOT_FOUND",
    );
    expect(patched).toEqual(url);

    const line = shape(await bulk([{ type: "sku", id: MISSING, new_qty: 1 }]), "SKU_NOT_FOUND");
    expect(line).toEqual({
      pointer: "/lines/0/id",
      code: "SKU_NOT_FOUND",
      message: `SKU ${MISSING} does not exist`,
    });
    const field = shape(
      await rest(t, "POST", "/supplier-items", {
        token: acct.token,
        body: { supplier: "S", code: `EP-${process.pid}`, name: "n", sku_id: MISSING },
      }),
      "SKU_NOT_FOUND",
    );
    expect(field).toEqual(expect.objectContaining({ pointer: "/sku_id" }));
  });
});

describe("GraphQL: userErrors follow the same policy", () => {
  it("bulkAdjustStock lists 404, 409, 422 in that order", async () => {
    const res = await gql(
      t,
      AdjBulkAdjustStockDocument,
      {
        input: {
          reason: "FOUND",
          lines: [
            { type: "SKU", id: a, newQty: -1 },
            { type: "SKU", id: b, newQty: 1, expectedQty: 4 },
            { type: "SKU", id: MISSING, newQty: 1 },
          ],
        },
      },
      acct.token,
    );
    expect(res.data?.bulkAdjustStock.adjustment).toBeNull();
    expect(res.data?.bulkAdjustStock.userErrors).toEqual([
      { field: ["lines", "2", "id"], code: "SKU_NOT_FOUND", message: expect.any(String) },
      {
        field: ["lines", "1", "expectedQty"],
        code: "ON_HAND_CHANGED",
        message: expect.any(String),
      },
      { field: ["lines", "0", "newQty"], code: "INVALID_QUANTITY", message: expect.any(String) },
    ]);
  });

  it("adjustSkuStock of an unknown SKU without a required note: the 404 first", async () => {
    const res = await gql(
      t,
      AdjAdjustSkuStockDocument,
      { input: { skuId: MISSING, onHand: 1, reason: "MANUAL" } },
      acct.token,
    );
    expect(res.data?.adjustSkuStock.userErrors).toEqual([
      { field: null, code: "SKU_NOT_FOUND", message: `SKU ${MISSING} does not exist` },
      { field: ["note"], code: "NOTE_REQUIRED", message: expect.any(String) },
    ]);
  });
});
