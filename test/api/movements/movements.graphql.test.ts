import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, type GqlResponse } from "../../helpers/app.js";
import {
  createSku,
  createStockTake,
  createSupplierItem,
  placeMovement,
  placeMovements,
  placeSkuSeries,
  selectsFrom,
  startLoggedApp,
  uniqueCode,
  type LoggedApp,
} from "../../helpers/movements.js";
import {
  MvSkuMovementsDocument,
  MvStockMovementSkuCodesDocument,
  MvStockMovementsDocument,
  MvStockMovementsWithEntitiesDocument,
  type MvStockMovementsQuery,
  type MvStockMovementsQueryVariables,
} from "../generated/graphql.js";

let t: LoggedApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startLoggedApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const stockMovements = (variables: MvStockMovementsQueryVariables, token = acct.token) =>
  gql(t, MvStockMovementsDocument, variables, token);

const idsOf = (res: GqlResponse<MvStockMovementsQuery>): number[] => {
  expect(res.errors).toBeUndefined();
  return res.data!.stockMovements.edges.map((e) => e.node.id);
};

/** Follows pageInfo.endCursor to the end; returns the ids in the order served and the page sizes. */
async function allPages(variables: MvStockMovementsQueryVariables, token = acct.token) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await stockMovements({ ...variables, after }, token);
    ids.push(...idsOf(res));
    sizes.push(res.data!.stockMovements.edges.length);
    const { hasNextPage, endCursor } = res.data!.stockMovements.pageInfo;
    if (!hasNextPage) return { ids, sizes };
    after = endCursor;
  }
  throw new Error("paging did not end");
}

/** A refused query: no data, one top-level error with the code. */
function expectTopLevelError(res: GqlResponse<unknown>, code: string) {
  expect(res.data ?? null).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0]).toMatchObject({ extensions: { code }, path: ["stockMovements"] });
}

describe("GraphQL stockMovements", () => {
  it("serves a movement with every field, as the adjustment that wrote it reported it", async () => {
    const skuId = await createSku(t, acct.token, 2);
    const patched = await rest(t, "PATCH", `/skus/${skuId}`, {
      token: acct.token,
      body: { on_hand: 0.5, reason: "damaged", note: "dropped", reference: "RMA-9" },
    });
    expect(patched.status).toBe(200);

    const res = await stockMovements({ filter: { skuId } });
    expect(res.errors).toBeUndefined();
    const [latest, opening] = res.data!.stockMovements.edges.map((e) => e.node);
    expect(latest).toEqual({
      id: patched.body.movement.id,
      occurredAt: patched.body.movement.occurred_at,
      entityType: "SKU",
      skuId,
      supplierItemId: null,
      quantityBefore: 2,
      quantityAfter: 0.5,
      change: -1.5,
      reason: "DAMAGED",
      note: "dropped",
      reference: "RMA-9",
      source: "ADJUSTMENT",
      adjustmentId: patched.body.movement.adjustment_id,
      stockTakeId: null,
      actor: { name: "test-token", tokenId: patched.body.movement.actor.token_id },
    });
    expect(opening).toMatchObject({ source: "OPENING_BALANCE", quantityAfter: 2 });
    expect(res.data!.stockMovements.pageInfo).toEqual({
      hasNextPage: false,
      endCursor: res.data!.stockMovements.edges[1]!.cursor,
    });
  });

  it("pages with first and after, newest first by default and oldest first with order ASC", async () => {
    const skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 7,
      first: new Date("2026-02-01T00:00:00Z"),
      stepMs: 1000,
    });
    const desc = await allPages({ filter: { skuId }, first: 3 });
    const asc = await allPages({ filter: { skuId }, first: 3, order: "ASC" });
    expect(desc.sizes).toEqual([3, 3, 1]);
    expect(asc.sizes).toEqual([3, 3, 1]);
    expect(new Set(desc.ids).size).toBe(7);
    expect(asc.ids).toEqual([...desc.ids].sort((a, b) => a - b));
    expect(desc.ids).toEqual([...asc.ids].reverse());
  });

  it("serves 100 movements by default", async () => {
    const skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 101,
      first: new Date("2026-02-01T00:00:00Z"),
      stepMs: 1000,
    });
    const res = await stockMovements({ filter: { skuId } });
    expect(idsOf(res)).toHaveLength(100);
    expect(res.data!.stockMovements.pageInfo.hasNextPage).toBe(true);
  });

  it("reads date-only filters as whole days in the account's time zone", async () => {
    const nz = await newAccount(t.db, { timezone: "Pacific/Auckland" });
    const skuId = await createSku(t, nz.token);
    const [jan31Late, feb1Early] = await placeMovements(t.db, nz.accountId, [
      { at: "2026-01-31T23:30:00+13:00", skuId },
      { at: "2026-02-01T00:30:00+13:00", skuId },
    ]);
    const toJan31 = await stockMovements(
      { filter: { from: "2026-01-01", to: "2026-01-31" } },
      nz.token,
    );
    expect(idsOf(toJan31)).toEqual([jan31Late]);
    const toJan30 = await stockMovements(
      { filter: { from: "2026-01-01", to: "2026-01-30" } },
      nz.token,
    );
    expect(idsOf(toJan30)).toEqual([]);
    const feb = await stockMovements(
      { filter: { from: "2026-02-01", to: "2026-02-01" } },
      nz.token,
    );
    expect(idsOf(feb)).toEqual([feb1Early]);
  });

  it("combines a SKU with a window and filters by supplier item and by stock take", async () => {
    const skuId = await createSku(t, acct.token);
    const itemId = await createSupplierItem(t, acct.token);
    const stockTakeId = await createStockTake(t.db, acct.accountId);
    const [old, recent, item, counted] = await placeMovements(t.db, acct.accountId, [
      { at: "2025-03-01T00:00:00Z", skuId },
      { at: "2026-03-01T00:00:00Z", skuId, before: 1, after: 2 },
      { at: "2026-03-01T00:00:00Z", supplierItemId: itemId },
      { at: "2026-03-02T00:00:00Z", skuId, stockTakeId, before: 2, after: 3 },
    ]);
    expect(idsOf(await stockMovements({ filter: { skuId }, order: "ASC" }))).toEqual([
      old,
      recent,
      counted,
    ]);
    expect(
      idsOf(await stockMovements({ filter: { skuId, from: "2026-01-01", to: "2026-03-01" } })),
    ).toEqual([recent]);
    expect(idsOf(await stockMovements({ filter: { supplierItemId: itemId } }))).toEqual([item]);
    expect(idsOf(await stockMovements({ filter: { stockTakeId } }))).toEqual([counted]);
  });
});

describe("GraphQL stockMovements errors", () => {
  it.each<[string, string, MvStockMovementsQueryVariables]>([
    ["no filter at all", "UNBOUNDED_QUERY", {}],
    ["only `to`", "UNBOUNDED_QUERY", { filter: { to: "2026-01-31" } }],
    ["a 32-day window", "WINDOW_TOO_LONG", { filter: { from: "2026-01-01", to: "2026-02-01" } }],
    [
      "`from` after `to`",
      "INVALID_DATE_RANGE",
      { filter: { from: "2026-01-02", to: "2026-01-01" } },
    ],
    ["an impossible date", "INVALID_PARAMETER", { filter: { from: "2026-02-30" } }],
    ["a loose date", "INVALID_PARAMETER", { filter: { from: "2026-1-5" } }],
    ["a word for a date", "INVALID_PARAMETER", { filter: { skuId: 1, to: "yesterday" } }],
    ["first: 0", "INVALID_PARAMETER", { filter: { skuId: 1 }, first: 0 }],
    ["first: 100000", "INVALID_PARAMETER", { filter: { skuId: 1 }, first: 100000 }],
    ["a garbage cursor", "INVALID_CURSOR", { filter: { skuId: 1 }, after: "garbage" }],
  ])("answers %s with a top-level %s error", async (_, code, variables) => {
    expectTopLevelError(await stockMovements(variables), code);
  });

  it("allows a 31-day window", async () => {
    const res = await stockMovements({ filter: { from: "2026-01-01", to: "2026-01-31" } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.stockMovements.edges).toEqual(expect.any(Array));
  });

  it("refuses a cursor from another filter, another order or another account with INVALID_CURSOR", async () => {
    const skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 3,
      first: new Date("2026-02-01T00:00:00Z"),
      stepMs: 1000,
    });
    const page = await stockMovements({ filter: { skuId }, first: 1 });
    const after = page.data!.stockMovements.pageInfo.endCursor;
    expect(after).toEqual(expect.any(String));
    expect(idsOf(await stockMovements({ filter: { skuId }, first: 1, after }))).toHaveLength(1);

    expectTopLevelError(
      await stockMovements({ filter: { skuId: skuId + 1 }, after }),
      "INVALID_CURSOR",
    );
    expectTopLevelError(
      await stockMovements({ filter: { skuId }, after, order: "ASC" }),
      "INVALID_CURSOR",
    );
    const other = await newAccount(t.db);
    expectTopLevelError(
      await stockMovements({ filter: { skuId }, after }, other.token),
      "INVALID_CURSOR",
    );
  });

  it("refuses a caller without a token with UNAUTHENTICATED", async () => {
    const res = await gql(t, MvStockMovementsDocument, { filter: { skuId: 1 } });
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(res.data ?? null).toBeNull();
  });
});

describe("GraphQL StockMovement entities", () => {
  it("resolves each movement's sku, supplierItem and stockTake", async () => {
    const skuId = await createSku(t, acct.token);
    const itemId = await createSupplierItem(t, acct.token);
    const reference = uniqueCode("COUNT");
    const stockTakeId = await createStockTake(t.db, acct.accountId, reference);
    const [skuMovement, itemMovement] = await placeMovements(t.db, acct.accountId, [
      { at: "2026-06-01T00:00:00Z", skuId, stockTakeId },
      { at: "2026-06-01T00:00:01Z", supplierItemId: itemId, stockTakeId },
    ]);
    const skus = await t.db.sku.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: skuId } },
    });
    const items = await t.db.supplierItem.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: itemId } },
    });

    const res = await gql(
      t,
      MvStockMovementsWithEntitiesDocument,
      { filter: { stockTakeId }, order: "ASC" },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.stockMovements.edges.map((e) => e.node)).toEqual([
      {
        id: skuMovement,
        skuId,
        supplierItemId: null,
        stockTakeId,
        sku: { id: skuId, code: skus.code, name: skus.name },
        supplierItem: null,
        stockTake: { id: stockTakeId, status: "RECONCILED", reference },
      },
      {
        id: itemMovement,
        skuId: null,
        supplierItemId: itemId,
        stockTakeId,
        sku: null,
        supplierItem: { id: itemId, supplier: items.supplier, code: items.code },
        stockTake: { id: stockTakeId, status: "RECONCILED", reference },
      },
    ]);
  });

  it("never resolves another account's SKU or stock take, and never serves its movements", async () => {
    const theirs = await newAccount(t.db);
    const theirSku = await createSku(t, theirs.token, 3);
    const theirStockTake = await createStockTake(t.db, theirs.accountId);
    await placeMovement(t.db, theirs.accountId, {
      at: "2026-06-02T00:00:00Z",
      skuId: theirSku,
      stockTakeId: theirStockTake,
    });
    // Their ids are unknown here: the entity's NOT_FOUND, never an empty page.
    for (const [filter, code] of [
      [{ skuId: theirSku }, "SKU_NOT_FOUND"],
      [{ stockTakeId: theirStockTake }, "STOCK_TAKE_NOT_FOUND"],
    ] as const) {
      const res = await stockMovements({ filter });
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual([code]);
    }
    // A row of mine naming their ids (which the API never writes) still resolves nothing of theirs.
    const mine = await newAccount(t.db);
    await placeMovement(t.db, mine.accountId, {
      at: "2026-06-02T00:00:00Z",
      skuId: theirSku,
      stockTakeId: theirStockTake,
    });
    const res = await gql(
      t,
      MvStockMovementsWithEntitiesDocument,
      { filter: { from: "2026-06-01", to: "2026-06-30" } },
      mine.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.stockMovements.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({ skuId: theirSku, sku: null, stockTake: null }),
    ]);
  });

  it("resolves the SKUs of a page of 50 movements over 50 SKUs with one SKU query, not 50", async () => {
    const owner = await newAccount(t.db);
    const skus = await t.db.sku.createManyAndReturn({
      data: Array.from({ length: 50 }, (_, i) => ({
        accountId: owner.accountId,
        code: uniqueCode(`BATCH-${i}`),
        name: `Batch ${i}`,
      })),
    });
    const placed = await placeMovements(
      t.db,
      owner.accountId,
      skus.map((s, i) => ({ at: new Date(Date.UTC(2026, 6, 1, 0, i)), skuId: s.id })),
    );
    const codeOf = new Map(skus.map((s, i) => [placed[i], s.code]));

    t.queries.length = 0;
    const res = await gql(
      t,
      MvStockMovementSkuCodesDocument,
      { filter: { from: "2026-07-01", to: "2026-07-01" }, first: 50 },
      owner.token,
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.stockMovements.edges.map((e) => e.node);
    expect(nodes).toHaveLength(50);
    expect(nodes.map((n) => n.sku?.code)).toEqual(nodes.map((n) => codeOf.get(n.id)));
    expect(selectsFrom(t.queries, "skus")).toHaveLength(1);
    expect(selectsFrom(t.queries, "stock_movements")).toHaveLength(1);
  });

  it("sends as many statements for 40 movements with their entities as for 4", async () => {
    const owner = await newAccount(t.db);
    const placed: { at: Date; skuId?: number; supplierItemId?: number; stockTakeId: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const skuId = await createSku(t, owner.token);
      const supplierItemId = await createSupplierItem(t, owner.token);
      const stockTakeId = await createStockTake(t.db, owner.accountId);
      // SKU and supplier item movements alternate, so even a short page holds both kinds.
      placed.push({ at: new Date(Date.UTC(2026, 7, 1, 0, 2 * i)), skuId, stockTakeId });
      placed.push({
        at: new Date(Date.UTC(2026, 7, 1, 0, 2 * i + 1)),
        supplierItemId,
        stockTakeId,
      });
    }
    await placeMovements(t.db, owner.accountId, placed);

    const statementsFor = async (first: number) => {
      t.queries.length = 0;
      const res = await gql(
        t,
        MvStockMovementsWithEntitiesDocument,
        { filter: { from: "2026-08-01", to: "2026-08-01" }, first, order: "ASC" },
        owner.token,
      );
      expect(res.errors).toBeUndefined();
      const nodes = res.data!.stockMovements.edges.map((e) => e.node);
      expect(nodes).toHaveLength(first);
      expect(nodes.every((n) => (n.sku ?? n.supplierItem) !== null && n.stockTake !== null)).toBe(
        true,
      );
      return {
        total: t.queries.length,
        supplierItems: selectsFrom(t.queries, "supplier_items").length,
        stockTakes: selectsFrom(t.queries, "stock_takes").length,
      };
    };
    const few = await statementsFor(4);
    const many = await statementsFor(40);
    expect(many).toEqual(few);
    expect(many.supplierItems).toBe(1);
    expect(many.stockTakes).toBe(1);
  });

  it("pages a SKU's own history through Sku.movements", async () => {
    const skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 5,
      first: new Date("2024-01-01T00:00:00Z"),
      stepMs: 90 * 86_400_000,
    });
    const first = await gql(t, MvSkuMovementsDocument, { id: skuId, first: 3 }, acct.token);
    expect(first.errors).toBeUndefined();
    const page1 = first.data!.sku.movements;
    expect(page1.edges).toHaveLength(3);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await gql(
      t,
      MvSkuMovementsDocument,
      { id: skuId, first: 3, after: page1.pageInfo.endCursor },
      acct.token,
    );
    const page2 = second.data!.sku.movements;
    expect(page2.edges).toHaveLength(2);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const ids = [...page1.edges, ...page2.edges].map((e) => e.node.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect([...page1.edges, ...page2.edges].every((e) => e.node.skuId === skuId)).toBe(true);
  });
});
