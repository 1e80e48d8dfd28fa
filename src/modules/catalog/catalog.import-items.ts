// Importing supplier items: as SKUs are imported (catalog.import.ts), matched by supplier and code.
// A new item may be linked to a SKU (then it has no opening stock of its own); an existing item's
// link changes only through link and unlink, which move or refuse its stock as a link must.
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { intArray, jsonRows } from "../../db/sql.js";
import { inTransaction } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { readCsv, type CsvCells } from "../../csv.js";
import { notFound, type FieldError } from "../../errors.js";
import { MAX_IMPORT_ROWS } from "../../limits.js";
import { openingSite, opensStock } from "./catalog.service.js";
import { namesSites, placeRows, type AtSites } from "./catalog.import-sites.js";
import {
  asSent,
  parseRows,
  refuseCostsUnseen,
  repeatedCodes,
  settle,
  skuRow,
  type ImportResult,
  type ParsedRow,
  type RowPath,
  type SkuImportRow,
  holdOffStartsForLocations,
  locates,
  matchWritten,
  writtenRows,
  type WrittenRow,
} from "./catalog.import.js";

/**
 * Creates the supplier items whose supplier and code are new and updates the others (name, code
 * spelling, active, barcodes), all or none; every bad row is named. A new item with sku_id is
 * linked to that SKU; an existing item's sku_id, when sent, must be its link as it stands.
 */
export function importSupplierItems(
  ctx: ServiceContext,
  input: { rows: (SkuImportRow | null)[]; errors?: FieldError[] },
  idempotencyKey?: string,
  path: RowPath = (i, f) => ["rows", i, f],
): Promise<Idempotent<ImportResult>> {
  const { rows, errors } = parseRows("supplier_item", input.rows, path, [...(input.errors ?? [])]);
  refuseCostsUnseen(ctx.principal, rows);
  const { accountId } = ctx.principal;
  let existing = new Map<number, Existing>();
  let site: number | "default" = "default";
  let atSites: AtSites | null = null;
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: "importSupplierItems",
      input: () => rows.map(asSent),
      inputErrors: errors,
      check: async () => {
        // Starts first, then SKUs before items: the order in which starts, the ledger and links
        // lock them.
        await holdOffStartsForLocations(tx, accountId, rows);
        // Where the opening balances go, held before any row is locked.
        let repeats: FieldError[];
        if (namesSites(rows)) {
          const placed = await placeRows(tx, ctx.principal, rows, path);
          atSites = placed.atSites;
          repeats = placed.errors;
        } else {
          site = await openingSite(tx, ctx.principal, opensStock(rows) || locates(rows), ["rows"]);
          repeats = await repeatedCodes(tx, rows, path);
        }
        const items = atSites?.leaders ?? rows;
        const unknown = await unknownSkus(tx, accountId, items, path);
        existing = await lockExisting(tx, accountId, items);
        return [
          ...repeats,
          ...unknown,
          ...linkProblems(items, existing, path),
          ...(atSites ? linkedStock(atSites, existing, path) : []),
        ];
      },
      run: () => upsert(ctx, tx, atSites?.leaders ?? rows, existing, path, site, atSites),
    }),
  );
}

interface Existing {
  id: number;
  sku_id: number | null;
  barcodes: string[];
}

/** The items the rows name that exist, locked, by the row's position in `rows`. */
async function lockExisting(
  tx: Tx,
  accountId: number,
  rows: ParsedRow[],
): Promise<Map<number, Existing>> {
  const v = jsonRows(
    rows.map((r) => [r.supplier, r.code]),
    "v",
    "supplier text, code text",
  );
  const found = await tx.$queryRaw<(Existing & { ord: number })[]>`
    SELECT i.id, i.sku_id, i.barcodes, v.ord FROM ${v}
    JOIN supplier_items AS i ON i.account_id = ${accountId} AND i.supplier = v.supplier
      AND i.code = v.code::citext
    ORDER BY i.id FOR UPDATE OF i`;
  return new Map(found.map(({ ord, ...item }) => [ord, item]));
}

/** Rows linking a new item to a SKU the account does not have (the SKUs held until commit). */
async function unknownSkus(
  tx: Tx,
  accountId: number,
  rows: ParsedRow[],
  path: RowPath,
): Promise<FieldError[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.skuId === null ? [] : [r.skuId])))];
  if (ids.length === 0) return [];
  const found = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM skus WHERE account_id = ${accountId} AND id = ANY (${intArray(ids)})
    ORDER BY id FOR KEY SHARE`;
  const known = new Set(found.map((s) => s.id));
  return rows.flatMap((r) =>
    r.skuId === null || known.has(r.skuId)
      ? []
      : notFound("SKU_NOT_FOUND", r.skuId, path(r.index, "skuId")).fieldErrors,
  );
}

/** A link an import cannot make: another link for an existing item, stock for a linked one. */
function linkProblems(
  rows: ParsedRow[],
  existing: Map<number, Existing>,
  path: RowPath,
): FieldError[] {
  return rows.flatMap((r, ord): FieldError[] => {
    const item = existing.get(ord);
    if (item && r.skuId !== null && r.skuId !== item.sku_id) {
      const message = `supplier item ${item.id} is ${item.sku_id === null ? "unlinked" : `linked to SKU ${item.sku_id}`}: change its link with POST /supplier-items/${item.id}/link or /unlink`;
      return [{ path: path(r.index, "skuId"), code: "LINKED_SUPPLIER_ITEM", message }];
    }
    if (!item && r.skuId !== null && r.opening && !r.opening.isZero()) {
      const message = `a supplier item linked to SKU ${r.skuId} has no stock of its own; set the SKU's on hand instead`;
      return [{ path: path(r.index, "openingOnHand"), code: "LINKED_SUPPLIER_ITEM", message }];
    }
    return [];
  });
}

/**
 * Rows at sites bringing stock to an item linked to a SKU (existing, or new with sku_id): a linked
 * item has no stock of its own.
 */
function linkedStock(
  atSites: AtSites,
  existing: Map<number, Existing>,
  path: RowPath,
): FieldError[] {
  const position = new Map(atSites.leaderOrds.map((ord, i) => [ord, i]));
  return atSites.rows.flatMap((r, ord): FieldError[] => {
    if (r.onHand === null && (r.opening === null || r.opening.isZero())) return [];
    const leader = position.get(atSites.leaderOf[ord]!)!;
    const skuId = existing.get(leader)?.sku_id ?? atSites.leaders[leader]!.skuId;
    if (skuId === null) return [];
    const message = `a supplier item linked to SKU ${skuId} has no stock of its own; set the SKU's on hand instead`;
    const field = r.onHand === null ? "openingOnHand" : "onHand";
    return [{ path: path(r.index, field), code: "LINKED_SUPPLIER_ITEM", message }];
  });
}

/** One statement: the existing items (locked by check) updated where a field differs, the new inserted. */
async function upsert(
  ctx: ServiceContext,
  tx: Tx,
  rows: ParsedRow[],
  existing: Map<number, Existing>,
  path: RowPath,
  site: number | "default",
  atSites: AtSites | null,
): Promise<ImportResult> {
  const { accountId } = ctx.principal;
  const v = jsonRows(
    rows.map((r, ord) => [
      existing.get(ord)?.id ?? null,
      r.supplier,
      r.code,
      r.name,
      r.active,
      r.skuId,
      r.barcodes?.map((b) => b.code) ?? [],
    ]),
    "v",
    "id int, supplier text, code text, name text, active boolean, sku_id int, barcodes jsonb",
  );
  const written = await tx.$queryRaw<WrittenRow[]>`
    WITH v AS MATERIALIZED (SELECT * FROM ${v}), old AS (
      -- Locked by check: what it found, with the barcodes as they are.
      SELECT v.id, v.ord, i.barcodes FROM v
      JOIN supplier_items AS i ON i.account_id = ${accountId} AND i.id = v.id
    ), changed AS (
      UPDATE supplier_items AS i SET code = v.code, name = v.name,
        active = COALESCE(v.active, i.active)
      FROM v WHERE i.account_id = ${accountId} AND i.id = v.id
        AND (i.code::text, i.name, i.active)
          IS DISTINCT FROM (v.code, v.name, COALESCE(v.active, i.active))
      RETURNING i.id
    ), created AS (
      -- With its barcodes' spellings already (they are claimed below): one created event.
      INSERT INTO supplier_items (account_id, supplier, code, name, active, sku_id, barcodes)
      SELECT ${accountId}, v.supplier, v.code, v.name, COALESCE(v.active, true), v.sku_id,
        ARRAY(SELECT jsonb_array_elements_text(v.barcodes)) FROM v
      WHERE v.id IS NULL
      -- In key order, as another import inserting some of the same items does: no deadlock.
      ORDER BY v.supplier, v.code::citext
      -- An item another request creates meanwhile: not returned, and answered below.
      ON CONFLICT (account_id, supplier, code) DO NOTHING
      RETURNING id, supplier, code::text AS code
    )
    ${writtenRows(true)}`;
  const upserted = matchWritten(rows, written, (r) => `${r.supplier}\u0000${r.code}`);
  return settle(ctx, tx, "supplier_item", rows, upserted, path, site, atSites);
}

/** The columns of a CSV import of supplier items. */
export const SUPPLIER_ITEM_COLUMNS = {
  required: ["supplier", "code", "name"],
  optional: [
    "sku_id",
    "active",
    "barcodes",
    "opening_on_hand",
    "location",
    "site",
    "on_hand",
    "unit_cost",
  ],
  usage:
    "the header must name supplier, code and name (optional columns: sku_id, active, barcodes, opening_on_hand, location, site, on_hand, unit_cost)",
  what: "rows",
  max: MAX_IMPORT_ROWS,
};

/** The rows of a CSV import of supplier items (barcodes separated by |, as for SKUs). */
export function parseSupplierItemCsv(text: string): {
  rows: (SkuImportRow | null)[];
  errors: FieldError[];
} {
  const { columns, rows, errors } = readCsv(text, SUPPLIER_ITEM_COLUMNS);
  return { rows: rows.map((cell) => cell && supplierItemRow(cell, columns)), errors };
}

const supplierItemRow = (cell: CsvCells, columns: string[]): SkuImportRow => ({
  ...skuRow(cell, columns),
  supplier: cell("supplier") ?? "",
  skuId: cell("sku_id"),
});
