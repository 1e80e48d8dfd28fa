// Rate limits with the buckets in Redis (REDIS_URL), over real HTTP against a real Redis
// (TEST_REDIS_URL, default the local one): the same headers and refusals as with PostgreSQL, one
// bucket shared by two app instances, exact counting under concurrency, no statement added on
// PostgreSQL, and requests still served (unlimited) while Redis is unreachable.
import { Redis } from "ioredis";
import { createToken } from "../../../src/modules/token/token.store.js";
import { hashToken } from "../../../src/auth/tokens.js";
import type { RateLimit } from "../../../src/rate-limit/bucket.js";
import { buildApp } from "../../../src/server/app.js";
import {
  listenWithContract,
  postGraphql,
  rest,
  startTestApp,
  type TestApp,
} from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { frozenProxy, throughProxy } from "../../helpers/proxy.js";
import { loggingClient, type LoggedApp } from "../../helpers/movements.js";
import { createSku, seedSkus, skuOnHand } from "../../helpers/stock.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SLOW = 1 / 600;

let t: TestApp;
/** A second instance, whose database client records the statements it sends. */
let t2: LoggedApp;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  // A clear failure when no Redis is there, rather than every test timing out.
  await redis.connect().catch((error: Error) => {
    throw new Error(`these tests need Redis at ${REDIS_URL} (TEST_REDIS_URL): ${error.message}`);
  });
  const config = { rateLimit: { perSecond: SLOW, burst: 5 }, redisUrl: REDIS_URL };
  t = await startTestApp(undefined, { config });
  const queries: LoggedApp["queries"] = [];
  const appDb = loggingClient(queries);
  const app = await buildApp({
    db: appDb,
    config: { ...config, logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
  });
  t2 = {
    db: t.db,
    app,
    appDb,
    queries,
    ...(await listenWithContract(app)),
    close: async () => {
      await app.close();
      await appDb.$disconnect();
    },
  };
});
afterAll(async () => {
  await t2?.close();
  await t?.close();
  redis?.disconnect();
});

async function limitedToken(rateLimit: RateLimit | null = null) {
  const acct = await newAccount(t.db);
  const setup = await createToken(t.db, {
    accountId: acct.accountId,
    name: "setup",
    rateLimit: { perSecond: 0, burst: 0 },
  });
  const made = await createToken(t.db, { accountId: acct.accountId, name: "limited", rateLimit });
  return { accountId: acct.accountId, token: made.token, setup: setup.token };
}

describe("rate limits in Redis", () => {
  it("count down in RateLimit headers and refuse REST and GraphQL with 429 RATE_LIMITED, writing nothing", async () => {
    const acct = await limitedToken();
    const sku = await createSku(t, acct.setup, 5);

    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const res = await rest(i % 2 ? t2 : t, "GET", `/skus/${sku}`, { token: acct.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("5");
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    // The bucket is in Redis, under the token's digest.
    expect(await redis.exists(`countpoint:ratelimit:${hashToken(acct.token)}`)).toBe(1);

    const refused = await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 9, reason: "correction" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(570);
    const graphql = await postGraphql(
      t2,
      {
        query: `mutation { adjustSkuStock(input: { skuId: ${sku}, onHand: 9, reason: CORRECTION }) { userErrors { code } } }`,
      },
      acct.token,
    );
    expect(graphql.status).toBe(429);
    expect(graphql.errors).toEqual([
      expect.objectContaining({ extensions: { code: "RATE_LIMITED" } }),
    ]);
    // The same wait, less what passed between the two (a second boundary may fall between them).
    const waits = [refused, graphql].map((r) => Number(r.headers.get("retry-after")));
    expect(waits[0]! - waits[1]!).toBeGreaterThanOrEqual(0);
    expect(waits[0]! - waits[1]!).toBeLessThanOrEqual(1);
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("5");
  });

  it("lets exactly as many concurrent requests of two app instances through as the bucket holds", async () => {
    const acct = await limitedToken({ perSecond: SLOW, burst: 20 });
    const statuses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        rest(i % 2 ? t2 : t, "GET", "/skus", { token: acct.token }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
  });

  it("prices lines as in PostgreSQL, in one call: REST once the body is read, GraphQL once the operation is known", async () => {
    const acct = await limitedToken({ perSecond: SLOW, burst: 8 });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      code: `RR-${Date.now()}-${i}`,
      name: "x",
    }));
    const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    expect(made.status).toBe(200);
    // 30 rows, each counted as 10 lines: 3 units.
    expect(made.headers.get("ratelimit-remaining")).toBe("5");
    const ids = (made.body.ids as { id: number }[]).map((r) => r.id);
    const query = await postGraphql(
      t2,
      { query: "{ skus(first: 1) { edges { node { id } } } }" },
      acct.token,
    );
    expect(query.headers.get("ratelimit-remaining")).toBe("4");
    const bulk = (lines: number[]) =>
      postGraphql(
        t,
        {
          query: `mutation ($input: BulkAdjustStockInput!) { bulkAdjustStock(input: $input) { userErrors { code } } }`,
          variables: {
            input: {
              reason: "CORRECTION",
              lines: lines.map((id) => ({ type: "SKU", id, newQty: 2 })),
            },
          },
        },
        acct.token,
      );
    const adjusted = await bulk(ids);
    expect(adjusted.data).toEqual({ bulkAdjustStock: { userErrors: [] } });
    // 30 adjustment lines, each counted as 6: 2 units.
    expect(adjusted.headers.get("ratelimit-remaining")).toBe("2");

    const movements = await t.db.stockMovement.count({ where: { accountId: acct.accountId } });
    const refused = await rest(t2, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "correction", lines: ids.map((id) => ({ type: "sku", id, new_qty: 3 })) },
    });
    // 30 lines cost 2: the 2 units left pay for them, and the next 30 find none.
    expect(refused.status).toBe(201);
    const more = await rest(t2, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      body: { reason: "correction", lines: ids.map((id) => ({ type: "sku", id, new_qty: 4 })) },
    });
    expect(more.status).toBe(429);
    expect(more.headers.get("ratelimit-remaining")).toBe("0");
    expect(await t.db.stockMovement.count({ where: { accountId: acct.accountId } })).toBe(
      movements + 30,
    );
    expect(await skuOnHand(t.db, acct.accountId, ids[0]!)).toBe("3");
  });

  it("lets a request dearer than the bucket through once it is full and leaves it owing the rest, as in PostgreSQL", async () => {
    const acct = await limitedToken({ perSecond: SLOW, burst: 2 });
    const rows = Array.from({ length: 250 }, (_, i) => ({
      code: `RD-${Date.now()}-${i}`,
      name: "x",
    }));
    // 250 imported rows, each counted as 10 lines: 25 units from a bucket of 2.
    const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    expect(made.status).toBe(200);
    expect(made.headers.get("ratelimit-remaining")).toBe("0");
    // 23 owed: a 1-unit request waits for 24 units' refill, on either app instance.
    const next = await rest(t2, "GET", "/skus?limit=1", { token: acct.token });
    expect(next.status).toBe(429);
    const wait = Number(next.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(24 * 600 - 30);
    expect(wait).toBeLessThanOrEqual(24 * 600);
  });

  it("sends PostgreSQL only the authentication's statement, asked to take nothing", async () => {
    const acct = await limitedToken();
    t2.queries.length = 0;
    const res = await rest(t2, "GET", "/skus", { token: acct.token });
    expect(res.headers.get("ratelimit-remaining")).toBe("4");
    const sql = t2.queries.map((q) => q.sql);
    // The authentication and the list: what an app without a limit sends too.
    expect(sql).toHaveLength(2);
    expect(sql.filter((s) => /FROM api_tokens t JOIN accounts/.test(s))).toHaveLength(1);
    expect(await t.db.apiTokenBucket.count({ where: { accountId: acct.accountId } })).toBe(0);
  });

  it("prices lists by their rows and count sheets by their lines as in PostgreSQL, refusing a list its bucket cannot pay for before its query", async () => {
    const acct = await limitedToken({ perSecond: SLOW, burst: 20 });
    await seedSkus(t.db, acct.accountId, 1000);
    t2.queries.length = 0;
    const page = await rest(t2, "GET", "/skus?limit=1000", { token: acct.token });
    expect(page.body.data).toHaveLength(1000);
    expect(page.headers.get("ratelimit-remaining")).toBe("10");
    // PostgreSQL sees what an unlimited token's list sends: the authentication and the list.
    expect(t2.queries).toHaveLength(2);
    const few = await rest(t, "GET", "/skus?limit=1000&code=SCALE-7", { token: acct.token });
    expect(few.body.data).toHaveLength(1);
    expect(few.headers.get("ratelimit-remaining")).toBe("9");

    const start = await rest(t, "POST", "/stock-takes/start", { token: acct.setup, body: {} });
    expect(start.status).toBe(201);
    const sheet = (tok: string) =>
      rest(t2, "GET", `/stock-takes/${start.body.id}/lines`, {
        token: tok,
        headers: { accept: "text/csv" },
      });
    // 9 units: a page of 1,000 may cost 10, a sheet of 1,000 lines costs 10.
    t2.queries.length = 0;
    const refused = await rest(t2, "GET", "/skus?limit=1000", { token: acct.token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-remaining")).toBe("9");
    expect(t2.queries).toHaveLength(1);
    t2.queries.length = 0;
    const refusedSheet = await sheet(acct.token);
    expect(refusedSheet.status).toBe(429);
    expect(refusedSheet.body.detail).toMatch(/this request costs 10 units/);
    expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);

    const other = await createToken(t.db, {
      accountId: acct.accountId,
      name: "sheets",
      rateLimit: { perSecond: SLOW, burst: 20 },
    });
    const paid = await sheet(other.token);
    expect(paid.status).toBe(200);
    expect((paid.body as string).trim().split("\r\n")).toHaveLength(1001);
    expect(paid.headers.get("ratelimit-remaining")).toBe("10");
  });

  it("leaves a bucket owing the rows its token's parallel lists answered, as in PostgreSQL", async () => {
    const acct = await limitedToken({ perSecond: SLOW, burst: 20 });
    await seedSkus(t.db, acct.accountId, 1000);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        rest(i % 2 ? t2 : t, "GET", "/skus?limit=1000", { token: acct.token }).then(
          (r) => r.status,
        ),
      ),
    );
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThanOrEqual(2);
    const next = await rest(t, "GET", "/skus?limit=1", { token: acct.token });
    expect(next.status).toBe(429);
    const owed = 10 * served - 20;
    const retryAfter = Number(next.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual((owed + 1) * 600 - 30);
    expect(retryAfter).toBeLessThanOrEqual((owed + 1) * 600);
  });

  it("limits the very first request of an app whose Redis connection is slow to open", async () => {
    // Each connection to Redis is relayed only after 1.5 s: the app connects before it serves
    // (a command sent while the connection opens would fail, and the request go unlimited).
    const proxy = await frozenProxy(new URL(REDIS_URL), { connectDelayMs: 1_500 });
    const slow = await startTestApp(undefined, {
      config: {
        rateLimit: { perSecond: SLOW, burst: 5 },
        redisUrl: throughProxy(REDIS_URL, proxy),
      },
    });
    try {
      const acct = await limitedToken();
      const res = await rest(slow, "GET", "/skus", { token: acct.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("5");
      expect(res.headers.get("ratelimit-remaining")).toBe("4");
    } finally {
      await slow.close();
      proxy.close();
    }
  });

  it("serves requests without a limit while Redis is unreachable", async () => {
    const away = await startTestApp(undefined, {
      config: {
        rateLimit: { perSecond: SLOW, burst: 1 },
        // A port nothing listens on.
        redisUrl: "redis://127.0.0.1:1",
      },
    });
    try {
      const acct = await limitedToken();
      for (let i = 0; i < 3; i++) {
        const res = await rest(away, "GET", "/skus", { token: acct.token });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBeNull();
      }
    } finally {
      await away.close();
    }
  });
});
