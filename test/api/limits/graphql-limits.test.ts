// What one GraphQL operation may ask for, and how pages describe themselves. Nested connections
// multiply (a thousand SKUs, each with a thousand movements, is a million rows), so an operation
// whose estimated cost passes the limit is refused before anything runs; a full page of movements
// with everything they point at stays well within it.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql } from "../../helpers/app.js";
import {
  createSku,
  createStockTake,
  createSupplierItem,
  placeMovements,
  placeSkuSeries,
  selectsFrom,
  startLoggedApp,
  type LoggedApp,
} from "../../helpers/movements.js";
import {
  LimFullMovementPageDocument,
  LimMovementPageDocument,
  LimNestedPagesDocument,
  LimNestedPagesLiteralDocument,
  LimSkuMovementPageDocument,
  LimSkuPageDocument,
  LimSupplierItemPageDocument,
} from "../generated/graphql.js";

let t: LoggedApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startLoggedApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

/** The statements the app sent that read the catalog or the ledger. */
const dataReads = () => [
  ...selectsFrom(t.queries, "skus"),
  ...selectsFrom(t.queries, "stock_movements"),
];

describe("GraphQL operation cost", () => {
  it("refuses skus(first: 1000) { movements(first: 1000) } with QUERY_TOO_COMPLEX before any resolver runs", async () => {
    await createSku(t, acct.token, 1);
    t.queries.length = 0;

    const res = await gql(t, LimNestedPagesLiteralDocument, {}, acct.token);

    expect(res.status).toBe(400);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.errors![0]!.message).toMatch(/50,?000/);
    expect(dataReads()).toEqual([]);
  });

  it("counts page sizes given as variables the same way", async () => {
    t.queries.length = 0;
    const refused = await gql(
      t,
      LimNestedPagesDocument,
      { skus: 1000, movements: 1000 },
      acct.token,
    );
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(dataReads()).toEqual([]);

    const small = await gql(t, LimNestedPagesDocument, { skus: 10, movements: 10 }, acct.token);
    expect(small.errors).toBeUndefined();
    expect(small.data?.skus.edges.length).toBeGreaterThan(0);
  });

  it("serves a full page of 1000 movements with their SKU, supplier item and stock take", async () => {
    const owner = await newAccount(t.db);
    const skuId = await createSku(t, owner.token);
    const itemId = await createSupplierItem(t, owner.token);
    const stockTakeId = await createStockTake(t.db, owner.accountId);
    const first = new Date("2026-04-01T00:00:00Z");
    await placeMovements(t.db, owner.accountId, [
      { at: first, supplierItemId: itemId },
      { at: first, skuId, stockTakeId },
    ]);
    await placeSkuSeries(t.db, owner.accountId, skuId, {
      count: 1000,
      first: new Date(first.getTime() + 1000),
      stepMs: 1000,
    });

    const res = await gql(
      t,
      LimFullMovementPageDocument,
      { filter: { from: "2026-04-01", to: "2026-04-02" }, first: 1000 },
      owner.token,
    );

    expect(res.errors).toBeUndefined();
    const edges = res.data!.stockMovements.edges;
    expect(edges).toHaveLength(1000);
    expect(res.data!.stockMovements.pageInfo.hasNextPage).toBe(true);
    expect(edges[0]!.node.supplierItem).toMatchObject({ id: itemId, supplier: "ACME" });
    expect(edges[1]!.node).toMatchObject({ sku: { id: skuId }, stockTake: { id: stockTakeId } });
    expect(edges.slice(2).every((e) => e.node.sku?.id === skuId)).toBe(true);
  });
});

describe("GraphQL PageInfo", () => {
  it("skus: hasPreviousPage is false on the first page and true after a cursor; startCursor is the first edge's", async () => {
    const owner = await newAccount(t.db);
    for (let i = 0; i < 3; i++) await createSku(t, owner.token);

    const page1 = await gql(t, LimSkuPageDocument, { first: 2 }, owner.token);
    expect(page1.errors).toBeUndefined();
    const one = page1.data!.skus;
    expect(one.pageInfo).toEqual({
      hasPreviousPage: false,
      hasNextPage: true,
      startCursor: one.edges[0]!.cursor,
      endCursor: one.edges[1]!.cursor,
    });

    const page2 = await gql(
      t,
      LimSkuPageDocument,
      { first: 2, after: one.pageInfo.endCursor },
      owner.token,
    );
    const two = page2.data!.skus;
    expect(two.edges).toHaveLength(1);
    expect(two.pageInfo).toEqual({
      hasPreviousPage: true,
      hasNextPage: false,
      startCursor: two.edges[0]!.cursor,
      endCursor: two.edges[0]!.cursor,
    });

    // Past the end: an empty page still says it was reached with a cursor, and has no cursors.
    const past = await gql(
      t,
      LimSkuPageDocument,
      { first: 2, after: two.pageInfo.endCursor },
      owner.token,
    );
    expect(past.data!.skus).toEqual({
      edges: [],
      pageInfo: { hasPreviousPage: true, hasNextPage: false, startCursor: null, endCursor: null },
    });
  });

  it("supplierItems: the same PageInfo on the first page and after a cursor", async () => {
    const owner = await newAccount(t.db);
    for (let i = 0; i < 2; i++) await createSupplierItem(t, owner.token);

    const first = (await gql(t, LimSupplierItemPageDocument, { first: 1 }, owner.token)).data!
      .supplierItems;
    expect(first.pageInfo).toMatchObject({
      hasPreviousPage: false,
      startCursor: first.edges[0]!.cursor,
    });
    const next = (
      await gql(
        t,
        LimSupplierItemPageDocument,
        { first: 1, after: first.pageInfo.endCursor },
        owner.token,
      )
    ).data!.supplierItems;
    expect(next.pageInfo).toMatchObject({
      hasPreviousPage: true,
      startCursor: next.edges[0]!.cursor,
    });
    expect(next.edges[0]!.node.id).not.toBe(first.edges[0]!.node.id);
  });

  it("stockMovements and Sku.movements: the same PageInfo on the first page and after a cursor", async () => {
    const skuId = await createSku(t, acct.token);
    await placeSkuSeries(t.db, acct.accountId, skuId, {
      count: 5,
      first: new Date("2026-04-10T00:00:00Z"),
      stepMs: 1000,
    });

    const top = await gql(t, LimMovementPageDocument, { filter: { skuId }, first: 2 }, acct.token);
    const topPage = top.data!.stockMovements;
    expect(topPage.pageInfo).toEqual({
      hasPreviousPage: false,
      hasNextPage: true,
      startCursor: topPage.edges[0]!.cursor,
      endCursor: topPage.edges[1]!.cursor,
    });
    const after = await gql(
      t,
      LimMovementPageDocument,
      { filter: { skuId }, first: 2, after: topPage.pageInfo.endCursor },
      acct.token,
    );
    const afterPage = after.data!.stockMovements;
    expect(afterPage.pageInfo).toMatchObject({
      hasPreviousPage: true,
      hasNextPage: true,
      startCursor: afterPage.edges[0]!.cursor,
    });

    const nested = await gql(t, LimSkuMovementPageDocument, { id: skuId, first: 2 }, acct.token);
    const nestedPage = nested.data!.sku.movements;
    expect(nestedPage.pageInfo).toMatchObject({
      hasPreviousPage: false,
      startCursor: nestedPage.edges[0]!.cursor,
    });
    const nestedNext = await gql(
      t,
      LimSkuMovementPageDocument,
      { id: skuId, first: 2, after: nestedPage.pageInfo.endCursor },
      acct.token,
    );
    expect(nestedNext.data!.sku.movements.pageInfo).toMatchObject({
      hasPreviousPage: true,
      startCursor: nestedNext.data!.sku.movements.edges[0]!.cursor,
    });
  });
});
