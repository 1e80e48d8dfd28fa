// Editing one SKU or supplier item as PATCH does: its catalog fields (no movement), its on hand
// (one movement, none if unchanged), or both in one transaction. Both at once reads as its steps:
// parse (the stock fields and the catalog fields, every problem at once), the key's replay or
// refusal, hold starts off and lock, check against the stock, set on hand, edit the catalog.
import type { ServiceContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { holdOffStarts } from "../../db/locks.js";
import type { Decimal } from "../../quantity.js";
import type { Idempotent } from "../../db/idempotency.js";
import { AppError } from "../../errors.js";
import type { EntityRef } from "../../ledger/ledger.js";
import type { Principal } from "../../auth/principal.js";
import type { StockMovement } from "../movement/movement.types.js";
import {
  applySkuChanges,
  applySupplierItemChanges,
  changesAnything,
  checkChanges,
  nothingToChange,
  updateSku,
  updateSupplierItem,
  type CheckedChanges,
  type SkuChanges,
  type SupplierItemChanges,
} from "../catalog/catalog.update.js";
import { inAdjustment } from "./adjustment.pending.js";
import { oneEntityRequest, type AdjustOneData } from "./adjustment.request.js";
import {
  adjustSku,
  adjustSupplierItem,
  atCallersSite,
  type SkuAdjustment,
  type SupplierItemAdjustment,
} from "./adjustment.service.js";

/** Edits a SKU: its catalog fields (no movement), its on hand (one movement, none if unchanged), or both at once. */
export async function editSku(
  ctx: ServiceContext,
  skuId: number,
  input: AdjustOneData & SkuChanges,
  idempotencyKey?: string,
): Promise<Idempotent<SkuAdjustment>> {
  if (!stockSent(input)) {
    refuseNothing(input, ["onHand", "code", "name", "active", "barcodes", "location", "unitCost"]);
    return withoutMovement(await updateSku(ctx, skuId, input, idempotencyKey), (sku) => ({ sku }));
  }
  if (!changesAnything(input)) return adjustSku(ctx, skuId, input, idempotencyKey);
  const ref = { entityType: "sku", id: skuId } as const;
  const { value, replayed } = await setOnHandAndEdit(
    ctx,
    ref,
    input,
    idempotencyKey,
    applySkuChanges,
  );
  return { value: { sku: value.entity, movement: value.movement }, replayed };
}

/** Edits a supplier item: its catalog fields (no movement), an unlinked one's on hand (one movement), or both at once. */
export async function editSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  input: AdjustOneData & SupplierItemChanges,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItemAdjustment>> {
  if (!stockSent(input)) {
    refuseNothing(input, [
      "onHand",
      "supplier",
      "code",
      "name",
      "active",
      "barcodes",
      "location",
      "unitCost",
    ]);
    const update = await updateSupplierItem(ctx, itemId, input, idempotencyKey);
    return withoutMovement(update, (supplierItem) => ({ supplierItem }));
  }
  if (!changesAnything(input)) return adjustSupplierItem(ctx, itemId, input, idempotencyKey);
  const ref = { entityType: "supplier_item", id: itemId } as const;
  const edit = applySupplierItemChanges;
  const { value, replayed } = await setOnHandAndEdit(ctx, ref, input, idempotencyKey, edit);
  return { value: { supplierItem: value.entity, movement: value.movement }, replayed };
}

/** Whether an edit sets on hand and changes nothing else (without a key: one statement). */
export const setsOnHandOnly = (input: AdjustOneData & SupplierItemChanges): boolean =>
  stockSent(input) && !changesAnything(input);

/**
 * On hand and catalog fields in one transaction, with the idempotency fingerprint of an
 * adjustment that carries its changes; `edit` writes the checked catalog changes of the entity's
 * kind. Starts are held off before the row lock when the changes may bring the entity into a
 * start's scope (an active SKU joins the default scope, a location a start's areas), as a start
 * takes them (see holdOffStarts).
 */
async function setOnHandAndEdit<E>(
  ctx: ServiceContext,
  ref: EntityRef,
  input: AdjustOneData & SupplierItemChanges,
  idempotencyKey: string | undefined,
  edit: (
    tx: Tx,
    principal: Principal,
    id: number,
    changes: CheckedChanges,
    siteId?: number,
  ) => Promise<E & { onHand: Decimal }>,
): Promise<Idempotent<{ entity: E; movement: StockMovement | null }>> {
  const request = oneEntityRequest(ref, atCallersSite(ctx, input));
  const changes = checkChanges(ctx.principal, input, request.errors);
  const bringsIntoScope =
    (ref.entityType === "sku" && changes.active === true) || changes.location !== undefined;
  const { accountId } = ctx.principal;
  return inAdjustment(ctx, request, idempotencyKey, {
    input: () => ({ ...request.sent(), changes }),
    check: async (pending, tx) => {
      if (bringsIntoScope) await holdOffStarts(tx, accountId);
      return pending.check();
    },
    apply: async (pending, tx) => {
      const { change, locked } = await pending.applyOne();
      // At the site the adjustment holds: its location, and on hand as set.
      const entity = await edit(tx, ctx.principal, ref.id, changes, locked?.siteId);
      return { entity: { ...entity, onHand: change.newQty }, movement: change.movement };
    },
  });
}

/**
 * Whether an edit sets on hand: any of its stock fields is sent (on_hand itself is then
 * required). A site alone names where a location is set and the answer read.
 */
const stockSent = (input: AdjustOneData): boolean =>
  [input.onHand, input.reason, input.note, input.reference, input.expectedOnHand].some(
    (v) => v !== undefined,
  );

/** A PATCH that sends nothing to change is refused, naming what it could have sent. */
function refuseNothing(input: SupplierItemChanges, fields: string[]): void {
  if (!changesAnything(input)) throw AppError.fromFields([nothingToChange(fields)]);
}

/** A catalog-only change answered like an adjustment that wrote no movement. */
function withoutMovement<T, R>(
  { value, replayed }: Idempotent<T>,
  shape: (value: T) => R,
): Idempotent<R & { movement: null }> {
  return { value: { ...shape(value), movement: null }, replayed };
}
