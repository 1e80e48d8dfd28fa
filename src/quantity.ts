import { Prisma } from "./db/client.js";
import type { FieldError } from "./errors.js";

export type Decimal = Prisma.Decimal;
export const Decimal = Prisma.Decimal;

/** Every quantity is below this (NUMERIC(14,3)). */
export const MAX_QUANTITY = new Prisma.Decimal("1e11");
const MAX_FRACTION_DIGITS = 3;

/**
 * Turns a client's quantity (a JSON number or a decimal string) into an exact Decimal, or says
 * what is wrong with it. Quantities are 0 <= q < 10^11 with at most 3 fractional digits.
 */
export function parseQuantity(
  value: unknown,
  path: (string | number)[],
): { ok: true; value: Decimal } | { ok: false; error: FieldError } {
  const fail = (message: string) =>
    ({ ok: false, error: { path, code: "INVALID_QUANTITY", message } }) as const;
  let d: Decimal;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return fail("must be a finite number");
    // String() gives the shortest representation that round-trips, i.e. what the client wrote.
    d = new Prisma.Decimal(String(value));
  } else if (value instanceof Prisma.Decimal) {
    d = value;
  } else if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value)) {
    d = new Prisma.Decimal(value);
  } else {
    return fail("must be a number");
  }
  if (d.isNegative()) return fail("must not be negative");
  if (d.decimalPlaces() > MAX_FRACTION_DIGITS) return fail("has more than 3 decimal places");
  if (d.greaterThanOrEqualTo(MAX_QUANTITY)) return fail("must be less than 100000000000");
  return { ok: true, value: d };
}

/** A Decimal as a JSON number; exact, since a quantity has at most 14 significant digits. */
export const quantityToNumber = (d: Decimal): number => Number(d.toFixed());

/** An optional quantity: null when absent, else parsed, with a problem added to `errors`. */
export function optionalQuantity(
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): Decimal | null {
  if (value === undefined || value === null) return null;
  const parsed = parseQuantity(value, path);
  if (parsed.ok) return parsed.value;
  errors.push(parsed.error);
  return null;
}

/**
 * A quantity as sent, for idempotency fingerprints: its exact decimal text when valid (5, 5.0 and
 * "5" are one request), else as is.
 */
export function quantityAsSent(value: unknown): unknown {
  const parsed = parseQuantity(value, []);
  return parsed.ok ? parsed.value.toFixed() : (value ?? null);
}
