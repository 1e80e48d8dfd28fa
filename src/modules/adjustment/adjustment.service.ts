// Stock adjustments: set stock to absolute values, one SKU (PATCH) or up to 10,000 lines (bulk).
// Every request is one adjustment record and one transaction: all lines apply or none does, and
// every bad line is reported, not just the first. Each use case reads as its steps: the request
// parsed (adjustment.request.ts), the key's replay or refusal, the check with the rows locked and
// the write (adjustment.pending.ts).
import type { Idempotent } from "../../db/idempotency.js";
import type { ServiceContext } from "../../context.js";
import { MAX_LINES } from "../../limits.js";
import type { LockedStock, StockChange } from "../../ledger/ledger.js";
import { ADJUSTMENT_REASONS } from "../../reasons.js";
import { loadSupplierItem } from "../catalog/catalog.service.js";
import type { Sku, SupplierItem } from "../catalog/catalog.types.js";
import type { StockMovement } from "../movement/movement.types.js";
import type { StockAdjustment } from "./adjustment.types.js";
import { adjustSkuAtOnce } from "./adjustment.at-once.js";
import { inAdjustment } from "./adjustment.pending.js";
import { checkSiteAllowed, siteFor } from "../site/site.access.js";
import {
  bulkRequest,
  oneEntityRequest,
  type AdjustmentHeader,
  type AdjustOneData,
  type BulkLineData,
} from "./adjustment.request.js";

export { MAX_LINES };
export { ADJUSTMENT_REASONS };
export type { AdjustmentHeader, AdjustOneData, BulkLineData };

export interface SkuAdjustment {
  sku: Sku;
  movement: StockMovement | null;
}

export interface SupplierItemAdjustment {
  supplierItem: SupplierItem;
  movement: StockMovement | null;
}

/** Sets one SKU's on hand to an absolute value: one movement, or none when it already has that value. */
export async function adjustSku(
  ctx: ServiceContext,
  skuId: number,
  input: AdjustOneData,
  idempotencyKey?: string,
): Promise<Idempotent<SkuAdjustment>> {
  const request = oneEntityRequest({ entityType: "sku", id: skuId }, atCallersSite(ctx, input));
  if (idempotencyKey === undefined && request.errors.length === 0) {
    return { value: skuAdjusted(await adjustSkuAtOnce(ctx, request)), replayed: false };
  }
  return inAdjustment(ctx, request, idempotencyKey, {
    check: (pending) => pending.check({ skuRows: true }),
    apply: async (pending) => skuAdjusted(await pending.applyOne()),
  });
}

/** Sets an unlinked supplier item's on hand to an absolute value (a linked one's stock is its SKU's). */
export async function adjustSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  input: AdjustOneData,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItemAdjustment>> {
  const request = oneEntityRequest(
    { entityType: "supplier_item", id: itemId },
    atCallersSite(ctx, input),
  );
  return inAdjustment(ctx, request, idempotencyKey, {
    check: (pending) => pending.check(),
    apply: async (pending, tx) => {
      const { change, locked } = await pending.applyOne();
      // At the site the request named: its location there, and on hand as set.
      const item = await loadSupplierItem(tx, ctx.principal.accountId, itemId, locked?.siteId);
      return { supplierItem: { ...item, onHand: change.newQty }, movement: change.movement };
    },
  });
}

/** Sets each line's entity to its absolute new quantity, all or nothing; unchanged lines write no movement. */
export async function bulkAdjust(
  ctx: ServiceContext,
  input: AdjustmentHeader & { lines: BulkLineData[] },
  idempotencyKey?: string,
): Promise<Idempotent<StockAdjustment>> {
  input.lines.forEach((l, i) => checkSiteAllowed(ctx.principal, l.siteId, ["lines", i, "siteId"]));
  const request = bulkRequest(atCallersSite(ctx, input));
  const result = await inAdjustment(ctx, request, idempotencyKey, {
    check: (pending) => pending.check(),
    apply: async (pending) => (await pending.apply()).adjustment,
  });
  return result.replayed ? { ...result, value: withLineSites(result.value) } : result;
}

/**
 * The input with its site as the caller means it (siteFor): a token limited to sites adjusts its
 * own, named or not; any other caller's input is as sent (naming no site: the default).
 */
export function atCallersSite<T extends { siteId?: number | null }>(
  ctx: ServiceContext,
  input: T,
): T {
  if (!ctx.principal.sites) return input;
  return { ...input, siteId: siteFor(ctx.principal, input.siteId, ["siteId"]) };
}

/** A replayed answer stored before its lines named their site: each line at the adjustment's. */
function withLineSites(adjustment: StockAdjustment): StockAdjustment {
  const lines = adjustment.lines.map((l) => ({ ...l, siteId: l.siteId ?? adjustment.siteId }));
  return { ...adjustment, lines };
}

/** A SKU's answer from its locked row and the change made: nothing is read again. */
function skuAdjusted({
  change,
  locked,
}: {
  change: StockChange;
  locked: LockedStock | undefined;
}): SkuAdjustment {
  const row = locked?.sku;
  if (!row) throw new Error("adjustSku: the SKU's row was not locked");
  const sku = {
    ...row,
    onHand: change.newQty,
    updatedAt: change.movement?.occurredAt ?? row.updatedAt,
  };
  return { sku, movement: change.movement };
}
