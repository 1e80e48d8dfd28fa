// Progress by area: GET /stock-takes/{id} summarizes a stock take's lines by the first segments of
// their location at the freeze (summary.locations, ?area_depth=), GraphQL by
// StockTake.progressByLocation(depth:); counts move it, a blind count hides its differences from
// a counter, and a bad depth is refused.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { subscribe, wsConnect } from "../../helpers/subscriptions.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An account with SKUs at these locations (on hand 5 each), and a stock take of them all. */
async function countOf(
  locations: (string | null)[],
  blind = false,
): Promise<TestAccount & { takeId: number; ids: number[] }> {
  const acct = await newAccount(t.db);
  const rows = locations.map((location, i) => ({
    code: `AREA-${i}`,
    name: `Item ${i}`,
    location,
    opening_on_hand: 5,
  }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { blind },
  });
  expect(started.status).toBe(201);
  const ids = (made.body.ids as { id: number }[]).map((row) => row.id);
  return { ...acct, takeId: started.body.id as number, ids };
}

const count = (acct: TestAccount, takeId: number, id: number, qty: number, token = acct.token) =>
  rest(t, "POST", `/stock-takes/${takeId}/input`, {
    token,
    body: { counts: [{ type: "sku", id, counted_qty: qty }] },
  });

describe("a stock take's progress by area", () => {
  it("groups lines by the first two segments of their location regardless of case, without a location last, and moves with each count", async () => {
    const acct = await countOf(["A-01-01", "a-01-02", "A-02-01", "B.01/1", null]);
    const summary = async (query = "") =>
      (await rest(t, "GET", `/stock-takes/${acct.takeId}${query}`, { token: acct.token })).body
        .summary.locations;
    const area = (prefix: string | null, lines: number, counted = 0, differences = 0) => ({
      prefix,
      lines,
      counted,
      differences,
      accepted: 0,
    });
    expect(await summary()).toEqual([
      area("A-01", 2),
      area("A-02", 1),
      area("B.01", 1),
      area(null, 1),
    ]);
    await count(acct, acct.takeId, acct.ids[1]!, 5);
    await count(acct, acct.takeId, acct.ids[0]!, 3);
    expect((await summary())[0]).toEqual(area("A-01", 2, 2, 1));
    expect(await summary("?area_depth=1")).toEqual([
      area("A", 3, 2, 1),
      area("B", 1),
      area(null, 1),
    ]);
  });

  it("answers the same over GraphQL, and hides differences from a counter in a blind count", async () => {
    const acct = await countOf(["A-01-01", "A-01-02"], true);
    await count(acct, acct.takeId, acct.ids[0]!, 4);
    const counter = (
      await createToken(t.db, {
        accountId: acct.accountId,
        name: "counter",
        scopes: ["read", "count"],
      })
    ).token;
    const query = {
      query: `query ($id: Int!) { stockTake(id: $id) {
        progressByLocation(depth: 2) { prefix lines counted differences accepted } } }`,
      variables: { id: acct.takeId },
    };
    const manager = await postGraphql(t, query, acct.token);
    expect(manager.data).toEqual({
      stockTake: {
        progressByLocation: [{ prefix: "A-01", lines: 2, counted: 1, differences: 1, accepted: 0 }],
      },
    });
    const blind = await postGraphql(t, query, counter);
    expect(blind.data).toEqual({
      stockTake: {
        progressByLocation: [
          { prefix: "A-01", lines: 2, counted: 1, differences: null, accepted: 0 },
        ],
      },
    });
    const rest1 = await rest(t, "GET", `/stock-takes/${acct.takeId}`, { token: counter });
    expect(rest1.body.summary.locations).toEqual([
      { prefix: "A-01", lines: 2, counted: 1, accepted: 0 },
    ]);
  });

  it("moves for a stockTakeProgress subscriber as counts come in", async () => {
    const acct = await countOf(["A-01-01", "B-01-01"]);
    const client = wsConnect(t.baseUrl, `Bearer ${acct.token}`);
    try {
      const stream = subscribe<{
        stockTakeProgress: { stockTake: { progressByLocation: unknown[] } };
      }>(
        client,
        `subscription ($id: Int!) { stockTakeProgress(id: $id) {
          stockTake { progressByLocation { prefix counted } } } }`,
        { id: acct.takeId },
      );
      // The server has the subscription in place once it has read the feed the first time.
      await new Promise((r) => setTimeout(r, 400));
      expect((await count(acct, acct.takeId, acct.ids[1]!, 5)).status).toBe(200);
      const [message] = await stream.next(1);
      expect(message?.data?.stockTakeProgress.stockTake.progressByLocation).toEqual([
        { prefix: "A-01", counted: 0 },
        { prefix: "B-01", counted: 1 },
      ]);
    } finally {
      await client.dispose();
    }
  });

  it("shows a counting device (count alone) its areas without their differences, even through a mutation's payload", async () => {
    const acct = await newAccount(t.db);
    await rest(t, "POST", "/skus", {
      token: acct.token,
      body: { code: "AREA-X", name: "x", location: "A-01" },
    });
    const counter = (
      await createToken(t.db, { accountId: acct.accountId, name: "counter", scopes: ["count"] })
    ).token;
    const res = await postGraphql(
      t,
      {
        query: `mutation { startStockTake(input: {}) {
          stockTake { id progressByLocation { prefix lines counted differences } } } }`,
      },
      counter,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      startStockTake: {
        stockTake: {
          id: expect.any(Number),
          progressByLocation: [{ prefix: "A-01", lines: 1, counted: 0, differences: null }],
        },
      },
    });
  });

  it("refuses a depth outside 1 to 5", async () => {
    const acct = await countOf(["A-01"]);
    for (const depth of [0, 6]) {
      const res = await rest(t, "GET", `/stock-takes/${acct.takeId}?area_depth=${depth}`, {
        token: acct.token,
      });
      expect(res.status).toBe(400);
    }
    const gql = await postGraphql(
      t,
      {
        query: `query ($id: Int!) { stockTake(id: $id) { progressByLocation(depth: 9) { prefix } } }`,
        variables: { id: acct.takeId },
      },
      acct.token,
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe("INVALID_PARAMETER");
  });
});
