// Editing the catalog: a SKU's or supplier item's code, name, supplier, active flag and barcodes,
// and its location at a site (its level's, see catalog.locations.ts).
// Stock is never touched here (on hand changes through adjustments and the ledger).
import { TEXT_LIMITS } from "../../limits.js";
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { notFound, type FieldError } from "../../errors.js";
import type { EntityRef } from "../../ledger/ledger.js";
import { parseBarcodes, type Barcode } from "./barcode.js";
import { replaceBarcodes } from "./catalog.barcodes.js";
import { parseLocation } from "./location.js";
import { holdOffStarts } from "../../db/locks.js";
import { uniqueCode } from "../../db/unique.js";
import { loadSku, loadSupplierItem, requireText } from "./catalog.service.js";
import { askedSite } from "./catalog.search.js";
import { writeLocations } from "./catalog.locations.js";
import { holdSite } from "../site/site.service.js";
import { seesMoney, type Principal } from "../../auth/principal.js";
import type { Decimal } from "../../quantity.js";
import { checkUnitCost, setCost } from "./catalog.costs.js";
import type { Sku, SupplierItem } from "./catalog.types.js";

/** What a PATCH may change of a SKU; an absent (or null) field stays as it is. */
export interface SkuChanges {
  code?: string | null;
  name?: string | null;
  active?: boolean | null;
  /** The whole new set; [] removes every barcode. */
  barcodes?: string[] | null;
  /** Where its stock is kept at the site; blank ("") removes it. */
  location?: string | null;
  /** What one unit costs (the costs scope's); null removes it. */
  unitCost?: unknown;
  /** The site whose location it sets and whose on hand the answer shows (absent: the caller's). */
  siteId?: number | null;
}

/** What a PATCH may change of a supplier item; an absent (or null) field stays as it is. */
export interface SupplierItemChanges extends SkuChanges {
  supplier?: string | null;
}

/** Checked changes: trimmed texts, only the fields sent. */
export type CheckedChanges = Partial<Record<"code" | "name" | "supplier", string>> & {
  active?: boolean;
  barcodes?: Barcode[];
  /** null: removed. */
  location?: string | null;
  /** null: removed. */
  unitCost?: Decimal | null;
};

/** Whether a request carries any catalog change. */
export const changesAnything = (changes: SupplierItemChanges): boolean =>
  [
    changes.code,
    changes.name,
    changes.supplier,
    changes.active,
    changes.barcodes,
    changes.location,
  ].some((v) => v !== undefined && v !== null) || changes.unitCost !== undefined;

/**
 * Trims and checks the fields sent (blank or too long: INVALID_PARAMETER; a bad cost:
 * INVALID_COST), into `errors`; a cost from a caller without the costs scope is FORBIDDEN.
 */
export function checkChanges(
  principal: Principal,
  changes: SupplierItemChanges,
  errors: FieldError[],
): CheckedChanges {
  const checked: CheckedChanges = {};
  for (const field of [
    "code",
    "name",
    "supplier",
  ] as const satisfies (keyof typeof TEXT_LIMITS)[]) {
    const value = changes[field];
    if (value !== undefined && value !== null) checked[field] = requireText(value, field, errors);
  }
  if (changes.active !== undefined && changes.active !== null) checked.active = changes.active;
  if (changes.barcodes !== undefined && changes.barcodes !== null) {
    checked.barcodes = parseBarcodes(changes.barcodes, ["barcodes"], errors);
  }
  const location = parseLocation(changes.location, ["location"], errors);
  if (location !== undefined) checked.location = location;
  const unitCost = checkUnitCost(principal, changes.unitCost, ["unitCost"], errors);
  if (unitCost !== undefined) checked.unitCost = unitCost;
  return checked;
}

/** Changes a SKU's code, name, active flag, barcodes or location; its stock and movements stay as they are. */
export function updateSku(
  ctx: ServiceContext,
  id: number,
  changes: SkuChanges,
  idempotencyKey?: string,
): Promise<Idempotent<Sku>> {
  const errors: FieldError[] = [];
  const checked = checkChanges(ctx.principal, changes, errors);
  if (!changesAnything(changes))
    errors.push(nothingToChange(["code", "name", "active", "barcodes", "location", "unitCost"]));
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: `updateSku:${id}`,
      input: () => asSent(checked, changes.siteId),
      inputErrors: errors,
      check: async () => [],
      run: async () =>
        applySkuChanges(
          tx,
          ctx.principal,
          id,
          checked,
          await editedSite(tx, ctx.principal, changes.siteId, checked),
        ),
    }),
  );
}

/** Changes a supplier item's supplier, code, name, active flag, barcodes or location; its stock stays as it is. */
export function updateSupplierItem(
  ctx: ServiceContext,
  id: number,
  changes: SupplierItemChanges,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItem>> {
  const errors: FieldError[] = [];
  const checked = checkChanges(ctx.principal, changes, errors);
  if (!changesAnything(changes))
    errors.push(
      nothingToChange(["supplier", "code", "name", "active", "barcodes", "location", "unitCost"]),
    );
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: `updateSupplierItem:${id}`,
      input: () => asSent(checked, changes.siteId),
      inputErrors: errors,
      check: async () => [],
      run: async () =>
        applySupplierItemChanges(
          tx,
          ctx.principal,
          id,
          checked,
          await editedSite(tx, ctx.principal, changes.siteId, checked),
        ),
    }),
  );
}

/**
 * The site an edit works at: held (active, the caller's) when it writes a location there, else
 * as a read names it (askedSite: undefined for the default site).
 */
async function editedSite(
  tx: Tx,
  principal: Principal,
  named: number | null | undefined,
  changes: CheckedChanges,
): Promise<number | undefined> {
  if (changes.location === undefined) return askedSite(tx, principal, named);
  // Starts first, then the site: the order a start takes them in.
  await holdOffStarts(tx, principal.accountId);
  return holdSite(tx, principal, named, ["siteId"]);
}

/**
 * Writes checked SKU changes in the caller's transaction (a PATCH that also sets on hand, say):
 * its catalog fields, and its location at `siteId` (held by the caller; the default site when
 * absent), where the answer's on hand is read too.
 */
export async function applySkuChanges(
  tx: Tx,
  principal: Principal,
  id: number,
  changes: CheckedChanges,
  siteId?: number,
): Promise<Sku> {
  const { accountId } = principal;
  const { code, name, active, location } = changes;
  // An active SKU is in a start's default scope, and a location in a start's areas.
  if (active === true || location !== undefined) await holdOffStarts(tx, accountId);
  const [current] = await tx.$queryRaw<CurrentRow[]>`
    SELECT code::text AS code, name, active, NULL AS supplier, barcodes FROM skus
    WHERE account_id = ${accountId} AND id = ${id} FOR UPDATE`;
  if (!current) throw notFound("SKU_NOT_FOUND", id);
  // The location first: the events of the other fields' changes then show it.
  if (location !== undefined) {
    await writeLocations(tx, accountId, "sku", [{ id, siteId: siteId ?? "default", location }]);
  }
  if (changesRow(current, changes)) {
    await uniqueCode(
      () => tx.sku.updateMany({ where: { accountId, id }, data: { code, name, active } }),
      `a SKU with code "${code}" already exists`,
      ["code"],
    );
  }
  await writeBarcodes(tx, accountId, { entityType: "sku", id }, current, changes);
  await setCost(tx, principal, "sku", id, changes.unitCost);
  return loadSku(tx, accountId, id, siteId, { money: seesMoney(principal) });
}

/** Writes checked supplier item changes in the caller's transaction, as applySkuChanges. */
export async function applySupplierItemChanges(
  tx: Tx,
  principal: Principal,
  id: number,
  changes: CheckedChanges,
  siteId?: number,
): Promise<SupplierItem> {
  const { accountId } = principal;
  const { supplier, code, name, active, location } = changes;
  // A location may bring the item into a start's areas.
  if (location !== undefined) await holdOffStarts(tx, accountId);
  const [current] = await tx.$queryRaw<CurrentRow[]>`
    SELECT code::text AS code, name, active, supplier, barcodes FROM supplier_items
    WHERE account_id = ${accountId} AND id = ${id} FOR UPDATE`;
  if (!current) throw notFound("SUPPLIER_ITEM_NOT_FOUND", id);
  // The location first, as for a SKU.
  if (location !== undefined) {
    const at = [{ id, siteId: siteId ?? ("default" as const), location }];
    await writeLocations(tx, accountId, "supplier_item", at);
  }
  if (changesRow(current, changes)) {
    await uniqueCode(
      () =>
        tx.supplierItem.updateMany({
          where: { accountId, id },
          data: { supplier, code, name, active },
        }),
      // The unique key is (supplier, code): either may be the one that now collides.
      `supplier "${supplier ?? "(unchanged)"}" already has an item with code "${code ?? "(unchanged)"}"`,
      ["code"],
    );
  }
  await writeBarcodes(tx, accountId, { entityType: "supplier_item", id }, current, changes);
  await setCost(tx, principal, "supplier_item", id, changes.unitCost);
  return loadSupplierItem(tx, accountId, id, siteId, { money: seesMoney(principal) });
}

interface CurrentRow {
  code: string;
  name: string;
  active: boolean;
  supplier: string | null;
  barcodes: string[];
}

/** The request's fingerprint for its idempotency key: barcodes as sent (trimmed), a site when named. */
const asSent = ({ barcodes, unitCost, ...fields }: CheckedChanges, siteId?: number | null) => ({
  ...fields,
  barcodes: barcodes?.map((b) => b.code),
  ...(unitCost !== undefined ? { unitCost: unitCost?.toFixed() ?? null } : {}),
  ...(siteId !== undefined && siteId !== null ? { siteId } : {}),
});

/** A new set of barcodes, written only when it differs from the stored one (spelling and order count). */
async function writeBarcodes(
  tx: Tx,
  accountId: number,
  ref: EntityRef,
  current: CurrentRow,
  { barcodes }: CheckedChanges,
): Promise<void> {
  if (!barcodes) return;
  const same =
    barcodes.length === current.barcodes.length &&
    barcodes.every((b, i) => b.code === current.barcodes[i]);
  if (!same) await replaceBarcodes(tx, accountId, ref, barcodes);
}

/**
 * Whether the changes differ from the row as stored: an edit that changes nothing writes nothing
 * (updated_at stays, so a catalog sync does not see it again). A code differing only in case is
 * a change of its spelling.
 */
const changesRow = (row: CurrentRow, changes: CheckedChanges): boolean =>
  (["code", "name", "supplier", "active"] as const).some(
    (field) => changes[field] !== undefined && changes[field] !== row[field],
  );

/** The error of a request that changes nothing: it names the fields it could have sent. */
export const nothingToChange = (fields: string[]): FieldError => ({
  path: [],
  code: "INVALID_PARAMETER",
  message: `send at least one of ${fields.join(", ")}`,
});
