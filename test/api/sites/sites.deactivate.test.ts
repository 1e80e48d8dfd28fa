// A site is deactivated only when nothing is under way there: a stock take open or counting at
// it refuses the deactivation (409 SITE_IN_USE, nothing changed) until it is reconciled or
// cancelled; over REST and GraphQL alike.
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";

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
  // Stock takes start at the default site at this version: one at this site, made as a start
  // makes its row.
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
