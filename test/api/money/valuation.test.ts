// The valuation, as a finance-led manager reads it at a month's end or an auditor for a past
// date: what the stock was worth per site and account-wide, now and as of any instant since the
// account began, each item at the cost it had then; the same with the monthly snapshots taken
// (which only make it faster), item by item as CSV, and over GraphQL. Money only for the costs
// scope; bad dates refused.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { takeSnapshots } from "../../../src/ledger/snapshots.js";
import { loggingClient } from "../../helpers/movements.js";
import { authenticate } from "../../../src/modules/account/account.service.js";
import {
  prepareValuationExport,
  type ValuedItem,
} from "../../../src/modules/report/report.valuation.js";

let t: TestApp;
let acct: TestAccount;
let laptop: number;
let cable: number;
let main: number;
let store: number;

/** A movement written at a past instant, straight into the ledger (the API stamps "now"). */
async function moved(at: string, skuId: number, siteId: number, change: number) {
  await t.db.$executeRaw`
    WITH level AS (
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      VALUES (${acct.accountId}, ${siteId}, ${skuId}, GREATEST(${change}::numeric, 0))
      ON CONFLICT (account_id, site_id, sku_id)
        DO UPDATE SET on_hand = sku_stock.on_hand + ${change}::numeric
      RETURNING on_hand)
    INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
      quantity_after, change, reason, source, actor_name, site_id)
    SELECT ${acct.accountId}, ${at}::timestamptz, 'sku', ${skuId}, on_hand - ${change}::numeric,
      on_hand, ${change}::numeric, 'correction', 'adjustment', 'seed', ${siteId}
    FROM level`;
}

/** Sets the SKU's cost over the API, then dates that change in the past. */
async function costed(skuId: number, cost: number, at: string) {
  const res = await rest(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { unit_cost: cost },
  });
  expect(res.status).toBe(200);
  await t.db.$executeRaw`
    UPDATE item_cost_changes SET changed_at = ${at}::timestamptz
    WHERE account_id = ${acct.accountId} AND id = (SELECT max(id) FROM item_cost_changes
      WHERE account_id = ${acct.accountId})`;
}

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  await t.db.$executeRaw`UPDATE accounts SET created_at = '2026-07-15T00:00:00Z'
    WHERE id = ${acct.accountId}`;
  const sku = async (code: string) => {
    const res = await rest(t, "POST", "/skus", { token: acct.token, body: { code, name: code } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  laptop = await sku("LAPTOP");
  cable = await sku("CABLE");
  const site = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE", name: "Store" },
  });
  expect(site.status).toBe(201);
  store = site.body.id as number;
  const sites = await rest(t, "GET", "/sites", { token: acct.token });
  main = (sites.body.data as { id: number; code: string }[]).find((s) => s.code === "MAIN")!.id;
  // The laptop had no cost until August, 10.00 until 10 October, 12.00 since; the cable 2.5 from
  // the start (a cost of 4 decimals: 7.5 cables are worth 18.75).
  await costed(cable, 2.5, "2026-07-20T00:00:00Z");
  await costed(laptop, 10, "2026-08-01T00:00:00Z");
  await costed(laptop, 12, "2026-10-10T00:00:00Z");
  await moved("2026-07-20T09:00:00Z", laptop, main, 10);
  await moved("2026-08-02T09:00:00Z", cable, main, 100);
  await moved("2026-08-15T09:00:00Z", laptop, main, -3);
  await moved("2026-09-05T09:00:00Z", cable, store, 40);
  await moved("2026-09-30T09:00:00Z", laptop, store, 1);
  await moved("2026-10-20T09:00:00Z", laptop, main, 5);
  await moved("2026-11-02T09:00:00Z", cable, store, -40);
  await moved("2026-11-10T09:00:00Z", laptop, main, -2);
  await moved("2026-11-12T09:00:00Z", cable, main, -92.5);
});
afterAll(() => t.close());

const valuation = (query = "", token = acct.token, headers?: Record<string, string>) =>
  rest(t, "GET", `/reports/valuation${query}`, { token, headers });

const site = (code: string, items: number, units: number, value: string, unvalued = 0) => ({
  code,
  items,
  units,
  value,
  unvalued_items: unvalued,
});
const totals = (items: number, units: number, value: string, unvalued = 0) => ({
  items,
  units,
  value,
  unvalued_items: unvalued,
});

/** What the report said at each instant (the same before and after the snapshots). */
const EXPECTED: [string, ReturnType<typeof totals>, ReturnType<typeof site>[]][] = [
  // Ten laptops without a cost yet: held, not valued.
  ["2026-07-25", totals(1, 10, "0.00", 1), [site("MAIN", 1, 10, "0.00", 1)]],
  // A timestamp includes its instant: the cable's receipt at 09:00 counts.
  ["2026-08-02T09:00:00Z", totals(2, 110, "350.00"), [site("MAIN", 2, 110, "350.00")]],
  [
    "2026-10-15",
    totals(4, 148, "446.00"),
    [site("MAIN", 2, 107, "334.00"), site("STORE", 2, 41, "112.00")],
  ],
  [
    "2026-11-30",
    totals(3, 18.5, "150.75"),
    [site("MAIN", 2, 17.5, "138.75"), site("STORE", 1, 1, "12.00")],
  ],
];

const withoutIds = (sites: { site_id: number; name: string }[]) =>
  sites.map(({ site_id: _id, name: _name, ...rest }) => rest);

describe("the valuation", () => {
  it("values each site's stock now at today's costs, each item rounded, added up", async () => {
    const res = await valuation();
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe("EUR");
    expect(res.body.site_id).toBeNull();
    expect(res.body.overall).toEqual(totals(3, 18.5, "150.75"));
    expect(withoutIds(res.body.sites)).toEqual([
      site("MAIN", 2, 17.5, "138.75"),
      site("STORE", 1, 1, "12.00"),
    ]);
    expect(Math.abs(Date.parse(res.body.as_of) - Date.now())).toBeLessThan(60_000);
    const one = await valuation(`?site_id=${store}`);
    expect(one.body.site_id).toBe(store);
    expect(one.body.overall).toEqual(totals(1, 1, "12.00"));
  });

  it("values the stock as of a past date at the costs then, with or without snapshots", async () => {
    const before: unknown[] = [];
    for (const [asOf, overall, sites] of EXPECTED) {
      const res = await valuation(`?as_of=${asOf}`);
      expect(res.status).toBe(200);
      expect({ asOf, overall: res.body.overall, sites: withoutIds(res.body.sites) }).toEqual({
        asOf,
        overall,
        sites,
      });
      before.push(res.body);
    }
    // The upkeep snapshots every month start from August (the account began in July) to now.
    expect(await takeSnapshots(t.db, { accountIds: [acct.accountId] })).toBeGreaterThanOrEqual(5);
    const runs = await t.db.stockSnapshotRun.findMany({
      where: { accountId: acct.accountId },
      orderBy: { takenAt: "asc" },
    });
    expect(runs.slice(0, 5).map((r) => [r.takenAt.toISOString().slice(0, 10), r.items])).toEqual([
      ["2026-08-01", 1],
      ["2026-09-01", 2],
      ["2026-10-01", 4],
      ["2026-11-01", 4],
      ["2026-12-01", 3],
    ]);
    expect(await takeSnapshots(t.db, { accountIds: [acct.accountId] })).toBe(0);
    const after: unknown[] = [];
    for (const [asOf] of EXPECTED) after.push((await valuation(`?as_of=${asOf}`)).body);
    expect(after).toEqual(before);
  });

  it("starts from the snapshot nearest the date, and reads only the movements between", async () => {
    await takeSnapshots(t.db, { accountIds: [acct.accountId] });
    // A snapshot altered by hand shows in a date next to it, not in one next to another base.
    await t.db.$executeRaw`UPDATE stock_snapshots SET on_hand = on_hand + 1000
      WHERE account_id = ${acct.accountId} AND taken_at = '2026-10-01T00:00:00Z'
        AND site_id = ${store} AND item_id = ${laptop}`;
    try {
      const near = await valuation(`?as_of=2026-10-03&site_id=${store}`);
      expect(near.body.overall.units).toBe(1041);
      const far = await valuation(`?as_of=2026-10-25&site_id=${store}`);
      expect(far.body.overall.units).toBe(41);
    } finally {
      await t.db.$executeRaw`UPDATE stock_snapshots SET on_hand = on_hand - 1000
        WHERE account_id = ${acct.accountId} AND taken_at = '2026-10-01T00:00:00Z'
          AND site_id = ${store} AND item_id = ${laptop}`;
    }
  });

  it("lists the items as CSV, whose values add up to the report's", async () => {
    const res = await valuation("?as_of=2026-10-15", acct.token, { accept: "text/csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain('filename="valuation-2026-10-15.csv"');
    expect((res.body as string).split("\r\n")).toEqual([
      "site,type,code,name,on_hand,unit_cost,value",
      "MAIN,sku,LAPTOP,LAPTOP,7,12.0000,84.00",
      "MAIN,sku,CABLE,CABLE,100,2.5000,250.00",
      "STORE,sku,LAPTOP,LAPTOP,1,12.0000,12.00",
      "STORE,sku,CABLE,CABLE,40,2.5000,100.00",
      "",
    ]);
    const now = await valuation("", acct.token, { accept: "text/csv" });
    const values = (now.body as string)
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(line.split(",").at(-1)));
    expect(values.reduce((a, b) => a + b, 0).toFixed(2)).toBe("150.75");
  });

  it("answers over GraphQL as over REST", async () => {
    const res = await postGraphql(
      t,
      {
        query: `query ($asOf: String) { valuationReport(asOf: $asOf) {
          currency overall { items units value unvaluedItems } sites { code units value } } }`,
        variables: { asOf: "2026-10-15" },
      },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect((res.data as { valuationReport: unknown }).valuationReport).toEqual({
      currency: "EUR",
      overall: { items: 4, units: 148, value: "446.00", unvaluedItems: 0 },
      sites: [
        { code: "MAIN", units: 107, value: "334.00" },
        { code: "STORE", units: 41, value: "112.00" },
      ],
    });
  });

  it("refuses a date before the account, in the future or malformed, and a site not its own", async () => {
    const refused = async (query: string, status: number, code: string) => {
      const res = await valuation(query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status, code });
    };
    await refused("?as_of=2026-07-01", 422, "INVALID_DATE_RANGE");
    await refused("?as_of=2026-07-14T23:59:59Z", 422, "INVALID_DATE_RANGE");
    await refused(`?as_of=${new Date().getUTCFullYear() + 1}-01-01`, 422, "INVALID_DATE_RANGE");
    await refused("?as_of=yesterday", 400, "INVALID_PARAMETER");
    await refused("?site_id=999999999", 404, "SITE_NOT_FOUND");
    await refused("?as_of=2026-07-15", 200, undefined as unknown as string);
  });

  it("is for the costs scope, once the account has a currency", async () => {
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "reader",
      scopes: ["read", "adjust", "approve"],
    });
    const res = await valuation("", token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    const plain = await newAccount(t.db);
    const none = await valuation("", plain.token);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("CURRENCY_NOT_SET");
  });

  it("reads the CSV's items in pages, across sites and kinds of item, none twice", async () => {
    const item = await rest(t, "POST", "/supplier-items", {
      token: acct.token,
      body: {
        supplier: "ACME",
        code: "ACME-1",
        name: "Bracket",
        opening_on_hand: 4,
        unit_cost: 1.25,
      },
    });
    expect(item.status).toBe(201);
    const principal = await authenticate(t.db, acct.token);
    const ctx = { db: t.db, principal: principal! };
    const read = async (asOf: string | null, pageSize?: number) => {
      const items: ValuedItem[] = [];
      const prepared = await prepareValuationExport(ctx, { asOf }, pageSize);
      for await (const page of prepared.read()) items.push(...page);
      return items;
    };
    for (const asOf of [null, "2026-10-15", "2026-11-30"]) {
      const whole = await read(asOf);
      expect(await read(asOf, 1)).toEqual(whole);
      expect(await read(asOf, 2)).toEqual(whole);
    }
    expect((await read(null)).map((i) => `${i.siteCode} ${i.type} ${i.code}`)).toEqual([
      "MAIN sku LAPTOP",
      "MAIN sku CABLE",
      "MAIN supplier_item ACME-1",
      "STORE sku LAPTOP",
    ]);
  });

  it("spends no statement of the CSV on a site that holds nothing", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await rest(t, "POST", "/sites", {
        token: acct.token,
        body: { code: `EMPTY-${i}`, name: `Empty ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const queries: { sql: string; params: unknown[] }[] = [];
    const db = loggingClient(queries);
    try {
      const principal = await authenticate(db, acct.token);
      for (const asOf of [null, "2026-10-15"]) {
        queries.length = 0;
        const prepared = await prepareValuationExport({ db, principal: principal! }, { asOf });
        const items: ValuedItem[] = [];
        for await (const page of prepared.read()) items.push(...page);
        expect(new Set(items.map((i) => i.siteCode))).toEqual(new Set(["MAIN", "STORE"]));
        // One page per site holding stock (MAIN, STORE), none for the twenty empty ones.
        expect(queries.filter((q) => q.sql.includes("valued AS (")).length).toBe(2);
      }
    } finally {
      await db.$disconnect();
    }
  });
});
