// A single adjustment over REST checks its token inside the adjustment's own statement once the
// server has seen the token (one round trip instead of two). These tests hold that statement to
// what a request in two statements promises: a revoked or expired token is refused at once, a
// bucket that is out refuses before anything is written, a bad body from a bad token is a 401,
// and the bucket counts exactly under concurrency.
import { createToken, revokeToken } from "../../src/modules/account/account.tokens.js";
import type { RateLimit } from "../../src/rate-limit/bucket.js";
import { rest, startTestApp, type TestApp } from "../helpers/app.js";
import { newAccount, type TestAccount } from "../helpers/db.js";
import { createSku, ledgerState, skuOnHand } from "../helpers/stock.js";

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

const patch = (sku: number, body: unknown, token: string) =>
  rest(t, "PATCH", `/skus/${sku}`, { token, body });

/** A SKU, and a token the server has already let adjust it (so it is checked in one statement). */
async function knownToken(rateLimit: RateLimit | null = null) {
  const sku = await createSku(t, acct.token, 1);
  const token = await newToken(rateLimit);
  expect((await patch(sku, { on_hand: 2, reason: "found" }, token.token)).status).toBe(200);
  return { sku, ...token };
}

describe("a single adjustment whose token is checked in its own statement", () => {
  it("refuses a token revoked after the server knew it, at once, and writes nothing", async () => {
    const { sku, token, id } = await knownToken();
    await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
    const before = await ledgerState(t.db, acct.accountId);
    const res = await patch(sku, { on_hand: 9, reason: "found" }, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
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
    const res = await patch(sku, { on_hand: 9, reason: "found" }, token);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/expired/);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("answers a bad body from a revoked token with 401, not with what is wrong in the body", async () => {
    const { sku, token, id } = await knownToken();
    await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
    for (const body of [
      { on_hand: -1, reason: "found" }, // the service's check
      { on_hand: 1, reason: "found", colour: "red" }, // the schema's
      { on_hand: 1, reason: "manual" }, // a note is required
    ]) {
      const res = await patch(sku, body, token);
      expect([res.status, res.body.code]).toEqual([401, "UNAUTHENTICATED"]);
    }
  });

  it("refuses with 429 and Retry-After when the bucket is out, writing nothing, and charges one unit a request", async () => {
    const { sku, token } = await knownToken({ perSecond: SLOW, burst: 3 });
    const second = await patch(sku, { on_hand: 3, reason: "found" }, token);
    expect(second.status).toBe(200);
    expect(second.headers.get("ratelimit-remaining")).toBe("1");
    const third = await patch(sku, { on_hand: 4, reason: "found" }, token);
    expect(third.headers.get("ratelimit-remaining")).toBe("0");
    const before = await ledgerState(t.db, acct.accountId);
    const refused = await patch(sku, { on_hand: 5, reason: "found" }, token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("4");
  });

  it("charges a bad body as any request is charged, and answers what is wrong with it", async () => {
    const { sku, token } = await knownToken({ perSecond: SLOW, burst: 5 });
    const bad = await patch(sku, { on_hand: "x", reason: "found" }, token);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("ratelimit-remaining")).toBe("3");
    const negative = await patch(sku, { on_hand: -1, reason: "found" }, token);
    expect(negative.status).toBe(422);
    expect(negative.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("answers 404 for an unknown SKU only to a token it lets in", async () => {
    const { token, id } = await knownToken();
    expect((await patch(2_000_000_000, { on_hand: 1, reason: "found" }, token)).status).toBe(404);
    await revokeToken(t.db, { accountId: acct.accountId, tokenId: id });
    expect((await patch(2_000_000_000, { on_hand: 1, reason: "found" }, token)).status).toBe(401);
  });

  it("lets exactly as many concurrent adjustments through as the bucket holds", async () => {
    const { sku, token } = await knownToken({ perSecond: SLOW, burst: 11 });
    const before = await ledgerState(t.db, acct.accountId);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        patch(sku, { on_hand: 100 + i, reason: "found" }, token),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    const after = await ledgerState(t.db, acct.accountId);
    expect(after.movements - before.movements).toBe(10);
    expect(after.adjustments - before.adjustments).toBe(10);
  });
});
