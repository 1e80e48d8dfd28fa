// A transfer's requests, checked before any database work (every problem at once): a dispatch's
// sites and lines, a receipt's lines; each with its idempotency fingerprint as sent.
import type { FieldError } from "../../errors.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { entityKey } from "../../ledger/ledger.js";
import { checkLineCount, lineEntityType } from "../../lines.js";
import { TEXT_LIMITS } from "../../limits.js";
import { Decimal, parseQuantity, quantityAsSent } from "../../quantity.js";
import { checkText } from "../../text.js";

/** A line as either transport sends it: an entity by type and id, and a quantity. */
export interface TransferLineData {
  type: string;
  id: number;
  qty: unknown;
}

/** A transfer to dispatch (and, with receive, to receive at once). */
export interface CreateTransferData {
  fromSiteId: number;
  toSiteId: number;
  reference?: string | null;
  note?: string | null;
  /** true: received at the destination in the same transaction (a move within a building). */
  receive?: boolean | null;
  lines: TransferLineData[];
}

/** A receipt: what arrived per line (absent: everything still in transit), and whether to close. */
export interface ReceiveTransferData {
  lines?: TransferLineData[] | null;
  /** true: what is still in transit after this receipt is written off as lost (transfer_loss). */
  close?: boolean | null;
  note?: string | null;
}

export interface QtyLine {
  /** Position in the caller's list, for error pointers. */
  index: number;
  entityType: EntityType;
  id: number;
  qty: Decimal;
}

export interface Dispatch {
  fromSiteId: number;
  toSiteId: number;
  reference: string | null;
  note: string | null;
  receive: boolean;
  /** The lines that passed every check that needs no database. */
  lines: QtyLine[];
  errors: FieldError[];
  sent: () => Record<string, unknown>;
}

export interface Receipt {
  /** null: everything still in transit arrived. */
  lines: QtyLine[] | null;
  close: boolean;
  note: string | null;
  errors: FieldError[];
  sent: () => Record<string, unknown>;
}

/** A dispatch's input checked: two different sites, 1 to MAX_LINES lines, each once, qty > 0. */
export function dispatchRequest(input: CreateTransferData): Dispatch {
  const errors: FieldError[] = [];
  checkText(input.reference, ["reference"], TEXT_LIMITS.reference, errors);
  checkText(input.note, ["note"], TEXT_LIMITS.note, errors);
  if (input.fromSiteId === input.toSiteId) {
    errors.push({
      path: ["toSiteId"],
      code: "SAME_SITE",
      message: `a transfer moves stock between two sites; both name site ${input.toSiteId}`,
    });
  }
  const lines = parseLines(input.lines, { positive: true }, errors);
  return {
    fromSiteId: input.fromSiteId,
    toSiteId: input.toSiteId,
    reference: input.reference ?? null,
    note: input.note?.trim() ? input.note : null,
    receive: input.receive ?? false,
    lines,
    errors,
    sent: () => ({
      fromSiteId: input.fromSiteId,
      toSiteId: input.toSiteId,
      reference: input.reference ?? null,
      note: input.note ?? null,
      receive: input.receive ?? false,
      lines: linesAsSent(input.lines),
    }),
  };
}

/** A receipt's input checked: its lines (when given) each once, qty ≥ 0. */
export function receiptRequest(input: ReceiveTransferData): Receipt {
  const errors: FieldError[] = [];
  checkText(input.note, ["note"], TEXT_LIMITS.note, errors);
  const lines =
    input.lines === null || input.lines === undefined
      ? null
      : parseLines(input.lines, { positive: false }, errors);
  return {
    lines,
    close: input.close ?? false,
    note: input.note?.trim() ? input.note : null,
    errors,
    sent: () => ({
      lines: input.lines ? linesAsSent(input.lines) : null,
      close: input.close ?? false,
      note: input.note ?? null,
    }),
  };
}

/** Where a line's field is in the caller's input. */
export const linePath = (index: number, field: "type" | "id" | "qty") => ["lines", index, field];

function parseLines(
  lines: TransferLineData[],
  { positive }: { positive: boolean },
  errors: FieldError[],
): QtyLine[] {
  checkLineCount(lines.length, errors, "request");
  const seen = new Map<string, number>();
  const parsed: QtyLine[] = [];
  lines.forEach((line, i) => {
    const entityType = lineEntityType(line.type, linePath(i, "type"), errors);
    if (entityType === null) return;
    const key = entityKey({ entityType, id: line.id });
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        path: linePath(i, "id"),
        code: "DUPLICATE_LINE",
        message: `${entityType} ${line.id} is already on line ${first}`,
      });
      return;
    }
    seen.set(key, i);
    const qty = parseQuantity(line.qty, linePath(i, "qty"));
    if (!qty.ok) {
      errors.push(qty.error);
      return;
    }
    if (positive && qty.value.isZero()) {
      errors.push({
        path: linePath(i, "qty"),
        code: "INVALID_QUANTITY",
        message: "must be more than 0",
      });
      return;
    }
    parsed.push({ index: i, entityType, id: line.id, qty: qty.value });
  });
  return parsed;
}

const linesAsSent = (lines: TransferLineData[]) =>
  lines.map((l) => ({ type: l.type ?? null, id: l.id ?? null, qty: quantityAsSent(l.qty) }));
