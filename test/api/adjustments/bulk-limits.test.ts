// A bulk adjustment is at most 10,000 lines, and no answer lists more than 100 problems: a
// hostile body of bad lines costs one short error, not a response of megabytes.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { AdjBulkAdjustStockDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let sku: number;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  sku = await createSku(t, acct.token, 1);
});
afterAll(() => t.close());

const post = (raw: string) =>
  rest(t, "POST", "/stock-adjustments/bulk", { token: acct.token, raw });

describe("REST bulk adjustment limits", () => {
  it("answers a body just under the size limit made of bad lines with one TOO_MANY_LINES", async () => {
    const line = '{"type":"x","id":0,"new_qty":-1,"odd":1}';
    const count = Math.floor((1024 * 1024 - 100) / (line.length + 1));
    const raw = `{"reason":"found","lines":[${Array(count).fill(line).join(",")}]}`;
    expect(raw.length).toBeGreaterThan(1000 * 1000);
    const before = await ledgerState(t.db, acct.accountId);

    const res = await post(raw);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("TOO_MANY_LINES");
    expect(res.body.errors).toEqual([
      { pointer: "/lines", code: "TOO_MANY_LINES", message: "must NOT have more than 10000 items" },
    ]);
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("answers 10,001 good lines with TOO_MANY_LINES", async () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => ({
      type: "sku",
      id: i + 1,
      new_qty: 1,
    }));
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "found", lines },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("TOO_MANY_LINES");
  });

  it("lists the first 100 of 10,000 bad lines and says how many more there were", async () => {
    const lines = Array.from({ length: 10_000 }, () => ({ type: "sku", id: sku, new_qty: -1 }));
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "found", lines },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveLength(101);
    expect(res.body.errors[0]).toEqual(
      expect.objectContaining({ pointer: "/lines/0/new_qty", code: "INVALID_QUANTITY" }),
    );
    // Line 0 is bad once; lines 1 to 9,999 are bad twice (a negative duplicate): 19,999 problems.
    expect(res.body.errors[100]).toEqual({
      code: expect.any(String),
      message: "19899 more problems not listed",
    });
    expect(res.body.detail).toContain("(and 19998 more)");
  });

  it("lists at most 100 of the schema's own errors too", async () => {
    const lines = Array.from({ length: 5_000 }, () => ({ type: 1, id: "x", new_qty: "y" }));
    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "found", lines },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(101);
    expect(res.body.errors[100].message).toMatch(/^14900 more problems not listed$/);
  });
});

describe("GraphQL bulkAdjustStock limits", () => {
  it("answers 10,001 lines with one top-level 422 TOO_MANY_LINES error naming the list", async () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => ({
      type: "SKU" as const,
      id: i + 1,
      newQty: 1,
    }));
    const res = await gql(
      t,
      AdjBulkAdjustStockDocument,
      { input: { reason: "FOUND", lines } },
      acct.token,
    );
    expect(res.status).toBe(422);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      {
        message: "bulkAdjustStock: input.lines may hold at most 10000 entries; got 10001",
        extensions: { code: "TOO_MANY_LINES" },
      },
    ]);
  });

  it("lists the first 100 userErrors of 10,000 bad lines and how many more there were", async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => ({
      type: "SKU" as const,
      id: i + 1,
      newQty: -1,
    }));
    const res = await gql(
      t,
      AdjBulkAdjustStockDocument,
      { input: { reason: "FOUND", lines } },
      acct.token,
    );
    const userErrors = res.data?.bulkAdjustStock.userErrors ?? [];
    expect(userErrors).toHaveLength(101);
    expect(userErrors[100]).toEqual({
      field: null,
      code: expect.any(String),
      message: expect.stringMatching(/^\d+ more problems not listed$/),
    });
  });
});
