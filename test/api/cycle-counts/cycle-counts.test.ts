// Cycle counts over both transports, as a manager uses them: classify the catalog by how much it
// moves (a dry run first), list what is due, count it in a stock take, and see it leave the list.
// Bad input and a token without the scope write nothing; a classification costs 100 units.
import { createToken } from "../../../src/modules/token/token.store.js";
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { catalogMoving as catalogMovingAt } from "../../helpers/cycle-counts.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const catalogMoving = (volumes: number[]) => catalogMovingAt(t, volumes);

const due = async (acct: TestAccount, query = "") => {
  const res = await rest(t, "GET", `/stock-takes/due${query}`, { token: acct.token });
  expect(res.status).toBe(200);
  return res.body.data as { sku_id: number; count_class: string; days_overdue: number | null }[];
};

const classify = (acct: TestAccount, body: object, token = acct.token) =>
  rest(t, "POST", "/skus/classify", { token, body });

describe("cycle counts over REST", () => {
  it.each([
    // 800 is exactly 80% of 1,000: the second SKU starts at the A boundary, the third at B's (95%).
    [
      [800, 150, 50],
      ["A", "B", "C"],
    ],
    [
      [600, 200, 150, 50],
      ["A", "A", "B", "C"],
    ],
  ])("classes volumes %j at the exact boundaries as %j", async (volumes, classes) => {
    const acct = await catalogMoving(volumes);
    const done = await classify(acct, {});
    expect(done.status).toBe(200);
    const got: string[] = [];
    for (const id of acct.ids) {
      const res = await rest(t, "GET", `/skus/${id}/cycle-count`, { token: acct.token });
      got.push(res.body.count_class);
    }
    expect(got).toEqual(classes);
  });

  it("classifies after a dry run, lists what is due, and a reconciled count takes it off", async () => {
    const acct = await catalogMoving([900, 60, 30, 10]);
    const dry = await classify(acct, { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      site_id: await defaultSiteId(t.db, acct.accountId),
      window_days: 90,
      share_a: 80,
      share_b: 15,
      dry_run: true,
      classes: [
        { count_class: "A", skus: 1, changed: 1 },
        { count_class: "B", skus: 1, changed: 1 },
        { count_class: "C", skus: 2, changed: 2 },
      ],
    });
    expect(await due(acct)).toEqual([]);

    expect((await classify(acct, {})).body.dry_run).toBe(false);
    const listed = await due(acct);
    expect(listed.map((d) => d.sku_id)).toEqual(acct.ids);
    expect(listed[0]).toEqual({
      sku_id: acct.ids[0],
      code: "CYC-0",
      name: "Item 0",
      location: "A-0",
      count_class: "A",
      last_counted_at: null,
      due_at: null,
      days_overdue: null,
    });
    expect((await due(acct, "?limit=2")).map((d) => d.sku_id)).toEqual(acct.ids.slice(0, 2));

    // Today's count: the first two, one matching and one not; both are counted once reconciled.
    const [first, second] = acct.ids as [number, number];
    const take = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { sku_ids: [first, second] } },
    });
    expect(take.status).toBe(201);
    const counted = await rest(t, "POST", `/stock-takes/${take.body.id}/input`, {
      token: acct.token,
      body: {
        counts: [
          { type: "sku", id: first, counted_qty: 900 },
          { type: "sku", id: second, counted_qty: 59 },
        ],
      },
    });
    expect(counted.status).toBe(200);
    const accepted = await rest(t, "POST", `/stock-takes/${take.body.id}/accept-lines`, {
      token: acct.token,
      body: {
        lines: [
          { type: "sku", id: first },
          { type: "sku", id: second },
        ],
      },
    });
    expect(accepted.status).toBe(200);
    const reconciled = await rest(t, "POST", `/stock-takes/${take.body.id}/reconcile`, {
      token: acct.token,
      body: {},
    });
    expect(reconciled.status).toBe(200);
    expect((await due(acct)).map((d) => d.sku_id)).toEqual(acct.ids.slice(2));
  });

  it("refuses bad input with INVALID_PARAMETER and writes nothing", async () => {
    const acct = await catalogMoving([5, 1]);
    for (const body of [{ share_a: 0 }, { window_days: 367 }, { share_a: 90, share_b: 20 }]) {
      const res = await classify(acct, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PARAMETER");
    }
    const refused = await rest(t, "GET", "/stock-takes/due?limit=0", { token: acct.token });
    expect(refused.status).toBe(400);
    expect((await classify(acct, { dry_run: true })).body.classes[0].changed).toBe(1);
  });

  it("a read-only token lists what is due but cannot classify", async () => {
    const acct = await catalogMoving([5]);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "reader",
      scopes: ["read"],
    });
    const res = await classify(acct, {}, token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect(await due({ ...acct, token })).toEqual([]);
    // Still unclassified: a dry run would change its one SKU's class.
    const classes = (await classify(acct, { dry_run: true })).body.classes as { changed: number }[];
    expect(classes.reduce((sum, c) => sum + c.changed, 0)).toBe(1);
  });

  it("a classification costs 100 units of the token's bucket, over REST and GraphQL alike", async () => {
    const acct = await catalogMoving([5]);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "limited",
      rateLimit: { perSecond: 1, burst: 250 },
    });
    const viaRest = await classify(acct, { dry_run: true }, token);
    expect(viaRest.status).toBe(200);
    expect(Number(viaRest.headers.get("ratelimit-remaining"))).toBe(150);
    const viaGraphql = await postGraphql(
      t,
      { query: "mutation { classifySkus(input: {dryRun: true}) { classification { dryRun } } }" },
      token,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(Number(viaGraphql.headers.get("ratelimit-remaining"))).toBeLessThanOrEqual(51);
    expect(Number(viaGraphql.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(50);
  });

  it("a classification of a large catalog costs a unit per 500 active SKUs, refused before it runs", async () => {
    const acct = await newAccount(t.db);
    // 60,000 active SKUs (and 5,000 inactive ones, which are not weighed): 120 units.
    await t.db.$executeRaw`
      INSERT INTO skus (account_id, code, name, active)
      SELECT ${acct.accountId}, 'BIG-' || g, 'Big ' || g, g <= 60000
      FROM generate_series(1, 65000) AS g`;
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "limited",
      rateLimit: { perSecond: 1, burst: 150 },
    });
    const viaRest = await classify(acct, { dry_run: true }, token);
    expect(viaRest.status).toBe(200);
    expect(Number(viaRest.headers.get("ratelimit-remaining"))).toBe(30);
    // 30 left cannot pay 120: refused, and nothing classified.
    const viaGraphql = await postGraphql(
      t,
      { query: "mutation { classifySkus(input: {}) { classification { dryRun } } }" },
      token,
    );
    expect(JSON.stringify(viaGraphql.errors ?? viaGraphql.data)).toContain("RATE_LIMITED");
    const refused = await classify(acct, {}, token);
    expect(refused.status).toBe(429);
    const classes = await t.db.skuCycleCount.count({ where: { accountId: acct.accountId } });
    expect(classes).toBe(0);
  });

  it("a list of up to 10,000 is priced by its limit before it is read", async () => {
    const acct = await catalogMoving([5]);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "small",
      rateLimit: { perSecond: 1, burst: 50 },
    });
    const small = await rest(t, "GET", "/stock-takes/due?limit=100", { token });
    expect(small.status).toBe(200);
    // 10,000 rows may cost 100 units: a bucket no longer full (49) cannot hold that, so the list
    // is refused before it is read, whatever it would have answered (here one row).
    const refused = await rest(t, "GET", "/stock-takes/due?limit=10000", { token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
  });
});

describe("cycle counts over GraphQL", () => {
  it("classifySkus and dueForCount answer what REST does", async () => {
    const acct = await catalogMoving([100, 1]);
    const classified = await postGraphql(
      t,
      {
        query: `mutation Classify($input: ClassifySkusInput!) {
          classifySkus(input: $input) {
            classification { windowDays shareA shareB dryRun classes { countClass skus changed } }
            userErrors { code }
          }
        }`,
        variables: { input: { windowDays: 30, shareA: 50, shareB: 50 } },
      },
      acct.token,
    );
    expect(classified.data).toEqual({
      classifySkus: {
        classification: {
          windowDays: 30,
          shareA: 50,
          shareB: 50,
          dryRun: false,
          classes: [
            { countClass: "A", skus: 1, changed: 1 },
            { countClass: "B", skus: 1, changed: 1 },
            { countClass: "C", skus: 0, changed: 0 },
          ],
        },
        userErrors: [],
      },
    });
    const listed = await postGraphql(
      t,
      { query: "{ dueForCount(first: 1) { skuId code countClass lastCountedAt daysOverdue } }" },
      acct.token,
    );
    expect(listed.data).toEqual({
      dueForCount: [
        {
          skuId: acct.ids[0],
          code: "CYC-0",
          countClass: "A",
          lastCountedAt: null,
          daysOverdue: null,
        },
      ],
    });
  });

  it("a bad share is a userError and writes nothing", async () => {
    const acct = await catalogMoving([1]);
    const res = await postGraphql(
      t,
      {
        query: `mutation { classifySkus(input: {shareA: 101}) {
          classification { dryRun } userErrors { code field } } }`,
      },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      classifySkus: {
        classification: null,
        userErrors: [{ code: "INVALID_PARAMETER", field: ["shareA"] }],
      },
    });
    expect(await due(acct)).toEqual([]);
  });
});
