// The catalog: SKUs and supplier items. Quantities are never written here directly; an opening
// on hand goes through the ledger as an opening_balance movement.
import type { PrismaClient, Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import { uniqueCode } from "../../db/unique.js";
import { readDb, type ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { TEXT_LIMITS } from "../../limits.js";
import { applyStock, lockStock, openLevels, type EntityRef } from "../../ledger/ledger.js";
import { optionalQuantity, type Decimal } from "../../quantity.js";
import { checkText } from "../../text.js";
import { parseBarcode, parseBarcodes, type Barcode } from "./barcode.js";
import { barcodeOwners, replaceBarcodes } from "./catalog.barcodes.js";
import { parseLocation } from "./location.js";
import { writeLocations } from "./catalog.locations.js";
import { holdSite } from "../site/site.service.js";
import type { Principal } from "../../auth/principal.js";
import type { Sku, SupplierItem } from "./catalog.types.js";
import {
  askedSite,
  readSkus,
  readSkusAtSites,
  readSupplierItems,
  readSupplierItemsAtSites,
  type WithMoney,
} from "./catalog.search.js";
import { checkUnitCost, setCost } from "./catalog.costs.js";
import { seesMoney } from "../../auth/principal.js";

export interface CreateSkuData {
  code: string;
  name: string;
  openingOnHand?: unknown;
  active?: boolean;
  barcodes?: string[] | null;
  /** Where its stock is kept; blank or absent: none. */
  location?: string | null;
  /** What one unit costs (the costs scope's); absent or null: none. */
  unitCost?: unknown;
}

export interface CreateSupplierItemData {
  supplier: string;
  code: string;
  name: string;
  skuId?: number | null;
  openingOnHand?: unknown;
  active?: boolean;
  barcodes?: string[] | null;
  /** Where its stock is kept; blank or absent: none. */
  location?: string | null;
  /** What one unit costs (the costs scope's); absent or null: none. */
  unitCost?: unknown;
}

/** Creates a SKU; a non-zero opening on hand is recorded as an opening_balance movement. */
export async function createSku(
  ctx: ServiceContext,
  input: CreateSkuData,
  idempotencyKey?: string,
): Promise<Idempotent<Sku>> {
  const errors: FieldError[] = [];
  const code = requireText(input.code, "code", errors);
  const name = requireText(input.name, "name", errors);
  const opening = optionalQuantity(input.openingOnHand, ["openingOnHand"], errors);
  const barcodes = parseBarcodes(input.barcodes ?? [], ["barcodes"], errors);
  const spellings = barcodes.map((b) => b.code);
  const location = parseLocation(input.location, ["location"], errors) ?? null;
  const cost = checkUnitCost(ctx.principal, input.unitCost ?? undefined, ["unitCost"], errors);

  const { accountId } = ctx.principal;
  const request = {
    code,
    name,
    opening,
    active: input.active ?? true,
    ...barcodesSent(barcodes),
    ...locationSent(location),
    ...costSent(cost),
  };
  let site: number | "default" = "default";
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: "createSku",
      input: () => request,
      inputErrors: errors,
      check: async () => {
        site = await openingSite(tx, ctx.principal, opening || location !== null);
        return [];
      },
      run: async () => {
        const sku = await uniqueCode(
          // With its barcodes' spellings (claimed just below): one sku.created event.
          () =>
            tx.sku.create({
              data: {
                accountId,
                code,
                name,
                active: input.active ?? true,
                barcodes: spellings,
              },
            }),
          `a SKU with code "${code}" already exists`,
          ["code"],
        );
        const ref = { entityType: "sku" as const, id: sku.id };
        await claimBarcodes(tx, accountId, ref, barcodes);
        await recordOpeningBalance(ctx, tx, ref, opening, site);
        await writeLocations(tx, accountId, "sku", locationAt(sku.id, site, location));
        await setCost(tx, ctx.principal, "sku", sku.id, cost);
        // On hand where a request naming no site means, for this caller.
        const at = await askedSite(tx, ctx.principal, null);
        return loadSku(tx, accountId, sku.id, at, moneyOf(ctx));
      },
    }),
  );
}

/** Refuses ids that are not SKUs of the caller's account (SKU_NOT_FOUND at path/position). */
export async function requireSkus(
  ctx: ServiceContext,
  ids: number[],
  path: (string | number)[],
): Promise<void> {
  const found = await ctx.db.sku.findMany({
    where: { accountId: ctx.principal.accountId, id: { in: ids } },
    select: { id: true },
  });
  const known = new Set(found.map((s) => s.id));
  const missing = ids.flatMap((id, i) =>
    known.has(id) ? [] : notFound("SKU_NOT_FOUND", id, [...path, i]).fieldErrors,
  );
  if (missing.length > 0) throw AppError.fromFields(missing);
}

/** The SKU with this id in the caller's account, on hand at a site (the default when absent). */
export async function getSku(
  ctx: ServiceContext,
  id: number,
  siteId?: number | null,
): Promise<Sku> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  return loadSku(db, accountId, id, await askedSite(db, ctx.principal, siteId), moneyOf(ctx));
}

/**
 * Creates a supplier item, linked to a SKU (sharing its stock) or unlinked with stock of its
 * own; an unlinked item's non-zero opening on hand is recorded as an opening_balance movement.
 */
export async function createSupplierItem(
  ctx: ServiceContext,
  input: CreateSupplierItemData,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItem>> {
  const errors: FieldError[] = [];
  const supplier = requireText(input.supplier, "supplier", errors);
  const code = requireText(input.code, "code", errors);
  const name = requireText(input.name, "name", errors);
  const opening = optionalQuantity(input.openingOnHand, ["openingOnHand"], errors);
  const barcodes = parseBarcodes(input.barcodes ?? [], ["barcodes"], errors);
  const spellings = barcodes.map((b) => b.code);
  const location = parseLocation(input.location, ["location"], errors) ?? null;
  const cost = checkUnitCost(ctx.principal, input.unitCost ?? undefined, ["unitCost"], errors);
  const skuId = input.skuId ?? null;
  if (skuId !== null && opening && !opening.isZero()) {
    errors.push({
      path: ["openingOnHand"],
      code: "LINKED_SUPPLIER_ITEM",
      message: `a supplier item linked to SKU ${skuId} has no stock of its own; set the SKU's on hand instead`,
    });
  }

  const { accountId } = ctx.principal;
  const request = {
    supplier,
    code,
    name,
    skuId,
    opening,
    active: input.active ?? true,
    ...barcodesSent(barcodes),
    ...locationSent(location),
    ...costSent(cost),
  };
  let site: number | "default" = "default";
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: "createSupplierItem",
      input: () => request,
      inputErrors: errors,
      check: async () => {
        if (skuId === null || location !== null) {
          site = await openingSite(tx, ctx.principal, opening || location !== null);
        }
        if (skuId === null) return [];
        const sku = await tx.sku.findUnique({ where: { accountId_id: { accountId, id: skuId } } });
        return sku ? [] : notFound("SKU_NOT_FOUND", skuId, ["skuId"]).fieldErrors;
      },
      run: async () => {
        const item = await uniqueCode(
          () =>
            tx.supplierItem.create({
              data: {
                accountId,
                supplier,
                code,
                name,
                skuId,
                active: input.active ?? true,
                barcodes: spellings,
              },
            }),
          `supplier "${supplier}" already has an item with code "${code}"`,
          ["code"],
        );
        const ref = { entityType: "supplier_item" as const, id: item.id };
        await claimBarcodes(tx, accountId, ref, barcodes);
        if (skuId === null) await recordOpeningBalance(ctx, tx, ref, opening, site);
        await writeLocations(tx, accountId, "supplier_item", locationAt(item.id, site, location));
        await setCost(tx, ctx.principal, "supplier_item", item.id, cost);
        const at = await askedSite(tx, ctx.principal, null);
        return loadSupplierItem(tx, accountId, item.id, at, moneyOf(ctx));
      },
    }),
  );
}

/**
 * The supplier item with this id in the caller's account, on hand at a site (the default when
 * absent; a linked item's is its SKU's there).
 */
export async function getSupplierItem(
  ctx: ServiceContext,
  id: number,
  siteId?: number | null,
): Promise<SupplierItem> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const site = await askedSite(db, ctx.principal, siteId);
  return loadSupplierItem(db, accountId, id, site, moneyOf(ctx));
}

/** What a barcode lookup answers: the SKU or the supplier item that has it. */
export type BarcodeMatch =
  { type: "sku"; sku: Sku } | { type: "supplier_item"; supplierItem: SupplierItem };

/**
 * The SKU or supplier item of the caller's account with this barcode (any spelling of one GTIN
 * finds it; labels regardless of case): INVALID_BARCODE for a GTIN with a wrong check digit,
 * BARCODE_NOT_FOUND when nothing has it.
 */
export async function findByBarcode(
  ctx: ServiceContext,
  raw: string,
  siteId?: number | null,
): Promise<BarcodeMatch> {
  const errors: FieldError[] = [];
  const barcode = parseBarcode(raw, ["code"], errors);
  if (!barcode) throw AppError.fromFields(errors);
  const { accountId } = ctx.principal;
  const db = readDb(ctx);
  const site = await askedSite(db, ctx.principal, siteId);
  const owner = (await barcodeOwners(db, accountId, [barcode.key])).get(barcode.key);
  if (!owner) {
    throw new AppError(
      "BARCODE_NOT_FOUND",
      `no SKU or supplier item has barcode "${barcode.code}"`,
    );
  }
  return owner.entityType === "sku"
    ? { type: "sku", sku: await loadSku(db, accountId, owner.id, site, moneyOf(ctx)) }
    : {
        type: "supplier_item",
        supplierItem: await loadSupplierItem(db, accountId, owner.id, site, moneyOf(ctx)),
      };
}

type Reader = PrismaClient | Tx;

/**
 * The SKU as the API shows it, read with the given client (inside a transaction, say), on hand
 * at `siteId` (a site of the account; the default when absent).
 */
export async function loadSku(
  db: Reader,
  accountId: number,
  id: number,
  siteId?: number,
  read: WithMoney = {},
): Promise<Sku> {
  const sku = (await readSkus(db, accountId, [id], siteId, read)).get(id);
  if (!sku) throw notFound("SKU_NOT_FOUND", id);
  return sku;
}

/** The supplier item as the API shows it, read with the given client, as loadSku. */
export async function loadSupplierItem(
  db: Reader,
  accountId: number,
  id: number,
  siteId?: number,
  read: WithMoney = {},
): Promise<SupplierItem> {
  const item = (await readSupplierItems(db, accountId, [id], siteId, read)).get(id);
  if (!item) throw notFound("SUPPLIER_ITEM_NOT_FOUND", id);
  return item;
}

/**
 * Barcodes in a request's idempotency fingerprint, only when sent: a retry of a request made
 * before barcodes existed keeps its fingerprint.
 */
const barcodesSent = (barcodes: Barcode[]) =>
  barcodes.length > 0 ? { barcodes: barcodes.map((b) => b.code) } : {};

/** A location in a request's idempotency fingerprint, only when set (as barcodesSent). */
const locationSent = (location: string | null) => (location !== null ? { location } : {});

/** A cost in an idempotency fingerprint, only when sent (a request from before costs keeps its own). */
export const costSent = (cost: Decimal | null | undefined) =>
  cost !== undefined && cost !== null ? { unitCost: cost.toFixed() } : {};

/** Whether the caller's answers show unit costs (DESIGN §9). */
export const moneyOf = (ctx: ServiceContext): WithMoney => ({ money: seesMoney(ctx.principal) });

/** A new item's location at the site its stock starts at, when it has one. */
const locationAt = (id: number, siteId: number | "default", location: string | null) =>
  location === null ? [] : [{ id, siteId, location }];

/** A new entity's barcodes (none: nothing to write). */
async function claimBarcodes(tx: Tx, accountId: number, ref: EntityRef, barcodes: Barcode[]) {
  if (barcodes.length > 0) await replaceBarcodes(tx, accountId, ref, barcodes);
}

/**
 * A new entity's level at the default site, and its opening balance through the ledger, at the
 * default site (at its own for a token limited to sites: openingSite).
 */
async function recordOpeningBalance(
  ctx: ServiceContext,
  tx: Tx,
  ref: EntityRef,
  qty: Decimal | null,
  site: number | "default",
) {
  await openLevels(tx, ctx.principal.accountId, [ref]);
  if (!qty || qty.isZero()) return;
  const locked = await lockStock(tx, ctx.principal.accountId, site, [ref]);
  await applyStock(tx, ctx.principal.accountId, locked, [{ ...ref, newQty: qty }], {
    reason: "opening_balance",
    source: "opening_balance",
    actor: ctx.principal.actor,
  });
}

/**
 * Where a new item's opening balance goes: the default site, or for a token limited to sites the
 * site a request naming none means for it (siteFor), held as a change of stock holds its site.
 */
export async function openingSite(
  tx: Tx,
  principal: Principal,
  opening: Decimal | null | undefined | boolean,
  path: (string | number)[] = ["openingOnHand"],
): Promise<number | "default"> {
  const some = opening instanceof Object ? !opening.isZero() : Boolean(opening);
  return principal.sites && some ? holdSite(tx, principal, null, path) : "default";
}

/** Whether any row of an import brings an opening balance. */
export const opensStock = (rows: { opening: Decimal | null }[]): boolean =>
  rows.some((r) => r.opening !== null && !r.opening.isZero());

/** A text field trimmed, checked (not blank, within its limit) into `errors`. */
export function requireText(
  value: string,
  field: keyof typeof TEXT_LIMITS,
  errors: FieldError[],
  path: (string | number)[] = [field],
): string {
  const text = value.trim();
  if (!text) errors.push({ path, code: "INVALID_PARAMETER", message: "must not be blank" });
  checkText(text, path, TEXT_LIMITS[field], errors);
  return text;
}

/** SKUs of the account by (id, site) (for loaders); missing ids are absent. */
export const skusAtSites = readSkusAtSites;

/** Supplier items of the account by (id, site) (for loaders); missing ids are absent. */
export const supplierItemsAtSites = readSupplierItemsAtSites;
