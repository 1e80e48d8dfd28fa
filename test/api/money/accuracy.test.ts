// The accuracy report in money: beside the units, what the counts were worth and what their
// differences were worth, valued at each line's cost from the freeze and rounded as a review
// rounds it, so the report's totals are the review's line values added up; value accuracy is
// 1 − |value difference| / value counted. Shown to the costs scope only.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createToken } from "../../../src/modules/token/token.store.js";

let t: TestApp;
let acct: TestAccount;
let take: number;

async function sku(code: string, onHand: number, cost: number | null): Promise<number> {
  const res = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: {
      code,
      name: code,
      opening_on_hand: onHand,
      ...(cost === null ? {} : { unit_cost: cost }),
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  // A laptop (999.99) one missing, stickers (0.015 each) 30 over, a SKU without a cost 2 under.
  const ids = [
    await sku("LAPTOP", 4, 999.99),
    await sku("STICKER", 1000, 0.015),
    await sku("NOCOST", 5, null),
  ];
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { sku_ids: ids } },
  });
  take = started.body.id as number;
  const counted = [3, 1030, 3];
  await rest(t, "POST", `/stock-takes/${take}/input`, {
    token: acct.token,
    body: { counts: ids.map((id, i) => ({ type: "sku", id, counted_qty: counted[i] })) },
  });
  await rest(t, "POST", `/stock-takes/${take}/accept-lines`, {
    token: acct.token,
    body: { safe: true, tolerance: { abs: 100, pct: 0 } },
  });
  expect(
    (await rest(t, "POST", `/stock-takes/${take}/reconcile`, { token: acct.token, body: {} }))
      .status,
  ).toBe(200);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe("the accuracy report in money", () => {
  it("values the counts and their differences as the review did, and adds them up exactly", async () => {
    const res = await rest(t, "GET", `/reports/accuracy?from=${today()}`, { token: acct.token });
    expect(res.status).toBe(200);
    // Counts worth 3 × 999.99 = 2999.97 and 1030 × 0.015 = 15.45; differences −999.99 and +0.45.
    const values = {
      counted: "3015.42",
      absolute: "1000.44",
      net: "-999.54",
      accuracy: 1 - 1000.44 / 3015.42,
      valued_lines: 2,
    };
    expect(res.body.overall.values).toEqual({
      ...values,
      accuracy: expect.closeTo(values.accuracy, 12),
    });
    expect(res.body.stock_takes[0].values).toEqual(res.body.overall.values);
    // The review's line values add up to the report's.
    const lines = await rest(t, "GET", `/stock-takes/${take}/lines`, { token: acct.token });
    const sum = lines.body.data.reduce(
      (s: number, l: { difference_value: string | null }) =>
        s + Math.round(Number(l.difference_value ?? 0) * 100),
      0,
    );
    expect((sum / 100).toFixed(2)).toBe(values.net);
  });

  it("shows no money without the costs scope, and none over GraphQL either", async () => {
    const reader = (
      await createToken(t.db, { accountId: acct.accountId, name: "reader", scopes: ["read"] })
    ).token;
    const res = await rest(t, "GET", `/reports/accuracy?from=${today()}`, { token: reader });
    expect(res.status).toBe(200);
    expect(res.body.overall.lines_counted).toBe(3);
    expect(res.body.overall.values).toBeUndefined();
    const query = `{ accuracyReport(from: "${today()}") { overall { linesCounted values { counted accuracy valuedLines } } } }`;
    const seen = await postGraphql(t, { query }, reader);
    expect(seen.data).toEqual({ accuracyReport: { overall: { linesCounted: 3, values: null } } });
    const costed = await postGraphql(t, { query }, acct.token);
    expect(costed.data).toEqual({
      accuracyReport: {
        overall: {
          linesCounted: 3,
          values: {
            counted: "3015.42",
            accuracy: expect.closeTo(1 - 1000.44 / 3015.42, 12),
            valuedLines: 2,
          },
        },
      },
    });
  });

  it("leaves values out for an account without a currency", async () => {
    const other = await newAccount(t.db);
    const res = await rest(t, "GET", `/reports/accuracy?from=${today()}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.overall).not.toHaveProperty("values");
  });
});
