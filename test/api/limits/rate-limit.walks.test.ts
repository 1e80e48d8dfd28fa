// Heavy stock take work priced by the lines it walks, counted before the work, over REST and
// GraphQL alike (src/operations.ts, `walks`): a start by the lines its scope will freeze, a
// review (accept-lines' safe pass, reconcile, dry run or not) by the stock take's lines. A request
// its bucket cannot pay for is refused before it walks anything (a token repeating a dry run
// beside another account: noisy.fair-share), a review's lines read from its stock take's row and
// the same walk refused again, uncounted, until its Retry-After.
import type { PrismaClient } from "../../../src/db/client.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import type { RateLimit } from "../../../src/rate-limit/bucket.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { selectsFrom, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { seedSkus } from "../../helpers/stock.js";

/** One unit every 10 minutes: no bucket refills while a test runs. */
const SLOW = 1 / 600;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(undefined, { config: { rateLimit: { perSecond: SLOW, burst: 10_000 } } });
});
afterAll(async () => t?.close());

async function tokenOf(db: PrismaClient, accountId: number, rateLimit: RateLimit | null) {
  return (await createToken(db, { accountId, name: "priced", rateLimit })).token;
}

/** An account of `skus` active SKUs, a token of its own limit and an unlimited one. */
async function account(skus: number, limit: RateLimit = { perSecond: SLOW, burst: 10_000 }) {
  const acct = await newAccount(t.db);
  const ids = await seedSkus(t.db, acct.accountId, skus);
  const setup = await tokenOf(t.db, acct.accountId, { perSecond: 0, burst: 0 });
  return { ...acct, ids, setup, priced: await tokenOf(t.db, acct.accountId, limit) };
}

const remaining = (headers: Headers) => Number(headers.get("ratelimit-remaining"));

/** Starts a stock take of everything and counts every line as expected. */
async function countedStockTake(a: { setup: string }, skus: number): Promise<number> {
  const started = await rest(t, "POST", "/stock-takes/start", { token: a.setup, body: {} });
  expect(started.status).toBe(201);
  const id = started.body.id as number;
  const csv = ["type,id,counted_qty"];
  for (const line of (
    await rest(t, "GET", `/stock-takes/${id}/lines?limit=1000`, { token: a.setup })
  ).body.data as { id: number }[]) {
    csv.push(`sku,${line.id},5`);
  }
  expect(csv.length - 1).toBe(Math.min(skus, 1000));
  const counted = await rest(t, "POST", `/stock-takes/${id}/input`, {
    token: a.setup,
    raw: csv.join("\n"),
    headers: { "content-type": "text/csv" },
  });
  expect(counted.status).toBe(200);
  return id;
}

describe("a start", () => {
  it("costs the lines its whole-catalog scope will freeze, over REST", async () => {
    const a = await account(1_000);
    const res = await rest(t, "POST", "/stock-takes/start", { token: a.priced, body: {} });
    expect(res.status).toBe(201);
    // 1 unit, and 1,000 lines at 1 line each: 10 more.
    expect(remaining(res.headers)).toBe(10_000 - 11);
  });

  it("costs the lines its locations will freeze, over GraphQL", async () => {
    const a = await account(450);
    const res = await postGraphql(
      t,
      {
        query: `mutation { startStockTake(input: { scope: { locations: ["A"] } }) {
          stockTake { id } userErrors { code } } }`,
      },
      a.priced,
    );
    // No SKU has a location: nothing to freeze, so nothing beyond the operation's unit.
    expect(res.data).toMatchObject({
      startStockTake: { userErrors: [{ code: "INVALID_PARAMETER" }] },
    });
    expect(remaining(res.headers)).toBe(10_000 - 1);
    await t.db
      .$executeRaw`UPDATE sku_stock SET location = 'A-01' WHERE account_id = ${a.accountId}`;
    const located = await postGraphql(
      t,
      {
        query: `mutation { startStockTake(input: { scope: { locations: ["A"] } }) {
          stockTake { id } userErrors { code } } }`,
      },
      a.priced,
    );
    expect(located.data).toMatchObject({ startStockTake: { userErrors: [] } });
    // 1 unit, and 450 lines: 5 more.
    expect(remaining(located.headers)).toBe(10_000 - 1 - 1 - 5);
  });

  it("is refused before it freezes anything when its bucket cannot pay", async () => {
    const a = await account(3_000, { perSecond: SLOW, burst: 20 });
    const res = await rest(t, "POST", "/stock-takes/start", { token: a.priced, body: {} });
    // 31 units: dearer than the whole bucket, it passes with the bucket full and owes the rest.
    expect(res.status).toBe(201);
    const again = await rest(t, "POST", "/stock-takes/start", {
      token: a.priced,
      body: { scope: { sku_ids: [1] } },
    });
    expect(again.status).toBe(429);
    const takes = await t.db.stockTake.count({ where: { accountId: a.accountId } });
    expect(takes).toBe(1);
  });
});

describe("a review", () => {
  it("costs its stock take's lines: reconcile, dry run or not, and accept-lines' safe pass", async () => {
    const a = await account(1_000);
    const id = await countedStockTake(a, 1_000);
    const price = async (path: string, body: unknown) => {
      const before = remaining(
        (await rest(t, "GET", "/skus?limit=1", { token: a.priced })).headers,
      );
      const res = await rest(t, "POST", path, { token: a.priced, body });
      expect([res.status, res.body.code]).toEqual([200, undefined]);
      return before - remaining(res.headers);
    };
    // 1 unit, and 1,000 lines at 2 lines each: 20 more.
    expect(await price(`/stock-takes/${id}/reconcile`, { dry_run: true })).toBe(21);
    expect(await price(`/stock-takes/${id}/accept-lines`, { safe: true })).toBe(21);
    // Listed lines alone are priced by the list, as before.
    expect(
      await price(`/stock-takes/${id}/accept-lines`, { lines: [{ type: "sku", id: a.ids[0] }] }),
    ).toBe(1);
    const gql = await postGraphql(
      t,
      {
        query: `mutation R($id: Int!) { reconcileStockTake(input: { stockTakeId: $id, dryRun: true }) {
          reconciliation { status } userErrors { code } } }`,
        variables: { id },
      },
      a.priced,
    );
    expect(gql.errors).toBeUndefined();
    const after = remaining(gql.headers);
    expect(await price(`/stock-takes/${id}/reconcile`, {})).toBe(21);
    expect(after).toBeLessThan(10_000 - 21 * 3 - 1);
  });
});

describe("a walk refused for its price", () => {
  let logged: LoggedApp;
  beforeAll(async () => {
    logged = await startLoggedApp();
  });
  afterAll(async () => logged?.close());

  /** An account of 1,000 SKUs, an unlimited token and one of `limit`. */
  async function pricedAccount(limit: RateLimit) {
    const acct = await newAccount(logged.db);
    await seedSkus(logged.db, acct.accountId, 1_000);
    const setup = await tokenOf(logged.db, acct.accountId, { perSecond: 0, burst: 0 });
    return { ...acct, setup, priced: await tokenOf(logged.db, acct.accountId, limit) };
  }

  it("reads none of the stock take's lines: its price is on the stock take's row", async () => {
    const { accountId, setup, priced } = await pricedAccount({ perSecond: SLOW, burst: 30 });
    const started = await rest(logged, "POST", "/stock-takes/start", { token: setup, body: {} });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const take = await logged.db.stockTake.findUnique({
      where: { accountId_id: { accountId, id } },
      select: { lineCount: true },
    });
    expect(take?.lineCount).toBe(1_000);
    const preview = () =>
      rest(logged, "POST", `/stock-takes/${id}/reconcile`, {
        token: priced,
        body: { dry_run: true },
      });
    // 21 units of a bucket of 30: the next review finds 8 after its authentication.
    expect((await preview()).status).toBe(200);
    for (const [path, body] of [
      ["reconcile", { dry_run: true }],
      ["accept-lines", { safe: true }],
    ] as const) {
      logged.queries.length = 0;
      const refused = await rest(logged, "POST", `/stock-takes/${id}/${path}`, {
        token: priced,
        body,
      });
      expect([path, refused.status, refused.body.code]).toEqual([path, 429, "RATE_LIMITED"]);
      expect(logged.queries.length).toBeGreaterThan(0);
      expect(selectsFrom(logged.queries, "stock_take_lines")).toEqual([]);
    }
  });

  it("is refused again, uncounted, until its Retry-After, over REST and GraphQL", async () => {
    const { accountId, priced } = await pricedAccount({ perSecond: SLOW, burst: 20 });
    await logged.db
      .$executeRaw`UPDATE sku_stock SET location = 'A-' || sku_id WHERE account_id = ${accountId}`;
    const start = (body: unknown = {}) =>
      rest(logged, "POST", "/stock-takes/start", { token: priced, body });
    // 11 units for 1,000 lines, from a bucket of 20: 9 left.
    expect((await start()).status).toBe(201);
    logged.queries.length = 0;
    const first = await start();
    expect([first.status, first.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "skus")).toHaveLength(1);

    logged.queries.length = 0;
    const again = await start();
    expect([again.status, again.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "skus")).toEqual([]);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(
      Number(first.headers.get("retry-after")),
    );

    // Another scope is another walk: counted, and refused for its own price.
    logged.queries.length = 0;
    const located = await start({ scope: { locations: ["A"] } });
    expect([located.status, located.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "skus")).toHaveLength(1);

    // The same walk over GraphQL: refused on its field, uncounted.
    logged.queries.length = 0;
    const gql = await postGraphql(
      logged,
      { query: "mutation { startStockTake(input: {}) { stockTake { id } } }" },
      priced,
    );
    expect(gql.errors?.map((e) => e.extensions?.code)).toEqual(["RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "skus")).toEqual([]);
  });

  it("a CSV valuation without a date is the same walk when sent again, though it is read as of the moment sent", async () => {
    const { setup, priced } = await pricedAccount({ perSecond: SLOW, burst: 5 });
    const currency = await rest(logged, "PATCH", "/account", {
      token: setup,
      body: { currency: "EUR" },
    });
    expect(currency.status).toBe(200);
    const csv = () =>
      rest(logged, "GET", "/reports/valuation", { token: priced, headers: { accept: "text/csv" } });
    // 1,000 stock rows: 1 unit and 2 more, from a bucket of 5; then 1 for the next, 1 left.
    expect((await csv()).status).toBe(200);
    logged.queries.length = 0;
    const first = await csv();
    expect([first.status, first.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "sku_stock")).toHaveLength(1);
    // Later, so the ledger's horizon it would be read at has moved on: still the same request.
    await new Promise((r) => setTimeout(r, 50));
    logged.queries.length = 0;
    const again = await csv();
    expect([again.status, again.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(selectsFrom(logged.queries, "sku_stock")).toEqual([]);
  });

  it("is counted and charged again once its Retry-After has passed", async () => {
    // 1 unit a second: after the first start (11 of 20), the same start finds at most 8 + what a
    // slow machine refills meanwhile (under 3), short of 11: refused, for about 3 s.
    const { priced } = await pricedAccount({ perSecond: 1, burst: 20 });
    const start = () => rest(logged, "POST", "/stock-takes/start", { token: priced, body: {} });
    expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    logged.queries.length = 0;
    // The bucket holds its price again: counted, charged, and refused only by the open stock take.
    const after = await start();
    expect([after.status, after.body.code]).toEqual([409, "STOCK_TAKE_OVERLAP"]);
    expect(selectsFrom(logged.queries, "skus").length).toBeGreaterThan(0);
  });
});

describe("a report over the stock or the ledger", () => {
  /** An account of `skus` stocked SKUs with a currency, and a token of its own limit. */
  async function valued(skus: number, limit?: RateLimit) {
    const a = await account(skus, limit);
    const currency = await rest(t, "PATCH", "/account", {
      token: a.setup,
      body: { currency: "EUR" },
    });
    expect(currency.status).toBe(200);
    return a;
  }

  it("a valuation costs the stock rows and movements it adds up, over REST and GraphQL", async () => {
    const a = await valued(2_000);
    const res = await rest(t, "GET", "/reports/valuation", { token: a.priced });
    expect(res.status).toBe(200);
    expect(res.body.overall.items).toBe(2_000);
    // 1 unit, and 2,000 stock rows at a fifth of a line each: 4 more.
    expect(remaining(res.headers)).toBe(10_000 - 5);
    const gql = await postGraphql(
      t,
      { query: "{ valuationReport { overall { items } } }" },
      a.priced,
    );
    expect(gql.data).toEqual({ valuationReport: { overall: { items: 2_000 } } });
    expect(remaining(gql.headers)).toBe(10_000 - 5 - 5);
  });

  it("the variance report costs the movements of its window, likewise", async () => {
    const a = await valued(2_000);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const res = await rest(t, "GET", `/reports/variance?from=${from}`, { token: a.priced });
    expect(res.status).toBe(200);
    // 1 unit, and the window's 2,000 opening balances (read, though not differences): 4 more.
    expect(res.body.overall.movements).toBe(0);
    expect(remaining(res.headers)).toBe(10_000 - 5);
  });

  it("a valuation is refused once its bucket cannot pay, as JSON or CSV", async () => {
    const a = await valued(3_000, { perSecond: SLOW, burst: 3 });
    const first = await rest(t, "GET", "/reports/valuation", { token: a.priced });
    // 7 units: dearer than the whole bucket, it passes with the bucket full and owes the rest.
    expect(first.status).toBe(200);
    const again = await rest(t, "GET", "/reports/valuation", {
      token: a.priced,
      headers: { accept: "text/csv" },
    });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("RATE_LIMITED");
  });
});
