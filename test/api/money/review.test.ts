// A valued review (DESIGN §9): each line keeps its item's unit cost from the freeze and values its
// difference at it (rounded once per line), the summary and its areas add the lines' values up
// exactly, lines are listed by value, and accept-lines holds back lines whose value is over a
// tolerance in money. Money is shown only to the costs scope; without it none is, anywhere.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
});
afterAll(() => t.close());

let counter = 0;

async function sku(onHand: number, cost: number | null, location: string): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: {
      code: `R-${++counter}`,
      name: "Reviewed",
      opening_on_hand: onHand,
      location,
      ...(cost === null ? {} : { unit_cost: cost }),
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A stock take of three SKUs (10 at 10.00, 4 at 0.125, 5 without a cost), counted 8, 5 and 6. */
async function countedTake(): Promise<{ id: number; skus: number[] }> {
  const skus = [
    await sku(10, 10, "A-01-1"),
    await sku(4, 0.125, "A-01-2"),
    await sku(5, null, "B-01"),
  ];
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { sku_ids: skus } },
  });
  expect(started.status).toBe(201);
  const id = started.body.id as number;
  // A cost changed after the freeze: the review keeps the one it froze.
  await rest(t, "PATCH", `/skus/${skus[0]}`, { token: acct.token, body: { unit_cost: 99 } });
  const input = await rest(t, "POST", `/stock-takes/${id}/input`, {
    token: acct.token,
    body: {
      counts: [8, 5, 6].map((qty, i) => ({ type: "sku", id: skus[i], counted_qty: qty })),
    },
  });
  expect(input.status).toBe(200);
  return { id, skus };
}

describe("a valued review", () => {
  it("values each line at the cost frozen with it, and the totals are the lines' sums", async () => {
    const { id, skus } = await countedTake();
    const lines = await rest(t, "GET", `/stock-takes/${id}/lines`, { token: acct.token });
    expect(
      lines.body.data.map(
        (l: { id: number; unit_cost: number | null; difference_value: string | null }) => [
          l.id,
          l.unit_cost,
          l.difference_value,
        ],
      ),
    ).toEqual([
      [skus[0], 10, "-20.00"],
      [skus[1], 0.125, "0.13"],
      [skus[2], null, null],
    ]);
    const take = await rest(t, "GET", `/stock-takes/${id}?area_depth=1`, { token: acct.token });
    expect(take.body.summary.values).toEqual({
      gains: "0.13",
      losses: "-20.00",
      net: "-19.87",
      absolute: "20.13",
      valued_lines: 2,
    });
    expect(
      take.body.summary.locations.map((a: { prefix: string; values: unknown }) => [
        a.prefix,
        a.values,
      ]),
    ).toEqual([
      ["A", { gains: "0.13", losses: "-20.00", net: "-19.87", absolute: "20.13", valued_lines: 2 }],
      ["B", { gains: "0.00", losses: "0.00", net: "0.00", absolute: "0.00", valued_lines: 0 }],
    ]);
  });

  it("lists the valued lines largest value first, a page at a time", async () => {
    const { id, skus } = await countedTake();
    const first = await rest(t, "GET", `/stock-takes/${id}/lines?order=value&limit=1`, {
      token: acct.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.map((l: { id: number }) => l.id)).toEqual([skus[0]]);
    const next = await rest(
      t,
      "GET",
      `/stock-takes/${id}/lines?order=value&limit=1&cursor=${first.body.next_cursor}`,
      { token: acct.token },
    );
    expect(next.body.data.map((l: { id: number }) => l.id)).toEqual([skus[1]]);
    expect(next.body.next_cursor).toBeNull();
  });

  it("holds back at accept-lines a line whose value is over max_value, beside the units' tolerance", async () => {
    const { id, skus } = await countedTake();
    const res = await rest(t, "POST", `/stock-takes/${id}/accept-lines`, {
      token: acct.token,
      body: { tolerance: { abs: 5, pct: 0, max_value: 1 } },
    });
    expect(res.status).toBe(200);
    // The 2 units worth 20.00 pass the units' tolerance, not the money's; the line without a
    // cost is judged by its units.
    expect(res.body.accepted.map((l: { id: number }) => l.id).sort()).toEqual(
      [skus[1], skus[2]].sort(),
    );
    expect(res.body.needs_review.map((l: { id: number }) => l.id)).toEqual([skus[0]]);
    // max_value_pct: 20.00 of an expected 100.00 is 20 %.
    const pct = await rest(t, "POST", `/stock-takes/${id}/accept-lines`, {
      token: acct.token,
      body: { tolerance: { abs: 5, pct: 0, max_value: 1, max_value_pct: 20 } },
    });
    expect(pct.body.accepted.map((l: { id: number }) => l.id)).toEqual([skus[0]]);
  });

  it("refuses a money tolerance without the costs scope (403) or a currency (409)", async () => {
    const { id } = await countedTake();
    const { token: approver } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "approver",
      scopes: ["read", "approve"],
    });
    const forbidden = await rest(t, "POST", `/stock-takes/${id}/accept-lines`, {
      token: approver,
      body: { tolerance: { max_value: 1 } },
    });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "FORBIDDEN"]);
    const other = await newAccount(t.db);
    const made = await rest(t, "POST", "/skus", {
      token: other.token,
      body: { code: "N-1", name: "N", opening_on_hand: 1 },
    });
    const started = await rest(t, "POST", "/stock-takes/start", {
      token: other.token,
      body: { scope: { sku_ids: [made.body.id] } },
    });
    const unset = await rest(t, "POST", `/stock-takes/${started.body.id}/accept-lines`, {
      token: other.token,
      body: { tolerance: { max_value: 1 } },
    });
    expect([unset.status, unset.body.code]).toEqual([409, "CURRENCY_NOT_SET"]);
    const bad = await rest(t, "POST", `/stock-takes/${id}/accept-lines`, {
      token: acct.token,
      body: { tolerance: { max_value_pct: 101 } },
    });
    expect([bad.status, bad.body.errors[0].pointer]).toEqual([400, "/tolerance/max_value_pct"]);
    const lines = await rest(t, "GET", `/stock-takes/${id}/lines?state=accepted`, {
      token: acct.token,
    });
    expect(lines.body.data).toEqual([]);
  });

  it("shows no money to a token without the costs scope", async () => {
    const { id } = await countedTake();
    const { token: approver } = await createToken(t.db, {
      accountId: acct.accountId,
      name: "approver",
      scopes: ["read", "approve", "count"],
    });
    for (const path of [`/stock-takes/${id}`, `/stock-takes/${id}/lines`]) {
      const res = await rest(t, "GET", path, { token: approver });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/unit_cost|difference_value|"values"/);
    }
    const ordered = await rest(t, "GET", `/stock-takes/${id}/lines?order=value`, {
      token: approver,
    });
    expect(ordered.status).toBe(403);
    const gql = await postGraphql(
      t,
      {
        query: `{ stockTake(id: ${id}) { summary { values { net } }
          lines { edges { node { unitCost differenceValue } } } } }`,
      },
      approver,
    );
    expect(gql.errors).toBeUndefined();
    expect(JSON.stringify(gql.data)).not.toMatch(/[0-9]/);
  });

  it("is read over GraphQL by the costs scope", async () => {
    const { id } = await countedTake();
    const gql = await postGraphql(
      t,
      {
        query: `{ stockTake(id: ${id}) { summary { values { gains losses net absolute valuedLines } }
          lines(order: VALUE) { edges { node { unitCost differenceValue } } } } }`,
      },
      acct.token,
    );
    expect(gql.data).toEqual({
      stockTake: {
        summary: {
          values: {
            gains: "0.13",
            losses: "-20.00",
            net: "-19.87",
            absolute: "20.13",
            valuedLines: 2,
          },
        },
        lines: {
          edges: [
            { node: { unitCost: 10, differenceValue: "-20.00" } },
            { node: { unitCost: 0.125, differenceValue: "0.13" } },
          ],
        },
      },
    });
  });
});
