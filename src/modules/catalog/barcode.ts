// Barcodes as a client sends them and as the catalog keeps them. A string of 8, 12, 13 or 14
// digits is a GTIN and must carry a valid GS1 check digit; anything else is an in-house label.
// Each barcode has a key that a scan is looked up by: GTINs as 14 digits (a UPC-A, its EAN-13
// with a leading 0 and its GTIN-14 with two are one product), labels in lower case.
import type { FieldError } from "../../errors.js";
import { MAX_BARCODES } from "../../limits.js";
import { checkText } from "../../text.js";

/** Longest barcode accepted (a GS1-128 payload fits). */
export const MAX_BARCODE_LENGTH = 64;

export { MAX_BARCODES };

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** What an entity's `barcodes` are, for the API's documents. */
export const BARCODES_DESCRIPTION =
  "Its barcodes as spelled, in order; each unique in the account across SKUs and supplier items.";

/** The rules of a set of barcodes sent, for the API's documents. */
export const BARCODE_RULES = `At most ${MAX_BARCODES}, each at most ${MAX_BARCODE_LENGTH} characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode.`;

export interface Barcode {
  /** As the client spelled it (trimmed). */
  code: string;
  /** What it is unique and looked up by. */
  key: string;
}

/** The GS1 check digit of a GTIN's other digits (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A barcode checked (blank, too long, bad text, a GTIN's check digit) into `errors`; null when bad. */
export function parseBarcode(
  raw: string,
  path: (string | number)[],
  errors: FieldError[],
): Barcode | null {
  const code = raw.trim();
  const problems: FieldError[] = [];
  if (!code) problems.push(invalid(path, "must not be blank"));
  else checkText(code, path, MAX_BARCODE_LENGTH, problems);
  if (problems.length > 0) {
    errors.push(...problems.map((p) => ({ ...p, code: "INVALID_BARCODE" as const })));
    return null;
  }
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) {
    return { code, key: code.toLowerCase() };
  }
  const expected = gs1CheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== expected) {
    errors.push(
      invalid(
        path,
        `"${code}" is a GTIN-${code.length} whose check digit should be ${expected}, not ${code.at(-1)}`,
      ),
    );
    return null;
  }
  return { code, key: code.padStart(14, "0") };
}

/**
 * A SKU's or supplier item's barcodes checked into `errors`: each valid, at most MAX_BARCODES,
 * none twice (two spellings of one GTIN are the same barcode).
 */
export function parseBarcodes(
  raw: readonly string[],
  path: (string | number)[],
  errors: FieldError[],
): Barcode[] {
  if (raw.length > MAX_BARCODES) {
    errors.push(invalid(path, `at most ${MAX_BARCODES} barcodes; got ${raw.length}`));
    return [];
  }
  const seen = new Map<string, number>();
  const barcodes: Barcode[] = [];
  raw.forEach((value, i) => {
    const barcode = parseBarcode(value, [...path, i], errors);
    if (!barcode) return;
    const first = seen.get(barcode.key);
    if (first !== undefined) {
      errors.push(invalid([...path, i], `"${barcode.code}" is the same barcode as item ${first}`));
      return;
    }
    seen.set(barcode.key, i);
    barcodes.push(barcode);
  });
  return barcodes;
}

const invalid = (path: (string | number)[], message: string): FieldError => ({
  path,
  code: "INVALID_BARCODE",
  message,
});
