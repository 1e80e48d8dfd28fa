// A use case is retried as a whole only when PostgreSQL reports a deadlock or a serialization
// failure (SQLSTATE 40P01 / 40001). A request refused for its own reasons runs once, even when
// its message happens to contain those digits ("SKU 40001 does not exist"). Each attempt locks
// its rows with one SELECT … FOR UPDATE, so counting those in what the app sends counts the
// attempts. A single SKU's adjustment without a key is that one statement, a transaction of its
// own; the others end in COMMIT or ROLLBACK.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest } from "../../helpers/app.js";
import { createSku, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { ledgerState } from "../../helpers/stock.js";
import { AdjAdjustSkuStockDocument } from "../generated/graphql.js";

let t: LoggedApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startLoggedApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

/** Runs one request with an empty statement log; returns its result and the attempts it made. */
async function attemptsOf<T>(request: () => Promise<T>) {
  t.queries.length = 0;
  const result = await request();
  const sql = t.queries.map((q) => q.sql);
  return {
    result,
    locks: sql.filter((s) => /\bFOR UPDATE\b/i.test(s)).length,
    rollbacks: sql.filter((s) => /^\s*ROLLBACK\b/i.test(s)).length,
    commits: sql.filter((s) => /^\s*COMMIT\b/i.test(s)).length,
  };
}

describe("requests refused for their own reasons run once", () => {
  it("counts one attempt for a successful PATCH (the measure itself)", async () => {
    const id = await createSku(t, acct.token, 1);
    const { result, locks, commits, rollbacks } = await attemptsOf(() =>
      rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { on_hand: 2, reason: "found" } }),
    );
    expect(result.status).toBe(200);
    expect({ locks, commits, rollbacks }).toEqual({ locks: 1, commits: 0, rollbacks: 0 });
  });

  it.each([40001, 2140001000])(
    "answers PATCH /skus/%s (an unknown SKU whose id reads like a SQLSTATE) with 404 after one attempt",
    async (id) => {
      // An account without SKUs: whatever ids the suite has reached, this one is unknown here.
      const empty = await newAccount(t.db);
      const before = await ledgerState(t.db, empty.accountId);
      const { result, locks, commits, rollbacks } = await attemptsOf(() =>
        rest(t, "PATCH", `/skus/${id}`, {
          token: empty.token,
          body: { on_hand: 2, reason: "found" },
        }),
      );
      expect(result.status).toBe(404);
      expect(result.body.code).toBe("SKU_NOT_FOUND");
      expect(result.body.detail).toContain(String(id));
      expect({ locks, commits, rollbacks }).toEqual({ locks: 1, commits: 0, rollbacks: 0 });
      expect(await ledgerState(t.db, empty.accountId)).toEqual(before);
    },
  );

  it.each(["40P01", "40001"])(
    "answers reason %s with 422 INVALID_REASON after one attempt",
    async (reason) => {
      const id = await createSku(t, acct.token, 1);
      const before = await ledgerState(t.db, acct.accountId);
      const { result, locks, rollbacks } = await attemptsOf(() =>
        rest(t, "PATCH", `/skus/${id}`, { token: acct.token, body: { on_hand: 2, reason } }),
      );
      expect(result.status).toBe(422);
      expect(result.body.code).toBe("INVALID_REASON");
      expect(result.body.detail).toContain(reason);
      expect({ locks, rollbacks }).toEqual({ locks: 1, rollbacks: 1 });
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    },
  );

  it("answers bulk lines naming unknown SKU 40001 and unknown supplier item 40001 after one attempt", async () => {
    const empty = await newAccount(t.db);
    const { result, rollbacks } = await attemptsOf(() =>
      rest(t, "POST", "/stock-adjustments/bulk", {
        token: empty.token,
        body: {
          reason: "found",
          lines: [
            { type: "sku", id: 40001, new_qty: 1 },
            { type: "supplier_item", id: 40001, new_qty: 1 },
          ],
        },
      }),
    );
    expect(result.status).toBe(404);
    expect(result.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/lines/0/id",
      "/lines/1/id",
    ]);
    expect(rollbacks).toBe(1);
  });

  it("answers GraphQL adjustSkuStock for unknown SKU 40001 with a SKU_NOT_FOUND user error after one attempt", async () => {
    const empty = await newAccount(t.db);
    const { result, locks, rollbacks } = await attemptsOf(() =>
      gql(
        t,
        AdjAdjustSkuStockDocument,
        { input: { skuId: 40001, onHand: 2, reason: "FOUND" } },
        empty.token,
      ),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.adjustSkuStock.userErrors.map((e) => e.code)).toEqual(["SKU_NOT_FOUND"]);
    expect({ locks, rollbacks }).toEqual({ locks: 1, rollbacks: 0 });
  });
});
