// Rate limits per token with the buckets in PostgreSQL, over real HTTP: the RateLimit-* headers,
// 429 RATE_LIMITED with Retry-After on REST and GraphQL before anything is read or written,
// refilling, a token's own limit, requests priced by their lines, one bucket shared by two app
// instances, exact counting under concurrency, and no round trip added to a request.
import WebSocket from "ws";
import { buildApp } from "../../../src/server/app.js";
import type { PrismaClient } from "../../../src/db/client.js";
import { createToken, updateToken } from "../../../src/modules/token/token.store.js";
import type { RateLimit } from "../../../src/rate-limit/bucket.js";
import { loggingClient, type LoggedApp } from "../../helpers/movements.js";
import {
  listenWithContract,
  postGraphql,
  rest,
  startTestApp,
  type TestApp,
} from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { subscribe, wsConnect } from "../../helpers/subscriptions.js";
import { createSku, ledgerProblems, seedSkus, skuOnHand } from "../../helpers/stock.js";

/** One unit every 10 minutes: no bucket refills while a test runs. */
const SLOW = 1 / 600;
const DEFAULT: RateLimit = { perSecond: SLOW, burst: 5 };

let t: TestApp;
/** A second instance, whose database client records the statements it sends. */
let t2: LoggedApp & { close: () => Promise<void> };
beforeAll(async () => {
  t = await startTestApp(undefined, { config: { rateLimit: DEFAULT } });
  const queries: LoggedApp["queries"] = [];
  const appDb = loggingClient(queries);
  const app = await buildApp({
    db: appDb,
    config: {
      logLevel: "silent",
      bodyLimit: 1024 * 1024,
      graphqlIntrospection: true,
      rateLimit: DEFAULT,
    },
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
});

/** A fresh account whose own token has the app's default limit, and an unlimited one to set up. */
async function account(): Promise<TestAccount & { setup: string }> {
  const acct = await newAccount(t.db);
  const setup = await token(acct.accountId, { perSecond: 0, burst: 0 });
  return { ...acct, setup };
}

async function token(accountId: number, rateLimit: RateLimit | null): Promise<string> {
  return (await createToken(t.db, { accountId, name: "limited", rateLimit })).token;
}

const limitHeaders = (headers: Headers) => ({
  limit: headers.get("ratelimit-limit"),
  remaining: headers.get("ratelimit-remaining"),
  reset: headers.get("ratelimit-reset"),
});

function expectWithin(value: number, low: number, high: number): void {
  expect(value).toBeGreaterThanOrEqual(low);
  expect(value).toBeLessThanOrEqual(high);
}

const movementCount = (db: PrismaClient, accountId: number) =>
  db.stockMovement.count({ where: { accountId } });

/** SKUs with on hand 0 for bulk requests, created with a token that is not limited. */
async function skus(app: TestApp, setup: string, n: number): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ code: `RL-${Date.now()}-${i}`, name: "x" }));
  const res = await rest(app, "POST", "/skus/bulk", { token: setup, body: { rows } });
  expect(res.status).toBe(200);
  return (res.body.ids as { id: number }[]).map((row) => row.id);
}

const bulkBody = (ids: number[], qty: number) => ({
  reason: "correction",
  lines: ids.map((id) => ({ type: "sku", id, new_qty: qty })),
});

const BULK_ADJUST = `mutation ($input: BulkAdjustStockInput!) {
  bulkAdjustStock(input: $input) { adjustment { id } userErrors { code message } } }`;
const gqlBulk = (ids: number[], qty: number) => ({
  input: { reason: "CORRECTION", lines: ids.map((id) => ({ type: "SKU", id, newQty: qty })) },
});

describe("a token's rate limit over REST", () => {
  it("counts down in RateLimit headers, then answers 429 RATE_LIMITED with Retry-After before reading the body, writing nothing", async () => {
    const acct = await account();
    const sku = await createSku(t, acct.setup, 5);

    const seen = [];
    for (let i = 0; i < 5; i++) {
      const res = await rest(t, "GET", `/skus/${sku}`, { token: acct.token });
      expect(res.status).toBe(200);
      seen.push(limitHeaders(res.headers));
    }
    expect(seen.map((h) => [h.limit, h.remaining])).toEqual([
      ["5", "4"],
      ["5", "3"],
      ["5", "2"],
      ["5", "1"],
      ["5", "0"],
    ]);
    // Seconds until the bucket is full again: 10 minutes a unit, less the refill since the first.
    seen.forEach((h, i) => expectWithin(Number(h.reset), 600 * (i + 1) - 30, 600 * (i + 1)));

    const movements = await movementCount(t.db, acct.accountId);
    const refused = await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 9, reason: "correction" },
      headers: { "idempotency-key": `rl-${sku}` },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    const retryAfter = refused.headers.get("retry-after");
    expectWithin(Number(retryAfter), 570, 600);
    expect(refused.body.detail).toContain(`retry after ${retryAfter} s`);
    expect(limitHeaders(refused.headers)).toEqual({
      limit: "5",
      remaining: "0",
      reset: retryAfter,
    });
    // The refusal is decided before the body is read: a body over the size limit is not 413.
    const huge = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: acct.token,
      raw: `{"reason":"correction","lines":[${'{"type":"sku","id":1,"new_qty":1},'.repeat(40_000)}]}`,
    });
    expect(huge.status).toBe(429);

    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("5");
    expect(await movementCount(t.db, acct.accountId)).toBe(movements);
    expect(await t.db.idempotencyKey.count({ where: { accountId: acct.accountId } })).toBe(0);
    // An unlimited token answers no RateLimit headers.
    const free = await rest(t, "GET", `/skus/${sku}`, { token: acct.setup });
    expect(limitHeaders(free.headers)).toEqual({ limit: null, remaining: null, reset: null });
  });

  it("lets a refused client through again once Retry-After has passed", async () => {
    const acct = await account();
    const fast = await token(acct.accountId, { perSecond: 1, burst: 1 });

    const first = await rest(t, "GET", "/skus", { token: fast });
    expect(first.status).toBe(200);
    expect(limitHeaders(first.headers)).toEqual({ limit: "1", remaining: "0", reset: "1" });
    // The next request is refused unless a whole second passed (a slow machine): try thrice.
    let refused = await rest(t, "GET", "/skus", { token: fast });
    for (let tries = 1; refused.status !== 429 && tries < 3; tries++) {
      refused = await rest(t, "GET", "/skus", { token: fast });
    }
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");

    await new Promise((r) => setTimeout(r, 1000));
    expect((await rest(t, "GET", "/skus", { token: fast })).status).toBe(200);
  });

  it("follows a token's own limit, changed by tokens update with its next request", async () => {
    const acct = await account();
    const own = await createToken(t.db, {
      accountId: acct.accountId,
      name: "own",
      rateLimit: { perSecond: SLOW, burst: 3 },
    });
    const get = () => rest(t, "GET", "/skus", { token: own.token });
    expect(limitHeaders((await get()).headers)).toMatchObject({ limit: "3", remaining: "2" });

    await updateToken(t.db, {
      accountId: acct.accountId,
      tokenId: own.id,
      rateLimit: { perSecond: SLOW, burst: 1 },
    });
    // The bucket is held to its new size at once: 2 units left become 1, this request takes it.
    expect(limitHeaders((await get()).headers)).toMatchObject({ limit: "1", remaining: "0" });
    expect((await get()).status).toBe(429);

    await updateToken(t.db, {
      accountId: acct.accountId,
      tokenId: own.id,
      rateLimit: { perSecond: 0, burst: 0 },
    });
    for (let i = 0; i < 4; i++) {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }

    await updateToken(t.db, { accountId: acct.accountId, tokenId: own.id, rateLimit: null });
    expect(limitHeaders((await get()).headers)).toMatchObject({ limit: "5" });
  });
});

describe("a token's rate limit over GraphQL", () => {
  it("answers a top-level RATE_LIMITED error with 429 and Retry-After, running nothing", async () => {
    const acct = await account();
    const sku = await createSku(t, acct.setup, 5);
    const adjust = (onHand: number) =>
      postGraphql(
        t,
        {
          query: `mutation ($id: Int!, $onHand: Quantity!) { adjustSkuStock(input: { skuId: $id, onHand: $onHand, reason: CORRECTION }) { sku { onHand } userErrors { code } } }`,
          variables: { id: sku, onHand },
        },
        acct.token,
      );

    const remaining = [];
    for (let i = 0; i < 4; i++) {
      const res = await postGraphql(t, { query: `{ sku(id: ${sku}) { onHand } }` }, acct.token);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1"]);
    const last = await adjust(6);
    expect(last.data).toEqual({ adjustSkuStock: { sku: { onHand: 6 }, userErrors: [] } });
    expect(limitHeaders(last.headers)).toMatchObject({ limit: "5", remaining: "0" });

    const refused = await adjust(7);
    expect(refused.status).toBe(429);
    expectWithin(Number(refused.headers.get("retry-after")), 570, 600);
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^rate limit exceeded/),
        extensions: { code: "RATE_LIMITED" },
      }),
    ]);
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("6");
  });
});

describe("GraphQL queries priced by their estimated cost", () => {
  // skus 250 + 1000 × (edges 1 + node 1 + 8 fields): 10,250, 21 units (REST's 1000 rows: 10).
  const PAGE = `{ skus(first: 1000) { edges { node {
    id code name active onHand barcodes createdAt updatedAt } } } }`;

  it("drains the bucket by a heavy query's price, says so in RateLimit-Remaining, and refuses it when the bucket holds less", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 50 });
    const first = await postGraphql(t, { query: PAGE }, limited);
    expect(first.errors).toBeUndefined();
    expect(limitHeaders(first.headers)).toMatchObject({ limit: "50", remaining: "29" });
    const second = await postGraphql(t, { query: PAGE }, limited);
    expect(limitHeaders(second.headers)).toMatchObject({ remaining: "8" });
    // A small query still costs one unit.
    const small = await postGraphql(
      t,
      { query: "{ skus(first: 1) { edges { cursor } } }" },
      limited,
    );
    expect(limitHeaders(small.headers)).toMatchObject({ remaining: "7" });

    const refused = await postGraphql(t, { query: PAGE }, limited);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.message).toMatch(/this request costs 21 units/);
    expect(refused.data ?? null).toBeNull();
  });

  it("lets an operation costing more than a small bucket holds through with the bucket full, and leaves the bucket owing the rest", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 5 });
    const res = await postGraphql(t, { query: PAGE }, limited);
    expect(res.errors).toBeUndefined();
    expect(limitHeaders(res.headers)).toMatchObject({ limit: "5", remaining: "0" });
    // 21 units from a bucket of 5: 16 owed, so a 1-unit request waits for 17 units' refill.
    const next = await rest(t, "GET", "/skus?limit=1", { token: limited });
    expect(next.status).toBe(429);
    expectWithin(Number(next.headers.get("retry-after")), 17 * 600 - 30, 17 * 600);
  });
});

describe("a token's rate limit on subscriptions", () => {
  it("closes a connection the token's bucket cannot pay for with 4429", async () => {
    const acct = await account();
    const one = await token(acct.accountId, { perSecond: SLOW, burst: 1 });
    expect((await rest(t, "GET", "/skus", { token: one })).status).toBe(200);

    const socket = new WebSocket(
      t.baseUrl.replace(/^http/, "ws") + "/graphql",
      "graphql-transport-ws",
    );
    socket.once("open", () =>
      socket.send(
        JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${one}` } }),
      ),
    );
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/^Too many requests: retry after \d+ s$/);
  });
});

describe("a subscriber's summaries", () => {
  it("are charged at each event by their lines, as a query's are; an event the bucket cannot pay for carries a RATE_LIMITED error, reads no line, and the subscription goes on", async () => {
    const acct = await account();
    await seedSkus(t.db, acct.accountId, 1200, { prefix: `S${acct.accountId}` });
    const started = await rest(t, "POST", "/stock-takes/start", { token: acct.setup, body: {} });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const skuIds = (await t.db.sku.findMany({ where: { accountId: acct.accountId } })).map(
      (s) => s.id,
    );
    // 10 units: connecting takes 1 and subscribing 1; each event's summary of 1,200 lines 3.
    const screen = await token(acct.accountId, { perSecond: SLOW, burst: 10 });
    // Over the instance whose statements are recorded (the counts go to the other).
    const client = wsConnect(t2.baseUrl, `Bearer ${screen}`);
    try {
      const stream = subscribe<{
        stockTakeProgress: { stockTake: { summary: { lines: number } } };
      }>(
        client,
        `subscription ($id: Int!) { stockTakeProgress(id: $id) { eventType stockTake { summary { lines } } } }`,
        { id },
      );
      await new Promise((r) => setTimeout(r, 400)); // the subscription in place
      const count = async (n: number) => {
        const body = { counts: [{ type: "sku", id: skuIds[n], counted_qty: n }] };
        const res = await rest(t, "POST", `/stock-takes/${id}/input`, { token: acct.setup, body });
        expect(res.status).toBe(200);
        await stream.next(n + 1);
      };
      // 8 units left: two events' summaries are served (6), the third's 3 are refused.
      await count(0);
      await count(1);
      t2.queries.length = 0;
      await count(2);
      // The third event's line count was read from its stock take, and no line was.
      expect(t2.queries.some((q) => /line_count AS n FROM stock_takes/.test(q.sql))).toBe(true);
      expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);
      const [first, second, third] = stream.results;
      expect(first?.data?.stockTakeProgress.stockTake.summary.lines).toBe(1200);
      expect(second?.data?.stockTakeProgress.stockTake.summary.lines).toBe(1200);
      expect(third?.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^rate limit exceeded/),
        extensions: { code: "RATE_LIMITED" },
      });
      // The subscription goes on: the next count's event arrives too (refused again, as the
      // bucket has not refilled).
      await count(3);
      expect(stream.results).toHaveLength(4);
    } finally {
      await client.dispose();
    }
  });
});

describe("requests carrying lines", () => {
  it("cost one unit per started 100 lines, a bulk adjustment's line counting as 6, REST and GraphQL; one the bucket cannot pay is refused before it writes", async () => {
    const acct = await account();
    const bulk = await token(acct.accountId, { perSecond: SLOW, burst: 20 });
    const ids = await skus(t, acct.setup, 300);
    const post = (lines: number[], qty: number) =>
      rest(t, "POST", "/stock-adjustments/bulk", { token: bulk, body: bulkBody(lines, qty) });

    // 40 lines count as 240: 3 units.
    const costly = await post(ids.slice(0, 40), 1);
    expect(costly.status).toBe(201);
    expect(costly.headers.get("ratelimit-remaining")).toBe("17");
    const few = await post(ids.slice(0, 10), 2);
    expect(few.headers.get("ratelimit-remaining")).toBe("16");
    const viaGraphql = await postGraphql(
      t,
      { query: BULK_ADJUST, variables: gqlBulk(ids.slice(0, 40), 3) },
      bulk,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.headers.get("ratelimit-remaining")).toBe("13");

    const movements = await movementCount(t.db, acct.accountId);
    // 300 lines cost 18: authentication takes 1 of the 13 left, the lines find 12 of the 18.
    const refused = await post(ids, 4);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.body.detail).toMatch(/this request costs 18 units/);
    expect(limitHeaders(refused.headers)).toMatchObject({ limit: "20", remaining: "12" });
    // A retry must find all 18: the 6 it lacks take an hour.
    expectWithin(Number(refused.headers.get("retry-after")), 3570, 3600);
    const refusedGraphql = await postGraphql(
      t,
      { query: BULK_ADJUST, variables: gqlBulk(ids, 4) },
      bulk,
    );
    expect(refusedGraphql.status).toBe(429);
    expect(refusedGraphql.errors).toEqual([
      expect.objectContaining({ extensions: { code: "RATE_LIMITED" } }),
    ]);
    expect(refusedGraphql.headers.get("ratelimit-remaining")).toBe("11");
    expect(await movementCount(t.db, acct.accountId)).toBe(movements);
    expect(await skuOnHand(t.db, acct.accountId, ids[299]!)).toBe("0");
    expect(await ledgerProblems(t.db, acct.accountId)).toEqual([]);
  });

  it("cost a stock take's counts 2 units more than their lines, a count counting as 6, REST and GraphQL, with no round trip of their own", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 20 });
    const ids = await skus(t, acct.setup, 150);
    const started = await rest(t, "POST", "/stock-takes/start", { token: acct.setup, body: {} });
    expect(started.status).toBe(201);
    const stockTakeId = started.body.id as number;
    const counts = (n: number) =>
      ids.slice(0, n).map((id) => ({ type: "sku", id, counted_qty: n }));

    t2.queries.length = 0;
    const one = await rest(t2, "POST", `/stock-takes/${stockTakeId}/input`, {
      token: limited,
      body: { counts: counts(1) },
    });
    expect(one.status).toBe(200);
    expect(one.headers.get("ratelimit-remaining")).toBe("17");
    // All 3 taken by the authentication's statement.
    expect(t2.queries.filter((q) => q.sql.includes("api_token_buckets"))).toHaveLength(1);
    // 150 counts, counted as 900 lines: 2 + 9.
    const more = await rest(t, "POST", `/stock-takes/${stockTakeId}/input`, {
      token: limited,
      body: { counts: counts(150) },
    });
    expect(more.headers.get("ratelimit-remaining")).toBe("6");
    const viaGraphql = await postGraphql(
      t,
      {
        query: `mutation ($input: SubmitStockTakeCountsInput!) {
          submitStockTakeCounts(input: $input) { linesCount userErrors { code } } }`,
        variables: {
          input: { stockTakeId, counts: [{ type: "SKU", id: ids[0], countedQty: 2 }] },
        },
      },
      limited,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.headers.get("ratelimit-remaining")).toBe("3");
  });

  it("lets a request costing more than a small bucket holds through once the bucket is full, and leaves the bucket owing the rest", async () => {
    const acct = await account();
    const small = await token(acct.accountId, { perSecond: SLOW, burst: 2 });
    const ids = await skus(t, acct.setup, 250);

    const res = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: small,
      body: bulkBody(ids, 1),
    });
    expect(res.status).toBe(201);
    expect(limitHeaders(res.headers)).toMatchObject({ limit: "2", remaining: "0" });
    // 250 lines counted as 6 cost 15 units: 13 owed, so a 1-unit request waits for 14 units, over
    // REST and GraphQL alike, and the wait the 429 names is the one that passes.
    const next = await rest(t, "GET", "/skus?limit=1", { token: small });
    expect(next.status).toBe(429);
    expectWithin(Number(next.headers.get("retry-after")), 14 * 600 - 30, 14 * 600);
    const query = await postGraphql(t, { query: "{ skus(first: 1) { edges { cursor } } }" }, small);
    expect(query.status).toBe(429);
    expectWithin(Number(query.headers.get("retry-after")), 14 * 600 - 30, 14 * 600);
  });
});

describe("bodies priced by their bytes before they are read", () => {
  /** A JSON body padded with white space to `bytes` bytes: it parses as the same value. */
  const padded = (value: unknown, bytes: number) => {
    const text = JSON.stringify(value);
    return text.slice(0, -1) + " ".repeat(bytes - text.length) + "}";
  };

  it("charge a body 1 unit per started 16 KiB at authentication, refuse one the bucket cannot pay unread, and charge an honest bulk body its lines", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 10 });
    const sku = await createSku(t, acct.setup, 5);
    const ids = await skus(t, acct.setup, 40);
    const patch = (body: string) =>
      rest(t, "PATCH", `/skus/${sku}`, {
        token: limited,
        raw: body,
        headers: { "content-type": "application/json" },
      });

    // 60,000 bytes: 4 units, where the same change unpadded costs 1.
    const heavy = await patch(padded({ on_hand: 7, reason: "correction" }, 60_000));
    expect(heavy.status).toBe(200);
    expect(limitHeaders(heavy.headers)).toMatchObject({ limit: "10", remaining: "6" });
    // 40 lines weigh about 1.6 KB (1 unit by bytes) and cost 3 by their lines: the larger.
    const bulk = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: limited,
      body: bulkBody(ids, 1),
    });
    expect(bulk.status).toBe(201);
    expect(limitHeaders(bulk.headers)).toMatchObject({ remaining: "3" });

    const movements = await movementCount(t.db, acct.accountId);
    const refused = await patch(padded({ on_hand: 8, reason: "correction" }, 60_000));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/this request costs 4 units/);
    expect(limitHeaders(refused.headers)).toMatchObject({ remaining: "3" });
    expect(await movementCount(t.db, acct.accountId)).toBe(movements);
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("7");
  });

  it("charge a GraphQL body over 64 KB its bytes before it is read, and the operation only what its price adds", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 20 });
    const sku = await createSku(t, acct.setup, 5);
    const query = `mutation { adjustSkuStock(input: { skuId: ${sku}, onHand: 9, reason: CORRECTION }) { userErrors { code } } }`;
    // 100,000 bytes: 7 units, paid before the body is read; the mutation's own price is 1.
    const res = await postGraphql(t, { raw: padded({ query }, 100_000) }, limited);
    expect(res.errors).toBeUndefined();
    expect(limitHeaders(res.headers)).toMatchObject({ limit: "20", remaining: "13" });
    expect(await skuOnHand(t.db, acct.accountId, sku)).toBe("9");
  });
});

describe("GraphQL operations carrying several mutations", () => {
  it("pay for each aliased mutation as a request of its own, and for a variable left out at its default", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: SLOW, burst: 10 });
    const [sku] = await skus(t, acct.setup, 1);
    const twice = await postGraphql(
      t,
      {
        query: `mutation {
          a: adjustSkuStock(input: { skuId: ${sku}, onHand: 1, reason: CORRECTION }) { userErrors { code } }
          b: adjustSkuStock(input: { skuId: ${sku}, onHand: 2, reason: CORRECTION }) { userErrors { code } } }`,
      },
      limited,
    );
    expect(twice.errors).toBeUndefined();
    expect(twice.headers.get("ratelimit-remaining")).toBe("8");

    const ids = await skus(t, acct.setup, 40);
    const lines = ids.map((id) => `{ type: SKU, id: ${id}, newQty: 3 }`).join(", ");
    const byDefault = await postGraphql(
      t,
      {
        query: `mutation ($input: BulkAdjustStockInput! = { reason: CORRECTION, lines: [${lines}] }) {
          bulkAdjustStock(input: $input) { adjustment { id } userErrors { code } } }`,
      },
      limited,
    );
    expect(byDefault.errors).toBeUndefined();
    expect(byDefault.headers.get("ratelimit-remaining")).toBe("5");
  });

  it("refuse an operation whose mutations carry more lines in all than the largest single mutation may, writing nothing, limited or not", async () => {
    const acct = await account();
    const movements = await movementCount(t.db, acct.accountId);
    // 21 copies of one 10,000-line bulk adjustment: 210,000 lines, past 200,000.
    const aliases = Array.from(
      { length: 21 },
      (_, i) => `a${i}: bulkAdjustStock(input: $input) { adjustment { id } }`,
    ).join("\n");
    const input = {
      reason: "CORRECTION",
      lines: Array.from({ length: 10_000 }, (_, i) => ({ type: "SKU", id: i + 1, newQty: 1 })),
    };
    const refused = await postGraphql(
      t,
      { query: `mutation ($input: BulkAdjustStockInput!) { ${aliases} }`, variables: { input } },
      acct.setup,
    );
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/at most 200000 lines in all; got 210000/),
        extensions: { code: "TOO_MANY_LINES" },
      }),
    ]);
    expect(await movementCount(t.db, acct.accountId)).toBe(movements);
  });
});

describe("one bucket per token for every process", () => {
  it("is shared by two app instances on one database", async () => {
    const acct = await account();
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const res = await rest(i % 2 ? t2 : t, "GET", "/skus", { token: acct.token });
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    expect((await rest(t2, "GET", "/skus", { token: acct.token })).status).toBe(429);
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(429);
  });

  it("lets exactly as many concurrent requests through as the bucket holds", async () => {
    const acct = await account();
    const twenty = await token(acct.accountId, { perSecond: SLOW, burst: 20 });
    // Two instances, 80 requests at once: a read-then-write bucket lets most of them through.
    const statuses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        rest(i % 2 ? t2 : t, "GET", "/skus", { token: twenty }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
  });
});

describe("the cost of limiting", () => {
  /** Statements the app sends for the same request with a limited and an unlimited token. */
  async function statements(call: (token: string) => Promise<unknown>, tokens: string[]) {
    const counts = [];
    for (const token of tokens) {
      t2.queries.length = 0;
      await call(token);
      counts.push(t2.queries.length);
    }
    return { on: counts[0], off: counts[1] };
  }

  it("adds no round trip to a request, and one to a request of lines costing more than a unit", async () => {
    const acct = await account();
    const limited = await token(acct.accountId, { perSecond: 1000, burst: 1000 });
    const tokens = [limited, acct.setup];
    const sku = await createSku(t, acct.setup, 1);
    const ids = await skus(t, acct.setup, 250);

    t2.queries.length = 0;
    await rest(t2, "GET", `/skus/${sku}`, { token: limited });
    // The bucket is taken from inside the authentication's statement.
    const auth = t2.queries.filter((q) => q.sql.includes("api_token_buckets"));
    expect(auth).toHaveLength(1);
    expect(auth[0]!.sql).toMatch(/FROM api_tokens t JOIN accounts/);
    expect(await t.db.apiTokenBucket.count({ where: { accountId: acct.accountId } })).toBe(1);

    const read = await statements((token) => rest(t2, "GET", `/skus/${sku}`, { token }), tokens);
    expect(read.on).toBe(read.off);
    let qty = 1;
    const write = await statements(
      (token) =>
        rest(t2, "PATCH", `/skus/${sku}`, {
          token,
          body: { on_hand: ++qty, reason: "correction" },
        }),
      tokens,
    );
    expect(write.on).toBe(write.off);
    const small = await statements(
      (token) =>
        rest(t2, "POST", "/stock-adjustments/bulk", {
          token,
          // 16 adjustment lines count as 96: one unit, taken at authentication.
          body: bulkBody(ids.slice(0, 16), ++qty),
        }),
      tokens,
    );
    expect(small.on).toBe(small.off);
    const large = await statements(
      (token) => rest(t2, "POST", "/stock-adjustments/bulk", { token, body: bulkBody(ids, ++qty) }),
      tokens,
    );
    expect(large.on).toBe(large.off! + 1);
  });
});

describe("lists and count sheets, priced by the rows they answer", () => {
  /** A fresh account with `n` SKUs, and a token of its own with a bucket of `burst`. */
  async function withSkus(n: number, burst: number) {
    const acct = await account();
    await seedSkus(t.db, acct.accountId, n, { prefix: `P${acct.accountId}` });
    return { ...acct, limited: await token(acct.accountId, { perSecond: SLOW, burst }) };
  }
  /** A stock take over all of the account's SKUs, started with its unlimited token. */
  async function stockTake(setup: string): Promise<number> {
    const res = await rest(t, "POST", "/stock-takes/start", { token: setup, body: {} });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const sheet = (app: TestApp | typeof t2, id: number, tok: string) =>
    rest(app, "GET", `/stock-takes/${id}/lines`, { token: tok, headers: { accept: "text/csv" } });

  it("charge a page 1 unit per started 100 rows: 1,000 rows cost 10, 5 rows 1 whatever the limit, and RateLimit-Remaining counts the whole charge", async () => {
    const big = await withSkus(1000, 30);
    const page = await rest(t, "GET", "/skus?limit=1000", { token: big.limited });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1000);
    expect(limitHeaders(page.headers)).toMatchObject({ limit: "30", remaining: "20" });
    // Full again in 10 units' time: 10 minutes each.
    expectWithin(Number(page.headers.get("ratelimit-reset")), 6000 - 30, 6000);
    const hundred = await rest(t, "GET", "/skus", { token: big.limited });
    expect(hundred.body.data).toHaveLength(100);
    expect(hundred.headers.get("ratelimit-remaining")).toBe("19");
    const more = await rest(t, "GET", "/skus?limit=101", { token: big.limited });
    expect(more.body.data).toHaveLength(101);
    expect(more.headers.get("ratelimit-remaining")).toBe("17");

    const small = await withSkus(5, 30);
    const few = await rest(t, "GET", "/skus?limit=1000", { token: small.limited });
    expect(few.body.data).toHaveLength(5);
    expect(few.headers.get("ratelimit-remaining")).toBe("29");
  });

  it("refuse a list its bucket cannot pay for at authentication, on every list route, before its query runs and taking nothing", async () => {
    const acct = await withSkus(1000, 20);
    expect((await rest(t, "GET", "/skus?limit=1000", { token: acct.limited })).status).toBe(200);
    expect((await rest(t, "GET", "/skus?limit=1", { token: acct.limited })).status).toBe(200);
    // 9 units left: a page of up to 1,000 rows may cost 10.
    const lists = [
      "/skus",
      "/supplier-items",
      "/stock-adjustments",
      "/stock-adjustments/1/lines",
      "/stock-takes",
      "/stock-takes/1/lines",
      "/stock-takes/1/counts",
      "/stock/movements?sku_id=1",
      "/events",
      "/webhooks/1/deliveries",
    ].map((path) => `${path}${path.includes("?") ? "&" : "?"}limit=1000`);
    // An adjustment answers its first 1,000 lines: it is priced like a page of 1,000.
    for (const path of [...lists, "/stock-adjustments/1"]) {
      t2.queries.length = 0;
      const refused = await rest(t2, "GET", path, { token: acct.limited });
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
      expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
      expect(limitHeaders(refused.headers)).toMatchObject({ limit: "20", remaining: "9" });
      // A retry must find 10 (one more unit, 10 minutes), or for 1,000 rows of the ledger or the
      // feed, which count twice, 20 (11 more units).
      const ledger = /^\/(stock\/movements|events)\?/.test(path);
      const wait = (ledger ? 11 : 1) * 600;
      expectWithin(Number(refused.headers.get("retry-after")), wait - 30, wait);
      // Nothing ran but the authentication's statement.
      expect(t2.queries).toHaveLength(1);
    }
    // However the limit is written.
    for (const path of ["/skus?limit=1e3", "/skus?limit=1&limit=1000"]) {
      const refused = await rest(t, "GET", path, { token: acct.limited });
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
    }
    // The account's endpoints are at most 20: 1 unit.
    const endpoints = await rest(t, "GET", "/webhooks?limit=1000", { token: acct.limited });
    expect(endpoints.headers.get("ratelimit-remaining")).toBe("8");
    // What the bucket holds still pays for a smaller page.
    const page = await rest(t, "GET", "/skus?limit=800", { token: acct.limited });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(800);
    expect(page.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("charge a count sheet 1 unit per started 100 lines; one its bucket cannot pay for is refused before any line is read", async () => {
    const acct = await withSkus(250, 20);
    const id = await stockTake(acct.setup);
    const paid = await sheet(t, id, acct.limited);
    expect(paid.status).toBe(200);
    expect((paid.body as string).trim().split("\r\n")).toHaveLength(251);
    expect(limitHeaders(paid.headers)).toMatchObject({ limit: "20", remaining: "17" });

    const large = await withSkus(1500, 20);
    const largeId = await stockTake(large.setup);
    expect((await rest(t, "GET", "/skus?limit=1000", { token: large.limited })).status).toBe(200);
    // 10 units left; 1,500 lines cost 15: authentication takes 1, the lines find 9 of 14.
    t2.queries.length = 0;
    const refused = await sheet(t2, largeId, large.limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toMatch(/this request costs 15 units/);
    expect(limitHeaders(refused.headers)).toMatchObject({ remaining: "9" });
    expectWithin(Number(refused.headers.get("retry-after")), 6 * 600 - 30, 6 * 600);
    // The stock take was found and its lines counted; none was read.
    expect(t2.queries.some((q) => /stock_take_lines/.test(q.sql))).toBe(true);
    expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);
    // A sheet of more lines than a bucket holds passes once the bucket is full, and owes the rest.
    const full = await token(large.accountId, { perSecond: SLOW, burst: 10 });
    const whole = await sheet(t, largeId, full);
    expect(whole.status).toBe(200);
    expect((whole.body as string).trim().split("\r\n")).toHaveLength(1501);
    expect(limitHeaders(whole.headers)).toMatchObject({ limit: "10", remaining: "0" });
    // 15 units from a bucket of 10: the next 1-unit request waits for 6 units.
    const next = await rest(t, "GET", "/skus?limit=1", { token: full });
    expect(next.status).toBe(429);
    expectWithin(Number(next.headers.get("retry-after")), 6 * 600 - 30, 6 * 600);
  });

  it("charge a stock take's summary 1 unit per started 500 lines, REST and GraphQL; one its bucket cannot pay for is refused before any line is read", async () => {
    const acct = await withSkus(1200, 20);
    const id = await stockTake(acct.setup);
    // 1,200 lines summarized cost 3 units.
    const paid = await rest(t, "GET", `/stock-takes/${id}`, { token: acct.limited });
    expect(paid.status).toBe(200);
    expect(paid.body.summary).toMatchObject({ lines: 1200 });
    expect(limitHeaders(paid.headers)).toMatchObject({ limit: "20", remaining: "17" });
    // Over GraphQL the operation's unit, then the summary's 3 once its lines are counted.
    const query = `{ stockTake(id: ${id}) { id summary { lines } } }`;
    const asked = await postGraphql(t, { query }, acct.limited);
    expect(asked.errors).toBeUndefined();
    expect(asked.data).toEqual({ stockTake: { id, summary: { lines: 1200 } } });
    expect(limitHeaders(asked.headers)).toMatchObject({ remaining: "13" });

    // 2 units left: authentication takes 1, the summary would need 2 more.
    expect((await rest(t, "GET", "/skus?limit=1000", { token: acct.limited })).status).toBe(200);
    expect((await rest(t, "GET", "/skus?limit=1", { token: acct.limited })).status).toBe(200);
    t2.queries.length = 0;
    const refused = await rest(t2, "GET", `/stock-takes/${id}`, { token: acct.limited });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/this request costs 3 units/);
    expect(limitHeaders(refused.headers)).toMatchObject({ remaining: "1" });
    // The stock take was found and its line count read from it; no line was.
    expect(t2.queries.some((q) => /line_count AS n FROM stock_takes/.test(q.sql))).toBe(true);
    expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);
    // GraphQL: the operation's last unit passes; its summary is refused, nothing read.
    t2.queries.length = 0;
    const short = await postGraphql(t2 as unknown as TestApp, { query }, acct.limited);
    expect(short.status).toBe(200);
    expect(short.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: "RATE_LIMITED" }) }),
    ]);
    // (The summary is never null, and nor is stockTake: the error reaches the top.)
    expect(short.data ?? null).toBeNull();
    expect(limitHeaders(short.headers)).toMatchObject({ remaining: "0" });
    expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);
  });

  it("charge a page of stock takes' summaries at once: their lines counted in one statement and charged in one, all or none", async () => {
    const acct = await withSkus(600, 100);
    // One stock take is open at a time: two cancelled (their lines kept), then an open one.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await stockTake(acct.setup));
      if (i === 2) break;
      const cancel = { token: acct.setup, body: {} };
      expect((await rest(t, "POST", `/stock-takes/${ids[i]}/cancel`, cancel)).status).toBe(200);
    }
    const query = `{ stockTakes(first: 3) { edges { node { id summary { lines } } } } }`;
    t2.queries.length = 0;
    const asked = await postGraphql(t2 as unknown as TestApp, { query }, acct.limited);
    expect(asked.errors).toBeUndefined();
    const nodes = (asked.data as { stockTakes: { edges: { node: unknown }[] } }).stockTakes.edges;
    expect(nodes.map((e) => e.node)).toEqual(
      [...ids].reverse().map((id) => ({ id, summary: { lines: 600 } })),
    );
    // The three stock takes' line counts read in one statement; the bucket charged at
    // authentication, for the rest of the operation's price, and once for the three summaries.
    expect(t2.queries.filter((q) => /line_count AS n FROM stock_takes/.test(q.sql))).toHaveLength(
      1,
    );
    expect(t2.queries.filter((q) => q.sql.includes("api_token_buckets"))).toHaveLength(3);
    // 600 lines cost 2 units a summary: the operation's price and 6 more.
    const price = 100 - 6 - Number(asked.headers.get("ratelimit-remaining"));
    expect(price).toBeGreaterThan(1);

    // A bucket that pays for the operation but not for all three summaries: none is served.
    // (Its bucket holds all of them when full, so they are not let through as a dearer request
    // is: 5 units spent first leave the operation's price and 5.)
    const short = await token(acct.accountId, { perSecond: SLOW, burst: price + 10 });
    for (let i = 0; i < 5; i++) {
      expect((await rest(t, "GET", "/skus?limit=1", { token: short })).status).toBe(200);
    }
    t2.queries.length = 0;
    const refused = await postGraphql(t2 as unknown as TestApp, { query }, short);
    // (A summary is never null, and nor are the stock takes: the refusal reaches the top.)
    expect(refused.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect(refused.errors?.every((e) => e.extensions?.code === "RATE_LIMITED")).toBe(true);
    expect(refused.data ?? null).toBeNull();
    expect(limitHeaders(refused.headers)).toMatchObject({ remaining: "5" });
    expect(t2.queries.filter((q) => /FROM stock_take_lines (AS )?l\b/.test(q.sql))).toEqual([]);
  });

  it("leave a bucket owing the rows its token's parallel lists answered: no more rows than it pays for", async () => {
    const acct = await withSkus(1000, 20);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        rest(i % 2 ? t2 : t, "GET", "/skus?limit=1000", { token: acct.limited }).then(
          (r) => r.status,
        ),
      ),
    );
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    // Each page served cost 10: the bucket holds 20 - 10 × served (below empty when owing), and
    // the next request waits until it holds 1 again.
    const next = await rest(t, "GET", "/skus?limit=1", { token: acct.limited });
    expect(next.status).toBe(429);
    expect(next.headers.get("ratelimit-remaining")).toBe("0");
    const owed = 10 * served - 20;
    expectWithin(Number(next.headers.get("retry-after")), (owed + 1) * 600 - 30, (owed + 1) * 600);
  });

  it("add no round trip to a list of up to 100 rows, whatever its limit, and one to a longer one", async () => {
    const small = await withSkus(5, 1000);
    const big = await withSkus(250, 1000);
    const count = async (path: string, tokens: string[]) => {
      const counts = [];
      for (const tok of tokens) {
        t2.queries.length = 0;
        expect((await rest(t2, "GET", path, { token: tok })).status).toBe(200);
        counts.push(t2.queries.length);
      }
      return counts;
    };
    const [few, fewFree] = await count("/skus?limit=1000", [small.limited, small.setup]);
    expect(few).toBe(fewFree);
    const [many, manyFree] = await count("/skus?limit=1000", [big.limited, big.setup]);
    expect(many).toBe(manyFree! + 1);
  });
});
