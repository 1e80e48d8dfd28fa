// A retry carries the body it was first sent with. A key's first body with a bad line added is
// not a retry: it answers its own error (400/422), never the stored success of the first.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import {
  AdjAdjustSkuStockDocument,
  AdjBulkAdjustStockDocument,
  CreateSkuDocument,
  type BulkAdjustStockInput,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `bad-input-${process.pid}-${Date.now()}-${++keys}`;
const withKey = (key: string) => ({ token: acct.token, headers: { "idempotency-key": key } });
const replayed = (res: RestResponse) => res.headers.get("idempotent-replayed");

/** Sends `first` with a new key (it must succeed), then `second` with the same key. */
async function sameKey(path: string, method: string, first: unknown, second: unknown) {
  const key = newKey();
  const ok = await rest(t, method, path, { ...withKey(key), body: first });
  expect(ok.status).toBeLessThan(300);
  const before = await ledgerState(t.db, acct.accountId);
  const res = await rest(t, method, path, { ...withKey(key), body: second });
  expect(replayed(res)).toBeNull();
  expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  return res;
}

describe("REST bulk: the first body plus a bad line is refused, never replayed", () => {
  let a: number;
  let b: number;
  let c: number;
  const first = () => ({
    reason: "found",
    lines: [
      { type: "sku", id: a, new_qty: 3 },
      { type: "sku", id: b, new_qty: 4 },
    ],
  });
  beforeAll(async () => {
    a = await createSku(t, acct.token, 1);
    b = await createSku(t, acct.token, 1);
    c = await createSku(t, acct.token, 1);
  });

  it.each([
    [
      "new_qty -4",
      () => ({ type: "sku", id: c, new_qty: -4 }),
      422,
      "INVALID_QUANTITY",
      "/lines/2/new_qty",
    ],
    [
      "a duplicate line",
      () => ({ type: "sku", id: a, new_qty: 3 }),
      422,
      "DUPLICATE_LINE",
      "/lines/2/id",
    ],
    [
      "a bogus type",
      () => ({ type: "pallet", id: a, new_qty: 3 }),
      400,
      "INVALID_PARAMETER",
      "/lines/2/type",
    ],
    [
      "expected_qty -3",
      () => ({ type: "sku", id: c, new_qty: 3, expected_qty: -3 }),
      422,
      "INVALID_QUANTITY",
      "/lines/2/expected_qty",
    ],
  ])("%s", async (_name, extra, status, code, pointer) => {
    const res = await sameKey("/stock-adjustments/bulk", "POST", first(), {
      ...first(),
      lines: [...first().lines, extra()],
    });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer, code })]);
  });

  it("a well-formed body that differs is IDEMPOTENCY_KEY_REUSED (422), naming the header", async () => {
    const res = await sameKey("/stock-adjustments/bulk", "POST", first(), {
      ...first(),
      lines: [{ type: "sku", id: a, new_qty: 5 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(res.body.errors).toEqual([
      expect.objectContaining({ parameter: "Idempotency-Key", code: "IDEMPOTENCY_KEY_REUSED" }),
    ]);
  });

  it("a differing body naming an unknown SKU answers 404 first and lists the reused key", async () => {
    const res = await sameKey("/stock-adjustments/bulk", "POST", first(), {
      ...first(),
      lines: [{ type: "sku", id: 2_000_000_000, new_qty: 5 }],
    });
    expect(res.status).toBe(404);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      "SKU_NOT_FOUND",
      "IDEMPOTENCY_KEY_REUSED",
    ]);
  });

  it("the same quantities written differently (3 and 3.0) are the same request and replay", async () => {
    const key = newKey();
    const res1 = await rest(t, "POST", "/stock-adjustments/bulk", {
      ...withKey(key),
      raw: `{"reason":"found","lines":[{"type":"sku","id":${a},"new_qty":7}]}`,
    });
    const res2 = await rest(t, "POST", "/stock-adjustments/bulk", {
      ...withKey(key),
      raw: `{"reason":"found","lines":[{"type":"sku","id":${a},"new_qty":7.000}]}`,
    });
    expect(res1.status).toBe(201);
    expect(res2.status).toBe(201);
    expect(replayed(res2)).toBe("true");
  });
});

describe("REST PATCH: the first body with a bad field is refused, never replayed", () => {
  it.each([
    ["on_hand -4", { on_hand: -4 }, 422, "INVALID_QUANTITY", "/on_hand"],
    ["expected_on_hand -3", { expected_on_hand: -3 }, 422, "INVALID_QUANTITY", "/expected_on_hand"],
    ["a system reason", { reason: "stock_take" }, 422, "INVALID_REASON", "/reason"],
  ])("%s", async (_name, change, status, code, pointer) => {
    const id = await createSku(t, acct.token, 1);
    const first = { on_hand: 2, reason: "found" };
    const res = await sameKey(`/skus/${id}`, "PATCH", first, { ...first, ...change });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer, code })]);
  });
});

describe("catalog writes: bad input with a used key answers its own error", () => {
  it("createSku: a blank name (400) and a negative opening (422) after a success with the key", async () => {
    const first = () => ({ code: `IDEM-${newKey()}`, name: "First" });
    const one = first();
    const blank = await sameKey("/skus", "POST", one, { ...one, name: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      expect.objectContaining({ pointer: "/name", code: "INVALID_PARAMETER" }),
    ]);
    const two = first();
    const negative = await sameKey("/skus", "POST", two, { ...two, opening_on_hand: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.code).toBe("INVALID_QUANTITY");
  });

  it("createSupplierItem: an unknown sku_id with a used key answers 404, listing the reused key", async () => {
    const first = { supplier: "ACME", code: `IDEM-${newKey()}`, name: "First" };
    const res = await sameKey("/supplier-items", "POST", first, {
      ...first,
      sku_id: 2_000_000_000,
    });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/sku_id", code: "SKU_NOT_FOUND" }),
      expect.objectContaining({ parameter: "Idempotency-Key", code: "IDEMPOTENCY_KEY_REUSED" }),
    ]);
  });

  it("createSupplierItem: a linked item with opening stock and an unknown SKU lists both, 404 first", async () => {
    const res = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "ACME",
        code: `IDEM-${newKey()}`,
        name: "x",
        sku_id: 2_000_000_000,
        opening_on_hand: 5,
      },
    });
    expect(res.status).toBe(404);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      "SKU_NOT_FOUND",
      "LINKED_SUPPLIER_ITEM",
    ]);
  });
});

describe("GraphQL: the first input plus a bad line is a userError, never a replay", () => {
  it.each([
    [
      "newQty -4",
      (id: number) => ({ type: "SKU" as const, id, newQty: -4 }),
      "INVALID_QUANTITY",
      "newQty",
    ],
    [
      "a duplicate line",
      (id: number) => ({ type: "SKU" as const, id, newQty: 3 }),
      "DUPLICATE_LINE",
      "id",
    ],
    [
      "expectedQty -3",
      (id: number) => ({ type: "SKU" as const, id, newQty: 3, expectedQty: -3 }),
      "INVALID_QUANTITY",
      "expectedQty",
    ],
  ])("bulkAdjustStock with %s", async (_name, extra, code, field) => {
    const a = await createSku(t, acct.token, 1);
    const b = await createSku(t, acct.token, 1);
    const idempotencyKey = newKey();
    const first: BulkAdjustStockInput = {
      reason: "FOUND",
      idempotencyKey,
      lines: [{ type: "SKU", id: a, newQty: 3 }],
    };
    const ok = await gql(t, AdjBulkAdjustStockDocument, { input: first }, acct.token);
    expect(ok.data?.bulkAdjustStock.userErrors).toEqual([]);
    const before = await ledgerState(t.db, acct.accountId);
    const res = await gql(
      t,
      AdjBulkAdjustStockDocument,
      { input: { ...first, lines: [...first.lines, extra(field === "id" ? a : b)] } },
      acct.token,
    );
    expect(res.data?.bulkAdjustStock.adjustment).toBeNull();
    expect(res.data?.bulkAdjustStock.userErrors).toEqual([
      { field: ["lines", "1", field], code, message: expect.any(String) },
    ]);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("adjustSkuStock with onHand -4 after a success with the key", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const input = { skuId, onHand: 2, reason: "FOUND" as const, idempotencyKey: newKey() };
    const ok = await gql(t, AdjAdjustSkuStockDocument, { input }, acct.token);
    expect(ok.data?.adjustSkuStock.userErrors).toEqual([]);
    const res = await gql(
      t,
      AdjAdjustSkuStockDocument,
      { input: { ...input, onHand: -4 } },
      acct.token,
    );
    expect(res.data?.adjustSkuStock.sku).toBeNull();
    expect(res.data?.adjustSkuStock.userErrors).toEqual([
      { field: ["onHand"], code: "INVALID_QUANTITY", message: expect.any(String) },
    ]);
  });

  it("createSku with a blank name after a success with the key", async () => {
    const input = { code: `IDEM-${newKey()}`, name: "First", idempotencyKey: newKey() };
    const ok = await gql(t, CreateSkuDocument, { input }, acct.token);
    expect(ok.data?.createSku.userErrors).toEqual([]);
    const res = await gql(t, CreateSkuDocument, { input: { ...input, name: "  " } }, acct.token);
    expect(res.data?.createSku.sku).toBeNull();
    expect(res.data?.createSku.userErrors).toEqual([
      { field: ["name"], code: "INVALID_PARAMETER", message: expect.any(String) },
    ]);
  });

  it("a different input with the key names the idempotencyKey field", async () => {
    const skuId = await createSku(t, acct.token, 1);
    const input = { skuId, onHand: 2, reason: "FOUND" as const, idempotencyKey: newKey() };
    await gql(t, AdjAdjustSkuStockDocument, { input }, acct.token);
    const res = await gql(
      t,
      AdjAdjustSkuStockDocument,
      { input: { ...input, onHand: 3 } },
      acct.token,
    );
    expect(res.data?.adjustSkuStock.userErrors).toEqual([
      { field: ["idempotencyKey"], code: "IDEMPOTENCY_KEY_REUSED", message: expect.any(String) },
    ]);
  });
});
