// Reviewing a stock take by difference: the counted lines, largest absolute difference first,
// paged without a line lost or repeated (ties included); hidden from a counter of a blind stock
// take, whose expected quantities it would reveal; priced as the summary, before it is read.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A stock take of SKUs with these on hands, counted as given (null: not counted). */
async function counted(
  acct: TestAccount,
  lines: [onHand: number, count: number | null][],
  options: { blind?: boolean } = {},
): Promise<{ id: number; codes: string[] }> {
  const rows = lines.map(([onHand], i) => ({
    code: `R-${i}`,
    name: `Item ${i}`,
    opening_on_hand: onHand,
  }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { blind: options.blind ?? false },
  });
  expect(started.status).toBe(201);
  const counts = lines.flatMap(([, count], i) =>
    count === null ? [] : [{ type: "sku", code: `R-${i}`, counted_qty: count }],
  );
  const input = await rest(t, "POST", `/stock-takes/${started.body.id}/input`, {
    token: acct.token,
    body: { counts },
  });
  expect(input.status).toBe(200);
  return { id: started.body.id, codes: rows.map((r) => r.code) };
}

/** Every page of lines in difference order, `limit` at a time, as [code, difference]. */
async function byDifference(id: number, token: string, limit: number) {
  const seen: [string, number][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/stock-takes/${id}/lines?order=difference&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const page = await rest(t, "GET", query, { token });
    expect(page.status).toBe(200);
    for (const l of page.body.data) seen.push([l.code, l.difference]);
    cursor = page.body.next_cursor;
  } while (cursor);
  return seen;
}

describe("a stock take's lines by difference", () => {
  it("lists the counted lines, largest absolute difference first, ties in walking order, paged without loss or repeat", async () => {
    const acct = await newAccount(t.db);
    const take = await counted(acct, [
      [10, 10], // 0
      [10, 7], // -3
      [5, null], // not counted: not listed
      [2, 5], // +3 (a tie with -3: walking order)
      [1, 1.5], // +0.5
      [8, 0], // -8
      [4, 4.25], // +0.25
    ]);
    const expected: [string, number][] = [
      ["R-5", -8],
      ["R-1", -3],
      ["R-3", 3],
      ["R-4", 0.5],
      ["R-6", 0.25],
      ["R-0", 0],
    ];
    for (const limit of [1, 2, 4, 100]) {
      expect(await byDifference(take.id, acct.token, limit)).toEqual(expected);
    }
    const viaGraphql = await postGraphql(
      t,
      {
        query: `query($id: Int!) { stockTake(id: $id) { lines(order: DIFFERENCE, first: 3) {
          edges { node { code difference } } pageInfo { hasNextPage } } } }`,
        variables: { id: take.id },
      },
      acct.token,
    );
    const { lines } = (
      viaGraphql.data as {
        stockTake: {
          lines: { edges: { node: { code: string } }[]; pageInfo: { hasNextPage: boolean } };
        };
      }
    ).stockTake;
    expect(lines.edges.map((e) => e.node.code)).toEqual(["R-5", "R-1", "R-3"]);
    expect(lines.pageInfo.hasNextPage).toBe(true);
  });

  it("is refused to a counter of a blind stock take (the order would reveal expected quantities), not to an approver", async () => {
    const acct = await newAccount(t.db);
    const take = await counted(
      acct,
      [
        [3, 1],
        [3, 3],
      ],
      { blind: true },
    );
    const { token: counter } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "counter",
      scopes: ["read", "count"],
    });
    const refused = await rest(t, "GET", `/stock-takes/${take.id}/lines?order=difference`, {
      token: counter,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    expect(await byDifference(take.id, acct.token, 10)).toEqual([
      ["R-0", -2],
      ["R-1", 0],
    ]);
  });

  it("refuses an unknown order, and a cursor of the walking order", async () => {
    const acct = await newAccount(t.db);
    const take = await counted(acct, [
      [1, 2],
      [1, 3],
    ]);
    const bad = await rest(t, "GET", `/stock-takes/${take.id}/lines?order=biggest`, {
      token: acct.token,
    });
    expect(bad.status).toBe(400);
    const walk = await rest(t, "GET", `/stock-takes/${take.id}/lines?limit=1`, {
      token: acct.token,
    });
    const mixed = await rest(
      t,
      "GET",
      `/stock-takes/${take.id}/lines?order=difference&cursor=${walk.body.next_cursor}`,
      { token: acct.token },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe("INVALID_CURSOR");
  });

  it("is priced as the summary, a unit per started 500 lines, before a line is read", async () => {
    const acct = await newAccount(t.db);
    const take = await counted(
      acct,
      Array.from({ length: 1100 }, (): [number, number] => [1, 2]),
    );
    const { token } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "small",
      rateLimit: { perSecond: 0.01, burst: 5 },
    });
    const first = await rest(t, "GET", `/stock-takes/${take.id}/lines?order=difference&limit=1`, {
      token,
    });
    expect(first.status).toBe(200);
    // 1,100 lines weighed: 3 units (a page of one line alone costs 1), 2 of 5 left.
    expect(Number(first.headers.get("ratelimit-remaining"))).toBe(2);
    const refused = await rest(t, "GET", `/stock-takes/${take.id}/lines?order=difference`, {
      token,
    });
    expect(refused.status).toBe(429);
    // By value the same: every line is weighed for its value, whether it has a cost or not.
    const { token: valuing } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "small-valuing",
      scopes: ["read", "approve", "costs"],
      rateLimit: { perSecond: 0.01, burst: 5 },
    });
    const byValue = await rest(t, "GET", `/stock-takes/${take.id}/lines?order=value&limit=1`, {
      token: valuing,
    });
    expect(byValue.status).toBe(200);
    expect(Number(byValue.headers.get("ratelimit-remaining"))).toBe(2);
    // Over GraphQL the same: with 5 units, twice in walking order, once by difference.
    const gqlFor = async (order: string) => {
      const { token: own } = await createToken(t.db, {
        accountId: acct.accountId,
        name: `small-${order}`,
        rateLimit: { perSecond: 0.01, burst: 5 },
      });
      const query = `{ stockTake(id: ${take.id}) { lines(order: ${order}, first: 1) { edges { cursor } } } }`;
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push(await postGraphql(t, { query }, own));
      return answers.map((a) =>
        JSON.stringify(a.errors ?? []).includes("RATE_LIMITED") ? 429 : 200,
      );
    };
    expect(await gqlFor("WALK")).toEqual([200, 200]);
    expect(await gqlFor("DIFFERENCE")).toEqual([200, 429]);
  });
});
