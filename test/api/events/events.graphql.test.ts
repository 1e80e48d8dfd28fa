// The change feed over GraphQL: the same events as REST's, as a Relay connection.
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { createSku } from "../../helpers/stock.js";
import { EventsDocument } from "../generated/graphql.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("query events", () => {
  it("pages the feed as REST does, and endCursor on the last page resumes there", async () => {
    const acct = await newAccount(t.db);
    const skuId = await createSku(t, acct.token, 2);
    let res = await gql(t, EventsDocument, { first: 1 }, acct.token);
    for (let i = 0; i < 50 && !res.data?.events.pageInfo.hasNextPage; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await gql(t, EventsDocument, { first: 1 }, acct.token);
    }
    const first = res.data!.events;
    expect(first.edges.map((e) => e.node.type)).toEqual(["sku.created"]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest2 = await rest(t, "GET", "/events?limit=1", { token: acct.token });
    expect(first.edges[0]!.node).toMatchObject({
      id: rest2.body.data[0].id,
      data: rest2.body.data[0].data,
    });
    const second = (await gql(t, EventsDocument, { after: first.pageInfo.endCursor }, acct.token))
      .data!.events;
    expect(second.edges.map((e) => [e.node.type, e.node.data.quantity_after])).toEqual([
      ["stock.changed", 2],
    ]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, endCursor: expect.any(String) });
    await rest(t, "PATCH", `/skus/${skuId}`, {
      token: acct.token,
      body: { on_hand: 5, reason: "correction" },
    });
    let later = await gql(t, EventsDocument, { after: second.pageInfo.endCursor }, acct.token);
    for (let i = 0; i < 50 && later.data!.events.edges.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await gql(t, EventsDocument, { after: second.pageInfo.endCursor }, acct.token);
    }
    expect(later.data!.events.edges.map((e) => e.node.data.quantity_after)).toEqual([5]);
  });

  it("filters by type, and refuses an unknown type, another account's cursor and no token", async () => {
    const a = await newAccount(t.db);
    const b = await newAccount(t.db);
    await createSku(t, a.token, 1);
    // Both events below the horizon first, so the filter, not timing, leaves the second out.
    for (let i = 0; i < 50; i++) {
      const all = await gql(t, EventsDocument, {}, a.token);
      if (all.data!.events.edges.length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const only = await gql(t, EventsDocument, { types: ["sku.created"] }, a.token);
    expect(only.data!.events.edges.map((e) => e.node.type)).toEqual(["sku.created"]);
    const unknown = await gql(t, EventsDocument, { types: ["sku.exploded"] }, a.token);
    expect(unknown.errors?.[0]?.extensions?.code).toBe("INVALID_PARAMETER");
    const cursor = only.data!.events.pageInfo.endCursor!;
    const foreign = await gql(t, EventsDocument, { after: cursor }, b.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe("INVALID_CURSOR");
    expect((await gql(t, EventsDocument, {}, b.token)).data!.events.edges).toEqual([]);
    const anonymous = await gql(t, EventsDocument, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
