import { Prisma } from "./db/client.js";
import type { FieldError } from "./errors.js";

export type Decimal = Prisma.Decimal;
export const Decimal = Prisma.Decimal;

/** Every quantity is below this (NUMERIC(14,3)). */
export const MAX_QUANTITY = new Prisma.Decimal("1e11");
const MAX_FRACTION_DIGITS = 3;

/**
 * The exact decimal a number's text denotes (JSON's number grammar, leading zeros allowed as a
 * spreadsheet writes them: `5`, `-0`, `0.250`, `1E-1`, `007`), or null when it is not one. An
 * exponent past ±10^6 is held at that: a value so far beyond every bound is judged the same, and
 * `1e-99999999999999999999` does not underflow to a zero it is not.
 */
export function decimalOfText(text: string): Decimal | null {
  const parts = NUMBER_TEXT.exec(text);
  if (!parts) return null;
  const [, sign, integer, fraction, exponent] = parts;
  let power = exponent ?? "0";
  if (power.replace(/^[+-]?0*/, "").length > 6)
    power = power.startsWith("-") ? "-1000000" : "1000000";
  // The constructor keeps every digit (arithmetic would round to Decimal's precision).
  return new Prisma.Decimal(`${sign}${integer}${fraction ? `.${fraction}` : ""}e${power}`);
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Turns a client's quantity (a JSON number, a number's text from a CSV cell or a GraphQL literal,
 * or a Decimal) into an exact Decimal, or says what is wrong with it. Quantities are
 * 0 <= q < 10^11 with at most 3 fractional digits, judged on the decimal the text denotes: `1e2`
 * is 100 and `1E-1` is 0.1, wherever they come from. `-0` is 0 everywhere: it denotes zero, and
 * serializers and spreadsheets write it for a zero that came out of arithmetic.
 */
export function parseQuantity(
  value: unknown,
  path: (string | number)[],
): { ok: true; value: Decimal } | { ok: false; error: FieldError } {
  const fail = (message: string) =>
    ({ ok: false, error: { path, code: "INVALID_QUANTITY", message } }) as const;
  let d: Decimal | null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return fail("must be a finite number");
    // String() gives the shortest text that round-trips, i.e. what the client wrote: the JSON
    // body parser (src/http/json-body.ts) keeps that true of the numbers a double cannot hold.
    d = new Prisma.Decimal(String(value));
  } else if (value instanceof Prisma.Decimal) {
    d = value;
  } else {
    d = typeof value === "string" ? decimalOfText(value) : null;
    if (!d) return fail("must be a number");
  }
  if (d.isZero()) d = ZERO;
  if (d.isNegative()) return fail("must not be negative");
  if (d.decimalPlaces() > MAX_FRACTION_DIGITS) return fail("has more than 3 decimal places");
  if (d.greaterThanOrEqualTo(MAX_QUANTITY)) return fail("must be less than 100000000000");
  return { ok: true, value: d };
}

const ZERO = new Prisma.Decimal(0);

/**
 * For a JSON number's text whose double does not hold the decimal it denotes
 * (`0.100000000000000000000000000001` parses as 0.1): text a double holds exactly that every rule
 * on numbers judges as it would the text sent; null when the double already holds it. A quantity
 * has at most 14 significant digits, which a double always holds, so such a number lies strictly
 * between two quantities: it becomes their midpoint (cut to 3 decimals, then a 5 in the fourth
 * place), still negative if it was, still no whole number, still below 10^11 if it was.
 */
export function exactNumberText(text: string): string | null {
  // Up to 15 significant digits and no exponent: a double holds it as written.
  if (text.length < 16 && !/[eE]/.test(text)) return null;
  const exact = decimalOfText(text);
  const double = Number(text);
  if (!exact || !Number.isFinite(double) || exact.eq(String(double))) return null;
  const cut = exact.toDecimalPlaces(MAX_FRACTION_DIGITS, Prisma.Decimal.ROUND_DOWN);
  if (cut.eq(exact)) return null; // at most 3 decimals: 10^11 or more, refused as it is
  return cut.plus(exact.isNegative() ? "-0.0005" : "0.0005").toString();
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
