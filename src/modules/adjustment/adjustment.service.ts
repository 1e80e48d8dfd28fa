// Stock adjustments: set stock to absolute values, one SKU (PATCH) or up to 10,000 lines (bulk).
// Every request is one adjustment record and one transaction: all lines apply or none does, and
// every bad line is reported, not just the first.
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction, retryingConflicts } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import { MAX_LINES, TEXT_LIMITS } from "../../limits.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import {
  applyStock,
  entityKey,
  lockStock,
  movementWritten,
  type EntityRef,
  type LockedStock,
  type StockChange,
} from "../../ledger/ledger.js";
import { Decimal, optionalQuantity, parseQuantity, quantityAsSent } from "../../quantity.js";
import { checkText } from "../../text.js";
import {
  ADJUSTMENT_REASONS,
  NOTE_REQUIRED_REASONS,
  SYSTEM_REASONS,
  type AdjustmentReasonValue,
} from "../../reasons.js";
import { loadSupplierItem } from "../catalog/catalog.service.js";
import { parseBarcode, type Barcode } from "../catalog/barcode.js";
import { barcodeOwners } from "../catalog/catalog.barcodes.js";
import { holdOffStarts } from "../../db/locks.js";
import type { CheckedChanges } from "../catalog/catalog.update.js";
import type { Sku, SupplierItem } from "../catalog/catalog.types.js";
import type { StockMovement } from "../movement/movement.types.js";
import type { StockAdjustment } from "./adjustment.types.js";
import { insertAdjustment, insertLines, setSkuAtOnce } from "./adjustment.sql.js";

export { MAX_LINES };
export { ADJUSTMENT_REASONS };

export interface AdjustmentHeader {
  reason?: string | null;
  note?: string | null;
  reference?: string | null;
}

/** A bulk line: its entity by type and exactly one of id or barcode. */
export interface BulkLineData {
  type: string;
  id?: number | null;
  barcode?: string | null;
  newQty: unknown;
  expectedQty?: unknown;
}

/** One entity (a SKU, or an unlinked supplier item) set to an absolute value. */
export interface AdjustOneData extends AdjustmentHeader {
  onHand: unknown;
  expectedOnHand?: unknown;
}

export interface SkuAdjustment {
  sku: Sku;
  movement: StockMovement | null;
}

export interface SupplierItemAdjustment {
  supplierItem: SupplierItem;
  movement: StockMovement | null;
}

interface Line {
  /** Position in the caller's list, for error pointers. */
  index: number;
  entityType: EntityType;
  id: number;
  newQty: Decimal;
  expectedQty: Decimal | null;
}

interface Request {
  reason: AdjustmentReasonValue;
  note: string | null;
  reference: string | null;
  /** The lines that passed every check that needs no database. */
  lines: Line[];
  /** Every distinct entity named by a line of a valid type, to look up even if its line is bad. */
  refs: (EntityRef & { index: number; by: "id" | "barcode" })[];
  /** Lines naming their entity by barcode (newQty null: a bad one), until resolveBarcodes finds it. */
  byBarcode: (Omit<Line, "id" | "newQty"> & { barcode: Barcode; newQty: Decimal | null })[];
  /** What is already known to be wrong; reported together with what the lookup finds. */
  errors: FieldError[];
}

/** Where a line's fields are in the caller's input, for error pointers. */
type PathOf = (
  index: number,
  field: "type" | "id" | "barcode" | "newQty" | "expectedQty",
) => (string | number)[];

/** Sets one SKU's on hand to an absolute value: one movement, or none when it already has that value. */
export function adjustSku(
  ctx: ServiceContext,
  skuId: number,
  input: AdjustOneData,
  idempotencyKey?: string,
): Promise<Idempotent<SkuAdjustment>> {
  // The SKU comes with its lock and the movement with its write: nothing is read again.
  return adjustOne(ctx, { entityType: "sku", id: skuId }, input, idempotencyKey, {
    skuRows: true,
    result: async (_tx, change, locked) => {
      const row = locked?.sku;
      if (!row) throw new Error("adjustSku: the SKU's row was not locked");
      const sku = {
        ...row,
        onHand: change.newQty,
        updatedAt: change.movement?.occurredAt ?? row.updatedAt,
      };
      return { sku, movement: change.movement };
    },
  });
}

/** Sets an unlinked supplier item's on hand to an absolute value (a linked one's stock is its SKU's). */
export function adjustSupplierItem(
  ctx: ServiceContext,
  itemId: number,
  input: AdjustOneData,
  idempotencyKey?: string,
): Promise<Idempotent<SupplierItemAdjustment>> {
  const ref = { entityType: "supplier_item", id: itemId } as const;
  return adjustOne(ctx, ref, input, idempotencyKey, {
    result: async (tx, change) => ({
      supplierItem: await loadSupplierItem(tx, ctx.principal.accountId, itemId),
      movement: change.movement,
    }),
  });
}

/**
 * Sets one entity to an absolute value: a one-line adjustment whose result is shaped by `result`
 * from the change made (with the movement written, if any) and the entity as locked; catalog
 * changes made by `result` in the same transaction are checked with the request (`changes`).
 */
export async function adjustOne<R>(
  ctx: ServiceContext,
  ref: EntityRef,
  input: AdjustOneData,
  idempotencyKey: string | undefined,
  shape: {
    skuRows?: boolean;
    /** Catalog changes made in the same transaction (by `result`), checked with the request. */
    changes?: { checked: CheckedChanges; errors: FieldError[] };
    result: (tx: Tx, change: StockChange, locked: LockedStock | undefined) => Promise<R>;
  },
): Promise<Idempotent<R>> {
  // The entity is named by the URL (REST) or its id field (GraphQL): an unknown one is a plain 404.
  const path: PathOf = (_i, field) =>
    field === "newQty" ? ["onHand"] : field === "expectedQty" ? ["expectedOnHand"] : [];
  const line = {
    type: ref.entityType,
    id: ref.id,
    newQty: input.onHand,
    expectedQty: input.expectedOnHand,
  };
  const request = parseRequest(input, [line], path);
  request.errors.push(...(shape.changes?.errors ?? []));
  const sent = () => ({
    ...headerAsSent(input),
    onHand: quantityAsSent(input.onHand),
    expectedOnHand: quantityAsSent(input.expectedOnHand),
    ...(shape.changes ? { changes: shape.changes.checked } : {}),
  });
  const atOnce = ref.entityType === "sku" && idempotencyKey === undefined && !shape.changes;
  if (atOnce && request.errors.length === 0) {
    const { change, locked } = await adjustSkuAtOnce(ctx, request, path);
    return { value: await shape.result(ctx.db, change, locked), replayed: false };
  }
  // Anything else is more than one statement: the token is checked in one of its own first.
  if (ctx.unverified) ctx = { ...ctx, principal: await ctx.unverified.authenticate() };
  const operation = `${ref.entityType === "sku" ? "adjustSku" : "adjustSupplierItem"}:${ref.id}`;
  return adjust(
    ctx,
    request,
    path,
    operation,
    sent,
    idempotencyKey,
    async (tx, _adjustment, changes, locked) => {
      const change = changes[0];
      if (!change) throw new Error("adjustOne: no change for the one line");
      return shape.result(tx, change, locked.get(entityKey(ref)));
    },
    {
      skuRows: shape.skuRows,
      // Activating a SKU or moving an entity holds starts off (see holdOffStarts), before its
      // row lock as they do: either can bring it into a start's scope.
      beforeLock:
        (ref.entityType === "sku" && shape.changes?.checked.active === true) ||
        shape.changes?.checked.location !== undefined
          ? (tx) => holdOffStarts(tx, ctx.principal.accountId)
          : undefined,
    },
  );
}

/**
 * A single SKU's adjustment sent without a key, in one statement (see setSkuAtOnce): the same
 * checks, writes and answer as `adjust`, in one round trip instead of five.
 */
async function adjustSkuAtOnce(
  ctx: ServiceContext,
  request: Request,
  path: PathOf,
): Promise<{ change: StockChange; locked: LockedStock | undefined }> {
  const line = request.lines[0];
  if (!line || request.lines.length !== 1) throw new Error("adjustSkuAtOnce: one line expected");
  const { accountId, actor } = ctx.principal;
  const details = { ...request, source: "adjustment" as const, actor };
  const { unverified } = ctx;
  const { sku: row, token } = await retryingConflicts(() =>
    setSkuAtOnce(
      ctx.db,
      accountId,
      line.id,
      line.newQty,
      line.expectedQty,
      details,
      unverified?.check,
    ),
  );
  // An unchecked token was checked by the statement, which did nothing unless it let it in.
  if (unverified) unverified.admit(unverified.check.outcome(token));
  const locked = new Map<string, LockedStock>();
  if (row) {
    const { id, code, name, active, createdAt, updatedAt, barcodes, location } = row;
    locked.set(entityKey(line), {
      entityType: "sku",
      id,
      onHand: new Decimal(row.onHand),
      linkedSkuId: null,
      sku: { id, code, name, active, createdAt, updatedAt, barcodes, location },
    });
  }
  const current = locked.get(entityKey(line));
  if (!row || !current || row.adjustmentId === null) {
    const errors = checkAgainstStock(request, locked, path);
    if (errors.length === 0) throw new Error("adjustSkuAtOnce: nothing written and nothing wrong");
    throw AppError.fromFields(errors);
  }
  const previousQty = current.onHand;
  const movement =
    row.movementId === null || row.occurredAt === null
      ? null
      : movementWritten(
          { ...line, previousQty },
          { id: row.movementId, occurred_at: row.occurredAt },
          { ...details, adjustmentId: row.adjustmentId },
        );
  const change: StockChange = {
    entityType: "sku",
    id: line.id,
    previousQty,
    newQty: line.newQty,
    change: line.newQty.minus(previousQty),
    movementId: movement?.id ?? null,
    movement,
  };
  return { change, locked: current };
}

/** Sets each line's entity to its absolute new quantity, all or nothing; unchanged lines write no movement. */
export async function bulkAdjust(
  ctx: ServiceContext,
  input: AdjustmentHeader & { lines: BulkLineData[] },
  idempotencyKey?: string,
): Promise<Idempotent<StockAdjustment>> {
  const path: PathOf = (i, field) => ["lines", i, field];
  const request = parseRequest(input, input.lines, path);
  const sent = () => ({
    ...headerAsSent(input),
    lines: input.lines.map((l) => ({
      type: l.type ?? null,
      id: l.id ?? null,
      // Only when sent: a retry of a request made before barcodes existed keeps its fingerprint.
      ...(l.barcode !== undefined && l.barcode !== null ? { barcode: l.barcode } : {}),
      newQty: quantityAsSent(l.newQty),
      expectedQty: quantityAsSent(l.expectedQty),
    })),
  });
  return adjust(
    ctx,
    request,
    path,
    "bulkAdjust",
    sent,
    idempotencyKey,
    async (_tx, adjustment) => adjustment,
  );
}

/**
 * One adjustment in one transaction: input problems are answered whatever the key; then the key
 * (replay or refusal); then, with the rows locked, what the stock says; then the write.
 */
async function adjust<T>(
  ctx: ServiceContext,
  request: Request,
  path: PathOf,
  operation: string,
  /** The request as sent, for its idempotency fingerprint (built only with a key). */
  sent: () => unknown,
  idempotencyKey: string | undefined,
  result: (
    tx: Tx,
    adjustment: StockAdjustment,
    changes: StockChange[],
    locked: Map<string, LockedStock>,
  ) => Promise<T>,
  {
    skuRows = false,
    beforeLock,
  }: { skuRows?: boolean; beforeLock?: (tx: Tx) => Promise<void> } = {},
): Promise<Idempotent<T>> {
  return inTransaction(ctx.db, (tx) => {
    let locked = new Map<string, LockedStock>();
    // Lines named by barcode are found afresh in each attempt (a retry may find them moved).
    let named = request;
    return idempotent(tx, ctx.principal.accountId, idempotencyKey, {
      operation,
      input: sent,
      inputErrors: request.errors,
      check: async () => {
        await beforeLock?.(tx);
        const found = await resolveBarcodes(tx, ctx.principal.accountId, request, path);
        named = found.request;
        locked = await lockStock(tx, ctx.principal.accountId, named.refs, { skuRows });
        return [...found.errors, ...checkAgainstStock(named, locked, path)];
      },
      run: async () => {
        const { adjustment, changes } = await apply(ctx, tx, named, locked);
        return result(tx, adjustment, changes, locked);
      },
    });
  });
}

/** Checks everything that needs no database, reporting every problem at once. */
function parseRequest(header: AdjustmentHeader, lines: BulkLineData[], path: PathOf): Request {
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
  if (lines.length === 0) {
    errors.push({
      path: ["lines"],
      code: "INVALID_PARAMETER",
      message: "at least one line is required",
    });
  }
  if (lines.length > MAX_LINES) {
    // Not worth checking line by line: say so with what is wrong with the header.
    throw AppError.fromFields([
      ...errors,
      {
        path: ["lines"],
        code: "TOO_MANY_LINES",
        message: `at most ${MAX_LINES} lines per adjustment; got ${lines.length}`,
      },
    ]);
  }

  const seen = new Map<string, number>();
  const parsed: Line[] = [];
  const refs: Request["refs"] = [];
  const byBarcode: Request["byBarcode"] = [];
  lines.forEach((line, i) => {
    if (line.type !== "sku" && line.type !== "supplier_item") {
      errors.push({
        path: path(i, "type"),
        code: "INVALID_PARAMETER",
        message: 'type must be "sku" or "supplier_item"',
      });
      return;
    }
    const entityType: EntityType = line.type;
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
      // Entities named by barcode are checked for repeats once they are found.
      const first = seen.get(`${entityType}:${id}`);
      fresh = first === undefined;
      if (fresh) {
        seen.set(`${entityType}:${id}`, i);
        refs.push({ entityType, id: id!, index: i, by: "id" });
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
    if (barcode) byBarcode.push({ index: i, entityType, barcode, newQty: qty, expectedQty });
    else if (fresh && qty) parsed.push({ index: i, entityType, id: id!, newQty: qty, expectedQty });
  });
  return {
    reason: reason as Request["reason"],
    note,
    reference: header.reference ?? null,
    lines: parsed,
    refs,
    byBarcode,
    errors,
  };
}

/**
 * The request with each barcode line's entity named by id, found in one query (its barcode rows
 * held until commit, so the barcode stays where it was found): a barcode no entity of the line's
 * type has is BARCODE_NOT_FOUND; an entity named again, by id or by barcode, is DUPLICATE_LINE at
 * the later line.
 */
async function resolveBarcodes(
  tx: Tx,
  accountId: number,
  request: Request,
  path: PathOf,
): Promise<{ request: Request; errors: FieldError[] }> {
  if (request.byBarcode.length === 0) return { request, errors: [] };
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
    found.push({ ...owner, index: line.index, by: "barcode" });
    if (line.newQty) lines.set(line.index, { ...line, newQty: line.newQty, id: owner.id });
  }
  // Lines by id were checked for repeats among themselves; now all of them, in the order sent.
  const seen = new Map<string, number>();
  const refs: Request["refs"] = [];
  for (const ref of [...request.refs, ...found].sort((a, b) => a.index - b.index)) {
    const first = seen.get(entityKey(ref));
    if (first === undefined) {
      seen.set(entityKey(ref), ref.index);
      refs.push(ref);
      continue;
    }
    const message = `${ref.entityType} ${ref.id} is already on line ${first}`;
    errors.push({ path: path(ref.index, ref.by), code: "DUPLICATE_LINE", message });
    lines.delete(ref.index);
  }
  const inOrder = [...lines.values()].sort((a, b) => a.index - b.index);
  return { request: { ...request, refs, lines: inOrder, byBarcode: [] }, errors };
}

/** Writes the record and the movements; the entities were locked and checked by `adjust`. */
async function apply(
  ctx: ServiceContext,
  tx: Tx,
  request: Request,
  locked: Map<string, LockedStock>,
): Promise<{ adjustment: StockAdjustment; changes: StockChange[] }> {
  const { accountId, actor } = ctx.principal;

  const adjustment = await insertAdjustment(tx, accountId, { ...request, actor });
  const changes = await applyStock(tx, accountId, locked, request.lines, {
    reason: request.reason,
    source: "adjustment",
    note: request.note,
    reference: request.reference,
    adjustmentId: adjustment.id,
    actor,
  });
  const lines = changes.map((c) => ({
    type: c.entityType,
    id: c.id,
    previousQty: c.previousQty,
    newQty: c.newQty,
    change: c.change,
    status: c.movementId === null ? ("unchanged" as const) : ("changed" as const),
    movementId: c.movementId,
  }));
  await insertLines(tx, accountId, adjustment.id, lines);
  return {
    adjustment: {
      id: adjustment.id,
      reason: request.reason,
      note: request.note,
      reference: request.reference,
      createdAt: adjustment.created_at,
      actor: { name: actor.name, tokenId: actor.tokenId },
      lines,
    },
    changes,
  };
}

/** The header of a request as sent, for its idempotency fingerprint. */
const headerAsSent = (h: AdjustmentHeader) => ({
  reason: h.reason ?? null,
  note: h.note ?? null,
  reference: h.reference ?? null,
});

/** What is wrong given the current stock: unknown or linked entities, stale expected quantities. */
function checkAgainstStock(
  request: Request,
  locked: Map<string, LockedStock>,
  path: PathOf,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const ref of request.refs) {
    const current = locked.get(entityKey(ref));
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
    const current = locked.get(entityKey(line));
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
