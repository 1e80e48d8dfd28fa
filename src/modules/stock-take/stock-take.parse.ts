// Checks on stock take requests that need no database, each reporting every problem at once.
import { parseUnitCost } from "../../money.js";
import { AppError, type FieldError } from "../../errors.js";
import { parseLocation } from "../catalog/location.js";
import { MAX_COUNTS, MAX_ID, MAX_SCOPE_IDS, TEXT_LIMITS } from "../../limits.js";
import { FILTER_DATE_RANGE } from "../../dates.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { parseQuantity, type Decimal } from "../../quantity.js";
import { checkText } from "../../text.js";
import { parseBarcode } from "../catalog/barcode.js";

export { MAX_COUNTS, MAX_SCOPE_IDS };
/** The orders a stock take's lines are listed in (GraphQL's LineOrder). */
export const LINE_ORDERS = ["walk", "difference", "value"] as const;
export const STATUSES = ["open", "counting", "reconciled", "cancelled"] as const;
export const LINE_STATES = ["uncounted", "counted", "accepted", "applied"] as const;
export type LineOrderValue = (typeof LINE_ORDERS)[number];

export const BASES = ["freeze", "count_time"] as const;
export const MODES = ["set", "add"] as const;
export const DEFAULT_TOLERANCE = { abs: 1, pct: 2 } as const;

export type Basis = (typeof BASES)[number];
export type Mode = (typeof MODES)[number];
export type Path = (string | number)[];

/**
 * An entity as a client names it: type and id, type and code (a supplier item's code with its
 * supplier), or type and barcode.
 */
export interface EntityRefData {
  type: string;
  id?: number | null;
  code?: string | null;
  supplier?: string | null;
  barcode?: string | null;
}

export interface ParsedRef {
  index: number;
  type: EntityType;
  id: number | null;
  code: string | null;
  supplier: string | null;
  /** The barcode as sent (trimmed) and its lookup key. */
  barcode: { code: string; key: string } | null;
}

/** The field a reference named its entity by, where a problem with the entity is reported. */
export const namedBy = (r: ParsedRef): "id" | "code" | "barcode" =>
  r.id !== null ? "id" : r.barcode !== null ? "barcode" : "code";

export const describeRef = (r: ParsedRef): string =>
  r.id !== null
    ? `${r.type} ${r.id}`
    : r.barcode !== null
      ? `${r.type === "sku" ? "SKU" : "supplier item"} with barcode "${r.barcode.code}"`
      : r.type === "sku"
        ? `SKU "${r.code}"`
        : `supplier item "${r.code}" of "${r.supplier}"`;

const err = (path: Path, message: string, code: FieldError["code"] = "INVALID_PARAMETER") => ({
  path,
  code,
  message,
});

export function parseBasis(value: string | null | undefined, errors: FieldError[]): Basis {
  if (value === undefined || value === null) return "freeze";
  if ((BASES as readonly string[]).includes(value)) return value as Basis;
  errors.push(err(["basis"], `basis must be one of ${BASES.join(", ")}`));
  return "freeze";
}

/** Ids of one scope list: positive integers, each once. */
export function parseIds(
  ids: number[] | null | undefined,
  path: Path,
  errors: FieldError[],
): number[] | null {
  if (ids === undefined || ids === null) return null;
  if (ids.length > MAX_SCOPE_IDS) {
    throw new AppError("TOO_MANY_LINES", `at most ${MAX_SCOPE_IDS} ids per scope list`, [
      err(path, `at most ${MAX_SCOPE_IDS} ids`, "TOO_MANY_LINES"),
    ]);
  }
  const seen = new Map<number, number>();
  ids.forEach((id, i) => {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      errors.push(err([...path, i], "must be a positive integer id"));
      return;
    }
    const first = seen.get(id);
    if (first !== undefined)
      errors.push(err([...path, i], `${id} is already at ${first}`, "DUPLICATE_LINE"));
    else seen.set(id, i);
  });
  return [...seen.keys()];
}

/**
 * An entity reference: a valid type and exactly one of id, code (a supplier item's code with its
 * supplier) or barcode.
 */
export function parseRef(
  ref: EntityRefData,
  index: number,
  path: (field: string) => Path,
  errors: FieldError[],
): ParsedRef | null {
  const before = errors.length;
  if (ref.type !== "sku" && ref.type !== "supplier_item") {
    errors.push(err(path("type"), 'type must be "sku" or "supplier_item"'));
  }
  const id = ref.id ?? null;
  const code = ref.code ?? null;
  const supplier = ref.supplier ?? null;
  if (id !== null && (!Number.isInteger(id) || id < 1 || id > MAX_ID)) {
    errors.push(err(path("id"), "must be a positive integer id"));
  }
  const rawBarcode = ref.barcode ?? null;
  const named = [id, code, rawBarcode].filter((v) => v !== null).length;
  let barcode: ParsedRef["barcode"] = null;
  if (named !== 1) {
    errors.push(
      // None: point at id; several: at the last one named.
      err(
        path(rawBarcode !== null ? "barcode" : code !== null && id !== null ? "code" : "id"),
        "name the entity by exactly one of id, code or barcode",
      ),
    );
  } else if (rawBarcode !== null) {
    barcode = parseBarcode(rawBarcode, path("barcode"), errors);
  } else if (code !== null) {
    if (code === "" || code.length > TEXT_LIMITS.code)
      errors.push(err(path("code"), `must be 1 to ${TEXT_LIMITS.code} characters`));
    else checkText(code, path("code"), TEXT_LIMITS.code, errors);
    if (ref.type === "supplier_item" && !supplier)
      errors.push(err(path("supplier"), "a supplier item named by code needs its supplier"));
    checkText(supplier, path("supplier"), TEXT_LIMITS.supplier, errors);
  }
  if (errors.length > before) return null;
  return {
    index,
    type: ref.type as EntityType,
    id,
    code: id === null ? code : null,
    supplier: code !== null && ref.type === "supplier_item" ? supplier : null,
    barcode,
  };
}

export interface CountData extends EntityRefData {
  countedQty: unknown;
  mode?: string | null;
  countedAt?: string | Date | null;
  /** Where the counter found it, when not where the catalog says. */
  foundLocation?: string | null;
}

export interface ParsedCount extends ParsedRef {
  quantity: Decimal;
  mode: Mode;
  /** null: when the count was received, by the database's clock (as the ledger's times are). */
  countedAt: Date | null;
  /** Where it was found; undefined: not said (blank: null, found where it is recorded). */
  foundLocation: string | null | undefined;
}

/** How far ahead of the server's clock a counted_at may be (device clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** The counts of one input request, all checked; `path` says where each field is for the caller. */
export function parseCounts(
  counts: (CountData | null)[],
  path: (index: number, field: string) => Path,
  receivedAt: Date,
  errors: FieldError[],
): { counts: ParsedCount[]; refs: ParsedRef[] } {
  if (counts.length > MAX_COUNTS) {
    throw new AppError(
      "TOO_MANY_LINES",
      `at most ${MAX_COUNTS} counts per request; got ${counts.length}`,
      [err(["counts"], `at most ${MAX_COUNTS} counts`, "TOO_MANY_LINES")],
    );
  }
  if (counts.length === 0) errors.push(err(["counts"], "at least one count is required"));
  const parsed: ParsedCount[] = [];
  const refs: ParsedRef[] = [];
  counts.forEach((count, i) => {
    if (count === null) return; // refused by the transport, already in errors
    const ref = parseRef(count, i, (f) => path(i, f), errors);
    if (ref) refs.push(ref);
    const quantity = parseQuantity(count.countedQty, path(i, "countedQty"));
    if (!quantity.ok) errors.push(quantity.error);
    const mode = count.mode ?? "set";
    if (!(MODES as readonly string[]).includes(mode))
      errors.push(err(path(i, "mode"), `mode must be one of ${MODES.join(", ")}`));
    const countedAt = parseCountedAt(count.countedAt, receivedAt, path(i, "countedAt"), errors);
    const before = errors.length;
    const foundLocation = parseLocation(count.foundLocation, path(i, "foundLocation"), errors);
    if (
      ref &&
      quantity.ok &&
      countedAt !== undefined &&
      errors.length === before &&
      (MODES as readonly string[]).includes(mode)
    ) {
      parsed.push({
        ...ref,
        quantity: quantity.value,
        mode: mode as Mode,
        countedAt,
        foundLocation,
      });
    }
  });
  return { counts: parsed, refs };
}

/** Errors in the order of the items they are about; request-level ones first. */
export function inItemOrder(errors: FieldError[]): FieldError[] {
  const rank = (e: FieldError) => (typeof e.path[1] === "number" ? e.path[1] + 1 : 0);
  return [...errors].sort((a, b) => rank(a) - rank(b));
}

/** A count's counted_at: null when absent (the time received), undefined when refused. */
function parseCountedAt(
  value: string | Date | null | undefined,
  receivedAt: Date,
  path: Path,
  errors: FieldError[],
): Date | null | undefined {
  if (value === undefined || value === null) return null;
  const at = value instanceof Date ? value : TIMESTAMP.test(value) ? new Date(value) : null;
  // Bounded like filter dates: year 0 and the like would fail in PostgreSQL (a 500).
  const year = at?.getUTCFullYear();
  if (
    !at ||
    year === undefined ||
    Number.isNaN(year) ||
    year < FILTER_DATE_RANGE.firstYear ||
    year > FILTER_DATE_RANGE.lastYear
  ) {
    const { firstYear, lastYear } = FILTER_DATE_RANGE;
    errors.push(
      err(path, `must be an RFC 3339 timestamp in the years ${firstYear} to ${lastYear}`),
    );
    return undefined;
  }
  if (at.getTime() > receivedAt.getTime() + CLOCK_SKEW_MS) {
    errors.push(err(path, "must not be in the future"));
    return undefined;
  }
  return at;
}

export interface ToleranceData {
  abs?: unknown;
  pct?: unknown;
  /** In money: a line's difference valued, absolute (the costs scope's). */
  maxValue?: unknown;
  /** In money: the value as a percent of the line's expected value (the costs scope's). */
  maxValuePct?: unknown;
}

/** A tolerance as the review applies it; the money bounds are null when not sent. */
export interface Tolerance {
  abs: Decimal;
  pct: Decimal;
  maxValue: Decimal | null;
  maxValuePct: Decimal | null;
}

/**
 * The safe-accept tolerance (a review's `tolerance`, or a start's `autoAccept`, named by `at` in
 * errors): abs ≥ 0 (a quantity), 0 ≤ pct ≤ 100; defaults abs 1, pct 2.
 */
export function parseTolerance(
  tolerance: ToleranceData | null | undefined,
  errors: FieldError[],
  at: "tolerance" | "autoAccept" = "tolerance",
): Tolerance {
  const part = (field: "abs" | "pct", max?: number): Decimal => {
    const value = (tolerance?.[field] ?? DEFAULT_TOLERANCE[field]) as unknown;
    const parsed = parseQuantity(value, [at, field]);
    if (!parsed.ok || (max !== undefined && parsed.value.greaterThan(max))) {
      errors.push(
        err(
          [at, field],
          `must be a number from 0${max !== undefined ? ` to ${max}` : ""}, at most 3 decimal places`,
        ),
      );
      return decimalOf(field);
    }
    return parsed.value;
  };
  const money = (field: "maxValue" | "maxValuePct", max?: number): Decimal | null => {
    const value = tolerance?.[field];
    if (value === undefined || value === null) return null;
    const sent: FieldError[] = [];
    const parsed = parseUnitCost(value, [at, field], sent);
    if (!parsed || sent.length > 0 || (max !== undefined && parsed.greaterThan(max))) {
      const range = max !== undefined ? `0 to ${max}` : "0 to below 10^10";
      errors.push(err([at, field], `must be a number from ${range}, at most 4 decimals`));
      return null;
    }
    return parsed;
  };
  return {
    abs: part("abs"),
    pct: part("pct", 100),
    maxValue: money("maxValue"),
    maxValuePct: money("maxValuePct", 100),
  };
}

const decimalOf = (field: "abs" | "pct"): Decimal => {
  const parsed = parseQuantity(DEFAULT_TOLERANCE[field], []);
  if (!parsed.ok) throw new Error("default tolerance is not a quantity");
  return parsed.value;
};

/** A list filter's value when it is one of `allowed` (null when absent); else INVALID_PARAMETER. */
export function oneOf<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
  field: string,
): T | null {
  if (value === undefined || value === null) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const message = `${field} must be one of ${allowed.join(", ")}`;
  throw new AppError("INVALID_PARAMETER", message, [
    { path: [field], code: "INVALID_PARAMETER", message },
  ]);
}
