// A page of SKUs with their stock by site over GraphQL reads the levels in one statement, not one
// a SKU (Sku.levels' first pages go through the request's batch loader), each SKU's own, at the
// sites named; a site the account does not have fails that field alone.
import { postGraphql } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { selectsFrom, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";
import { defaultSiteOf, newSite } from "../../helpers/sites.js";

let t: LoggedApp;
beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

interface Node {
  id: number;
  levels: { edges: { node: { siteId: number; onHand: number; inTransit: number } }[] };
}

it("reads a page of 20 SKUs' levels at named sites in one statement, each SKU's own", async () => {
  const acct = await newAccount(t.db);
  const home = await defaultSiteOf(t, acct);
  const sites = [home, await newSite(t, acct, "A"), await newSite(t, acct, "B")];
  await t.db.$executeRaw`
    INSERT INTO skus (account_id, code, name)
    SELECT ${acct.accountId}, 'LVL-' || g, 'Level ' || g FROM generate_series(1, 20) AS g`;
  // SKU n holds n at the default site, 10 n at A, and nothing at B.
  await t.db.$executeRaw`
    INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
    SELECT s.account_id, site.id, s.id, substring(s.code FROM 5)::int * site.factor
    FROM skus s, unnest(${[sites[0], sites[1]]}::int[], ARRAY[1, 10]) AS site(id, factor)
    WHERE s.account_id = ${acct.accountId}`;
  const query = `query ($sites: [Int!]) { skus(first: 20) { edges { node {
    id levels(first: 5, siteIds: $sites) { edges { node { siteId onHand inTransit } } } } } } }`;

  t.queries.length = 0;
  const res = await postGraphql(
    t,
    { query, variables: { sites: [sites[1], sites[2]] } },
    acct.token,
  );

  expect(res.errors).toBeUndefined();
  const nodes = (res.data as { skus: { edges: { node: Node }[] } }).skus.edges.map((e) => e.node);
  expect(nodes).toHaveLength(20);
  const codes = await t.db.sku.findMany({ where: { accountId: acct.accountId } });
  const n = new Map(codes.map((s) => [s.id, Number(s.code.slice(4))]));
  for (const node of nodes) {
    expect(node.levels.edges.map((e) => e.node)).toEqual([
      { siteId: sites[1], onHand: 10 * n.get(node.id)!, inTransit: 0 },
    ]);
  }
  // The page of SKUs reads its on hand at the default site; the levels are one more statement.
  const levelReads = selectsFrom(t.queries, "sku_stock").filter((q) =>
    q.sql.includes("in_transit"),
  );
  expect(levelReads).toHaveLength(1);

  const every = await postGraphql(t, { query }, acct.token);
  const first = (every.data as { skus: { edges: { node: Node }[] } }).skus.edges[0]!.node;
  expect(first.levels.edges.map((e) => e.node.siteId)).toEqual([sites[0], sites[1]]);

  const unknown = await postGraphql(
    t,
    { query, variables: { sites: [sites[1], 2_000_000_000] } },
    acct.token,
  );
  expect(unknown.errors?.[0]?.extensions?.code).toBe("SITE_NOT_FOUND");
  // Past its bound (100 sites), refused before any read.
  t.queries.length = 0;
  const many = Array.from({ length: 101 }, (_, i) => i + 1);
  const over = await postGraphql(t, { query, variables: { sites: many } }, acct.token);
  expect(over.errors?.[0]?.extensions?.code).toBe("INVALID_PARAMETER");
  expect(selectsFrom(t.queries, "sku_stock")).toHaveLength(0);
});
