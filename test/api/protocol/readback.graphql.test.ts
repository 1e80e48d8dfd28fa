// Reading adjustments back over GraphQL, the movement filters, adjustSupplierItemStock, and the
// history of linked supplier items.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku, createSupplierItem, ledgerState } from "../../helpers/stock.js";
import {
  RbAdjustSupplierItemStockDocument,
  RbMovementsDocument,
  RbStockAdjustmentDocument,
  RbStockAdjustmentsDocument,
  RbSupplierItemHistoryDocument,
  type RbMovementsQueryVariables,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

async function bulk(lines: object[], extra: object = {}, token = acct.token) {
  const res = await rest(t, "POST", "/stock-adjustments/bulk", {
    token,
    body: { reason: "correction", ...extra, lines },
  });
  if (res.status !== 201) throw new Error(`bulk failed: ${res.status}`);
  return res.body as { id: number; lines: { id: number; movement_id: number | null }[] };
}

const movements = (variables: RbMovementsQueryVariables, token = acct.token) =>
  gql(t, RbMovementsDocument, variables, token);

describe("stockAdjustment and stockAdjustments", () => {
  it("pages an adjustment's lines as a connection, in the order sent", async () => {
    const skus = [];
    for (let i = 0; i < 5; i++) skus.push(await createSku(t, acct.token, 1));
    const made = await bulk(
      skus.map((id, i) => ({ type: "sku", id, new_qty: i })),
      { reason: "damaged", reference: "GQL-1" },
    );
    const served: number[] = [];
    let after: string | null | undefined;
    let pages = 0;
    do {
      const res = await gql(
        t,
        RbStockAdjustmentDocument,
        { id: made.id, first: 2, after },
        acct.token,
      );
      expect(res.errors).toBeUndefined();
      const adjustment = res.data!.stockAdjustment;
      expect(adjustment).toMatchObject({ id: made.id, reason: "DAMAGED", reference: "GQL-1" });
      served.push(...adjustment.lines.edges.map((e) => e.node.id));
      after = adjustment.lines.pageInfo.hasNextPage ? adjustment.lines.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(served).toEqual(made.lines.map((l) => l.id));
  });

  it("answers an unknown or foreign adjustment with a top-level ADJUSTMENT_NOT_FOUND", async () => {
    const theirs = await newAccount(t.db);
    const theirSku = await createSku(t, theirs.token);
    const made = await bulk([{ type: "sku", id: theirSku, new_qty: 2 }], {}, theirs.token);
    for (const id of [made.id, 2147483647]) {
      const res = await gql(t, RbStockAdjustmentDocument, { id }, acct.token);
      expect(res.errors?.map((e) => e.extensions?.code)).toEqual(["ADJUSTMENT_NOT_FOUND"]);
    }
  });

  it("lists adjustments newest first, filtered by reason and reference", async () => {
    const owner = await newAccount(t.db);
    const sku = await createSku(t, owner.token);
    const a = await bulk(
      [{ type: "sku", id: sku, new_qty: 1 }],
      { reason: "found", reference: "R" },
      owner.token,
    );
    const b = await bulk([{ type: "sku", id: sku, new_qty: 2 }], { reason: "lost" }, owner.token);
    const c = await bulk(
      [{ type: "sku", id: sku, new_qty: 3 }],
      { reason: "found", reference: "R" },
      owner.token,
    );
    const ids = async (filter: object | null, first?: number, after?: string | null) => {
      const res = await gql(t, RbStockAdjustmentsDocument, { filter, first, after }, owner.token);
      expect(res.errors).toBeUndefined();
      return res.data!.stockAdjustments;
    };
    expect((await ids(null)).edges.map((e) => e.node.id)).toEqual([c.id, b.id, a.id]);
    expect((await ids({ reason: "FOUND" })).edges.map((e) => e.node.id)).toEqual([c.id, a.id]);
    expect((await ids({ reference: "R", from: "2020-01-01" })).edges.map((e) => e.node.id)).toEqual(
      [c.id, a.id],
    );
    const page = await ids(null, 2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest2 = await ids(null, 2, page.pageInfo.endCursor);
    expect(rest2.edges.map((e) => e.node.id)).toEqual([a.id]);
  });
});

describe("adjustSupplierItemStock", () => {
  it("sets an unlinked item's on hand and answers the item and its movement", async () => {
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 1 });
    const res = await gql(
      t,
      RbAdjustSupplierItemStockDocument,
      { input: { supplierItemId: item, onHand: 6.5, reason: "RECEIVED", expectedOnHand: 1 } },
      acct.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.adjustSupplierItemStock).toMatchObject({
      supplierItem: { id: item, onHand: 6.5 },
      movement: {
        entityType: "SUPPLIER_ITEM",
        supplierItemId: item,
        quantityBefore: 1,
        quantityAfter: 6.5,
      },
      userErrors: [],
    });
  });

  it("answers a linked item with the userError LINKED_SUPPLIER_ITEM, writing nothing", async () => {
    const sku = await createSku(t, acct.token, 2);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    const before = await ledgerState(t.db, acct.accountId);
    const res = await gql(
      t,
      RbAdjustSupplierItemStockDocument,
      { input: { supplierItemId: item, onHand: 9, reason: "FOUND" } },
      acct.token,
    );
    expect(res.data!.adjustSupplierItemStock).toMatchObject({
      supplierItem: null,
      movement: null,
      userErrors: [expect.objectContaining({ code: "LINKED_SUPPLIER_ITEM" })],
    });
    expect(res.data!.adjustSupplierItemStock.userErrors[0]!.message).toContain(`SKU ${sku}`);
    expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
  });

  it("replays a retry with the same idempotencyKey", async () => {
    const item = await createSupplierItem(t, acct.token);
    const input = {
      supplierItemId: item,
      onHand: 3,
      reason: "FOUND" as const,
      idempotencyKey: `rbg-${Date.now()}`,
    };
    const first = await gql(t, RbAdjustSupplierItemStockDocument, { input }, acct.token);
    const again = await gql(t, RbAdjustSupplierItemStockDocument, { input }, acct.token);
    expect(again.data).toEqual(first.data);
    expect(
      await t.db.stockMovement.count({
        where: { accountId: acct.accountId, supplierItemId: item },
      }),
    ).toBe(1);
  });
});

describe("stockMovements filters", () => {
  it("filters by adjustmentId (bounding like an entity), reason, source and reference", async () => {
    const sku = await createSku(t, acct.token, 4);
    const made = await bulk([{ type: "sku", id: sku, new_qty: 1 }], {
      reason: "theft",
      reference: "CASE-9",
    });
    const byAdjustment = await movements({ filter: { adjustmentId: made.id } });
    expect(byAdjustment.errors).toBeUndefined();
    expect(byAdjustment.data!.stockMovements.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({
        id: made.lines[0]!.movement_id,
        reason: "THEFT",
        reference: "CASE-9",
        adjustmentId: made.id,
      }),
    ]);
    const narrowed = await movements({ filter: { skuId: sku, source: "OPENING_BALANCE" } });
    expect(narrowed.data!.stockMovements.edges.map((e) => e.node.source)).toEqual([
      "OPENING_BALANCE",
    ]);
    const byReference = await movements({
      filter: { skuId: sku, reference: "CASE-9", reason: "THEFT" },
    });
    expect(byReference.data!.stockMovements.edges).toHaveLength(1);
  });

  it.each([
    [{ skuId: 999999999 }, "SKU_NOT_FOUND"],
    [{ supplierItemId: 999999999 }, "SUPPLIER_ITEM_NOT_FOUND"],
    [{ stockTakeId: 999999999 }, "STOCK_TAKE_NOT_FOUND"],
    [{ adjustmentId: 999999999 }, "ADJUSTMENT_NOT_FOUND"],
  ])("answers filter %j with a top-level %s, never an empty page", async (filter, code) => {
    const res = await movements({ filter });
    expect(res.data).toBeNull();
    expect(res.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([
      [code, ["stockMovements"]],
    ]);
  });

  it("answers a linked supplier item's history with its SKU's movements, over the filter and the field", async () => {
    const sku = await createSku(t, acct.token, 2);
    const item = await createSupplierItem(t, acct.token, { skuId: sku });
    await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 5, reason: "found" },
    });
    const byFilter = await movements({ filter: { supplierItemId: item } });
    expect(
      byFilter.data!.stockMovements.edges.map((e) => [e.node.entityType, e.node.skuId]),
    ).toEqual([
      ["SKU", sku],
      ["SKU", sku],
    ]);
    const field = await gql(t, RbSupplierItemHistoryDocument, { id: item }, acct.token);
    expect(field.errors).toBeUndefined();
    expect(field.data!.supplierItem.onHand).toBe(5);
    expect(field.data!.supplierItem.movements.edges.map((e) => e.node.quantityAfter)).toEqual([
      5, 2,
    ]);
  });

  it("keeps endCursor on the last page oldest first, so a consumer resumes at exactly the new movements", async () => {
    const owner = await newAccount(t.db);
    const sku = await createSku(t, owner.token, 1);
    const first = await movements({ filter: { skuId: sku }, order: "ASC", first: 10 }, owner.token);
    const { hasNextPage, endCursor } = first.data!.stockMovements.pageInfo;
    expect(hasNextPage).toBe(false);
    expect(endCursor).toEqual(expect.any(String));

    const idle = await movements(
      { filter: { skuId: sku }, order: "ASC", after: endCursor },
      owner.token,
    );
    expect(idle.data!.stockMovements).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, endCursor },
    });
    const patched = await rest(t, "PATCH", `/skus/${sku}`, {
      token: owner.token,
      body: { on_hand: 2, reason: "found" },
    });
    const resumed = await movements(
      { filter: { skuId: sku }, order: "ASC", after: idle.data!.stockMovements.pageInfo.endCursor },
      owner.token,
    );
    expect(resumed.data!.stockMovements.edges.map((e) => e.node.id)).toEqual([
      patched.body.movement.id,
    ]);
  });
});
