// Inventory record accuracy, as a manager reads it after a week of counts: of the lines counted in
// the stock takes reconciled in a window, how many matched the records (within a tolerance), and
// the units of difference, overall, per stock take, per count class and per area, over REST and
// GraphQL alike. Open stock takes do not count; the window is bounded as the movement history's.
import { newAccount, type TestAccount } from "../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../helpers/app.js";

let t: TestApp;
let acct: TestAccount;
let takes: number[];

/** A stock take of these SKUs, counted as given, every line accepted, and reconciled. */
async function countedTake(counts: [number, number][], reconcile = true): Promise<number> {
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { reference: "Week count", scope: { sku_ids: counts.map(([id]) => id) } },
  });
  expect(started.status).toBe(201);
  const id = started.body.id as number;
  const input = await rest(t, "POST", `/stock-takes/${id}/input`, {
    token: acct.token,
    body: { counts: counts.map(([sku, qty]) => ({ type: "sku", id: sku, counted_qty: qty })) },
  });
  expect(input.status).toBe(200);
  if (reconcile) {
    expect(
      (await rest(t, "POST", `/stock-takes/${id}/accept-lines`, { token: acct.token, body: {} }))
        .status,
    ).toBe(200);
    expect(
      (await rest(t, "POST", `/stock-takes/${id}/reconcile`, { token: acct.token, body: {} }))
        .status,
    ).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  // Each SKU holds 10; classes A and B by hand, one without; areas A-01 and B-02.
  const rows = [
    { code: "ACC-A", name: "A", location: "A-01-01", opening_on_hand: 10 },
    { code: "ACC-B", name: "B", location: "a-01-02", opening_on_hand: 10 },
    { code: "ACC-N", name: "None", location: "B-02-01", opening_on_hand: 10 },
    { code: "ACC-O", name: "Open", location: "B-02-02", opening_on_hand: 10 },
  ];
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const [a, b, none, open] = (made.body.ids as { id: number }[]).map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  for (const [id, countClass] of [
    [a, "A"],
    [b, "B"],
  ] as const) {
    const set = await rest(t, "PUT", `/skus/${id}/cycle-count`, {
      token: acct.token,
      body: { count_class: countClass },
    });
    expect(set.status).toBe(200);
  }
  // Monday: A exact, B two over, None one under. Tuesday: A one under (on 10 still: Monday's
  // reconcile changed nothing of A). An open stock take's count is not in any report.
  takes = [
    await countedTake([
      [a, 10],
      [b, 12],
      [none, 9],
    ]),
    await countedTake([[a, 9]]),
  ];
  await countedTake([[open, 1]], false);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const report = (query: string) =>
  rest(t, "GET", `/reports/accuracy?${query}`, { token: acct.token });
const metrics = (counted: number, accurate: number, abs: number, net: number) => ({
  lines_counted: counted,
  lines_accurate: accurate,
  accuracy: counted ? accurate / counted : null,
  abs_difference: abs,
  net_difference: net,
});

describe("the accuracy report", () => {
  it("counts every line counted in the window's reconciled stock takes, four ways", async () => {
    const res = await report(`from=${today()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tolerance: 0,
      area_depth: 2,
      truncated: false,
      overall: metrics(4, 1, 4, 0),
      stock_takes: [
        { stock_take_id: takes[0], reference: "Week count", ...metrics(3, 1, 3, 1) },
        { stock_take_id: takes[1], ...metrics(1, 0, 1, -1) },
      ],
      classes: [
        { count_class: "A", ...metrics(2, 1, 1, -1) },
        { count_class: "B", ...metrics(1, 0, 2, 2) },
        { count_class: null, ...metrics(1, 0, 1, -1) },
      ],
      // Areas regardless of case, spelled as their first line.
      locations: [
        { prefix: "A-01", ...metrics(3, 1, 3, 1) },
        { prefix: "B-02", ...metrics(1, 0, 1, -1) },
      ],
    });
  });

  it("takes a tolerance, an area depth and one stock take", async () => {
    const tolerant = await report(`from=${today()}&tolerance=1&area_depth=1`);
    expect(tolerant.body.overall).toEqual(metrics(4, 3, 4, 0));
    expect(tolerant.body.locations.map((l: { prefix: string }) => l.prefix)).toEqual(["A", "B"]);
    const one = await report(`stock_take_id=${takes[1]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ from: null, overall: metrics(1, 0, 1, -1) });
  });

  it("answers the same over GraphQL", async () => {
    const res = await postGraphql(
      t,
      {
        query: `query Accuracy($from: String) {
          accuracyReport(from: $from, tolerance: 1) {
            overall { linesCounted linesAccurate accuracy absDifference netDifference }
            classes { countClass linesCounted linesAccurate }
            stockTakes { stockTakeId linesCounted }
          }
        }`,
        variables: { from: today() },
      },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      accuracyReport: {
        overall: {
          linesCounted: 4,
          linesAccurate: 3,
          accuracy: 0.75,
          absDifference: 4,
          netDifference: 0,
        },
        classes: [
          { countClass: "A", linesCounted: 2, linesAccurate: 2 },
          { countClass: "B", linesCounted: 1, linesAccurate: 0 },
          { countClass: null, linesCounted: 1, linesAccurate: 1 },
        ],
        stockTakes: [
          { stockTakeId: takes[0], linesCounted: 3 },
          { stockTakeId: takes[1], linesCounted: 1 },
        ],
      },
    });
  });

  it("is bounded as the movement history is, and refuses bad input", async () => {
    for (const [query, status, code] of [
      ["", 422, "UNBOUNDED_QUERY"],
      ["from=2026-01-01&to=2026-03-01", 422, "WINDOW_TOO_LONG"],
      ["from=2026-03-01&to=2026-02-01", 422, "INVALID_DATE_RANGE"],
      ["from=yesterday", 400, "INVALID_PARAMETER"],
      [`from=${today()}&tolerance=-1`, 400, "INVALID_PARAMETER"],
      [`from=${today()}&area_depth=6`, 400, "INVALID_PARAMETER"],
      ["stock_take_id=999999", 404, "STOCK_TAKE_NOT_FOUND"],
    ] as const) {
      const res = await report(query);
      expect([query, res.status, res.body.code]).toEqual([query, status, code]);
    }
    // A stock take lifts the window's bound.
    expect((await report(`stock_take_id=${takes[0]}&from=2025-01-01`)).status).toBe(200);
    const other = await newAccount(t.db);
    const foreign = await rest(t, "GET", `/reports/accuracy?stock_take_id=${takes[0]}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
  });
});
