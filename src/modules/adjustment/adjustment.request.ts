// An adjustment request, checked before any database work: its header and lines parsed (every
// problem at once), its idempotency fingerprint as sent; then, with the rows locked, its barcodes
// found and its lines checked against the stock.
import type { Tx } from "../../db/client.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { entityKey, type EntityRef, type LockedStock } from "../../ledger/ledger.js";
import { checkLineCount, lineEntityType } from "../../lines.js";
import { MAX_ADJUSTMENT_SITES, TEXT_LIMITS } from "../../limits.js";
import { Decimal, optionalQuantity, parseQuantity, quantityAsSent } from "../../quantity.js";
import {
  ADJUSTMENT_REASONS,
  NOTE_REQUIRED_REASONS,
  SYSTEM_REASONS,
  type AdjustmentReasonValue,
} from "../../reasons.js";
import { checkText } from "../../text.js";
import { parseBarcode, type Barcode } from "../catalog/barcode.js";
import { barcodeOwners } from "../catalog/catalog.barcodes.js";

export interface AdjustmentHeader {
  reason?: string | null;
  note?: string | null;
  reference?: string | null;
  /** The site whose stock it sets; the account's default when absent. */
  siteId?: number | null;
}

/** A bulk line: its entity by type and exactly one of id or barcode. */
export interface BulkLineData {
  type: string;
  id?: number | null;
  barcode?: string | null;
  newQty: unknown;
  expectedQty?: unknown;
  /** The site whose stock the line sets; the request's site when absent. */
  siteId?: number | null;
}

/** One entity (a SKU, or an unlinked supplier item) set to an absolute value. */
export interface AdjustOneData extends AdjustmentHeader {
  onHand: unknown;
  expectedOnHand?: unknown;
}

/**
 * The site a line's stock is at: the line's own, else the request's, else "default" (the
 * account's default, read when the rows are locked; by id once any line names a site).
 */
export type LineSite = number | "default";

export interface Line {
  /** Position in the caller's list, for error pointers. */
  index: number;
  entityType: EntityType;
  id: number;
  newQty: Decimal;
  expectedQty: Decimal | null;
  site: LineSite;
}

export interface Request {
  /** The site named (null: the account's default), found and held when the rows are locked. */
  siteId: number | null;
  reason: AdjustmentReasonValue;
  note: string | null;
  reference: string | null;
  /** The lines that passed every check that needs no database. */
  lines: Line[];
  /**
   * Every distinct (entity, site) named by a line of a valid type, to look up even if its line
   * is bad.
   */
  refs: (EntityRef & { index: number; by: "id" | "barcode"; site: LineSite })[];
  /** The lines that name a site of their own (the others are at the request's). */
  lineSites: { index: number; siteId: number }[];
  /** Lines naming their entity by barcode (newQty null: a bad one), until resolveBarcodes finds it. */
  byBarcode: (Omit<Line, "id" | "newQty"> & { barcode: Barcode; newQty: Decimal | null })[];
  /** What is already known to be wrong; reported together with what the lookup finds. */
  errors: FieldError[];
  /** Where a line's fields are in the caller's input, for error pointers. */
  path: PathOf;
  /** The idempotency key's operation: the same key may be used once per operation. */
  operation: string;
  /** The request as sent, for its idempotency fingerprint (built only with a key). */
  sent: () => Record<string, unknown>;
}

/** Where a line's fields are in the caller's input, for error pointers. */
export type PathOf = (
  index: number,
  field: "type" | "id" | "barcode" | "newQty" | "expectedQty" | "siteId",
) => (string | number)[];

/**
 * One entity set to an absolute value, as PATCH and the single adjustment mutations send it: the
 * entity is named by the URL (REST) or its id field (GraphQL), so an unknown one is a plain 404.
 */
export function oneEntityRequest(ref: EntityRef, input: AdjustOneData): Request {
  const path: PathOf = (_i, field) =>
    field === "newQty" ? ["onHand"] : field === "expectedQty" ? ["expectedOnHand"] : [];
  const line = {
    type: ref.entityType,
    id: ref.id,
    newQty: input.onHand,
    expectedQty: input.expectedOnHand,
  };
  return {
    ...parseRequest(input, [line], path),
    path,
    operation: `${ref.entityType === "sku" ? "adjustSku" : "adjustSupplierItem"}:${ref.id}`,
    sent: () => ({
      ...headerAsSent(input),
      onHand: quantityAsSent(input.onHand),
      expectedOnHand: quantityAsSent(input.expectedOnHand),
    }),
  };
}

/** Up to MAX_LINES entities, each named by id or barcode, set to absolute values. */
export function bulkRequest(input: AdjustmentHeader & { lines: BulkLineData[] }): Request {
  const path: PathOf = (i, field) => ["lines", i, field];
  return {
    ...parseRequest(input, input.lines, path),
    path,
    operation: "bulkAdjust",
    sent: () => ({
      ...headerAsSent(input),
      lines: input.lines.map((l) => ({
        type: l.type ?? null,
        id: l.id ?? null,
        // Only when sent: a retry of a request made before barcodes existed keeps its fingerprint.
        ...(l.barcode !== undefined && l.barcode !== null ? { barcode: l.barcode } : {}),
        newQty: quantityAsSent(l.newQty),
        expectedQty: quantityAsSent(l.expectedQty),
        // Only when sent, as the header's site.
        ...(l.siteId !== undefined && l.siteId !== null ? { siteId: l.siteId } : {}),
      })),
    }),
  };
}

/** Checks everything that needs no database, reporting every problem at once. */
function parseRequest(
  header: AdjustmentHeader,
  lines: BulkLineData[],
  path: PathOf,
): Omit<Request, "path" | "operation" | "sent"> {
  const errors: FieldError[] = [];
  const reason = header.reason ?? "";
  if (!(ADJUSTMENT_REASONS as readonly string[]).includes(reason)) {
    const system = (SYSTEM_REASONS as readonly string[]).includes(reason);
    errors.push({
      path: ["reason"],
      code: "INVALID_REASON",
      message: !reason
        ? `reason is required: one of ${ADJUSTMENT_REASONS.join(", ")}`
        : system
          ? `"${reason}" is recorded by the system only; use one of ${ADJUSTMENT_REASONS.join(", ")}`
          : `unknown reason "${reason}"; use one of ${ADJUSTMENT_REASONS.join(", ")}`,
    });
  }
  const note = header.note?.trim() ? header.note : null;
  for (const field of ["note", "reference"] as const) {
    checkText(header[field], [field], TEXT_LIMITS[field], errors);
  }
  if (NOTE_REQUIRED_REASONS.has(reason) && !note) {
    errors.push({
      path: ["note"],
      code: "NOTE_REQUIRED",
      message: `a note is required for reason "${reason}"`,
    });
  }
  checkLineCount(lines.length, errors, "adjustment");

  const seen = new Map<string, number>();
  const parsed: Line[] = [];
  const refs: Request["refs"] = [];
  const byBarcode: Request["byBarcode"] = [];
  const lineSites: Request["lineSites"] = [];
  lines.forEach((line, i) => {
    const own = line.siteId ?? null;
    if (own !== null) lineSites.push({ index: i, siteId: own });
    const site: LineSite = own ?? header.siteId ?? "default";
    const entityType = lineEntityType(line.type, path(i, "type"), errors);
    if (entityType === null) return;
    const id = line.id ?? null;
    const rawBarcode = line.barcode ?? null;
    let barcode: Barcode | null = null;
    let fresh = false;
    if ((id === null) === (rawBarcode === null)) {
      errors.push({
        path: path(i, id === null ? "id" : "barcode"),
        code: "INVALID_PARAMETER",
        message: "name the entity by exactly one of id or barcode",
      });
    } else if (rawBarcode !== null) {
      barcode = parseBarcode(rawBarcode, path(i, "barcode"), errors);
    } else {
      // Entities named by barcode are checked for repeats once they are found, and all of them
      // again once every site is known by id.
      const key = stockKey({ entityType, id: id!, site });
      const first = seen.get(key);
      fresh = first === undefined;
      if (fresh) {
        seen.set(key, i);
        refs.push({ entityType, id: id!, index: i, by: "id", site });
      } else {
        errors.push({
          path: path(i, "id"),
          code: "DUPLICATE_LINE",
          message: `${entityType} ${id} is already on line ${first}`,
        });
      }
    }
    const newQty = parseQuantity(line.newQty, path(i, "newQty"));
    if (!newQty.ok) errors.push(newQty.error);
    const expectedQty = optionalQuantity(line.expectedQty, path(i, "expectedQty"), errors);
    // A barcode is looked up even when its line is bad, as an id is.
    const qty = newQty.ok ? newQty.value : null;
    if (barcode) byBarcode.push({ index: i, entityType, barcode, newQty: qty, expectedQty, site });
    else if (fresh && qty) {
      parsed.push({ index: i, entityType, id: id!, newQty: qty, expectedQty, site });
    }
  });
  // The sites the lines span, bounded before any is looked up (each is a statement of the
  // ledger's): refused as a whole, with what else the input shows, as too many lines are.
  const spanned = new Set(lines.map((l) => l.siteId ?? header.siteId ?? "default"));
  if (spanned.size > MAX_ADJUSTMENT_SITES) {
    throw AppError.fromFields([
      ...errors,
      {
        path: ["lines"],
        code: "TOO_MANY_SITES",
        message: `the lines may name at most ${MAX_ADJUSTMENT_SITES} sites per adjustment; they name ${spanned.size}`,
      },
    ]);
  }
  return {
    siteId: header.siteId ?? null,
    reason: reason as AdjustmentReasonValue,
    note,
    reference: header.reference ?? null,
    lines: parsed,
    refs,
    lineSites,
    byBarcode,
    errors,
  };
}

/** A line's (entity, site): what may be named once per request. */
export const stockKey = (ref: EntityRef & { site: LineSite }): string =>
  `${ref.site}:${entityKey(ref)}`;

/**
 * The request with every line's site by id, once the sites are held (`defaultId`: the
 * account's default, for lines naming none), and without the lines whose own site is refused
 * (`refused`: their indexes); lines then naming an entity at the same site twice are
 * DUPLICATE_LINE at the later one.
 */
export function withSites(
  request: Request,
  defaultId: number,
  refused: Set<number>,
): { request: Request; errors: FieldError[] } {
  const at = <T extends { site: LineSite; index: number }>(list: T[]) =>
    list
      .filter((l) => !refused.has(l.index))
      .map((l) => ({ ...l, site: l.site === "default" ? defaultId : l.site }));
  const sited = {
    ...request,
    lines: at(request.lines),
    refs: at(request.refs),
    byBarcode: at(request.byBarcode),
  };
  return refuseRepeats(sited, sited.refs);
}

/** The header of a request as sent, for its idempotency fingerprint. */
const headerAsSent = (h: AdjustmentHeader) => ({
  reason: h.reason ?? null,
  note: h.note ?? null,
  reference: h.reference ?? null,
  // Only when sent: a retry of a request made before sites existed keeps its fingerprint.
  ...(h.siteId !== undefined && h.siteId !== null ? { siteId: h.siteId } : {}),
});

/**
 * The request with each barcode line's entity named by id, found in one query (its barcode rows
 * held until commit, so the barcode stays where it was found): a barcode no entity of the line's
 * type has is BARCODE_NOT_FOUND; an entity named again, by id or by barcode, is DUPLICATE_LINE at
 * the later line.
 */
export async function resolveBarcodes(
  tx: Tx,
  accountId: number,
  request: Request,
): Promise<{ request: Request; errors: FieldError[] }> {
  if (request.byBarcode.length === 0) return { request, errors: [] };
  const { path } = request;
  const keys = request.byBarcode.map((l) => l.barcode.key);
  const owners = await barcodeOwners(tx, accountId, keys, { hold: true });
  const errors: FieldError[] = [];
  const found: Request["refs"] = [];
  const lines = new Map(request.lines.map((l) => [l.index, l]));
  for (const { barcode, ...line } of request.byBarcode) {
    const owner = owners.get(barcode.key);
    if (!owner || owner.entityType !== line.entityType) {
      const what = line.entityType === "sku" ? "SKU" : "supplier item";
      const message = `no ${what} has barcode "${barcode.code}"`;
      errors.push({ path: path(line.index, "barcode"), code: "BARCODE_NOT_FOUND", message });
      continue;
    }
    found.push({ ...owner, index: line.index, by: "barcode", site: line.site });
    if (line.newQty) lines.set(line.index, { ...line, newQty: line.newQty, id: owner.id });
  }
  // Lines by id were checked for repeats among themselves; now all of them, in the order sent.
  const repeats = refuseRepeats({ ...request, lines: [...lines.values()], byBarcode: [] }, [
    ...request.refs,
    ...found,
  ]);
  return { request: repeats.request, errors: [...errors, ...repeats.errors] };
}

/**
 * The request with `refs` as its references, each (entity, site) kept at its first line: a
 * later line naming it again is DUPLICATE_LINE and is dropped.
 */
function refuseRepeats(
  request: Request,
  candidates: Request["refs"],
): { request: Request; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  const refs: Request["refs"] = [];
  const lines = new Map(request.lines.map((l) => [l.index, l]));
  for (const ref of [...candidates].sort((a, b) => a.index - b.index)) {
    const first = seen.get(stockKey(ref));
    if (first === undefined) {
      seen.set(stockKey(ref), ref.index);
      refs.push(ref);
      continue;
    }
    const message = `${ref.entityType} ${ref.id} is already on line ${first}`;
    errors.push({ path: request.path(ref.index, ref.by), code: "DUPLICATE_LINE", message });
    lines.delete(ref.index);
  }
  const inOrder = [...lines.values()].sort((a, b) => a.index - b.index);
  return { request: { ...request, refs, lines: inOrder }, errors };
}

/** What is wrong given the current stock: unknown or linked entities, stale expected quantities. */
export function checkAgainstStock(
  request: Request,
  stockOf: (ref: EntityRef & { site: LineSite }) => LockedStock | undefined,
): FieldError[] {
  const { path } = request;
  const errors: FieldError[] = [];
  for (const ref of request.refs) {
    const current = stockOf(ref);
    if (!current) {
      const code = ref.entityType === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND";
      errors.push({ path: path(ref.index, ref.by), code, message: notFound(code, ref.id).message });
    } else if (current.linkedSkuId !== null) {
      errors.push({
        path: path(ref.index, ref.by),
        code: "LINKED_SUPPLIER_ITEM",
        message: `supplier item ${ref.id} is linked to SKU ${current.linkedSkuId}, which holds its stock: adjust SKU ${current.linkedSkuId} instead`,
      });
    }
  }
  for (const line of request.lines) {
    const current = stockOf(line);
    if (
      current &&
      current.linkedSkuId === null &&
      line.expectedQty &&
      !line.expectedQty.equals(current.onHand)
    ) {
      errors.push({
        path: path(line.index, "expectedQty"),
        code: "ON_HAND_CHANGED",
        message: `${line.entityType} ${line.id} has ${current.onHand.toFixed()} on hand, not the expected ${line.expectedQty.toFixed()}`,
      });
    }
  }
  return errors;
}
