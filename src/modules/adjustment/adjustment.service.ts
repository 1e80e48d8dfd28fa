// Stock adjustments: set stock to absolute values, one SKU (PATCH) or up to 10,000 lines (bulk).
// Every request is one adjustment record and one transaction: all lines apply or none does, and
// every bad line is reported, not just the first.
import type { Tx } from "../../db/client.js";
import { idempotent, type Idempotent } from "../../db/idempotency.js";
import { inTransaction } from "../../db/transaction.js";
import type { ServiceContext } from "../../context.js";
import { AppError, notFound, type FieldError } from "../../errors.js";
import type { EntityType, StockReason } from "../../generated/prisma/enums.js";
import { applyStock, entityKey, lockStock, type LockedStock } from "../../ledger/ledger.js";
import { parseQuantity, type Decimal } from "../../quantity.js";
import { loadSku } from "../catalog/catalog.service.js";
import type { Sku } from "../catalog/catalog.types.js";
import { movementsByIds } from "../movement/movement.service.js";
import type { StockMovement } from "../movement/movement.types.js";
import type { StockAdjustment } from "./adjustment.types.js";

export const MAX_LINES = 10_000;
export const ADJUSTMENT_REASONS = [
  "manual",
  "error",
  "correction",
  "damaged",
  "lost",
  "found",
  "theft",
  "expired",
  "returned",
  "received",
] as const;
const NOTE_REQUIRED_FOR = new Set(["manual", "error"]);

export interface AdjustmentHeader {
  reason?: string | null;
  note?: string | null;
  reference?: string | null;
}

export interface BulkLineData {
  type: string;
  id: number;
  newQty: unknown;
  expectedQty?: unknown;
}

export interface AdjustSkuData extends AdjustmentHeader {
  onHand: unknown;
  expectedOnHand?: unknown;
}

export interface SkuAdjustment {
  sku: Sku;
  movement: StockMovement | null;
}

interface Line {
  entityType: EntityType;
  id: number;
  newQty: Decimal;
  expectedQty: Decimal | null;
}

interface Request {
  reason: Exclude<StockReason, "stock_take" | "opening_balance">;
  note: string | null;
  reference: string | null;
  lines: Line[];
}

/** Where a line's fields are in the caller's input, for error pointers. */
type PathOf = (
  index: number,
  field: "type" | "id" | "newQty" | "expectedQty",
) => (string | number)[];

/** Sets one SKU's on hand to an absolute value: one movement, or none when it already has that value. */
export async function adjustSku(
  ctx: ServiceContext,
  skuId: number,
  input: AdjustSkuData,
  idempotencyKey?: string,
): Promise<Idempotent<SkuAdjustment>> {
  // The SKU is named by the URL (REST) or skuId (GraphQL): an unknown one is a plain 404.
  const path: PathOf = (_i, field) =>
    field === "newQty" ? ["onHand"] : field === "expectedQty" ? ["expectedOnHand"] : [];
  const request = parseRequest(
    input,
    [{ type: "sku", id: skuId, newQty: input.onHand, expectedQty: input.expectedOnHand }],
    path,
  );
  return inTransaction(ctx.db, (tx) =>
    idempotent(
      tx,
      ctx.principal.accountId,
      idempotencyKey,
      { operation: `adjustSku:${skuId}`, input: request },
      async () => {
        const adjustment = await apply(ctx, tx, request, path);
        const line = adjustment.lines[0];
        const movements = await movementsByIds(
          tx,
          ctx.principal.accountId,
          line?.movementId ? [line.movementId] : [],
        );
        return {
          sku: await loadSku(tx, ctx.principal.accountId, skuId),
          movement: line?.movementId ? (movements.get(line.movementId) ?? null) : null,
        };
      },
    ),
  );
}

/** Sets each line's entity to its absolute new quantity, all or nothing; unchanged lines write no movement. */
export async function bulkAdjust(
  ctx: ServiceContext,
  input: AdjustmentHeader & { lines: BulkLineData[] },
  idempotencyKey?: string,
): Promise<Idempotent<StockAdjustment>> {
  const path: PathOf = (i, field) => ["lines", i, field];
  const request = parseRequest(input, input.lines, path);
  return inTransaction(ctx.db, (tx) =>
    idempotent(
      tx,
      ctx.principal.accountId,
      idempotencyKey,
      { operation: "bulkAdjust", input: request },
      () => apply(ctx, tx, request, path),
    ),
  );
}

/** Checks everything that needs no database, reporting every problem at once. */
function parseRequest(header: AdjustmentHeader, lines: BulkLineData[], path: PathOf): Request {
  const errors: FieldError[] = [];
  const reason = header.reason ?? "";
  if (!(ADJUSTMENT_REASONS as readonly string[]).includes(reason)) {
    const system = reason === "stock_take" || reason === "opening_balance";
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
  if (NOTE_REQUIRED_FOR.has(reason) && !note) {
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
    throw new AppError(
      "TOO_MANY_LINES",
      `at most ${MAX_LINES} lines per adjustment; got ${lines.length}`,
      [{ path: ["lines"], code: "TOO_MANY_LINES", message: `at most ${MAX_LINES} lines` }],
    );
  }

  const seen = new Map<string, number>();
  const parsed: Line[] = [];
  lines.forEach((line, i) => {
    if (line.type !== "sku" && line.type !== "supplier_item") {
      errors.push({
        path: path(i, "type"),
        code: "INVALID_PARAMETER",
        message: 'type must be "sku" or "supplier_item"',
      });
      return;
    }
    const key = `${line.type}:${line.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        path: path(i, "id"),
        code: "DUPLICATE_LINE",
        message: `${line.type} ${line.id} is already on line ${first}`,
      });
    } else {
      seen.set(key, i);
    }
    const newQty = parseQuantity(line.newQty, path(i, "newQty"));
    if (!newQty.ok) errors.push(newQty.error);
    let expectedQty: Decimal | null = null;
    if (line.expectedQty !== undefined && line.expectedQty !== null) {
      const expected = parseQuantity(line.expectedQty, path(i, "expectedQty"));
      if (expected.ok) expectedQty = expected.value;
      else errors.push(expected.error);
    }
    if (newQty.ok)
      parsed.push({ entityType: line.type, id: line.id, newQty: newQty.value, expectedQty });
  });
  if (errors.length > 0) throw AppError.fromFields(errors);
  return {
    reason: reason as Request["reason"],
    note,
    reference: header.reference ?? null,
    lines: parsed,
  };
}

/** Locks every entity, checks what needs the current state, then writes the record and the movements. */
async function apply(
  ctx: ServiceContext,
  tx: Tx,
  request: Request,
  path: PathOf,
): Promise<StockAdjustment> {
  const { accountId, actor } = ctx.principal;
  const locked = await lockStock(tx, accountId, request.lines);
  checkAgainstStock(request.lines, locked, path);

  const adjustment = await tx.stockAdjustment.create({
    data: {
      accountId,
      reason: request.reason,
      note: request.note,
      reference: request.reference,
      actorName: actor.name,
      actorTokenId: actor.tokenId,
    },
  });
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
  await tx.stockAdjustmentLine.createMany({
    data: lines.map((l, lineNo) => ({
      accountId,
      adjustmentId: adjustment.id,
      lineNo,
      entityType: l.type,
      skuId: l.type === "sku" ? l.id : null,
      supplierItemId: l.type === "supplier_item" ? l.id : null,
      previousQty: l.previousQty,
      newQty: l.newQty,
      change: l.change,
      status: l.status,
      movementId: l.movementId === null ? null : BigInt(l.movementId),
    })),
  });
  return {
    id: adjustment.id,
    reason: request.reason,
    note: request.note,
    reference: request.reference,
    createdAt: adjustment.createdAt,
    actor: { name: actor.name, tokenId: actor.tokenId },
    lines,
  };
}

function checkAgainstStock(lines: Line[], locked: Map<string, LockedStock>, path: PathOf): void {
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    const current = locked.get(entityKey(line));
    if (!current) {
      const { message } = notFound(
        line.entityType === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND",
        line.id,
      );
      errors.push({
        path: path(i, "id"),
        code: line.entityType === "sku" ? "SKU_NOT_FOUND" : "SUPPLIER_ITEM_NOT_FOUND",
        message,
      });
    } else if (current.linkedSkuId !== null) {
      errors.push({
        path: path(i, "id"),
        code: "LINKED_SUPPLIER_ITEM",
        message: `supplier item ${line.id} is linked to SKU ${current.linkedSkuId}, which holds its stock: adjust SKU ${current.linkedSkuId} instead`,
      });
    } else if (line.expectedQty && !line.expectedQty.equals(current.onHand)) {
      errors.push({
        path: path(i, "expectedQty"),
        code: "ON_HAND_CHANGED",
        message: `${line.entityType} ${line.id} has ${current.onHand.toFixed()} on hand, not the expected ${line.expectedQty.toFixed()}`,
      });
    }
  });
  if (errors.length === 0) return;
  // A stale expected quantity is a conflict (409) only when nothing else is wrong.
  errors.sort(
    (a, b) => Number(a.code === "ON_HAND_CHANGED") - Number(b.code === "ON_HAND_CHANGED"),
  );
  throw AppError.fromFields(errors);
}
