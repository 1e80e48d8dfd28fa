// A SKU's class by hand and the account's intervals, over both transports, as a manager uses
// them: pin a SKU to class A, see it on the SKU and on the due list, shorten A's interval and see
// a SKU fall due. Bad input and a token without the scope write nothing.
import { createToken } from "../../../src/modules/token/token.store.js";
import { defaultSiteId } from "../../../src/modules/site/site.service.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An account with SKUs CLS-0… (no class yet). */
async function catalog(n: number): Promise<TestAccount & { ids: number[] }> {
  const acct = await newAccount(t.db);
  const rows = Array.from({ length: n }, (_, i) => ({ code: `CLS-${i}`, name: `Item ${i}` }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  return { ...acct, ids: (made.body.ids as { id: number }[]).map((r) => r.id) };
}

const cycleOf = (acct: TestAccount, id: number) =>
  rest(t, "GET", `/skus/${id}/cycle-count`, { token: acct.token });
const setClass = (acct: TestAccount, id: number, countClass: unknown, token = acct.token) =>
  rest(t, "PUT", `/skus/${id}/cycle-count`, { token, body: { count_class: countClass } });
const dueIds = async (acct: TestAccount) =>
  (
    (await rest(t, "GET", "/stock-takes/due", { token: acct.token })).body.data as {
      sku_id: number;
    }[]
  ).map((d) => d.sku_id);

/** Makes a SKU's last count `days` ago, as a reconcile then would have. */
const countedDaysAgo = (acct: TestAccount, skuId: number, days: number) =>
  t.db
    .$executeRaw`UPDATE sku_cycle_counts SET last_counted_at = now() - make_interval(days => ${days}::int)
    WHERE account_id = ${acct.accountId} AND sku_id = ${skuId}`;

describe("a SKU's class by hand", () => {
  it("shows none at first, then the class set, on the SKU and on the due list; null takes it off", async () => {
    const acct = await catalog(2);
    const [pinned, other] = acct.ids as [number, number];
    const first = await cycleOf(acct, pinned);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      sku_id: pinned,
      site_id: await defaultSiteId(t.db, acct.accountId),
      count_class: null,
      last_counted_at: null,
      due_at: null,
      days_overdue: null,
    });

    const set = await setClass(acct, pinned, "A");
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ sku_id: pinned, count_class: "A", last_counted_at: null });
    expect(await dueIds(acct)).toEqual([pinned]);

    // Counted 20 days ago: A (30 days) is due in 10.
    await countedDaysAgo(acct, pinned, 20);
    const counted = (await cycleOf(acct, pinned)).body;
    expect(counted).toMatchObject({ count_class: "A", days_overdue: -10 });
    expect(await dueIds(acct)).toEqual([]);

    const cleared = await setClass(acct, pinned, null);
    expect(cleared.status).toBe(200);
    // The last count is kept; without a class nothing is due.
    expect(cleared.body).toMatchObject({ count_class: null, due_at: null, days_overdue: null });
    expect(cleared.body.last_counted_at).toEqual(counted.last_counted_at);
    expect((await cycleOf(acct, other)).body.count_class).toBeNull();
  });

  it("is on the SKU over GraphQL, for a page of SKUs", async () => {
    const acct = await catalog(3);
    const [a, b] = acct.ids as [number, number];
    const set = await postGraphql(
      t,
      {
        query: `mutation Set($input: SetCountClassInput!) {
          setCountClass(input: $input) { cycleCount { skuId countClass } userErrors { code } } }`,
        variables: { input: { skuId: a, countClass: "B" } },
      },
      acct.token,
    );
    expect(set.data).toEqual({
      setCountClass: { cycleCount: { skuId: a, countClass: "B" }, userErrors: [] },
    });
    const page = await postGraphql(
      t,
      { query: "{ skus(first: 10) { edges { node { id cycleCount { countClass dueAt } } } } }" },
      acct.token,
    );
    const nodes = (
      page.data as { skus: { edges: { node: { id: number; cycleCount: unknown } }[] } }
    ).skus.edges.map((e) => e.node);
    expect(nodes.find((n) => n.id === a)?.cycleCount).toEqual({ countClass: "B", dueAt: null });
    expect(nodes.find((n) => n.id === b)?.cycleCount).toEqual({ countClass: null, dueAt: null });
  });

  it("refuses an unknown class, another account's SKU and a token without adjust; writes nothing", async () => {
    const acct = await catalog(1);
    const other = await catalog(1);
    const [id] = acct.ids as [number];
    const bad = await setClass(acct, id, "D");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_PARAMETER");
    const foreign = await setClass(acct, other.ids[0]!, "A");
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("SKU_NOT_FOUND");
    expect((await cycleOf(acct, other.ids[0]!)).status).toBe(404);
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "reader",
      scopes: ["read"],
    });
    expect((await setClass(acct, id, "A", token)).status).toBe(403);
    const viaGraphql = await postGraphql(
      t,
      {
        query: `mutation { setCountClass(input: {skuId: ${other.ids[0]}, countClass: A}) {
          cycleCount { skuId } userErrors { code } } }`,
      },
      acct.token,
    );
    expect(viaGraphql.data).toEqual({
      setCountClass: { cycleCount: null, userErrors: [{ code: "SKU_NOT_FOUND" }] },
    });
    expect((await cycleOf(acct, id)).body.count_class).toBeNull();
    expect((await cycleOf(other, other.ids[0]!)).body.count_class).toBeNull();
  });
});

describe("the account's count intervals", () => {
  it("are 30, 90 and 365 days at first; a shorter A interval makes a SKU due at once", async () => {
    const acct = await catalog(1);
    const [id] = acct.ids as [number];
    const shown = await rest(t, "GET", "/cycle-counts/settings", { token: acct.token });
    expect(shown.body).toEqual({ interval_days_a: 30, interval_days_b: 90, interval_days_c: 365 });
    await setClass(acct, id, "A");
    await countedDaysAgo(acct, id, 20);
    expect(await dueIds(acct)).toEqual([]);

    const changed = await rest(t, "PATCH", "/cycle-counts/settings", {
      token: acct.token,
      body: { interval_days_a: 14 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      interval_days_a: 14,
      interval_days_b: 90,
      interval_days_c: 365,
    });
    expect(await dueIds(acct)).toEqual([id]);
    expect((await cycleOf(acct, id)).body.days_overdue).toBe(6);

    const viaGraphql = await postGraphql(
      t,
      {
        query: `mutation { updateCycleCountSettings(input: {intervalDaysC: 180}) {
          settings { intervalDaysA intervalDaysB intervalDaysC } userErrors { code } } }`,
      },
      acct.token,
    );
    expect(viaGraphql.data).toEqual({
      updateCycleCountSettings: {
        settings: { intervalDaysA: 14, intervalDaysB: 90, intervalDaysC: 180 },
        userErrors: [],
      },
    });
  });

  it("refuses an interval out of 1 to 3650 days over both transports, and keeps them all", async () => {
    const acct = await catalog(1);
    for (const body of [{ interval_days_a: 0 }, { interval_days_b: 3651 }, { other: 1 }]) {
      const res = await rest(t, "PATCH", "/cycle-counts/settings", { token: acct.token, body });
      expect(res.status).toBe(400);
    }
    const viaGraphql = await postGraphql(
      t,
      {
        query: `mutation { updateCycleCountSettings(input: {intervalDaysA: 7, intervalDaysB: 0}) {
          settings { intervalDaysA } userErrors { code field } } }`,
      },
      acct.token,
    );
    expect(viaGraphql.data).toEqual({
      updateCycleCountSettings: {
        settings: null,
        userErrors: [{ code: "INVALID_PARAMETER", field: ["intervalDaysB"] }],
      },
    });
    const shown = await rest(t, "GET", "/cycle-counts/settings", { token: acct.token });
    expect(shown.body).toEqual({ interval_days_a: 30, interval_days_b: 90, interval_days_c: 365 });
  });
});
