// A site is deactivated only when nothing is under way there: a stock take open or counting at
// it refuses the deactivation (409 SITE_IN_USE, nothing changed) until it is reconciled or
// cancelled; over REST and GraphQL alike.
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { databaseUrl, newAccount } from "../../helpers/db.js";
import { holdLock } from "../../helpers/locks.js";
import { createSku } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("refuses to deactivate a site while a stock take there is open or counting", async () => {
  const acct = await newAccount(t.db);
  const made = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "STORE-2", name: "Second store" },
  });
  expect(made.status).toBe(201);
  const site = made.body.id as number;
  // A stock take counting at this site, its row made as a start makes it.
  const [take] = await t.db.$queryRaw<{ id: number }[]>`
    INSERT INTO stock_takes (account_id, site_id, scope, actor_name, status)
    VALUES (${acct.accountId}, ${site}, '{"all": true}'::jsonb, 'test', 'counting')
    RETURNING id`;

  const refused = await rest(t, "PATCH", `/sites/${site}`, {
    token: acct.token,
    body: { active: false },
  });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("SITE_IN_USE");
  expect(refused.body.detail).toContain(`stock take ${take!.id}`);
  const viaGraphql = await postGraphql(
    t,
    {
      query: `mutation { updateSite(input: { id: ${site}, active: false }) {
        site { active } userErrors { code } } }`,
    },
    acct.token,
  );
  expect(viaGraphql.data).toEqual({
    updateSite: { site: null, userErrors: [{ code: "SITE_IN_USE" }] },
  });
  expect((await rest(t, "GET", `/sites/${site}`, { token: acct.token })).body.active).toBe(true);

  await t.db.$executeRaw`UPDATE stock_takes SET status = 'cancelled', cancelled_at = now()
    WHERE account_id = ${acct.accountId} AND id = ${take!.id}`;
  const done = await rest(t, "PATCH", `/sites/${site}`, {
    token: acct.token,
    body: { active: false },
  });
  expect(done.status).toBe(200);
  expect(done.body.active).toBe(false);
});

it("waits for a start in progress: the default it starts at is not moved and deactivated beside it", async () => {
  // The start is held on a SKU of its scope (locked here) after it has read its site; meanwhile
  // another site is made the default and the old default deactivated. Without the start's hold
  // on the sites, both pass before it commits and its stock take lands at an inactive site.
  const acct = await newAccount(t.db);
  const skuId = await createSku(t, acct.token, 5);
  const oldDefault = (await rest(t, "GET", "/sites", { token: acct.token })).body.data[0]
    .id as number;
  const store = (
    await rest(t, "POST", "/sites", { token: acct.token, body: { code: "S2", name: "Store 2" } })
  ).body.id as number;
  const lock = await holdLock(
    databaseUrl(),
    "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE",
    [acct.accountId, skuId],
  );
  let started: Promise<{ status: number; body: { id: number; site_id: number } }> | undefined;
  let moved: Promise<{ status: number }> | undefined;
  let deactivated: Promise<{ status: number; body: { code?: string } }> | undefined;
  try {
    started = rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { sku_ids: [skuId] } },
    });
    await lock.waiters(1);
    moved = rest(t, "PATCH", `/sites/${store}`, { token: acct.token, body: { is_default: true } });
    // Either the change waits behind the start (two waiting in the chain) or it has passed.
    await Promise.race([lock.waiters(2), moved]);
    deactivated = rest(t, "PATCH", `/sites/${oldDefault}`, {
      token: acct.token,
      body: { active: false },
    });
    await Promise.race([lock.waiters(3), deactivated]);
  } finally {
    await lock.release();
  }
  const take = await started!;
  expect(take.status).toBe(201);
  expect(take.body.site_id).toBe(oldDefault);
  expect((await moved!).status).toBe(200);
  const refused = await deactivated!;
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("SITE_IN_USE");
  const sites = (await rest(t, "GET", "/sites", { token: acct.token })).body.data as {
    id: number;
    active: boolean;
    is_default: boolean;
  }[];
  expect(sites.find((s) => s.id === oldDefault)).toMatchObject({ active: true, is_default: false });
  expect(sites.find((s) => s.id === store)).toMatchObject({ is_default: true });
});
