// Each site keeps a cycle of its own: a classification weighs one site's movements and sets that
// site's classes, what is due and a SKU's class are read per site, and a class set by hand at one
// site leaves the others alone. Without a site, the default site is meant (as before sites). A
// site the account does not have (unknown, or another account's) is 404 SITE_NOT_FOUND on site_id,
// and nothing is written.
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { type TestAccount } from "../../helpers/db.js";
import { catalogMoving } from "../../helpers/cycle-counts.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Shop extends TestAccount {
  ids: number[];
  main: number;
  van: number;
}

/** An account whose SKUs moved 900, 60, 30 and 10 at its default site, and a second site. */
async function shop(): Promise<Shop> {
  const acct = await catalogMoving(t, [900, 60, 30, 10], "CS");
  const site = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "VAN-1", name: "Van" },
  });
  expect(site.status).toBe(201);
  return { ...acct, main: await defaultSiteId(t.db, acct.accountId), van: site.body.id };
}

const classOf = async (acct: Shop, id: number, site?: number) => {
  const query = site === undefined ? "" : `?site_id=${site}`;
  const res = await rest(t, "GET", `/skus/${id}/cycle-count${query}`, { token: acct.token });
  expect(res.status).toBe(200);
  return res.body as { site_id: number; count_class: string | null };
};

const dueAt = async (acct: Shop, site: number) => {
  const res = await rest(t, "GET", `/stock-takes/due?site_id=${site}`, { token: acct.token });
  expect(res.status).toBe(200);
  return (res.body.data as { sku_id: number }[]).map((d) => d.sku_id);
};

const cycleRows = async (accountId: number) =>
  (
    await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM sku_cycle_counts WHERE account_id = ${accountId}`
  )[0]!.n;

it("classifies each site by its own movements, and reads and sets classes per site", async () => {
  const acct = await shop();
  const [top, second] = acct.ids as [number, number];

  const main = await rest(t, "POST", "/skus/classify", { token: acct.token, body: {} });
  expect(main.status).toBe(200);
  expect(main.body.site_id).toBe(acct.main);
  expect((await classOf(acct, top)).count_class).toBe("A");

  // Nothing moved at the van: every SKU is C there, and the default site's classes stay.
  const van = await rest(t, "POST", "/skus/classify", {
    token: acct.token,
    body: { site_id: acct.van },
  });
  expect(van.status).toBe(200);
  expect(van.body).toMatchObject({
    site_id: acct.van,
    classes: [
      { count_class: "A", skus: 0 },
      { count_class: "B", skus: 0 },
      { count_class: "C", skus: 4, changed: 4 },
    ],
  });
  expect(await classOf(acct, top, acct.van)).toMatchObject({ site_id: acct.van, count_class: "C" });
  expect(await classOf(acct, top)).toMatchObject({ site_id: acct.main, count_class: "A" });

  // By hand at the van: the default site keeps its class.
  const set = await rest(t, "PUT", `/skus/${second}/cycle-count`, {
    token: acct.token,
    body: { count_class: "A", site_id: acct.van },
  });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ site_id: acct.van, count_class: "A" });
  expect((await classOf(acct, second)).count_class).toBe("B");

  // Never counted anywhere: everything classed is due, each site its own list.
  expect((await dueAt(acct, acct.van)).sort()).toEqual([...acct.ids].sort());
  expect((await dueAt(acct, acct.main)).sort()).toEqual([...acct.ids].sort());
  await rest(t, "PUT", `/skus/${top}/cycle-count`, {
    token: acct.token,
    body: { count_class: null, site_id: acct.van },
  });
  expect(await dueAt(acct, acct.van)).not.toContain(top);
  expect(await dueAt(acct, acct.main)).toContain(top);
});

it("answers per site over GraphQL too", async () => {
  const acct = await shop();
  const res = await postGraphql(
    t,
    {
      query: `mutation($site: Int) {
        classifySkus(input: { siteId: $site }) { classification { siteId classes { countClass skus } } }
        setCountClass(input: { skuId: ${acct.ids[0]}, countClass: B, siteId: $site }) {
          cycleCount { siteId countClass } }
      }`,
      variables: { site: acct.van },
    },
    acct.token,
  );
  expect(res.errors).toBeUndefined();
  const data = res.data as {
    classifySkus: { classification: { siteId: number } };
    setCountClass: { cycleCount: { siteId: number; countClass: string } };
  };
  expect(data.classifySkus.classification.siteId).toBe(acct.van);
  expect(data.setCountClass.cycleCount).toEqual({ siteId: acct.van, countClass: "B" });
  const due = await postGraphql(
    t,
    { query: `{ dueForCount(first: 10, siteId: ${acct.van}) { skuId countClass } }` },
    acct.token,
  );
  expect(due.errors).toBeUndefined();
  const onSku = await postGraphql(
    t,
    {
      query: `{ sku(id: ${acct.ids[0]}) { here: cycleCount { siteId countClass }
        van: cycleCount(siteId: ${acct.van}) { siteId countClass } } }`,
    },
    acct.token,
  );
  expect(onSku.errors).toBeUndefined();
  expect(onSku.data).toEqual({
    sku: {
      here: { siteId: acct.main, countClass: null },
      van: { siteId: acct.van, countClass: "B" },
    },
  });
  // A site the account does not have: the error names the field that asked for it.
  const nowhere = await postGraphql(
    t,
    {
      query: `{ sku(id: ${acct.ids[0]}) { here: cycleCount { siteId }
        nowhere: cycleCount(siteId: 999999) { siteId } } }`,
    },
    acct.token,
  );
  expect(nowhere.errors).toEqual([
    expect.objectContaining({
      path: ["sku", "nowhere"],
      extensions: expect.objectContaining({ code: "SITE_NOT_FOUND" }),
    }),
  ]);
  const listed = (due.data as { dueForCount: { skuId: number }[] }).dueForCount;
  expect(listed.map((d) => d.skuId).sort()).toEqual([...acct.ids].sort());
});

it("refuses a site the account does not have, writing nothing", async () => {
  const acct = await shop();
  const other = await shop();
  for (const site of [other.van, other.main, 999_999]) {
    const inBody = [
      rest(t, "POST", "/skus/classify", { token: acct.token, body: { site_id: site } }),
      rest(t, "PUT", `/skus/${acct.ids[0]}/cycle-count`, {
        token: acct.token,
        body: { count_class: "A", site_id: site },
      }),
    ];
    const inQuery = [
      rest(t, "GET", `/skus/${acct.ids[0]}/cycle-count?site_id=${site}`, { token: acct.token }),
      rest(t, "GET", `/stock-takes/due?site_id=${site}`, { token: acct.token }),
    ];
    const answers = [
      ...(await Promise.all(inBody)).map((res) => [res, { pointer: "/site_id" }] as const),
      ...(await Promise.all(inQuery)).map((res) => [res, { parameter: "site_id" }] as const),
    ];
    for (const [res, where] of answers) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("SITE_NOT_FOUND");
      expect(res.body.errors).toEqual([
        { code: "SITE_NOT_FOUND", message: `Site ${site} does not exist`, ...where },
      ]);
    }
  }
  expect(await cycleRows(acct.accountId)).toBe(0);
  expect(await cycleRows(other.accountId)).toBe(0);
});

it("replays a classification answered before sites as the default site's", async () => {
  const acct = await shop();
  const key = { "idempotency-key": "classify-before-sites" };
  const first = await rest(t, "POST", "/skus/classify", {
    token: acct.token,
    headers: key,
    body: { dry_run: true },
  });
  expect(first.status).toBe(200);
  // As the version before sites stored it: no siteId.
  await t.db
    .$executeRaw`UPDATE idempotency_keys SET response_body = (response_body::jsonb - 'siteId')::json
    WHERE account_id = ${acct.accountId} AND key = 'classify-before-sites'`;
  const replayed = await rest(t, "POST", "/skus/classify", {
    token: acct.token,
    headers: key,
    body: { dry_run: true },
  });
  expect(replayed.status).toBe(200);
  expect(replayed.body).toEqual(first.body);
});
