import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";
import {
  createSku,
  createStockTake,
  createSupplierItem,
  placeMovement,
  placeMovements,
  placeSkuSeries,
} from "../../helpers/movements.js";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Query = Record<string, string | number>;

/** GET /stock/movements with the given query parameters (repeat a name by passing raw text). */
function movements(query: Query | string, token: string): Promise<RestResponse> {
  const qs =
    typeof query === "string"
      ? query
      : new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
  return rest(t, "GET", `/stock/movements?${qs}`, { token });
}

const idsOf = (res: RestResponse): number[] => (res.body.data as { id: number }[]).map((m) => m.id);

/** Follows next_cursor to the end; returns every movement id in the order served. */
async function allPages(query: Query, token: string): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await movements(cursor ? { ...query, cursor } : query, token);
    expect(res.status).toBe(200);
    seen.push(...idsOf(res));
    // With order=asc the last page still carries a cursor (to poll from later): has_more ends.
    if (!res.body.has_more) return seen;
    cursor = res.body.next_cursor;
  }
  throw new Error("paging did not end");
}

/** The problem document of a refused request, checked for shape. */
function expectProblem(res: RestResponse, status: number, code: string, parameter: string) {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(res.body.status).toBe(status);
  expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ parameter })]));
}

/** A cursor's decoded JSON tuple, and a cursor made from such a tuple. */
const decode = (cursor: string): unknown[] =>
  JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
const encode = (values: unknown[]): string =>
  Buffer.from(JSON.stringify(values)).toString("base64url");

/** Today's date (YYYY-MM-DD) in UTC, shifted by `days`. */
const utcDate = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("GET /api/v1/stock/movements: the movement document", () => {
  let acct: TestAccount;
  beforeAll(async () => {
    acct = await newAccount(t.db);
  });

  it("shows every field of a movement written by an adjustment, as the adjustment reported it", async () => {
    const skuId = await createSku(t, acct.token, 5);
    const patched = await rest(t, "PATCH", `/skus/${skuId}`, {
      token: acct.token,
      body: { on_hand: 7.5, reason: "correction", note: "recount", reference: "REF-1" },
    });
    expect(patched.status).toBe(200);

    const res = await movements({ sku_id: skuId }, acct.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "has_more", "next_cursor"]);
    expect(res.body.next_cursor).toBeNull();
    const [latest, opening] = res.body.data;
    expect(Object.keys(latest).sort()).toEqual(
      [
        "id",
        "occurred_at",
        "entity_type",
        "sku_id",
        "supplier_item_id",
        "quantity_before",
        "quantity_after",
        "change",
        "reason",
        "note",
        "reference",
        "source",
        "adjustment_id",
        "stock_take_id",
        "site_id",
        "transfer_id",
        "actor",
        // The token holds the costs scope: the movement's money, none without a cost.
        "unit_cost",
        "value_change",
      ].sort(),
    );
    // The movement a write answers leaves money out (docs/guide/costs.md).
    const { unit_cost: _cost, value_change: _value, ...unvalued } = latest;
    expect(unvalued).toEqual(patched.body.movement);
    expect(latest).toEqual({
      id: expect.any(Number),
      occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      entity_type: "sku",
      sku_id: skuId,
      supplier_item_id: null,
      quantity_before: 5,
      quantity_after: 7.5,
      change: 2.5,
      reason: "correction",
      note: "recount",
      reference: "REF-1",
      source: "adjustment",
      adjustment_id: expect.any(Number),
      stock_take_id: null,
      site_id: expect.any(Number),
      transfer_id: null,
      actor: { name: "test-token", token_id: expect.any(Number) },
      unit_cost: null,
      value_change: null,
    });
    expect(opening).toMatchObject({
      source: "opening_balance",
      reason: "opening_balance",
      quantity_before: 0,
      quantity_after: 5,
      change: 5,
      adjustment_id: null,
    });
  });

  it("shows a supplier item's movement with its supplier_item_id and no sku_id", async () => {
    const itemId = await createSupplierItem(t, acct.token);
    const id = await placeMovement(t.db, acct.accountId, {
      at: "2026-03-03T10:00:00Z",
      supplierItemId: itemId,
      before: 0,
      after: 4,
    });

    const res = await movements({ supplier_item_id: itemId }, acct.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id,
        occurred_at: "2026-03-03T10:00:00.000Z",
        entity_type: "supplier_item",
        sku_id: null,
        supplier_item_id: itemId,
        change: 4,
      }),
    ]);
  });
});

describe("GET /api/v1/stock/movements: the answer's text", () => {
  it("is compact JSON, byte for byte what JSON.stringify writes, as every other answer", async () => {
    const acct = await newAccount(t.db);
    const skuId = await createSku(t, acct.token, 12.5);
    await rest(t, "PATCH", `/skus/${skuId}`, {
      token: acct.token,
      body: { on_hand: 3, reason: "manual", note: 'Counted "by hand": 3 ✓' },
    });
    for (const query of [
      `sku_id=${skuId}`,
      `sku_id=${skuId}&limit=1`,
      `sku_id=${skuId}&from=2000-01-01&to=2000-01-02`,
    ]) {
      const response = await fetch(`${t.baseUrl}/api/v1/stock/movements?${query}`, {
        headers: { authorization: `Bearer ${acct.token}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
    }
    const page = await movements({ sku_id: skuId }, acct.token);
    expect(page.body.data.map((m: { change: number }) => m.change)).toEqual([-9.5, 12.5]);
    expect(page.body.data[0].actor).toEqual({ name: "test-token", token_id: expect.any(Number) });
  });
});

describe("GET /api/v1/stock/movements: bounding rules", () => {
  let acct: TestAccount;
  let skuId: number;
  let itemId: number;
  let stockTakeId: number;
  beforeAll(async () => {
    acct = await newAccount(t.db);
    skuId = await createSku(t, acct.token);
    itemId = await createSupplierItem(t, acct.token);
    stockTakeId = await createStockTake(t.db, acct.accountId);
  });

  it.each([
    ["no parameters at all", {}],
    ["only a `to`", { to: "2026-01-31" }],
    ["only paging parameters", { limit: 10, order: "asc" }],
  ])(
    "refuses a query bounded by neither a window nor an entity (%s): 422 UNBOUNDED_QUERY",
    async (_, query) => {
      const res = await movements(query, acct.token);
      expectProblem(res, 422, "UNBOUNDED_QUERY", "from");
    },
  );

  it("allows from=2026-01-01&to=2026-01-31 (31 whole days) and refuses to=2026-02-01 (32) with WINDOW_TOO_LONG", async () => {
    const allowed = await movements({ from: "2026-01-01", to: "2026-01-31" }, acct.token);
    expect(allowed.status).toBe(200);

    const refused = await movements({ from: "2026-01-01", to: "2026-02-01" }, acct.token);
    expectProblem(refused, 422, "WINDOW_TOO_LONG", "to");
  });

  it("counts the 31 days from the other end too: from=2026-01-02&to=2026-02-01 allowed, from=2025-12-31&to=2026-01-31 refused", async () => {
    expect((await movements({ from: "2026-01-02", to: "2026-02-01" }, acct.token)).status).toBe(
      200,
    );
    const refused = await movements({ from: "2025-12-31", to: "2026-01-31" }, acct.token);
    expectProblem(refused, 422, "WINDOW_TOO_LONG", "to");
  });

  it("counts whole days for timestamps: up to 2026-01-31T23:59:59.999Z is 31 days, 2026-02-01T00:00:00Z is 32", async () => {
    const allowed = await movements(
      { from: "2026-01-01T00:00:00Z", to: "2026-01-31T23:59:59.999Z" },
      acct.token,
    );
    expect(allowed.status).toBe(200);
    const refused = await movements(
      { from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z" },
      acct.token,
    );
    expectProblem(refused, 422, "WINDOW_TOO_LONG", "to");
  });

  it("measures a window without `to` up to now: 31 days back allowed, 32 refused", async () => {
    expect((await movements({ from: utcDate(-30) }, acct.token)).status).toBe(200);
    const refused = await movements({ from: utcDate(-31) }, acct.token);
    expectProblem(refused, 422, "WINDOW_TOO_LONG", "from");
  });

  it("includes a movement made just now when `to` is missing", async () => {
    const sku = await createSku(t, acct.token);
    const patched = await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 3, reason: "found" },
    });
    expect(patched.status).toBe(200);
    const res = await movements({ from: utcDate(-1) }, acct.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toContain(patched.body.movement.id);
  });

  it.each([
    ["sku_id", () => ({ sku_id: skuId })],
    [
      "sku_id with a window of years",
      () => ({ sku_id: skuId, from: "2020-01-01", to: "2026-12-31" }),
    ],
    ["supplier_item_id", () => ({ supplier_item_id: itemId })],
    ["stock_take_id with only `from`", () => ({ stock_take_id: stockTakeId, from: "2001-01-01" })],
  ])("accepts any window, or none, with an entity filter (%s)", async (_, query) => {
    const res = await movements(query(), acct.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.any(Array));
  });

  it.each([
    ["dates", { from: "2026-01-06", to: "2026-01-05" }],
    ["timestamps", { from: "2026-01-05T10:00:00.001Z", to: "2026-01-05T10:00:00Z" }],
    ["a date after a timestamp", { from: "2026-01-06", to: "2026-01-05T23:59:59Z" }],
    ["an entity query", { from: "2026-03-01", to: "2026-02-01" }],
  ])("refuses `from` after `to` (%s) with 422 INVALID_DATE_RANGE", async (name, query) => {
    const res = await movements(
      name === "an entity query" ? { ...query, sku_id: skuId } : query,
      acct.token,
    );
    expectProblem(res, 422, "INVALID_DATE_RANGE", "to");
  });

  it("allows from and to naming the same day or the same instant", async () => {
    expect((await movements({ from: "2026-01-05", to: "2026-01-05" }, acct.token)).status).toBe(
      200,
    );
    const instant = "2026-01-05T10:00:00Z";
    expect((await movements({ from: instant, to: instant }, acct.token)).status).toBe(200);
  });
});

describe("GET /api/v1/stock/movements: windows in the account's time zone", () => {
  let utc: TestAccount;
  let nz: TestAccount;
  let utcSku: number;
  let nzSku: number;
  beforeAll(async () => {
    utc = await newAccount(t.db);
    nz = await newAccount(t.db, { timezone: "Pacific/Auckland" });
    utcSku = await createSku(t, utc.token);
    nzSku = await createSku(t, nz.token);
  });

  it("covers whole UTC days for a UTC account, `from` from its first millisecond and `to` to its last", async () => {
    const [before, first, last, after] = await placeMovements(t.db, utc.accountId, [
      { at: "2026-02-28T23:59:59.999Z", skuId: utcSku },
      { at: "2026-03-01T00:00:00.000Z", skuId: utcSku },
      { at: "2026-03-10T23:59:59.999Z", skuId: utcSku },
      { at: "2026-03-11T00:00:00.000Z", skuId: utcSku },
    ]);
    const res = await movements({ from: "2026-03-01", to: "2026-03-10", order: "asc" }, utc.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([first, last]);
    expect(idsOf(res)).not.toContain(before);
    expect(idsOf(res)).not.toContain(after);
  });

  it("reads a date-only `to` as that whole day in Pacific/Auckland: 23:30 local on 31 January is inside to=2026-01-31, outside to=2026-01-30", async () => {
    const [lastYear, newYear, jan30Late, jan31Late, feb1Early] = await placeMovements(
      t.db,
      nz.accountId,
      [
        { at: "2025-12-31T23:30:00+13:00", skuId: nzSku },
        { at: "2026-01-01T00:30:00+13:00", skuId: nzSku },
        { at: "2026-01-30T23:30:00+13:00", skuId: nzSku },
        { at: "2026-01-31T23:30:00+13:00", skuId: nzSku },
        // 2026-01-31T11:30Z: still 31 January in UTC, already 1 February in Auckland.
        { at: "2026-02-01T00:30:00+13:00", skuId: nzSku },
      ],
    );

    const toJan31 = await movements(
      { from: "2026-01-01", to: "2026-01-31", order: "asc" },
      nz.token,
    );
    expect(toJan31.status).toBe(200);
    expect(idsOf(toJan31)).toEqual([newYear, jan30Late, jan31Late]);

    const toJan30 = await movements(
      { from: "2026-01-01", to: "2026-01-30", order: "asc" },
      nz.token,
    );
    expect(toJan30.status).toBe(200);
    expect(idsOf(toJan30)).toEqual([newYear, jan30Late]);

    const all = [...idsOf(toJan31), ...idsOf(toJan30)];
    expect(all).not.toContain(lastYear);
    expect(all).not.toContain(feb1Early);
  });

  it("covers the 25-hour day when daylight saving ends (2026-04-05 in Auckland), including 23:30 local after the change", async () => {
    const [saturdayLate, sundayEarly, repeatedHour, sundayLate, mondayEarly] = await placeMovements(
      t.db,
      nz.accountId,
      [
        { at: "2026-04-04T23:30:00+13:00", skuId: nzSku },
        { at: "2026-04-05T00:30:00+13:00", skuId: nzSku },
        // 02:30 happens twice that night; this is the second time, in standard time.
        { at: "2026-04-05T02:30:00+12:00", skuId: nzSku },
        { at: "2026-04-05T23:30:00+12:00", skuId: nzSku },
        { at: "2026-04-06T00:30:00+12:00", skuId: nzSku },
      ],
    );
    const res = await movements({ from: "2026-04-05", to: "2026-04-05", order: "asc" }, nz.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([sundayEarly, repeatedHour, sundayLate]);
    expect(idsOf(res)).not.toContain(saturdayLate);
    expect(idsOf(res)).not.toContain(mondayEarly);
  });

  it("covers the 23-hour day when daylight saving begins (2026-09-27 in Auckland) and nothing of the next day", async () => {
    const [saturdayLate, sundayEarly, sundayLate, mondayEarly] = await placeMovements(
      t.db,
      nz.accountId,
      [
        { at: "2026-09-26T23:30:00+12:00", skuId: nzSku },
        { at: "2026-09-27T00:30:00+12:00", skuId: nzSku },
        { at: "2026-09-27T23:30:00+13:00", skuId: nzSku },
        // 2026-09-27T11:30Z: within 24 hours of Sunday's midnight, but already Monday.
        { at: "2026-09-28T00:30:00+13:00", skuId: nzSku },
      ],
    );
    const res = await movements({ from: "2026-09-27", to: "2026-09-27", order: "asc" }, nz.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([sundayEarly, sundayLate]);
    expect(idsOf(res)).not.toContain(saturdayLate);
    expect(idsOf(res)).not.toContain(mondayEarly);
  });

  it("counts 31 Auckland calendar days across both daylight-saving changes", async () => {
    // 20 March to 19 April (DST ends 5 April) and 1 September to 1 October (DST begins 27 September).
    for (const [from, to] of [
      ["2026-03-20", "2026-04-19"],
      ["2026-09-01", "2026-10-01"],
    ] as const) {
      expect((await movements({ from, to }, nz.token)).status).toBe(200);
    }
    for (const [from, to] of [
      ["2026-03-20", "2026-04-20"],
      ["2026-09-01", "2026-10-02"],
    ] as const) {
      expectProblem(await movements({ from, to }, nz.token), 422, "WINDOW_TOO_LONG", "to");
    }
  });

  it("accepts RFC 3339 timestamps with any offset, both ends inclusive", async () => {
    const sku = await createSku(t, nz.token);
    const [early, exact, late] = await placeMovements(t.db, nz.accountId, [
      { at: "2026-05-10T09:59:59.999Z", skuId: sku },
      { at: "2026-05-10T10:00:00.000Z", skuId: sku },
      { at: "2026-05-10T10:00:00.001Z", skuId: sku },
    ]);
    const ids = async (query: Query) => {
      const res = await movements({ sku_id: sku, order: "asc", ...query }, nz.token);
      expect(res.status).toBe(200);
      return idsOf(res);
    };
    // 22:00 in Auckland (+12:00 in May) is 10:00Z.
    expect(
      await ids({ from: "2026-05-10T22:00:00+12:00", to: "2026-05-10T22:00:00+12:00" }),
    ).toEqual([exact]);
    expect(await ids({ from: "2026-05-10T10:00:00Z", to: "2026-05-10T10:00:00.001Z" })).toEqual([
      exact,
      late,
    ]);
    expect(await ids({ from: "2026-05-10T05:59:59.999-04:00" })).toEqual([early, exact, late]);
    // Without an entity filter too.
    const window = await movements(
      { from: "2026-05-10T09:59:59.999Z", to: "2026-05-10T10:00:00.000Z", order: "asc" },
      nz.token,
    );
    expect(idsOf(window)).toEqual([early, exact]);
  });
});

describe("GET /api/v1/stock/movements: entity filters", () => {
  let acct: TestAccount;
  let skuId: number;
  let otherSkuId: number;
  let history: number[];
  beforeAll(async () => {
    acct = await newAccount(t.db);
    skuId = await createSku(t, acct.token);
    otherSkuId = await createSku(t, acct.token);
    history = await placeMovements(t.db, acct.accountId, [
      { at: "2025-01-15T08:00:00Z", skuId, before: 0, after: 1 },
      { at: "2025-06-01T08:00:00Z", skuId, before: 1, after: 2 },
      { at: "2026-02-10T08:00:00Z", skuId, before: 2, after: 3 },
      { at: "2026-07-20T08:00:00Z", skuId, before: 3, after: 4 },
    ]);
    await placeMovements(t.db, acct.accountId, [
      { at: "2025-06-01T08:00:00Z", skuId: otherSkuId },
      { at: "2026-02-10T09:00:00Z", skuId: otherSkuId, before: 1, after: 2 },
    ]);
  });

  it("pages through a SKU's whole history, years apart, without a window, newest first", async () => {
    expect(await allPages({ sku_id: skuId, limit: 1 }, acct.token)).toEqual([...history].reverse());
  });

  it("pages through the same history oldest first with order=asc", async () => {
    expect(await allPages({ sku_id: skuId, limit: 3, order: "asc" }, acct.token)).toEqual(history);
  });

  it("pages through a SKU's history within a window longer than 31 days", async () => {
    expect(
      await allPages({ sku_id: skuId, from: "2025-01-01", to: "2026-12-31", limit: 2 }, acct.token),
    ).toEqual([...history].reverse());
  });

  it("combines a SKU with a window: only that SKU's movements inside the window", async () => {
    const res = await movements(
      { sku_id: skuId, from: "2025-05-01", to: "2026-03-01" },
      acct.token,
    );
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([history[2], history[1]]);
    expect(res.body.data.every((m: { sku_id: number }) => m.sku_id === skuId)).toBe(true);
  });

  it("combines a SKU with only `from`: its history from then on", async () => {
    const res = await movements({ sku_id: skuId, from: "2026-01-01", order: "asc" }, acct.token);
    expect(idsOf(res)).toEqual([history[2], history[3]]);
  });

  it("filters by supplier item: only that item's own movements", async () => {
    const itemId = await createSupplierItem(t, acct.token);
    const itemMovements = await placeMovements(t.db, acct.accountId, [
      { at: "2024-11-01T00:00:00Z", supplierItemId: itemId },
      { at: "2026-06-01T00:00:00Z", supplierItemId: itemId, before: 1, after: 0 },
    ]);
    const res = await movements({ supplier_item_id: itemId, order: "asc" }, acct.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(itemMovements);
    expect(res.body.data.map((m: { supplier_item_id: number }) => m.supplier_item_id)).toEqual([
      itemId,
      itemId,
    ]);
  });

  it("filters by stock take: the movements it wrote, across SKUs and supplier items", async () => {
    const stockTakeId = await createStockTake(t.db, acct.accountId);
    const itemId = await createSupplierItem(t, acct.token);
    const written = await placeMovements(t.db, acct.accountId, [
      { at: "2026-04-01T12:00:00Z", skuId, stockTakeId, before: 4, after: 3 },
      { at: "2026-04-01T12:00:00Z", skuId: otherSkuId, stockTakeId, before: 2, after: 5 },
      { at: "2026-04-01T12:00:00Z", supplierItemId: itemId, stockTakeId, before: 0, after: 2 },
    ]);
    await placeMovement(t.db, acct.accountId, {
      at: "2026-04-01T12:00:00Z",
      skuId,
      before: 3,
      after: 4,
    });

    const res = await movements({ stock_take_id: stockTakeId, order: "asc" }, acct.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(written);
    expect(res.body.data).toEqual(
      written.map(() =>
        expect.objectContaining({
          stock_take_id: stockTakeId,
          source: "stock_take",
          reason: "stock_take",
        }),
      ),
    );
  });

  it("answers an entity with no movements with an empty page, not an error", async () => {
    const quiet = await createSku(t, acct.token);
    const res = await movements({ sku_id: quiet }, acct.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_cursor: null, has_more: false });
    expect(res.headers.get("link")).toBeNull();
  });
});

describe("GET /api/v1/stock/movements: pagination", () => {
  let acct: TestAccount;
  let skuId: number;
  beforeAll(async () => {
    acct = await newAccount(t.db);
    skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 150,
      first: new Date("2026-02-01T00:00:00Z"),
      stepMs: 60_000,
    });
  });

  it("serves 100 movements by default, and the remaining 50 on the next page", async () => {
    const first = await movements({ sku_id: skuId }, acct.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.next_cursor).toEqual(expect.any(String));

    const second = await movements({ sku_id: skuId, cursor: first.body.next_cursor }, acct.token);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(50);
    expect(second.body.next_cursor).toBeNull();
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(150);
  });

  it("serves up to 1000 movements with limit=1000", async () => {
    const res = await movements({ sku_id: skuId, limit: 1000 }, acct.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(150);
    expect(res.body.next_cursor).toBeNull();
  });

  it("serves newest first by default and oldest first with order=asc", async () => {
    const desc = await movements({ sku_id: skuId, limit: 1000 }, acct.token);
    const asc = await movements({ sku_id: skuId, limit: 1000, order: "asc" }, acct.token);
    const times = (res: RestResponse) =>
      (res.body.data as { occurred_at: string }[]).map((m) => m.occurred_at);
    expect(times(desc)).toEqual([...times(desc)].sort().reverse());
    expect(times(asc)).toEqual([...times(asc)].sort());
    expect(idsOf(asc)).toEqual([...idsOf(desc)].reverse());
  });

  it("sends a Link rel=next header exactly when has_more is true, and following it serves the next page", async () => {
    const query = { sku_id: skuId, limit: 40, order: "asc", from: "2026-01-15" };
    const expected = await allPages({ ...query, limit: 1000 }, acct.token);
    expect(expected).toHaveLength(150);

    const served: number[] = [];
    let res = await movements(query, acct.token);
    for (let page = 1; ; page++) {
      expect(res.status).toBe(200);
      served.push(...idsOf(res));
      const link = res.headers.get("link");
      if (!res.body.has_more) {
        expect(link).toBeNull();
        expect(page).toBe(4);
        break;
      }
      const match = /^<([^>]+)>; rel="next"$/.exec(link ?? "");
      expect(match).not.toBeNull();
      const next = new URL(match![1]!, t.baseUrl);
      expect(next.pathname).toBe("/api/v1/stock/movements");
      expect(Object.fromEntries(next.searchParams)).toEqual({
        sku_id: String(skuId),
        limit: "40",
        order: "asc",
        from: "2026-01-15",
        cursor: res.body.next_cursor,
      });
      const followed = await fetch(next, { headers: { authorization: `Bearer ${acct.token}` } });
      res = { status: followed.status, headers: followed.headers, body: await followed.json() };
    }
    expect(served).toEqual(expected);
  });

  it("breaks ties between movements of the same millisecond by id, in both orders", async () => {
    const sku = await createSku(t, acct.token);
    const at = "2026-03-01T12:00:00.123Z";
    const ids = await placeMovements(t.db, acct.accountId, [
      { at: "2026-03-01T12:00:00.124Z", skuId: sku },
      { at, skuId: sku },
      { at, skuId: sku },
      { at, skuId: sku },
      { at: "2026-03-01T12:00:00.122Z", skuId: sku },
    ]);
    const [later, tie1, tie2, tie3, earlier] = ids as [number, number, number, number, number];
    const ascending = [earlier, tie1, tie2, tie3, later];

    expect(await allPages({ sku_id: sku, limit: 2, order: "asc" }, acct.token)).toEqual(ascending);
    expect(await allPages({ sku_id: sku, limit: 2 }, acct.token)).toEqual([...ascending].reverse());
  });

  it("keeps its place when the next page is asked for with another page size", async () => {
    const first = await movements({ sku_id: skuId, limit: 10 }, acct.token);
    const rest30 = await movements(
      { sku_id: skuId, limit: 30, cursor: first.body.next_cursor },
      acct.token,
    );
    const all = await movements({ sku_id: skuId, limit: 40 }, acct.token);
    expect(rest30.status).toBe(200);
    expect([...idsOf(first), ...idsOf(rest30)]).toEqual(idsOf(all));
  });
});

describe("GET /api/v1/stock/movements: malformed input", () => {
  let acct: TestAccount;
  beforeAll(async () => {
    acct = await newAccount(t.db);
  });

  it.each([
    ["from=2026-02-30", "from"],
    ["from=2026-1-5", "from"],
    ["from=yesterday", "from"],
    ["from=2026-01-05T10:00:00", "from"],
    ["from=2026-01-05T25:00:00Z", "from"],
    ["from=", "from"],
    ["from=2026-01-01&to=2026-13-01", "to"],
    ["from=2026-01-01&to=tomorrow", "to"],
    ["sku_id=abc", "sku_id"],
    ["sku_id=-1", "sku_id"],
    ["sku_id=0", "sku_id"],
    ["sku_id=1.5", "sku_id"],
    ["sku_id=99999999999", "sku_id"],
    ["supplier_item_id=-3", "supplier_item_id"],
    ["stock_take_id=x", "stock_take_id"],
    ["sku_id=1&limit=0", "limit"],
    ["sku_id=1&limit=100000", "limit"],
    ["sku_id=1&limit=1001", "limit"],
    ["sku_id=1&limit=-5", "limit"],
    ["sku_id=1&limit=ten", "limit"],
    ["sku_id=1&order=sideways", "order"],
    ["sku_id=1&cursor=", "cursor"],
    ["sku_id=1&page=2", "page"],
    ["sku_id=1&sku_id=2", "sku_id"],
    ["from=2026-01-01&from=2026-01-02", "from"],
    ["from=2026-01-01&to=2026-01-02&to=2026-01-03", "to"],
    ["sku_id=1&limit=5&limit=6", "limit"],
    ["sku_id=1&order=asc&order=desc", "order"],
    ["stock_take_id=1&stock_take_id=1", "stock_take_id"],
  ])("refuses %s with 400 INVALID_PARAMETER naming %s", async (query, parameter) => {
    const res = await movements(query, acct.token);
    expectProblem(res, 400, "INVALID_PARAMETER", parameter);
  });

  it.each([
    ["garbage text", "not-a-cursor"],
    ["characters outside base64url", "abc+/=="],
    ["a JSON object", Buffer.from('{"id":1}').toString("base64url")],
    ["another list's cursor", encode(["sku", 12])],
    ["a movement cursor of the wrong shape", encode(["movement", 1, 2])],
  ])("refuses a garbage cursor (%s) with 400 INVALID_CURSOR", async (_, cursor) => {
    const res = await movements({ sku_id: 1, cursor }, acct.token);
    expectProblem(res, 400, "INVALID_CURSOR", "cursor");
  });

  it("refuses a repeated cursor with a 400 naming it", async () => {
    const sku = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, sku, {
      count: 3,
      first: new Date("2026-01-01T00:00:00Z"),
      stepMs: 1000,
    });
    const page = await movements({ sku_id: sku, limit: 1 }, acct.token);
    const cursor = page.body.next_cursor as string;
    const res = await movements(`sku_id=${sku}&cursor=${cursor}&cursor=${cursor}`, acct.token);
    expectProblem(res, 400, "INVALID_PARAMETER", "cursor");
  });
});

describe("GET /api/v1/stock/movements: cursors belong to their query", () => {
  let acct: TestAccount;
  let other: TestAccount;
  let skuA: number;
  let skuB: number;
  let cursor: string;
  const base = { from: "2026-01-01", to: "2026-01-31" };

  beforeAll(async () => {
    acct = await newAccount(t.db);
    other = await newAccount(t.db);
    skuA = await createSku(t, acct.token);
    skuB = await createSku(t, acct.token);
    for (const sku of [skuA, skuB]) {
      await placeSkuSeries(t.db, acct.accountId, sku, {
        count: 5,
        first: new Date("2026-01-10T00:00:00Z"),
        stepMs: 3_600_000,
      });
    }
    const page = await movements({ ...base, sku_id: skuA, limit: 2 }, acct.token);
    expect(page.status).toBe(200);
    cursor = page.body.next_cursor;
    expect(cursor).toEqual(expect.any(String));
  });

  it("accepts its own cursor", async () => {
    const res = await movements({ ...base, sku_id: skuA, limit: 2, cursor }, acct.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
  });

  it.each([
    ["another SKU", () => ({ ...base, sku_id: skuB })],
    ["no SKU filter", () => base],
    ["another window", () => ({ sku_id: skuA, from: "2026-01-02", to: "2026-01-31" })],
    ["the other order", () => ({ ...base, sku_id: skuA, order: "asc" })],
    ["a stock take filter instead", () => ({ ...base, stock_take_id: skuA })],
  ])("refuses it on a query with %s: 400 INVALID_CURSOR", async (_, query) => {
    const res = await movements({ ...query(), cursor }, acct.token);
    expectProblem(res, 400, "INVALID_CURSOR", "cursor");
  });

  it("refuses it from another account asking the same query: 400 INVALID_CURSOR", async () => {
    const res = await movements({ ...base, sku_id: skuA, limit: 2, cursor }, other.token);
    expectProblem(res, 400, "INVALID_CURSOR", "cursor");
  });

  it.each([
    ["cut short", (c: string) => c.slice(0, Math.floor(c.length / 2))],
    [
      "with its query fingerprint changed",
      (c: string) => encode([...decode(c).slice(0, 3), "AAAAAAAAAAAA"]),
    ],
    ["relabelled", (c: string) => encode(["stock_take_line", ...decode(c).slice(1)])],
    [
      "with a position beyond any date",
      (c: string) => encode(["movement", 9e15, ...decode(c).slice(2)]),
    ],
    ["with a negative id", (c: string) => encode(["movement", decode(c)[1], -7, decode(c)[3]])],
    [
      "with a fractional timestamp",
      (c: string) => encode(["movement", 1.5, ...decode(c).slice(2)]),
    ],
    ["with a value too many", (c: string) => encode([...decode(c), 1])],
  ])("refuses it tampered (%s) with 400 INVALID_CURSOR, never a 500", async (_, tamper) => {
    const res = await movements(
      { ...base, sku_id: skuA, limit: 2, cursor: tamper(cursor) },
      acct.token,
    );
    expectProblem(res, 400, "INVALID_CURSOR", "cursor");
  });
});

describe("GET /api/v1/stock/movements: other accounts stay invisible", () => {
  let mine: TestAccount;
  let theirs: TestAccount;
  let mySku: number;
  let theirSku: number;
  let theirItem: number;
  let theirStockTake: number;
  let myIds: number[];
  let theirIds: number[];

  beforeAll(async () => {
    mine = await newAccount(t.db);
    theirs = await newAccount(t.db);
    mySku = await createSku(t, mine.token);
    theirSku = await createSku(t, theirs.token);
    theirItem = await createSupplierItem(t, theirs.token);
    theirStockTake = await createStockTake(t.db, theirs.accountId);
    myIds = await placeMovements(t.db, mine.accountId, [
      { at: "2026-05-02T10:00:00Z", skuId: mySku },
      { at: "2026-05-04T10:00:00Z", skuId: mySku, before: 1, after: 2 },
      { at: "2026-05-06T10:00:00Z", skuId: mySku, before: 2, after: 3 },
    ]);
    theirIds = await placeMovements(t.db, theirs.accountId, [
      { at: "2026-05-03T10:00:00Z", skuId: theirSku, stockTakeId: theirStockTake },
      { at: "2026-05-05T10:00:00Z", supplierItemId: theirItem, stockTakeId: theirStockTake },
      { at: "2026-05-05T10:00:00Z", skuId: theirSku, before: 1, after: 2 },
    ]);
  });

  it("shows only the caller's movements in a window both accounts wrote in", async () => {
    const served = await allPages({ from: "2026-05-01", to: "2026-05-31", limit: 1 }, mine.token);
    expect(served).toEqual([...myIds].reverse());
    const theirsServed = await allPages({ from: "2026-05-01", to: "2026-05-31" }, theirs.token);
    expect(theirsServed.sort((a, b) => a - b)).toEqual(theirIds);
  });

  it.each([
    ["their SKU", () => ({ sku_id: theirSku })],
    ["their supplier item", () => ({ supplier_item_id: theirItem })],
    ["their stock take", () => ({ stock_take_id: theirStockTake })],
    [
      "their SKU within the window",
      () => ({ sku_id: theirSku, from: "2026-05-01", to: "2026-05-31" }),
    ],
  ])(
    "answers filtering by %s as if it did not exist: 404, never an empty page",
    async (_, query) => {
      const res = await movements(query(), mine.token);
      const [parameter] = Object.keys(query()).filter((k) => k.endsWith("_id"));
      const code = {
        sku_id: "SKU_NOT_FOUND",
        supplier_item_id: "SUPPLIER_ITEM_NOT_FOUND",
        stock_take_id: "STOCK_TAKE_NOT_FOUND",
      }[parameter!]!;
      expectProblem(res, 404, code, parameter!);
    },
  );

  it("shows only the caller's movements whatever position a hand-made cursor names", async () => {
    const query = { from: "2026-05-01", to: "2026-05-31", limit: 1 };
    const page = await movements(query, mine.token);
    const [kind, , , fingerprint] = decode(page.body.next_cursor);
    // Their newest movement's position, in a cursor carrying my query's fingerprint.
    const theirNewest = await t.db.stockMovement.findFirstOrThrow({
      where: { accountId: theirs.accountId },
      orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    });
    const forged = encode([
      kind,
      theirNewest.occurredAt.getTime() + 1,
      Number(theirNewest.id) + 1,
      fingerprint,
    ]);
    const res = await movements({ ...query, limit: 1000, cursor: forged }, mine.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([myIds[1], myIds[0]]);
    for (const id of theirIds) expect(idsOf(res)).not.toContain(id);
  });
});
