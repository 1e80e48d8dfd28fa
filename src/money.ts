// Money (DESIGN §9): an account's currency (ISO 4217) and its minor units, unit costs (exact,
// at most 4 decimals) and amounts. Amounts are exact decimals, rounded once per movement or line
// to the currency's minor units, half away from zero (PostgreSQL's round(numeric, n), and
// Decimal.ROUND_HALF_UP), and added up exactly from there: a total is the sum of its rounded parts.
import type { FieldError } from "./errors.js";
import { Decimal, decimalOfText } from "./quantity.js";

/** Every unit cost is below this (NUMERIC(14,4)). */
export const MAX_UNIT_COST = new Decimal("1e10");
const COST_FRACTION_DIGITS = 4;

const ZERO_DIGITS = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const THREE_DIGITS = "BHD IQD JOD KWD LYD OMR TND";
const FOUR_DIGITS = "CLF UYW";
const TWO_DIGITS =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN " +
  "BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP " +
  "GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP " +
  "LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR " +
  "NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN " +
  "SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VES VED WST XCD XCG YER ZAR " +
  "ZMW ZWG";

/**
 * ISO 4217's active currencies with a minor unit, and how many decimals an amount in each has
 * (funds and precious metals without one, such as XAU and XDR, are not currencies an item costs).
 */
export const CURRENCY_MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  (
    [
      [ZERO_DIGITS, 0],
      [TWO_DIGITS, 2],
      [THREE_DIGITS, 3],
      [FOUR_DIGITS, 4],
    ] as const
  ).flatMap(([codes, digits]) => codes.split(" ").map((code) => [code, digits] as const)),
);

/** A currency code as sent, checked: upper case ISO 4217 (INVALID_CURRENCY otherwise). */
export function parseCurrency(
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): { code: string; minorUnits: number } | null {
  const code = typeof value === "string" ? value.trim() : "";
  const minorUnits = CURRENCY_MINOR_UNITS.get(code);
  if (minorUnits === undefined) {
    errors.push({
      path,
      code: "INVALID_CURRENCY",
      message: "must be an ISO 4217 currency code in upper case, such as USD, EUR or JPY",
    });
    return null;
  }
  return { code, minorUnits };
}

/**
 * A unit cost as sent (a JSON number, a number's text from a CSV cell or a GraphQL literal, or a
 * Decimal), checked: 0 <= cost < 10^10, at most 4 decimals (INVALID_COST otherwise). null
 * removes a cost; undefined leaves it as it is.
 */
export function parseUnitCost(
  value: unknown,
  path: (string | number)[],
  errors: FieldError[],
): Decimal | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const fail = (message: string) => {
    errors.push({ path, code: "INVALID_COST", message });
    return undefined;
  };
  let d: Decimal | null;
  if (value instanceof Decimal) d = value;
  else if (typeof value === "number")
    d = Number.isFinite(value) ? new Decimal(String(value)) : null;
  else d = typeof value === "string" ? decimalOfText(value.trim()) : null;
  if (!d) return fail("must be a number");
  if (d.isNegative() && !d.isZero()) return fail("must not be negative");
  if (d.decimalPlaces() > COST_FRACTION_DIGITS) return fail("has more than 4 decimal places");
  if (d.greaterThanOrEqualTo(MAX_UNIT_COST)) return fail("must be less than 10000000000");
  return d.isZero() ? new Decimal(0) : d;
}

/** A unit cost's rule, as the API documents it. */
export const UNIT_COST_RULE =
  "0 <= cost < 10^10, at most 4 decimal places (else 422 INVALID_COST); in the account's currency, which must be set first (else 409 CURRENCY_NOT_SET). null removes it.";
