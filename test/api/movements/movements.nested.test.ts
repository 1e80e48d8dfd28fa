// Movements nested in a page of SKUs or supplier items: each owner's first page is the page its own
// query answers (same movements, same cursors, which page on), and the whole page of owners costs
// the same statements whatever its size, not a round trip or three per owner.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest } from "../../helpers/app.js";
import {
  createSku,
  createSupplierItem,
  placeMovements,
  startLoggedApp,
  type LoggedApp,
  type PlacedMovement,
} from "../../helpers/movements.js";
import {
  MvSkuMovementsDocument,
  MvSkuPageMovementsDocument,
  MvStockMovementsDocument,
  MvSupplierItemMovementsDocument,
  MvSupplierItemPageMovementsDocument,
  type MvStockMovementsQueryVariables,
} from "../generated/graphql.js";

let t: LoggedApp;

beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * SKU i of `count` gets i % 4 movements: the first within the last day, the others more than 31
 * days ago, so first pages of 2 need the older months for some SKUs and not for others.
 */
async function skusWithHistory(account: TestAccount, count: number): Promise<number[]> {
  const skus: number[] = [];
  const placed: PlacedMovement[] = [];
  for (let i = 0; i < count; i++) {
    const skuId = await createSku(t, account.token);
    skus.push(skuId);
    for (let k = 0; k < i % 4; k++) {
      const ago = k === 0 ? HOUR * (i + 1) : 40 * DAY + k * DAY + i * HOUR;
      placed.push({ at: new Date(Date.now() - ago), skuId, before: k, after: k + 1 });
    }
  }
  await placeMovements(t.db, account.accountId, placed);
  return skus;
}

/** The first page the ledger query answers for one filter. */
async function ledgerPage(variables: MvStockMovementsQueryVariables, token: string) {
  const res = await gql(t, MvStockMovementsDocument, variables, token);
  expect(res.errors).toBeUndefined();
  return res.data!.stockMovements;
}

/** Statements the app sent that read the ledger. */
const ledgerReads = () => t.queries.filter((q) => /stock_movements/.test(q.sql)).length;

describe("movements nested in a page of SKUs", () => {
  it("gives each SKU the first page its own ledger query gives, with cursors that page on", async () => {
    const account = await newAccount(t.db);
    const skus = await skusWithHistory(account, 12);
    const res = await gql(
      t,
      MvSkuPageMovementsDocument,
      { first: 12, movements: 2 },
      account.token,
    );
    expect(res.errors).toBeUndefined();
    const pages = new Map(res.data!.skus.edges.map((e) => [e.node.id, e.node.movements]));
    expect([...pages.keys()].sort((a, b) => a - b)).toEqual(skus);

    for (const skuId of skus) {
      const nested = pages.get(skuId)!;
      expect(nested).toEqual(await ledgerPage({ filter: { skuId }, first: 2 }, account.token));
      // The nested cursor pages on through Sku.movements.
      if (nested.pageInfo.hasNextPage) {
        const next = await gql(
          t,
          MvSkuMovementsDocument,
          { id: skuId, first: 2, after: nested.pageInfo.endCursor },
          account.token,
        );
        expect(next.errors).toBeUndefined();
        expect(next.data!.sku.movements.edges.map((e) => e.node.id)).toEqual(
          (
            await ledgerPage(
              { filter: { skuId }, first: 2, after: nested.pageInfo.endCursor },
              account.token,
            )
          ).edges.map((e) => e.node.id),
        );
      }
    }
    // Some SKUs have none, some one, some a next page: every path above ran.
    const sizes = [...pages.values()].map((p) => p.edges.length);
    expect(new Set(sizes)).toEqual(new Set([0, 1, 2]));
    expect([...pages.values()].some((p) => p.pageInfo.hasNextPage)).toBe(true);
  });

  it("reads the ledger in as many statements for 40 SKUs as for 4", async () => {
    const account = await newAccount(t.db);
    await skusWithHistory(account, 40);
    const ledgerReadsFor = async (first: number) => {
      t.queries.length = 0;
      const res = await gql(t, MvSkuPageMovementsDocument, { first, movements: 3 }, account.token);
      expect(res.errors).toBeUndefined();
      expect(res.data!.skus.edges).toHaveLength(first);
      return ledgerReads();
    };
    const few = await ledgerReadsFor(4);
    const many = await ledgerReadsFor(40);
    expect(many).toBe(few);
    // The recent month, then the older ones for the SKUs it left short.
    expect(many).toBeLessThanOrEqual(2);
  });
});

describe("movements nested in a page of supplier items", () => {
  it("gives a linked item its SKU's history and an unlinked one its own, as their own queries do", async () => {
    const account = await newAccount(t.db);
    const sku = await createSku(t, account.token, 5);
    const linked = await createSupplierItem(t, account.token);
    const link = await rest(t, "POST", `/supplier-items/${linked}/link`, {
      token: account.token,
      body: { sku_id: sku },
    });
    expect(link.status).toBe(200);
    const unlinked = await createSupplierItem(t, account.token);
    await placeMovements(t.db, account.accountId, [
      { at: new Date(Date.now() - HOUR), supplierItemId: unlinked },
      { at: new Date(Date.now() - 50 * DAY), supplierItemId: unlinked },
      { at: new Date(Date.now() - 60 * DAY), supplierItemId: unlinked },
    ]);

    t.queries.length = 0;
    const res = await gql(t, MvSupplierItemPageMovementsDocument, { movements: 2 }, account.token);
    expect(res.errors).toBeUndefined();
    expect(ledgerReads()).toBeLessThanOrEqual(2);
    const pages = new Map(res.data!.supplierItems.edges.map((e) => [e.node.id, e.node]));
    expect(pages.get(linked)!.skuId).toBe(sku);
    // The linked item's page is its SKU's opening movement.
    expect(pages.get(linked)!.movements.edges.map((e) => e.node.skuId)).toEqual([sku]);

    for (const id of [linked, unlinked]) {
      const nested = pages.get(id)!.movements;
      expect(nested).toEqual(
        await ledgerPage({ filter: { supplierItemId: id }, first: 2 }, account.token),
      );
    }
    const after = pages.get(unlinked)!.movements.pageInfo.endCursor;
    const next = await gql(
      t,
      MvSupplierItemMovementsDocument,
      { id: unlinked, first: 2, after },
      account.token,
    );
    expect(next.errors).toBeUndefined();
    expect(next.data!.supplierItem.movements.edges).toHaveLength(1);
    expect(next.data!.supplierItem.movements.pageInfo.hasNextPage).toBe(false);
  });
});
