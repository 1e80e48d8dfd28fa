// Adjusting an entity that is in a stock take, over REST.
import {
  createSku,
  createSupplierItem,
  movedSinceFreeze,
  stockTakeWithLine,
} from "../../helpers/stock.js";
import { acct, adjustingApp, bulk, other, patch, t } from "../../helpers/adjusting.js";

adjustingApp();

describe("adjusting an entity that is in a stock take", () => {
  it("flags its line in an open stock take as moved since the freeze (PATCH)", async () => {
    const id = await createSku(t, acct.token, 5);
    const open = await stockTakeWithLine(t.db, acct.accountId, "open", { type: "sku", id }, "5");
    const reconciled = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "reconciled",
      { type: "sku", id },
      "5",
    );

    const res = await patch(id, { on_hand: 4, reason: "theft" });
    expect(res.status).toBe(200);
    expect(res.body.on_hand).toBe(4);
    expect(await movedSinceFreeze(t.db, acct.accountId, open.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, reconciled.line.id)).toBe(false);
  });

  it("flags lines of counting stock takes too, for SKUs and supplier items (bulk)", async () => {
    const id = await createSku(t, acct.token, 5);
    const item = await createSupplierItem(t, acct.token, { openingOnHand: 2 });
    const skuLine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "counting",
      { type: "sku", id },
      "5",
    );
    const itemLine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "open",
      { type: "supplier_item", id: item },
      "2",
    );
    const cancelled = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "cancelled",
      { type: "sku", id },
      "5",
    );

    const res = await bulk({
      reason: "expired",
      lines: [
        { type: "sku", id, new_qty: 1 },
        { type: "supplier_item", id: item, new_qty: 0 },
      ],
    });
    expect(res.status).toBe(201);
    expect(await movedSinceFreeze(t.db, acct.accountId, skuLine.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, itemLine.line.id)).toBe(true);
    expect(await movedSinceFreeze(t.db, acct.accountId, cancelled.line.id)).toBe(false);
  });

  it("does not flag a line when the adjustment leaves the quantity unchanged", async () => {
    const id = await createSku(t, acct.token, 5);
    const open = await stockTakeWithLine(t.db, acct.accountId, "open", { type: "sku", id }, "5");
    const res = await patch(id, { on_hand: 5, reason: "correction" });
    expect(res.status).toBe(200);
    expect(res.body.movement).toBeNull();
    expect(await movedSinceFreeze(t.db, acct.accountId, open.line.id)).toBe(false);
  });

  it("does not flag lines of other entities, nor another account's line naming the same SKU id", async () => {
    const id = await createSku(t, acct.token, 5);
    const bystander = await createSku(t, acct.token, 5);
    const mine = await stockTakeWithLine(
      t.db,
      acct.accountId,
      "open",
      { type: "sku", id: bystander },
      "5",
    );
    // Stock take lines have no foreign key to skus, so another account's line can carry this
    // very sku_id: only the account keeps the adjustment from flagging it.
    const foreign = await stockTakeWithLine(
      t.db,
      other.accountId,
      "open",
      { type: "sku", id },
      "5",
    );

    expect((await patch(id, { on_hand: 6, reason: "found" })).status).toBe(200);
    expect(await movedSinceFreeze(t.db, acct.accountId, mine.line.id)).toBe(false);
    expect(await movedSinceFreeze(t.db, other.accountId, foreign.line.id)).toBe(false);
  });
});
