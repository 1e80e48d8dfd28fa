// Editing one SKU or supplier item as PATCH does: its catalog fields, its on hand, or both in one
// transaction. A catalog use case that composes the adjustment when on hand is sent (the
// adjustment module owns the ledger write; nothing here touches a quantity itself).
import type { ServiceContext } from "../../context.js";
import type { Idempotent } from "../../db/idempotency.js";
import { AppError, type FieldError } from "../../errors.js";
import {
  adjustOne,
  adjustSku,
  adjustSupplierItem,
  type AdjustOneData,
  type SkuAdjustment,
  type SupplierItemAdjustment,
} from "../adjustment/adjustment.service.js";
import {
  applySkuChanges,
  applySupplierItemChanges,
  changesAnything,
  checkChanges,
  nothingToChange,
  updateSku,
  updateSupplierItem,
  type SkuChanges,
  type SupplierItemChanges,
} from "./catalog.update.js";

/** Edits a SKU: its catalog fields (no movement), its on hand (one movement, none if unchanged), or both at once. */
export function editSku(
  ctx: ServiceContext,
  skuId: number,
  input: AdjustOneData & SkuChanges,
  idempotencyKey?: string,
): Promise<Idempotent<SkuAdjustment>> {
  if (!stockSent(input)) {
    if (!changesAnything(input))
      throw AppError.fromFields([
        nothingToChange(["onHand", "code", "name", "active", "barcodes", "location"]),
      ]);
    return withoutMovement(updateSku(ctx, skuId, input, idempotencyKey), (sku) => ({ sku }));
  }
  if (!changesAnything(input)) return adjustSku(ctx, skuId, input, idempotencyKey);
  const errors: FieldError[] = [];
  const changes = checkChanges(input, errors);
  return adjustOne(ctx, { entityType: "sku", id: skuId }, input, idempotencyKey, {
    changes: { checked: changes, errors },
    result: async (tx, change) => ({
      sku: await applySkuChanges(tx, ctx.principal.accountId, skuId, changes),
      movement: change.movement,
    }),
  });
}

/** Edits a supplier item: its catalog fields (no movement), an unlinked one's on hand (one movement), or both at once. */
export function editSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  input: AdjustOneData & SupplierItemChanges,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItemAdjustment>> {
  if (!stockSent(input)) {
    if (!changesAnything(input))
      throw AppError.fromFields([
        nothingToChange(["onHand", "supplier", "code", "name", "active", "barcodes", "location"]),
      ]);
    return withoutMovement(updateSupplierItem(ctx, itemId, input, idempotencyKey), (item) => ({
      supplierItem: item,
    }));
  }
  if (!changesAnything(input)) return adjustSupplierItem(ctx, itemId, input, idempotencyKey);
  const errors: FieldError[] = [];
  const changes = checkChanges(input, errors);
  const ref = { entityType: "supplier_item", id: itemId } as const;
  return adjustOne(ctx, ref, input, idempotencyKey, {
    changes: { checked: changes, errors },
    result: async (tx, change) => ({
      supplierItem: await applySupplierItemChanges(tx, ctx.principal.accountId, itemId, changes),
      movement: change.movement,
    }),
  });
}

/** Whether an edit sets on hand and changes nothing else (without a key: one statement). */
export const setsOnHandOnly = (input: AdjustOneData & SupplierItemChanges): boolean =>
  stockSent(input) && !changesAnything(input);

/** Whether an edit sets on hand: any of its stock fields is sent (on_hand itself is then required). */
const stockSent = (input: AdjustOneData): boolean =>
  [input.onHand, input.reason, input.note, input.reference, input.expectedOnHand].some(
    (v) => v !== undefined,
  );

/** A catalog-only change answered like an adjustment that wrote no movement. */
async function withoutMovement<T, R>(
  update: Promise<Idempotent<T>>,
  shape: (value: T) => R,
): Promise<Idempotent<R & { movement: null }>> {
  const { value, replayed } = await update;
  return { value: { ...shape(value), movement: null }, replayed };
}
