// A page of SKUs with their cycle counts over GraphQL reads the cycle counts in one statement,
// not one a SKU (Sku.cycleCount goes through the request's batch loader).
import { postGraphql } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { selectsFrom, startLoggedApp, type LoggedApp } from "../../helpers/movements.js";

let t: LoggedApp;
beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

it("reads a page of 30 SKUs' cycle counts in one statement, each SKU's own", async () => {
  const acct = await newAccount(t.db);
  await t.db.$executeRaw`
    INSERT INTO skus (account_id, code, name)
    SELECT ${acct.accountId}, 'LOAD-' || g, 'Load ' || g FROM generate_series(1, 30) AS g`;
  // Every third SKU in class B.
  await t.db.$executeRaw`
    INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class)
    SELECT s.account_id, d.id, s.id, 'B' FROM skus s
    JOIN sites d ON d.account_id = s.account_id AND d.is_default
    WHERE s.account_id = ${acct.accountId} AND s.id % 3 = 0`;
  t.queries.length = 0;
  const res = await postGraphql(
    t,
    { query: "{ skus(first: 30) { edges { node { id cycleCount { skuId countClass } } } } }" },
    acct.token,
  );
  expect(res.errors).toBeUndefined();
  const nodes = (
    res.data as {
      skus: {
        edges: { node: { id: number; cycleCount: { skuId: number; countClass: string } } }[];
      };
    }
  ).skus.edges.map((e) => e.node);
  expect(nodes).toHaveLength(30);
  for (const node of nodes) {
    expect(node.cycleCount).toEqual({
      skuId: node.id,
      countClass: node.id % 3 === 0 ? "B" : null,
    });
  }
  expect(selectsFrom(t.queries, "sku_cycle_counts")).toHaveLength(1);
});
