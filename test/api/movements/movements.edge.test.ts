// Edges of the movement query: GraphQL's explicit nulls (what many clients send for an unset
// variable) mean "not given", exactly as an absent REST parameter does, and a window that starts
// in the future is refused rather than answered with an always-empty page.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type GqlResponse, type TestApp } from "../../helpers/app.js";
import {
  createSku,
  createStockTake,
  createSupplierItem,
  placeMovements,
  placeSkuSeries,
} from "../../helpers/movements.js";
import {
  MvStockMovementsDocument,
  type MvStockMovementsQuery,
  type MvStockMovementsQueryVariables,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let skuId: number;
let itemId: number;
let stockTakeId: number;
/** The account's movements in the window below, newest first: SKU, supplier item, stock take. */
let windowIds: number[];
const window = { from: "2026-03-01", to: "2026-03-31" };

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  skuId = await createSku(t, acct.token, 5); // an opening balance movement, written now
  itemId = await createSupplierItem(t, acct.token);
  stockTakeId = await createStockTake(t.db, acct.accountId);
  const [bySku, byItem, byStockTake] = await placeMovements(t.db, acct.accountId, [
    { at: "2026-03-10T10:00:00Z", skuId },
    { at: "2026-03-11T10:00:00Z", supplierItemId: itemId },
    { at: "2026-03-12T10:00:00Z", skuId, stockTakeId },
  ]);
  windowIds = [byStockTake!, byItem!, bySku!];
});
afterAll(() => t.close());

const stockMovements = (variables: MvStockMovementsQueryVariables) =>
  gql(t, MvStockMovementsDocument, variables, acct.token);

const idsOf = (res: GqlResponse<MvStockMovementsQuery>): number[] => {
  expect(res.errors).toBeUndefined();
  return res.data!.stockMovements.edges.map((e) => e.node.id);
};

function expectTopLevelError(res: GqlResponse<unknown>, code: string) {
  expect(res.data ?? null).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0]).toMatchObject({ extensions: { code }, path: ["stockMovements"] });
}

const inOneHour = () => new Date(Date.now() + 3600_000).toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("GraphQL stockMovements: an explicit null is a filter not given", () => {
  it.each<[string, MvStockMovementsQueryVariables]>([
    ["filter: null", { filter: null }],
    ["skuId: null", { filter: { skuId: null } }],
    ["supplierItemId: null", { filter: { supplierItemId: null } }],
    ["stockTakeId: null", { filter: { stockTakeId: null } }],
    ["every entity null", { filter: { skuId: null, supplierItemId: null, stockTakeId: null } }],
    ["from: null", { filter: { from: null } }],
    ["from and to null", { filter: { from: null, to: null } }],
    ["skuId: null with first: null", { filter: { skuId: null }, first: null }],
    [
      "every argument null",
      { filter: { skuId: null, from: null }, first: null, after: null, order: null },
    ],
  ])(
    "refuses %s as UNBOUNDED_QUERY instead of serving the whole history",
    async (_label, variables) => {
      expectTopLevelError(await stockMovements(variables), "UNBOUNDED_QUERY");
    },
  );

  it.each<[string, MvStockMovementsQueryVariables["filter"]]>([
    ["skuId: null", { ...window, skuId: null }],
    ["supplierItemId: null", { ...window, supplierItemId: null }],
    ["stockTakeId: null", { ...window, stockTakeId: null }],
    ["all three null", { ...window, skuId: null, supplierItemId: null, stockTakeId: null }],
  ])(
    "serves a window with %s like the window alone: SKU, supplier item and stock take movements",
    async (_label, filter) => {
      expect(idsOf(await stockMovements({ filter: window }))).toEqual(windowIds);
      expect(idsOf(await stockMovements({ filter }))).toEqual(windowIds);
    },
  );

  it("serves skuId with the other filters null like skuId alone, and accepts the same cursor", async () => {
    const alone = await stockMovements({ filter: { skuId }, first: 1 });
    const withNulls = await stockMovements({
      filter: { skuId, supplierItemId: null, stockTakeId: null, from: null, to: null },
      first: 1,
    });
    expect(idsOf(withNulls)).toEqual(idsOf(alone));
    const after = alone.data!.stockMovements.pageInfo.endCursor;
    const next = await stockMovements({ filter: { skuId, stockTakeId: null }, first: 5, after });
    expect(idsOf(next)).toEqual(
      idsOf(await stockMovements({ filter: { skuId }, first: 5, after })),
    );
    expect(idsOf(next).length).toBeGreaterThan(0);
  });

  it("serves first: null as the default page of 100", async () => {
    const many = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, many, {
      count: 150,
      first: new Date("2026-02-01T00:00:00Z"),
      stepMs: 1000,
    });
    const res = await stockMovements({ filter: { skuId: many }, first: null });
    expect(idsOf(res)).toHaveLength(100);
    expect(res.data!.stockMovements.pageInfo.hasNextPage).toBe(true);
    expect(idsOf(res)).toEqual(idsOf(await stockMovements({ filter: { skuId: many } })));
  });
});

describe("a window starting in the future", () => {
  it.each<[string, () => Record<string, string | number>]>([
    ["`from` an hour from now", () => ({ from: inOneHour() })],
    ["`from` tomorrow (a date)", () => ({ from: tomorrow() })],
    ["`from` an hour from now, filtered by SKU", () => ({ from: inOneHour(), sku_id: skuId })],
  ])(
    "REST refuses %s with no `to` as 422 INVALID_DATE_RANGE naming from",
    async (_label, query) => {
      const qs = new URLSearchParams(
        Object.entries(query()).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const res = await rest(t, "GET", `/stock/movements?${qs}`, { token: acct.token });
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 422,
        code: "INVALID_DATE_RANGE",
      });
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body.errors).toEqual([expect.objectContaining({ parameter: "from" })]);
    },
  );

  it.each<[string, () => MvStockMovementsQueryVariables["filter"]]>([
    ["`from` an hour from now", () => ({ from: inOneHour() })],
    ["`from` tomorrow (a date)", () => ({ from: tomorrow() })],
    ["`from` tomorrow, filtered by SKU", () => ({ from: tomorrow(), skuId })],
    ["`from` tomorrow with `to: null`", () => ({ from: tomorrow(), to: null })],
  ])(
    "GraphQL refuses %s with no `to` as a top-level INVALID_DATE_RANGE",
    async (_label, filter) => {
      expectTopLevelError(await stockMovements({ filter: filter() }), "INVALID_DATE_RANGE");
    },
  );

  it("serves a `from` a minute ago without `to` up to now, including what was just written", async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const sku = await createSku(t, acct.token, 3);
    const res = await rest(t, "GET", `/stock/movements?from=${from}&sku_id=${sku}`, {
      token: acct.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ sku_id: sku, source: "opening_balance" });
  });
});
