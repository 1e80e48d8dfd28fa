// A made-up token (one the service never signed, src/auth/signatures.ts) is answered 401
// without a statement, and a bad token sent again and again (unknown, revoked, expired) by the
// process that refused it, without a statement each (src/auth/refused-tokens.ts): a flood of bad
// tokens costs the server about what /healthz costs (another account beside such a flood:
// noisy.fair-share).
import { hashToken } from "../../../src/auth/tokens.js";
import { createToken, revokeToken } from "../../../src/modules/token/token.store.js";
import { rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { parallel } from "../../helpers/neighbour.js";

let t: LoggedApp;
beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(async () => t?.close());

/** Statements that read api_tokens (each authentication sends one). */
const authentications = () => t.queries.filter((q) => q.sql.includes("api_tokens")).length;

/** A token of the right form that no account holds. */
const bogus = (accountId: number, i: number) =>
  `cp_${accountId}_${`bogus${i}`.padEnd(32, "x").slice(0, 32)}`;

/**
 * An account still holding a token issued before signatures (written as that version wrote it),
 * whose tokens are therefore all looked up; the token is answered too.
 */
async function unsignedAccount() {
  const acct = await newAccount(t.db);
  const unsigned = `cp_${acct.accountId}_${"u".repeat(32)}`;
  await t.db.apiToken.create({
    data: {
      accountId: acct.accountId,
      name: "before signatures",
      scopes: ["read"],
      tokenHash: hashToken(unsigned),
    },
  });
  await t.app.limiter.signatures.refresh();
  return { ...acct, unsigned };
}

describe("a made-up token", () => {
  it("is refused without a statement, as an unknown one is, when its account holds only signed tokens", async () => {
    const acct = await newAccount(t.db);
    const unknown = await unsignedAccount();
    const looked = await rest(t, "GET", "/skus", { token: bogus(unknown.accountId, 1) });
    expect(looked.status).toBe(401);
    t.queries.length = 0;
    for (let i = 0; i < 10; i++) {
      const res = await rest(t, "GET", "/skus", { token: bogus(acct.accountId, 200 + i) });
      expect([res.status, res.body.detail]).toEqual([401, looked.body.detail]);
    }
    // An account that does not exist holds no unsigned token either.
    expect((await rest(t, "GET", "/skus", { token: bogus(2_000_000_000, 1) })).status).toBe(401);
    expect(t.queries).toEqual([]);
    // The account's own, signed, token is looked up and answered.
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(200);
    expect(authentications()).toBe(1);
  });

  it("of an account still holding an unsigned token is looked up, and that token authenticates", async () => {
    const acct = await unsignedAccount();
    expect((await rest(t, "GET", "/skus", { token: acct.unsigned })).status).toBe(200);
    t.queries.length = 0;
    expect((await rest(t, "GET", "/skus", { token: bogus(acct.accountId, 300) })).status).toBe(401);
    expect(authentications()).toBe(1);
  });
});

describe("a refused token", () => {
  it("sent again is refused without a statement, with the same problem", async () => {
    const acct = await unsignedAccount();
    const token = bogus(acct.accountId, 1);
    t.queries.length = 0;
    const first = await rest(t, "GET", "/skus", { token });
    expect(first.status).toBe(401);
    expect(authentications()).toBe(1);
    for (let i = 0; i < 20; i++) {
      const again = await rest(t, "GET", "/skus", { token });
      expect(again.status).toBe(401);
      expect(again.body.detail).toBe(first.body.detail);
    }
    expect(authentications()).toBe(1);
    // GraphQL answers it from the same memory.
    const gql = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ skus(first: 1) { edges { cursor } } }" }),
    });
    expect(gql.status).toBe(401);
    expect(authentications()).toBe(1);
  });

  it("stays refused once revoked, and a token that works is never held back", async () => {
    const acct = await newAccount(t.db);
    const made = await createToken(t.db, { accountId: acct.accountId, name: "soon revoked" });
    expect((await rest(t, "GET", "/skus", { token: made.token })).status).toBe(200);
    await revokeToken(t.db, { accountId: acct.accountId, tokenId: made.id });
    t.queries.length = 0;
    for (let i = 0; i < 5; i++) {
      expect((await rest(t, "GET", "/skus", { token: made.token })).status).toBe(401);
    }
    expect(authentications()).toBe(1);
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(200);
  });

  it("sent by many connections at once is looked up about once per token", async () => {
    const hostile = await unsignedAccount();
    const tokens = Array.from({ length: 8 }, (_, i) => bogus(hostile.accountId, 100 + i));
    t.queries.length = 0;
    let refused = 0;
    await parallel(16, async (i) => {
      for (let n = 0; n < 40; n++) {
        const res = await fetch(`${t.baseUrl}/api/v1/skus`, {
          headers: { authorization: `Bearer ${tokens[(i + n) % tokens.length]}` },
        });
        await res.arrayBuffer();
        if (res.status === 401) refused++;
      }
    });
    expect(refused).toBe(16 * 40);
    // Each bad token was looked up about once (at most once per request in flight at its first
    // refusal), not 640 times.
    const hostileLookups = t.queries.filter(
      (q) => q.sql.includes("api_tokens") && q.params.includes(hostile.accountId),
    ).length;
    expect(hostileLookups).toBeLessThanOrEqual(tokens.length * 16);
    expect(hostileLookups).toBeLessThan(16 * 40);
  });
});
