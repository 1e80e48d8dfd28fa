// Importing a catalog: up to 10,000 SKUs a request, upserted by code, all or nothing, in a
// constant number of statements however many rows. New SKUs may bring an opening on hand
// (opening_balance movements through the ledger); an import never changes an existing SKU's
// stock.
import { createHash } from "node:crypto";
import { Prisma, type Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { jsonRows } from "../../db/sql.js";
import { inTransaction } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { csvRow, readCsv, type CsvCells } from "../../csv.js";
import { AppError, type FieldError } from "../../errors.js";
import { applyStock, lockStock, openLevels } from "../../ledger/ledger.js";
import { optionalQuantity, quantityAsSent } from "../../quantity.js";
import { parseBarcodes, type Barcode } from "./barcode.js";
import { replaceBarcodeSets, type BarcodeSet } from "./catalog.barcodes.js";
import { parseLocation } from "./location.js";
import { writeLocations, type LocationAt } from "./catalog.locations.js";
import { requireCurrency, writeCosts } from "./catalog.costs.js";
import { parseUnitCost } from "../../money.js";
import { requireMoney, type Principal } from "../../auth/principal.js";
import { holdOffStarts } from "../../db/locks.js";
import { openingSite, opensStock, requireText } from "./catalog.service.js";
import { checkText } from "../../text.js";
import {
  lookbackRows,
  namesSites,
  openAtSites,
  placeRows,
  rowItems,
  type AtSites,
  type LookbackRow,
} from "./catalog.import-sites.js";
import type { Walk } from "../../operations.js";

import { MAX_ID, MAX_IMPORT_ROWS, TEXT_LIMITS } from "../../limits.js";
import type { ParsedRow, RowPath } from "./catalog.import-rows.js";

export { MAX_IMPORT_ROWS };

/** A row as sent: JSON values, or a CSV row's text. */
export interface SkuImportRow {
  /** Supplier items only. */
  supplier?: unknown;
  /** Supplier items only: the SKU a new item is linked to. */
  skuId?: unknown;
  code?: unknown;
  name?: unknown;
  /** Absent: a new SKU is active, an existing one stays as it is. */
  active?: unknown;
  /** Absent: a new SKU has none, an existing one keeps its own; [] removes them. */
  barcodes?: unknown;
  /** New SKUs only; an existing SKU's stock never changes through an import. */
  openingOnHand?: unknown;
  /** Absent: a new SKU has none, an existing one keeps its own; blank removes it. */
  location?: unknown;
  /** The row's site by id (JSON, GraphQL); absent: the caller's site (the default). */
  siteId?: unknown;
  /** The row's site by code (a CSV's `site` column). */
  siteCode?: unknown;
  /** An opening balance at the row's site, where the item has never moved there. */
  onHand?: unknown;
  /** The costs scope's. Absent: a new item has none, an existing one keeps its own; null removes it. */
  unitCost?: unknown;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Every row's SKU, in the order sent. */
  ids: { code: string; id: number }[];
  /** Opening balances written (an opening_balance movement each). */
  openingBalances: number;
  /** Rows whose on_hand was left unwritten: the item had moved at that site before. */
  onHandKept: number;
}

export type { ParsedRow, RowPath };

/**
 * Creates the SKUs whose code is new and updates the others (name, code spelling, active,
 * barcodes), all or none; every bad row is named. Answers how many were created, updated and left
 * as they were, and each row's id.
 */
export function importSkus(
  ctx: ServiceContext,
  input: { rows: (SkuImportRow | null)[]; errors?: FieldError[] },
  idempotencyKey?: string,
  path: RowPath = (i, f) => ["rows", i, f],
): Promise<Idempotent<ImportResult>> {
  const { rows, errors } = parseRows("sku", input.rows, path, [...(input.errors ?? [])]);
  refuseCostsUnseen(ctx.principal, rows);
  const { accountId } = ctx.principal;
  let site: number | "default" = "default";
  let atSites: AtSites | null = null;
  return inTransaction(ctx.db, (tx) =>
    idempotent(tx, ctx.principal, idempotencyKey, {
      operation: "importSkus",
      input: () => rows.map(asSent),
      inputErrors: errors,
      check: async () => {
        await holdOffStartsForLocations(tx, accountId, rows);
        // Where the opening balances go, held before any row is written or locked.
        if (namesSites(rows)) {
          const placed = await placeRows(tx, ctx.principal, rows, path);
          atSites = placed.atSites;
          return placed.errors;
        }
        site = await openingSite(tx, ctx.principal, opensStock(rows) || locates(rows), ["rows"]);
        return repeatedCodes(tx, rows, path);
      },
      run: () => upsert(ctx, tx, atSites?.leaders ?? rows, path, site, atSites),
    }),
  );
}

/**
 * The walk of an import (its price: src/operations.ts): its rows that will look back through
 * their item's movements before writing an opening balance (lookbackRows), counted when asked,
 * before the import runs. Of each row bringing on_hand only what finds its item's level is read
 * here, as parseRows reads it (the import checks the rest, once); a row failing those checks, or
 * a file whose rows could not be read, walks nothing (the import is refused).
 */
export function importWalk(
  ctx: ServiceContext,
  entityType: "sku" | "supplier_item",
  input: { rows: (SkuImportRow | null)[]; errors?: FieldError[] },
): Walk {
  const path: RowPath = (i, f) => ["rows", i, f];
  const errors: FieldError[] = [];
  const bringing = input.errors?.length
    ? []
    : input.rows.flatMap((row, i): LookbackRow[] => {
        if (!row || row.onHand === undefined || row.onHand === null) return [];
        const before = errors.length;
        const supplier =
          entityType === "supplier_item"
            ? text(row.supplier, "supplier", path(i, "supplier"), errors)
            : null;
        const code = text(row.code, "code", path(i, "code"), errors);
        const site = rowSite(row, path, i, errors);
        return errors.length === before && code !== null ? [{ supplier, code, site }] : [];
      });
  const named = JSON.stringify(bringing.map((r) => [r.supplier, r.code, r.site]));
  return {
    key: `import:${entityType}:${createHash("sha256").update(named).digest("base64url")}`,
    lines: () => lookbackRows(ctx.db, ctx.principal, entityType, bringing),
  };
}

/**
 * The rows checked, every problem into `errors` (a bad row is left out of `rows`): texts, flags,
 * quantities, barcodes, and no barcode on two rows. An entity named twice is the database's to
 * see (repeatedCodes).
 */
export function parseRows(
  kind: "sku" | "supplier_item",
  sent: (SkuImportRow | null)[],
  path: RowPath,
  errors: FieldError[],
): { rows: ParsedRow[]; errors: FieldError[] } {
  if (sent.length > MAX_IMPORT_ROWS) {
    const message = `at most ${MAX_IMPORT_ROWS} rows per request; got ${sent.length} (send the rest in further requests)`;
    throw new AppError("TOO_MANY_LINES", message, [
      { path: ["rows"], code: "TOO_MANY_LINES", message },
    ]);
  }
  if (sent.length === 0 && errors.length === 0) {
    errors.push({ path: ["rows"], code: "INVALID_PARAMETER", message: "send at least one row" });
  }
  const barcodes = new Map<string, { row: number; item: string }>();
  const rows: ParsedRow[] = [];
  sent.forEach((row, i) => {
    if (!row) return; // a CSV row already named in errors
    const before = errors.length;
    const items = kind === "supplier_item";
    const supplier = items ? text(row.supplier, "supplier", path(i, "supplier"), errors) : null;
    const skuId = items ? optionalId(row.skuId, path(i, "skuId"), errors) : null;
    const code = text(row.code, "code", path(i, "code"), errors);
    const name = text(row.name, "name", path(i, "name"), errors);
    const active = flag(row.active, path(i, "active"), errors);
    const opening = optionalQuantity(row.openingOnHand, path(i, "openingOnHand"), errors);
    const onHand = optionalQuantity(row.onHand, path(i, "onHand"), errors);
    if (opening !== null && onHand !== null) {
      errors.push(invalid(path(i, "onHand"), "send on_hand or opening_on_hand, not both"));
    }
    const site = rowSite(row, path, i, errors);
    const location = parseLocation(row.location, path(i, "location"), errors);
    const unitCost = parseUnitCost(row.unitCost, path(i, "unitCost"), errors);
    let set: Barcode[] | null = null;
    if (row.barcodes !== undefined && row.barcodes !== null) {
      if (!Array.isArray(row.barcodes) || row.barcodes.some((b) => typeof b !== "string")) {
        errors.push(invalid(path(i, "barcodes"), "must be a list of texts"));
      } else {
        set = parseBarcodes(row.barcodes as string[], path(i, "barcodes"), errors);
        // An item's rows at several sites repeat its barcodes (itemRows holds them equal).
        const item = itemKey(row);
        set.forEach((b, j) => {
          const first = barcodes.get(b.key);
          if (first === undefined) barcodes.set(b.key, { row: i, item });
          else if (first.item === item) return;
          else {
            const message = `barcode "${b.code}" is also on row ${first.row}`;
            errors.push({ path: [...path(i, "barcodes"), j], code: "DUPLICATE_BARCODE", message });
          }
        });
      }
    }
    if (errors.length === before && code !== null && name !== null && (!items || supplier)) {
      rows.push({
        index: i,
        supplier,
        skuId,
        code,
        name,
        active,
        barcodes: set,
        opening,
        location,
        site,
        onHand,
        unitCost,
      });
    }
  });
  return { rows, errors };
}

/** The item a row names, as far as its own text tells (the database folds case more exactly). */
const itemKey = (row: SkuImportRow): string =>
  `${typeof row.supplier === "string" ? row.supplier.trim() : ""}\u0000${
    typeof row.code === "string" ? row.code.trim().toLowerCase() : ""
  }`;

/** The site a row names: an id (JSON, GraphQL) or a code (CSV); neither is null. */
function rowSite(
  row: SkuImportRow,
  path: RowPath,
  i: number,
  errors: FieldError[],
): ParsedRow["site"] {
  if (row.siteCode !== undefined && row.siteCode !== null) {
    const code = typeof row.siteCode === "string" ? row.siteCode.trim() : "";
    // A blank cell names no site.
    if (!code) return null;
    const before = errors.length;
    checkText(code, path(i, "site"), TEXT_LIMITS.code, errors);
    return errors.length === before ? { code } : null;
  }
  const id = optionalId(row.siteId, path(i, "siteId"), errors);
  return id === null ? null : { id };
}

/**
 * Holds starts off while an import sets locations (see holdOffStarts): a location may bring an
 * entity into a start's areas. Taken before any row lock, as a start takes it.
 */
export async function holdOffStartsForLocations(
  tx: Tx,
  accountId: number,
  rows: ParsedRow[],
): Promise<void> {
  if (locates(rows)) await holdOffStarts(tx, accountId);
}

/**
 * Rows naming an entity an earlier row names (its code regardless of case, per supplier for
 * supplier items), each DUPLICATE_LINE naming both rows. Compared by the database as the unique
 * index compares them (citext): only its case folding says that İX-1 and ix-1, or ΑΣ-1 and ασ-1,
 * are one code, and two such rows would otherwise meet in the upsert itself.
 */
export async function repeatedCodes(
  tx: Tx,
  rows: ParsedRow[],
  path: RowPath,
): Promise<FieldError[]> {
  if (rows.length < 2) return [];
  const v = jsonRows(
    rows.map((r) => [r.supplier, r.code]),
    "v",
    "supplier text, code text",
  );
  const repeats = await tx.$queryRaw<{ ord: number; first: number }[]>`
    SELECT ord, first FROM (
      SELECT ord, min(ord) OVER (PARTITION BY supplier, code::citext) AS first FROM ${v}
    ) AS d WHERE ord <> first ORDER BY ord`;
  return repeats.map(({ ord, first }) => {
    const row = rows[ord]!;
    const earlier = rows[first]!;
    const at = path(earlier.index, "code")[1];
    const supplier = row.supplier !== null ? `supplier "${row.supplier}", ` : "";
    return {
      path: path(row.index, "code"),
      code: "DUPLICATE_LINE",
      message: `${supplier}code "${row.code}" is the same as "${earlier.code}" on row ${at}`,
    };
  });
}

/** A required text of a row: the catalog's own check (trimmed, not blank, within its limit). */
function text(
  value: unknown,
  field: keyof typeof TEXT_LIMITS,
  path: (string | number)[],
  errors: FieldError[],
): string | null {
  if (typeof value !== "string") {
    errors.push(invalid(path, "is required"));
    return null;
  }
  const before = errors.length;
  const checked = requireText(value, field, errors, path);
  return errors.length === before ? checked : null;
}

/** true or false (a CSV cell: true/false, yes/no, 1/0, any case); absent is null. */
function flag(value: unknown, path: (string | number)[], errors: FieldError[]): boolean | null {
  if (value === undefined || value === null || typeof value === "boolean") return value ?? null;
  const word = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (["true", "yes", "1"].includes(word)) return true;
  if (["false", "no", "0"].includes(word)) return false;
  errors.push(invalid(path, "must be true or false"));
  return null;
}

/** An optional id: a positive integer (a CSV cell: its digits); absent is null. */
function optionalId(
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): number | null {
  if (value === undefined || value === null) return null;
  const id = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  if (typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID) return id;
  errors.push(invalid(path, "must be a positive integer id"));
  return null;
}

export const invalid = (path: (string | number)[], message: string): FieldError => ({
  path,
  code: "INVALID_PARAMETER",
  message,
});

/** The request's fingerprint for its idempotency key: rows as read. */
export const asSent = (r: ParsedRow) => ({
  ...(r.supplier !== null ? { supplier: r.supplier, skuId: r.skuId } : {}),
  code: r.code,
  name: r.name,
  active: r.active,
  barcodes: r.barcodes?.map((b) => b.code) ?? null,
  opening: quantityAsSent(r.opening?.toFixed()),
  // Only when sent: a retry of an import made before locations existed keeps its fingerprint.
  ...(r.location !== undefined ? { location: r.location } : {}),
  ...(r.site !== null ? { site: r.site } : {}),
  ...(r.onHand !== null ? { onHand: quantityAsSent(r.onHand.toFixed()) } : {}),
  ...(r.unitCost !== undefined ? { unitCost: r.unitCost?.toFixed() ?? null } : {}),
});

/**
 * An import setting costs from a caller without the costs scope is FORBIDDEN, before any work
 * (it says nothing of the rows' items).
 */
export function refuseCostsUnseen(principal: Principal, rows: ParsedRow[]): void {
  if (rows.some((r) => r.unitCost !== undefined)) requireMoney(principal, "setting unit costs");
}

/** Whether any row sets a location (at the caller's site when the rows name none). */
export const locates = (rows: ParsedRow[]): boolean => rows.some((r) => r.location !== undefined);

/** What an upsert statement answers: `old` rows by position, new and changed ones by id. */
export interface WrittenRow {
  kind: "old" | "created" | "changed";
  ord: number | null;
  id: number;
  supplier: string | null;
  code: string | null;
  barcodes: string[] | null;
}

/**
 * The end of an upsert statement with CTEs `old` (ord, id, barcodes), `changed` (id) and
 * `created` (id, code and, for supplier items, supplier): each as rows of its own, matched in
 * the service. Joining them in SQL would join relations whose sizes the planner cannot know (it
 * took a nested loop over 10,000 × 10,000 rows once).
 */
export const writtenRows = (withSupplier: boolean) => Prisma.sql`
  SELECT 'old' AS kind, ord, id, NULL::text AS supplier, NULL::text AS code, barcodes FROM old
  UNION ALL SELECT 'changed', NULL, id, NULL, NULL, NULL FROM changed
  UNION ALL SELECT 'created', NULL, id, ${Prisma.raw(withSupplier ? "supplier" : "NULL")}, code,
    NULL FROM created`;

/** Each row's entity from an upsert's answer; a new one is known by its exact key as inserted. */
export function matchWritten(
  rows: ParsedRow[],
  written: WrittenRow[],
  key: (r: { supplier: string | null; code: string }) => string,
): UpsertedRow[] {
  const old = new Map<number, WrittenRow>();
  const created = new Map<string, number>();
  const changed = new Set<number>();
  for (const w of written) {
    if (w.kind === "old") old.set(w.ord!, w);
    else if (w.kind === "changed") changed.add(w.id);
    else created.set(key({ supplier: w.supplier, code: w.code! }), w.id);
  }
  return rows.map((row, ord) => {
    const before = old.get(ord);
    if (before) {
      return {
        ord,
        id: before.id,
        created: false,
        changed: changed.has(before.id),
        barcodes: before.barcodes,
      };
    }
    const id = created.get(key(row)) ?? null;
    return { ord, id, created: id !== null, changed: false, barcodes: null };
  });
}

export interface UpsertedRow {
  ord: number;
  id: number | null;
  created: boolean;
  changed: boolean;
  barcodes: string[] | null;
}

/**
 * One statement for the rows: the existing SKUs locked, updated where a field differs, the new
 * ones inserted; then what settle does.
 */
async function upsert(
  ctx: ServiceContext,
  tx: Tx,
  rows: ParsedRow[],
  path: RowPath,
  site: number | "default",
  atSites: AtSites | null,
): Promise<ImportResult> {
  const { accountId } = ctx.principal;
  const v = jsonRows(
    rows.map((r) => [r.code, r.name, r.active, r.barcodes?.map((b) => b.code) ?? []]),
    "v",
    "code text, name text, active boolean, barcodes jsonb",
  );
  const written = await tx.$queryRaw<WrittenRow[]>`
    WITH v AS MATERIALIZED (SELECT * FROM ${v}), old AS MATERIALIZED (
      -- Locked, so these are the rows as they are now (an edit that committed meanwhile included).
      SELECT s.id, s.code::text AS code, s.name, s.active, s.barcodes, v.ord FROM v
      JOIN skus AS s ON s.account_id = ${accountId} AND s.code = v.code::citext
      ORDER BY s.id FOR UPDATE OF s
    ), changed AS (
      UPDATE skus AS s SET code = v.code, name = v.name, active = COALESCE(v.active, old.active)
      FROM old JOIN v ON v.ord = old.ord
      WHERE s.account_id = ${accountId} AND s.id = old.id
        AND (old.code, old.name, old.active)
          IS DISTINCT FROM (v.code, v.name, COALESCE(v.active, old.active))
      RETURNING s.id
    ), created AS (
      -- With its barcodes' spellings already (they are claimed below): one sku.created event.
      INSERT INTO skus (account_id, code, name, active, barcodes)
      SELECT ${accountId}, v.code, v.name, COALESCE(v.active, true),
        ARRAY(SELECT jsonb_array_elements_text(v.barcodes)) FROM v
      WHERE v.ord NOT IN (SELECT ord FROM old)
      -- In code order, as another import inserting some of the same codes does: no deadlock.
      ORDER BY v.code::citext
      -- A SKU another request creates meanwhile: not returned, and answered below.
      ON CONFLICT (account_id, code) DO NOTHING
      RETURNING id, code::text AS code
    )
    ${writtenRows(false)}`;
  const upserted = matchWritten(rows, written, (r) => r.code);
  return settle(ctx, tx, "sku", rows, upserted, path, site, atSites);
}

/**
 * What follows the upsert of rows of either kind (each item's first row, when rows are at sites):
 * the barcodes that differ (two statements), the opening balances (of new entities at the
 * caller's site, or every row's at its site: openAtSites), and the answer.
 */
export async function settle(
  ctx: ServiceContext,
  tx: Tx,
  entityType: "sku" | "supplier_item",
  rows: ParsedRow[],
  upserted: UpsertedRow[],
  path: RowPath,
  /** Where new items' opening balances go (openingSite, held by the import's check). */
  site: number | "default",
  /** The rows at their sites (placeRows), when they name sites: then `rows` are its leaders. */
  atSites: AtSites | null,
): Promise<ImportResult> {
  const { accountId } = ctx.principal;
  // Two rows the database takes for one entity (codes equal regardless of case in a way the
  // rows' own check did not see): the later one is a repeat.
  const seen = new Map<number, number>();
  const repeats: FieldError[] = [];
  for (const u of upserted) {
    if (u.id === null) continue;
    const first = seen.get(u.id);
    if (first === undefined) seen.set(u.id, rows[u.ord]!.index);
    else {
      const message = `"${rows[u.ord]!.code}" is the same ${entityType === "sku" ? "SKU" : "supplier item"} as row ${first}`;
      repeats.push({ path: path(rows[u.ord]!.index, "code"), code: "DUPLICATE_LINE", message });
    }
  }
  if (repeats.length > 0) throw AppError.fromFields(repeats);
  const raced = upserted.filter((u) => u.id === null);
  if (raced.length > 0) {
    throw AppError.fromFields(
      raced.map((u) => ({
        path: path(rows[u.ord]!.index, "code"),
        code: "DUPLICATE_CODE",
        message: `"${rows[u.ord]!.code}" was created by another request meanwhile; send the import again`,
      })),
    );
  }

  const sets: BarcodeSet[] = [];
  const relabelled = new Set<number>();
  upserted.forEach((u) => {
    const row = rows[u.ord]!;
    if (!row.barcodes) return;
    const codes = row.barcodes.map((b) => b.code);
    const stored = u.barcodes ?? [];
    if (codes.length === stored.length && codes.every((c, i) => c === stored[i])) return;
    sets.push({ id: u.id!, barcodes: row.barcodes, path: path(row.index, "barcodes") });
    if (!u.created) relabelled.add(u.ord);
  });
  await replaceBarcodeSets(tx, accountId, entityType, sets);

  await openLevels(
    tx,
    accountId,
    upserted
      .filter((u) => u.created && rows[u.ord]!.skuId === null)
      .map((u) => ({ entityType, id: u.id! })),
  );
  const items = atSites ? rowItems(atSites, upserted) : null;
  // Stock first: a location makes a level, which an opening at a site would then look behind.
  const opened = atSites
    ? await openAtSites(tx, ctx.principal, entityType, atSites.rows, items!, atSites.siteOf)
    : { written: await openNew(ctx, tx, entityType, rows, upserted, site), kept: 0 };
  const relocated = await writeLocations(
    tx,
    accountId,
    entityType,
    atSites ? locationsAtSites(atSites, items!) : locationsAt(rows, upserted, site),
  );
  // An item's rows at several sites carry one cost (placeRows holds them equal): its first's.
  const costs = upserted.flatMap((u) => {
    const { unitCost } = rows[u.ord]!;
    return unitCost === undefined ? [] : [{ id: u.id!, cost: unitCost }];
  });
  if (costs.length > 0) await requireCurrency(tx, accountId);
  const costed = await writeCosts(tx, accountId, ctx.principal.actor, entityType, costs);
  const created = upserted.filter((u) => u.created).length;
  const updated = upserted.filter(
    (u) =>
      !u.created &&
      (u.changed || relabelled.has(u.ord) || relocated.has(u.id!) || costed.has(u.id!)),
  ).length;
  const ids = atSites
    ? atSites.rows.map((r, ord) => ({ code: r.code, id: items![ord]!.id }))
    : upserted.map((u) => ({ code: rows[u.ord]!.code, id: u.id! }));
  return {
    created,
    updated,
    unchanged: upserted.length - created - updated,
    ids,
    openingBalances: opened.written,
    onHandKept: opened.kept,
  };
}

/** New items' opening balances at the caller's site (rows naming no site); how many. */
async function openNew(
  ctx: ServiceContext,
  tx: Tx,
  entityType: "sku" | "supplier_item",
  rows: ParsedRow[],
  upserted: UpsertedRow[],
  site: number | "default",
): Promise<number> {
  const openings = upserted
    .filter((u) => u.created && rows[u.ord]!.opening && !rows[u.ord]!.opening!.isZero())
    .map((u) => ({ entityType, id: u.id!, newQty: rows[u.ord]!.opening! }));
  if (openings.length > 0) {
    const { accountId, actor } = ctx.principal;
    const locked = await lockStock(tx, accountId, site, openings);
    await applyStock(tx, accountId, locked, openings, {
      reason: "opening_balance",
      source: "opening_balance",
      actor,
    });
  }
  return openings.length;
}

/** The locations rows set, each at `site` (the rows name no site). */
const locationsAt = (
  rows: ParsedRow[],
  upserted: UpsertedRow[],
  site: number | "default",
): LocationAt[] =>
  upserted.flatMap((u) => {
    const { location } = rows[u.ord]!;
    return location === undefined ? [] : [{ id: u.id!, siteId: site, location }];
  });

/** The locations rows at sites set, each at its row's site. */
const locationsAtSites = (atSites: AtSites, items: { id: number }[]): LocationAt[] =>
  atSites.rows.flatMap(({ location }, ord) =>
    location === undefined ? [] : [{ id: items[ord]!.id, siteId: atSites.siteOf[ord]!, location }],
  );

/** The columns of a CSV import. */
export const SKU_COLUMNS = {
  required: ["code", "name"],
  optional: ["active", "barcodes", "opening_on_hand", "location", "site", "on_hand", "unit_cost"],
  usage:
    "the header must name code and name (optional columns: active, barcodes, opening_on_hand, location, site, on_hand, unit_cost)",
  what: "rows",
  max: MAX_IMPORT_ROWS,
};

/**
 * The rows of a CSV import: barcodes separated by |. With a barcodes column, a row's cell is its
 * whole set (blank: none); without one, barcodes stay as they are. The same for location.
 */
export function parseSkuCsv(text: string): { rows: (SkuImportRow | null)[]; errors: FieldError[] } {
  const { columns, rows, errors } = readCsv(text, SKU_COLUMNS);
  return { rows: rows.map((cell) => cell && skuRow(cell, columns)), errors };
}

/** A CSV row as an import row. */
export function skuRow(cell: CsvCells, columns: string[]): SkuImportRow {
  return {
    code: cell("code") ?? "",
    name: cell("name") ?? "",
    active: cell("active"),
    barcodes: columns.includes("barcodes") ? (cell("barcodes")?.split("|") ?? []) : null,
    openingOnHand: cell("opening_on_hand"),
    // With a location column a blank cell removes the location; without one it stays.
    location: columns.includes("location") ? (cell("location") ?? "") : undefined,
    // A site's code; a blank cell: the caller's site.
    siteCode: cell("site"),
    onHand: cell("on_hand"),
    // With a unit_cost column a blank cell removes the cost; without one it stays.
    ...(columns.includes("unit_cost") ? { unitCost: cell("unit_cost") ?? null } : {}),
  };
}

/** Where a CSV row's field is: its row number as a spreadsheet shows it (the header is row 1). */
export const csvRowPath: RowPath = (i, f) => ["rows", csvRow(i), f];
