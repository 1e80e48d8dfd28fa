// Linking a supplier item to a SKU (its stock is then the SKU's) and unlinking it again. An item
// that holds stock of its own is linked only with `transfer`, which moves that stock into the SKU
// through the ledger; an item being counted in an open stock take is neither linked nor unlinked.
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { AppError, notFound } from "../../errors.js";
import {
  applyStock,
  entityKey,
  lockStock,
  stockSites,
  type Movement,
} from "../../ledger/ledger.js";
import { Decimal, MAX_QUANTITY } from "../../quantity.js";
import { holdOffStarts } from "../../db/locks.js";
import { loadSupplierItem, moneyOf } from "./catalog.service.js";
import { inTransitItems } from "../transfer/transfer.service.js";
import type { SupplierItem } from "./catalog.types.js";

export interface LinkData {
  skuId: number;
  /** Move the item's own stock into the SKU (else an item with stock is refused). */
  transfer?: boolean | null;
}

export interface LinkResult {
  supplierItem: SupplierItem;
  /** The two transfer movements (the item to 0, the SKU up by as much), or none. */
  movements: Movement[];
}

/**
 * Linking and unlinking concern an item's stock at every site (a link is refused for stock held
 * anywhere, or moves it at each site): not a token limited to some sites' to do (FORBIDDEN).
 */
function refuseLimited(ctx: ServiceContext, what: "link" | "unlink"): void {
  if (!ctx.principal.sites) return;
  throw new AppError(
    "FORBIDDEN",
    `a token limited to sites may not ${what} supplier items: a link concerns the item's stock at every site of the account`,
  );
}

/**
 * Links an unlinked supplier item to a SKU: from then on its stock is the SKU's. Own stock (at
 * any site): refused (SUPPLIER_ITEM_HAS_STOCK) unless `transfer`, which sets the item to 0 and
 * the SKU up by as much at each site where it holds some, two movements with reason transfer
 * there. Linking it to the SKU it is linked to changes nothing; to another is
 * LINKED_SUPPLIER_ITEM (unlink it first, so a relink is two deliberate steps).
 */
export function linkSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  data: LinkData,
  idempotencyKey?: string,
): Promise<Idempotent<LinkResult>> {
  refuseLimited(ctx, "link");
  const { accountId, actor } = ctx.principal;
  const request = { skuId: data.skuId, transfer: data.transfer ?? false };
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: `linkSupplierItem:${itemId}`,
      input: () => request,
      inputErrors: [],
      check: async () => [],
      run: async () => {
        const sku = { entityType: "sku", id: request.skuId } as const;
        const item = { entityType: "supplier_item", id: itemId } as const;
        // In the ledger's order: the SKU, then the item.
        const locked = await lockStock(tx, accountId, "default", [sku, item]);
        const lockedItem = locked.get(entityKey(item));
        const lockedSku = locked.get(entityKey(sku));
        if (!lockedItem) throw notFound("SUPPLIER_ITEM_NOT_FOUND", itemId);
        if (!lockedSku) throw notFound("SKU_NOT_FOUND", request.skuId, ["skuId"]);
        if (lockedItem.linkedSkuId === request.skuId) {
          return {
            supplierItem: await loadSupplierItem(tx, accountId, itemId, undefined, moneyOf(ctx)),
            movements: [],
          };
        }
        if (lockedItem.linkedSkuId !== null) {
          throw new AppError(
            "LINKED_SUPPLIER_ITEM",
            `supplier item ${itemId} is linked to SKU ${lockedItem.linkedSkuId}; unlink it first`,
            [{ path: ["skuId"], code: "LINKED_SUPPLIER_ITEM", message: "unlink the item first" }],
          );
        }
        await refuseWhileCounted(tx, accountId, itemId);
        await refuseWhileInTransit(tx, accountId, itemId);
        const movements: Movement[] = [];
        const held = await stockSites(tx, accountId, item);
        if (held.length > 0 && !request.transfer) {
          const own = held.reduce((sum, h) => sum.plus(h.onHand), new Decimal(0));
          throw new AppError(
            "SUPPLIER_ITEM_HAS_STOCK",
            `supplier item ${itemId} holds ${own.toFixed()} of its own; send transfer: true to move it into SKU ${request.skuId}, or set it to 0 first`,
            [{ path: ["transfer"], code: "SUPPLIER_ITEM_HAS_STOCK", message: "required" }],
          );
        }
        for (const { siteId } of held) {
          const at = await lockStock(tx, accountId, siteId, [sku, item]);
          const own = at.get(entityKey(item))!.onHand;
          const target = at.get(entityKey(sku))!.onHand.plus(own);
          if (target.greaterThanOrEqualTo(MAX_QUANTITY)) {
            throw new AppError(
              "INVALID_QUANTITY",
              `SKU ${request.skuId} would hold ${target.toFixed()}; a quantity must be less than ${MAX_QUANTITY.toFixed()}`,
            );
          }
          const changes = await applyStock(
            tx,
            accountId,
            at,
            [
              { ...sku, newQty: target },
              { ...item, newQty: new Decimal(0) },
            ],
            {
              reason: "transfer",
              source: "transfer",
              note: `Supplier item ${itemId} linked to SKU ${request.skuId}`,
              actor,
            },
          );
          movements.push(...changes.flatMap((c) => (c.movement ? [c.movement] : [])));
        }
        await tx.supplierItem.update({
          where: { accountId_id: { accountId, id: itemId } },
          data: { skuId: request.skuId },
        });
        return {
          supplierItem: await loadSupplierItem(tx, accountId, itemId, undefined, moneyOf(ctx)),
          movements,
        };
      },
    }),
  );
}

/**
 * Unlinks a supplier item from its SKU: it holds stock of its own again, starting at 0 (the SKU
 * keeps what it has). An unlinked item stays as it is.
 */
export function unlinkSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItem>> {
  refuseLimited(ctx, "unlink");
  const { accountId } = ctx.principal;
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: `unlinkSupplierItem:${itemId}`,
      input: () => ({}),
      inputErrors: [],
      check: async () => [],
      run: async () => {
        const item = { entityType: "supplier_item", id: itemId } as const;
        // An unlinked item is in a start's default scope.
        await holdOffStarts(tx, accountId);
        const locked = (await lockStock(tx, accountId, "default", [item])).get(entityKey(item));
        if (!locked) throw notFound("SUPPLIER_ITEM_NOT_FOUND", itemId);
        if (locked.linkedSkuId !== null) {
          await refuseWhileCounted(tx, accountId, itemId);
          // A linked item never held stock of its own (linking moved it to 0 or refused).
          await tx.supplierItem.update({
            where: { accountId_id: { accountId, id: itemId } },
            data: { skuId: null },
          });
        }
        return loadSupplierItem(tx, accountId, itemId, undefined, moneyOf(ctx));
      },
    }),
  );
}

/**
 * ENTITY_IN_STOCK_TAKE when the item is a line of an open or counting stock take: its counts are
 * of its own stock, which linking would make the SKU's. Run with the item locked: a start takes
 * its scope's rows FOR SHARE, so a start and a link never both see the other missing (an unlink
 * also holds starts off, since it brings the item into the default scope).
 */
async function refuseWhileCounted(tx: Tx, accountId: number, itemId: number): Promise<void> {
  const [take] = await tx.$queryRaw<{ id: number }[]>`
    SELECT t.id FROM stock_take_lines l
    JOIN stock_takes t ON t.account_id = l.account_id AND t.id = l.stock_take_id
    WHERE l.account_id = ${accountId} AND l.supplier_item_id = ${itemId}
      AND t.status IN ('open', 'counting')
    ORDER BY t.id LIMIT 1`;
  if (take) {
    throw new AppError(
      "ENTITY_IN_STOCK_TAKE",
      `supplier item ${itemId} is being counted in stock take ${take.id}; reconcile or cancel it first`,
    );
  }
}

/**
 * SUPPLIER_ITEM_HAS_STOCK when stock of the item is on a transfer in transit: its receipt (or
 * cancel) puts it back into the item's own stock, which linking would make the SKU's. Run with
 * the item locked, as a transfer's dispatch, receipt and cancel lock it.
 */
async function refuseWhileInTransit(tx: Tx, accountId: number, itemId: number): Promise<void> {
  const transfer = (await inTransitItems(tx, accountId, [itemId])).get(itemId);
  if (transfer !== undefined) {
    throw new AppError(
      "SUPPLIER_ITEM_HAS_STOCK",
      `supplier item ${itemId} has stock in transit on transfer ${transfer}: receive or cancel it before linking the item`,
    );
  }
}
