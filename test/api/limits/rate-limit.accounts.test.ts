// An account's own rate budget, which all its tokens draw from together, over real HTTP: tokens
// issued through the API do not multiply what an account may spend (REST, GraphQL and the single
// adjustment that checks its token in its own statement alike), a refusal by the account's budget
// takes nothing from the token's bucket, and an issued token's limit is at most its issuer's
// (another account beside one spending its budget: noisy.fair-share).
import type { PrismaClient } from "../../../src/db/client.js";
import { createToken, updateToken } from "../../../src/modules/token/token.store.js";
import type { RateLimit } from "../../../src/rate-limit/bucket.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { createSku } from "../../helpers/stock.js";

/** One unit every 10 minutes: no bucket refills while a test runs. */
const SLOW = 1 / 600;
const TOKENS: RateLimit = { perSecond: SLOW, burst: 50 };
const ACCOUNTS: RateLimit = { perSecond: SLOW, burst: 12 };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(undefined, {
    config: { rateLimit: TOKENS, accountRateLimit: ACCOUNTS },
  });
});
afterAll(async () => t?.close());

/** A fresh account, its admin token (default limits) and `n` tokens issued through the API. */
async function accountWithTokens(n: number) {
  const acct = await newAccount(t.db);
  const setup = await unlimited(t.db, acct.accountId);
  const issued: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await rest(t, "POST", "/tokens", {
      token: setup,
      body: {
        name: `device ${i}`,
        scopes: ["read", "adjust"],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(res.status).toBe(201);
    issued.push(res.body.token as string);
  }
  return { ...acct, setup, issued };
}

/** A token outside every budget, to set up with: `off` exempts a token from both. */
async function unlimited(db: PrismaClient, accountId: number): Promise<string> {
  const made = await createToken(db, {
    accountId,
    name: "setup",
    rateLimit: { perSecond: 0, burst: 0 },
  });
  return made.token;
}

describe("an account's budget", () => {
  it("is shared by all its tokens: issuing more does not let it spend more", async () => {
    const { issued, token } = await accountWithTokens(3);
    const statuses: number[] = [];
    const details: string[] = [];
    // Three tokens of 50 units each, but 12 for the account: 12 pass, whichever token sends.
    for (let i = 0; i < 18; i++) {
      const res = await rest(t, "GET", "/skus?limit=1", { token: issued[i % 3] });
      statuses.push(res.status);
      if (res.status === 429) {
        details.push(res.body.detail as string);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual(Array(6).fill(429));
    expect(details[0]).toMatch(
      /this account's tokens together may spend .* in bursts of up to 12; retry after \d+ s/,
    );
    // The account's first token (made with the account) is held by the same budget.
    expect((await rest(t, "GET", "/skus?limit=1", { token })).status).toBe(429);
  });

  it("says where it stands in the RateLimit fields when it is the nearer to refusing", async () => {
    const { issued } = await accountWithTokens(1);
    const res = await rest(t, "GET", "/skus?limit=1", { token: issued[0] });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("12");
    expect(res.headers.get("ratelimit-remaining")).toBe("11");
  });

  it("refuses before the token's bucket pays: a refused request takes nothing from it", async () => {
    const acct = await newAccount(t.db);
    const setup = await unlimited(t.db, acct.accountId);
    const sku = await createSku(t, setup, 5);
    const limited = await createToken(t.db, {
      accountId: acct.accountId,
      name: "own bucket of 20",
      rateLimit: { perSecond: SLOW, burst: 20 },
    });
    const other = await createToken(t.db, { accountId: acct.accountId, name: "spender" });
    for (let i = 0; i < 12; i++) {
      expect((await rest(t, "GET", `/skus/${sku}`, { token: other.token })).status).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      expect((await rest(t, "GET", `/skus/${sku}`, { token: limited.token })).status).toBe(429);
    }
    // Its own bucket was never taken from: the token's row shows it full.
    const [bucket] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM api_token_buckets
      WHERE account_id = ${acct.accountId} AND token_id = ${limited.id}`;
    expect(bucket?.n).toBe(0);
  });

  it("holds the single adjustment, over REST and GraphQL, which checks its token in its own statement", async () => {
    const { issued, setup } = await accountWithTokens(2);
    const sku = await createSku(t, setup, 0);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const token = issued[i % 2]!;
      if (i % 2 === 0) {
        const res = await rest(t, "PATCH", `/skus/${sku}`, {
          token,
          body: { on_hand: i + 1, reason: "found" },
        });
        statuses.push(res.status);
      } else {
        const res = await postGraphql(
          t,
          {
            query: `mutation A($id: Int!, $q: Quantity!) {
              adjustSkuStock(input: { skuId: $id, onHand: $q, reason: FOUND }) { userErrors { code } }
            }`,
            variables: { id: sku, q: i + 1 },
          },
          token,
        );
        statuses.push(res.status);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual([429, 429, 429, 429]);
    // Refused adjustments wrote nothing: the last on hand is the twelfth request's.
    const last = await rest(t, "GET", `/skus/${sku}`, { token: setup });
    expect(last.body.on_hand).toBe(12);
  });

  it("is the account's own limit when it has one (countpoint accounts update)", async () => {
    const { issued, accountId } = await accountWithTokens(1);
    await t.db.account.update({
      where: { id: accountId },
      data: { rateLimitPerSecond: SLOW, rateLimitBurst: 3 },
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await rest(t, "GET", "/skus?limit=1", { token: issued[0] })).status);
    }
    // The first request learns the new limit (the process had the default, 12, till then).
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("a token issued through the API", () => {
  it("has its issuer's own limit, never the higher default", async () => {
    const acct = await newAccount(t.db);
    const admin = await createToken(t.db, {
      accountId: acct.accountId,
      name: "admin limited to bursts of 4",
    });
    await updateToken(t.db, {
      accountId: acct.accountId,
      tokenId: admin.id,
      rateLimit: { perSecond: 1, burst: 4 },
    });
    const res = await rest(t, "POST", "/tokens", {
      token: admin.token,
      body: {
        name: "device",
        scopes: ["read"],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.$queryRaw<{ rate: number; burst: number }[]>`
      SELECT rate_limit_per_second AS rate, rate_limit_burst AS burst FROM api_tokens
      WHERE account_id = ${acct.accountId} AND id = ${res.body.id as number}`;
    expect(row).toEqual({ rate: 1, burst: 4 });
    const used = await rest(t, "GET", "/skus?limit=1", { token: res.body.token as string });
    expect(used.headers.get("ratelimit-limit")).toBe("4");
  });

  it("has the default limit when its issuer has none of its own", async () => {
    const { issued } = await accountWithTokens(1);
    const res = await rest(t, "GET", "/skus?limit=1", { token: issued[0] });
    // The account's budget (12) is the nearer here; the token's own (50) is the default.
    expect(res.headers.get("ratelimit-limit")).toBe("12");
    const [row] = await t.db.$queryRaw<{ rate: number | null }[]>`
      SELECT rate_limit_per_second AS rate FROM api_tokens
      WHERE token_hash = encode(sha256(convert_to(${issued[0]!}, 'UTF8')), 'hex')`;
    expect(row?.rate).toBeNull();
  });
});

describe("a request its account's budget refuses", () => {
  let logged: LoggedApp;
  beforeAll(async () => {
    logged = await startLoggedApp({ rateLimit: TOKENS, accountRateLimit: ACCOUNTS });
  });
  afterAll(async () => logged?.close());

  it("costs no statement when its token authenticated here lately, and a new token is checked", async () => {
    const acct = await newAccount(logged.db);
    const tokens = await Promise.all(
      [1, 2].map(
        async (i) =>
          (await createToken(logged.db, { accountId: acct.accountId, name: `device ${i}` })).token,
      ),
    );
    const [first, second] = tokens as [string, string];
    // 12 units of budget: the first token spends them, then is refused by the account.
    for (let i = 0; i < 12; i++) {
      expect((await rest(logged, "GET", "/skus?limit=1", { token: first })).status).toBe(200);
    }
    logged.queries.length = 0;
    for (let i = 0; i < 5; i++) {
      const refused = await rest(logged, "GET", "/skus?limit=1", { token: first });
      expect([refused.status, refused.body.code]).toEqual([429, "RATE_LIMITED"]);
      expect(refused.body.detail).toMatch(/account/);
    }
    expect(logged.queries).toEqual([]);
    // A token not seen here yet is checked (a bad one would be told 401), then refused alike.
    const unseen = await rest(logged, "GET", "/skus?limit=1", { token: second });
    expect(unseen.status).toBe(429);
    expect(logged.queries.filter((q) => q.sql.includes("api_tokens"))).toHaveLength(1);
  });
});
