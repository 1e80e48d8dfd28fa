// Inventory record accuracy, as a manager reads it after a week of counts: of the lines counted in
// the stock takes reconciled in a window, how many matched the records (within a tolerance), and
// the units of difference, overall, per stock take, per count class and per area, over REST and
// GraphQL alike. Open stock takes do not count; the window is bounded as the movement history's.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

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

/** A reconciled stock take of another account, written directly: `lines` SKUs, all counted. */
async function reconciledDirectly(
  owner: TestAccount,
  lines: { location: string; countClass: string | null; over: number }[],
  daysAgo: number,
): Promise<number> {
  const [take] = await t.db.$queryRaw<{ id: number }[]>`
    INSERT INTO stock_takes (account_id, status, scope, actor_name, reconciled_at, site_id)
    VALUES (${owner.accountId}, 'reconciled', '{}', 'test', now() - make_interval(days => ${daysAgo}::int),
      (SELECT id FROM sites WHERE account_id = ${owner.accountId} AND is_default))
    RETURNING id`;
  for (const [i, line] of lines.entries()) {
    const [sku] = await t.db.$queryRaw<{ id: number }[]>`
      WITH s AS (
        INSERT INTO skus (account_id, code, name)
        VALUES (${owner.accountId}, ${`DIR-${take!.id}-${i}`}, 'Direct')
        RETURNING account_id, id
      ), l AS (
        INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand, location)
        SELECT s.account_id, d.id, s.id, 5, ${line.location} FROM s
        JOIN sites AS d ON d.account_id = s.account_id AND d.is_default
      )
      SELECT id FROM s`;
    if (line.countClass) {
      await t.db.$executeRaw`INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class)
        SELECT account_id, id, ${sku!.id}, ${line.countClass}::count_class FROM sites
        WHERE account_id = ${owner.accountId} AND is_default`;
    }
    await t.db.$executeRaw`
      INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty,
        counted_qty, state, location)
      VALUES (${owner.accountId}, ${take!.id}, 'sku', ${sku!.id}, 5, ${5 + line.over}, 'applied',
        ${line.location})`;
  }
  return take!.id;
}

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

  it("lists classes A to C and areas by name, whichever stock take counted them first", async () => {
    const owner = await newAccount(t.db);
    await reconciledDirectly(owner, [{ location: "B-02-01", countClass: "C", over: 0 }], 3);
    await reconciledDirectly(owner, [{ location: "A-01-01", countClass: "A", over: 1 }], 1);
    const week = await rest(
      t,
      "GET",
      `/reports/accuracy?from=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}`,
      { token: owner.token },
    );
    expect(week.status).toBe(200);
    expect(week.body.classes.map((c: { count_class: string }) => c.count_class)).toEqual([
      "A",
      "C",
    ]);
    expect(week.body.locations.map((l: { prefix: string }) => l.prefix)).toEqual(["A-01", "B-02"]);
  });

  it("is priced by the lines it totals, as a stock take's summary: 429 before they are read", async () => {
    const owner = await newAccount(t.db);
    // 1,100 counted lines: a unit per 500, 3 units a report.
    const id = await reconciledDirectly(
      owner,
      Array.from({ length: 1100 }, (_, i) => ({ location: `Z-${i}`, countClass: null, over: 0 })),
      0,
    );
    const { token } = await createToken(t.db, {
      accountId: owner.accountId,
      name: "small",
      rateLimit: { perSecond: 0.01, burst: 5 },
    });
    const first = await rest(t, "GET", `/reports/accuracy?stock_take_id=${id}`, { token });
    expect(first.status).toBe(200);
    expect(first.body.overall.lines_counted).toBe(1100);
    expect(Number(first.headers.get("ratelimit-remaining"))).toBe(2);
    const refused = await rest(t, "GET", `/reports/accuracy?stock_take_id=${id}`, { token });
    expect(refused.status).toBe(429);
    const viaGraphql = await postGraphql(
      t,
      { query: `{ accuracyReport(stockTakeId: ${id}) { overall { linesCounted } } }` },
      token,
    );
    expect(JSON.stringify(viaGraphql.errors ?? viaGraphql.data)).toContain("RATE_LIMITED");
  });
});
