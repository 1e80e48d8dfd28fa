// A single adjustment checks its token inside the adjustment's own statement once the server has
// seen the token (one round trip instead of two): REST's PATCH /skus/{id} and GraphQL's
// adjustSkuStock alike. These tests hold that statement to what a request in two statements
// promises, over both transports: a revoked or expired token is refused at once, a bucket that is
// out refuses before anything is written, a bad input from a bad token is a 401, and the bucket
// counts exactly under concurrency.
import { createToken, revokeToken } from "../../../src/modules/token/token.store.js";
import type { RateLimit } from "../../../src/rate-limit/bucket.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { halfSent, type HalfSent } from "../../helpers/half-sent.js";
import { startLoggedApp } from "../../helpers/movements.js";
import { createSku, ledgerState, skuOnHand } from "../../helpers/stock.js";

/** One unit every 10 minutes: no bucket refills while a test runs. */
const SLOW = 1 / 600;

let t: TestApp;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestApp(undefined, { config: { rateLimit: { perSecond: 0, burst: 0 } } });
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

/** A new token of the test account with the adjust scope, and its id. */
async function newToken(
  rateLimit: RateLimit | null = null,
): Promise<{ token: string; id: number }> {
  const made = await createToken(t.db, {
    accountId: acct.accountId,
    name: "counter",
    scopes: ["read", "adjust"],
    rateLimit,
  });
  return { token: made.token, id: made.id };
}

/** What a client sees of an adjustment's answer, whichever transport carried it. */
interface Answer {
  status: number;
  /** The error's code (REST's problem, GraphQL's top-level error or first userError), or "OK". */
  code: string;
  message: string;
  headers: Headers;
  /** The answer's JSON: REST's problem or resource, GraphQL's response. */
  body: unknown;
}

/** A single adjustment as REST's body has it (`on_hand`, a reason in lower case, extra fields). */
type Adjustment = Record<string, unknown> & { on_hand: unknown; reason: string };

const ADJUST_SKU = `mutation ($input: AdjustSkuStockInput!) {
  adjustSkuStock(input: $input) { sku { id onHand } userErrors { code message } }
}`;

/** Sends `body` as a SKU's adjustment over one transport, without an idempotency key. */
const TRANSPORTS: Record<
  string,
  (app: TestApp, sku: number, body: Adjustment, token: string) => Promise<Answer>
> = {
  REST: async (app, sku, body, token) => {
    const res = await rest(app, "PATCH", `/skus/${sku}`, { token, body });
    const problem = res.body as { code?: string; detail?: string };
    return {
      status: res.status,
      code: res.status === 200 ? "OK" : String(problem.code),
      message: problem.detail ?? "",
      headers: res.headers,
      body: res.body,
    };
  },
  GraphQL: async (app, sku, body, token) => {
    const { on_hand, reason, ...rest } = body;
    const input = { skuId: sku, onHand: on_hand, reason: reason.toUpperCase(), ...rest };
    const res = await postGraphql(app, { query: ADJUST_SKU, variables: { input } }, token);
    const data = res.data as {
      adjustSkuStock?: { userErrors: { code: string; message: string }[] };
    };
    const top = res.errors?.[0];
    const userError = data?.adjustSkuStock?.userErrors[0];
    const code = (top ? top.extensions?.code : userError?.code) ?? "OK";
    const error = top ?? userError;
    const { status, headers, bytes: _, ...answer } = res;
    return { status, code, message: error?.message ?? "", headers, body: answer };
  },
};

describe.each(Object.keys(TRANSPORTS))(
  "a single adjustment over %s whose token is checked in its own statement",
  (transport) => {
    const send = (sku: number, body: Adjustment, token: string) =>
      TRANSPORTS[transport]!(t, sku, body, token);

    /** A SKU, and a token the server has already let adjust it (checked in one statement). */
    async function knownToken(rateLimit: RateLimit | null = null) {
      const sku = await createSku(t, acct.token, 1);
      const token = await newToken(rateLimit);
      expect((await send(sku, { on_hand: 2, reason: "found" }, token.token)).code).toBe("OK");
      return { sku, ...token };
    }

    it("refuses a token revoked after the server knew it, at once, with 401, and writes nothing", async () => {
      const { sku, token, id } = await knownToken();
      await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
      const before = await ledgerState(t.db, acct.accountId);
      const res = await send(sku, { on_hand: 9, reason: "found" }, token);
      expect([res.status, res.code]).toEqual([401, "UNAUTHENTICATED"]);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      // As a refusal at the door is answered: nothing of the operation ran (no data over GraphQL).
      expect(res.body).not.toHaveProperty("data");
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
      expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("2");
    });

    it("refuses a token that expired after the server knew it, saying when, and writes nothing", async () => {
      const { sku, token, id } = await knownToken();
      // As if its expiry had come: a token's expiry can only be set in the future.
      await t.db.apiToken.updateMany({
        where: { accountId: acct.accountId, id },
        data: { expiresAt: new Date(Date.now() - 60_000) },
      });
      const before = await ledgerState(t.db, acct.accountId);
      const res = await send(sku, { on_hand: 9, reason: "found" }, token);
      expect(res.status).toBe(401);
      expect(res.message).toMatch(/expired/);
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    });

    it("answers a bad input from a revoked token with 401, not with what is wrong in it", async () => {
      const { sku, token, id } = await knownToken();
      await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
      for (const body of [
        { on_hand: -1, reason: "found" }, // the service's check
        { on_hand: 1, reason: "found", colour: "red" }, // the schema's
        { on_hand: "x", reason: "found" }, // a quantity that is not one
        { on_hand: 1, reason: "manual" }, // a note is required
      ]) {
        const res = await send(sku, body, token);
        expect([res.status, res.code]).toEqual([401, "UNAUTHENTICATED"]);
      }
    });

    it("refuses with 429 and Retry-After when the bucket is out, writing nothing, and charges one unit a request", async () => {
      const { sku, token } = await knownToken({ perSecond: SLOW, burst: 3 });
      const second = await send(sku, { on_hand: 3, reason: "found" }, token);
      expect(second.code).toBe("OK");
      expect(second.headers.get("ratelimit-remaining")).toBe("1");
      const third = await send(sku, { on_hand: 4, reason: "found" }, token);
      expect(third.headers.get("ratelimit-remaining")).toBe("0");
      const before = await ledgerState(t.db, acct.accountId);
      const refused = await send(sku, { on_hand: 5, reason: "found" }, token);
      expect([refused.status, refused.code]).toEqual([429, "RATE_LIMITED"]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
      expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("4");
    });

    it("charges a bad input as any request is charged, and answers what is wrong with it", async () => {
      const { sku, token } = await knownToken({ perSecond: SLOW, burst: 5 });
      const bad = await send(sku, { on_hand: "x", reason: "found" }, token);
      expect(bad.status).toBe(400);
      expect(bad.headers.get("ratelimit-remaining")).toBe("3");
      const negative = await send(sku, { on_hand: -1, reason: "found" }, token);
      expect(negative.code).toBe("INVALID_QUANTITY");
      expect(negative.headers.get("ratelimit-remaining")).toBe("2");
    });

    it("answers an unknown SKU as not found only to a token it lets in", async () => {
      const { token, id } = await knownToken();
      const unknown = { on_hand: 1, reason: "found" };
      expect((await send(2_000_000_000, unknown, token)).code).toBe("SKU_NOT_FOUND");
      await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
      expect((await send(2_000_000_000, unknown, token)).status).toBe(401);
    });

    it("lets exactly as many concurrent adjustments through as the bucket holds", async () => {
      const { sku, token } = await knownToken({ perSecond: SLOW, burst: 11 });
      const before = await ledgerState(t.db, acct.accountId);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          send(sku, { on_hand: 100 + i, reason: "found" }, token),
        ),
      );
      const codes = answers.map((r) => r.code);
      expect(codes.filter((c) => c === "OK")).toHaveLength(10);
      expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(14);
      const after = await ledgerState(t.db, acct.accountId);
      expect(after.movements - before.movements).toBe(10);
      expect(after.adjustments - before.adjustments).toBe(10);
    });
  },
);

/** The first three words of each statement the logged app's client sent. */
const heads = (queries: { sql: string }[]) =>
  queries.map((q) => q.sql.trim().split(/\s+/).slice(0, 3).join(" "));

describe("adjustSkuStock's statements", () => {
  it("costs one statement once the server knows the token, as PATCH /skus/{id} does; anything else is checked first", async () => {
    const logged = await startLoggedApp();
    try {
      const owner = await newAccount(logged.db);
      const sku = await createSku(logged, owner.token, 3);
      const statementsOf = async (query: string, variables: unknown) => {
        logged.queries.length = 0;
        const res = await postGraphql(logged, { query, variables }, owner.token);
        expect(res.errors).toBeUndefined();
        return heads(logged.queries);
      };
      const input = (onHand: number, more: object = {}) => ({
        input: { skuId: sku, onHand, reason: "FOUND", ...more },
      });
      // The first time: the token with its account and its bucket; then the adjustment.
      expect(await statementsOf(ADJUST_SKU, input(4))).toEqual(["WITH tok AS", "WITH target AS"]);
      // From then on the token is checked, and its bucket taken, in the adjustment's statement.
      expect(await statementsOf(ADJUST_SKU, input(5))).toEqual(["WITH tok AS"]);
      expect(logged.queries[0]?.sql).toMatch(/target AS MATERIALIZED/);
      expect(await skuOnHand(logged.db, owner.accountId, sku)).toBe("5");
      // With a key it is the transaction it always was, after the token's own statement.
      const keyed = await statementsOf(ADJUST_SKU, input(6, { idempotencyKey: "one-check" }));
      expect(keyed[0]).toBe("WITH tok AS");
      expect(logged.queries[0]?.sql).not.toMatch(/target AS MATERIALIZED/);
      // Two adjustments in one operation, or a query: the token first, in a statement of its own.
      const two = `mutation ($a: AdjustSkuStockInput!, $b: AdjustSkuStockInput!) {
        a: adjustSkuStock(input: $a) { sku { id } }
        b: adjustSkuStock(input: $b) { sku { id } }
      }`;
      const both = await statementsOf(two, { a: input(7).input, b: input(8).input });
      expect(both.slice(0, 3)).toEqual(["WITH tok AS", "WITH target AS", "WITH target AS"]);
      const read = await statementsOf(`query ($id: Int!) { sku(id: $id) { onHand } }`, { id: sku });
      expect(read[0]).toBe("WITH tok AS");
      expect(await skuOnHand(logged.db, owner.accountId, sku)).toBe("8");
    } finally {
      await logged.close();
    }
  });

  it("checks the token on its own while another of the token's adjustments is in flight, over either transport", async () => {
    const logged = await startLoggedApp();
    let slow: HalfSent | undefined;
    try {
      const owner = await newAccount(logged.db);
      const sku = await createSku(logged, owner.token, 3);
      const adjust = (onHand: number) =>
        postGraphql(
          logged,
          { query: ADJUST_SKU, variables: { input: { skuId: sku, onHand, reason: "FOUND" } } },
          owner.token,
        );
      expect((await adjust(4)).errors).toBeUndefined();
      // A, over REST: its headers are in (let in unchecked), its body not yet all sent.
      slow = await halfSent(new URL(`/api/v1/skus/${sku}`, logged.baseUrl), "PATCH", owner.token, {
        on_hand: 7,
        reason: "found",
      });
      // B, over GraphQL beside A: the token is checked first, then the adjustment.
      logged.queries.length = 0;
      expect((await adjust(6)).errors).toBeUndefined();
      expect(heads(logged.queries)).toEqual(["WITH tok AS", "WITH target AS"]);
      // A, alone again once B is done: one statement.
      logged.queries.length = 0;
      expect(await slow.finish()).toBe(200);
      expect(heads(logged.queries)).toEqual(["WITH tok AS"]);
      // And B alone: one statement again.
      logged.queries.length = 0;
      expect((await adjust(8)).errors).toBeUndefined();
      expect(heads(logged.queries)).toEqual(["WITH tok AS"]);
      expect(await skuOnHand(logged.db, owner.accountId, sku)).toBe("8");
    } finally {
      slow?.destroy(); // a request left half-sent would hold the server open
      await logged.close();
    }
  });
});
