// Several mutations in one GraphQL request run one after another, each followed by its payload. A
// payload must show the data as that mutation left it, never a value an earlier payload of the
// same request read before a later mutation changed it.
import { gql, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { createSku, skuOnHand, supplierItemOnHand } from "../../helpers/stock.js";
import {
  CreateSupplierItemDocument,
  SeqReadsAfterBulkDocument,
  SeqTwoAdjustmentsDocument,
} from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
let seq = 0;
const key = (name: string) => `seq-${process.pid}-${name}-${++seq}`;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

describe("several mutations in one GraphQL request", () => {
  it("a second adjustment's payload shows the SKU as the second left it", async () => {
    const skuId = await createSku(t, acct.token, 5);

    const res = await gql(
      t,
      SeqTwoAdjustmentsDocument,
      {
        first: { skuId, onHand: 100, reason: "FOUND" },
        second: { skuId, onHand: 200, reason: "FOUND" },
      },
      acct.token,
    );

    expect(res.errors).toBeUndefined();
    expect(res.data!.a).toEqual({
      movement: { id: expect.any(Number), quantityAfter: 100, sku: { onHand: 100 } },
      userErrors: [],
    });
    expect(res.data!.b).toEqual({
      movement: { id: expect.any(Number), quantityAfter: 200, sku: { onHand: 200 } },
      userErrors: [],
    });
    expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("200");
  });

  it("after a bulk adjustment, later payloads show the supplier item and the SKU as the bulk left them", async () => {
    const skuId = await createSku(t, acct.token, 5);
    // Created with an idempotency key, so the request below can read it back by repeating the
    // creation: a replay that writes nothing and shows the item with its latest movement.
    const item = {
      supplier: "ACME",
      code: `SEQ-${process.pid}-${++seq}`,
      name: "Sequence item",
      openingOnHand: 5,
      idempotencyKey: key("item"),
    };
    const created = await gql(t, CreateSupplierItemDocument, { input: item }, acct.token);
    const itemId = created.data!.createSupplierItem.supplierItem!.id;
    const sku = { skuId, onHand: 100, reason: "FOUND" as const, idempotencyKey: key("sku") };

    const res = await gql(
      t,
      SeqReadsAfterBulkDocument,
      {
        item,
        sku,
        bulk: {
          reason: "CORRECTION",
          lines: [
            { type: "SKU", id: skuId, newQty: 200 },
            { type: "SUPPLIER_ITEM", id: itemId, newQty: 7 },
          ],
        },
      },
      acct.token,
    );

    expect(res.errors).toBeUndefined();
    const data = res.data!;
    // Before the bulk: the item at its opening 5, the SKU at 100.
    expect(data.created.supplierItem!.movements.edges[0]!.node).toEqual({
      quantityAfter: 5,
      supplierItem: { onHand: 5 },
    });
    expect(data.adjusted.movement!.sku).toEqual({ onHand: 100 });
    expect(data.bulk.userErrors).toEqual([]);
    expect(data.bulk.adjustment!.lines.map((l) => [l.id, l.newQty])).toEqual([
      [skuId, 200],
      [itemId, 7],
    ]);
    // After it: the retries replay the first answers (same item, same movement), and the
    // entities they point at read as the bulk left them.
    expect(data.createdAgain.supplierItem!.id).toBe(itemId);
    expect(data.createdAgain.supplierItem!.movements.edges[0]!.node).toEqual({
      quantityAfter: 7,
      supplierItem: { onHand: 7 },
    });
    expect(data.adjustedAgain.movement).toEqual({
      id: data.adjusted.movement!.id,
      quantityAfter: 100,
      sku: { onHand: 200 },
    });
    expect(await supplierItemOnHand(t.db, acct.accountId, itemId)).toBe("7");
    expect(await skuOnHand(t.db, acct.accountId, skuId)).toBe("200");
  });
});
