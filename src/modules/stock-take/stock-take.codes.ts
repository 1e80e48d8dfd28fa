// A start's scope by a list of codes (`scope.codes`): what a spreadsheet, an ERP's pick list or a
// pasted column names. Each code is a SKU's code or a barcode (of a SKU or a supplier item), found
// in one statement; a linked supplier item's barcode names its SKU, as a scan of it counts the SKU.
import { Prisma, type Tx } from "../../db/client.js";
import { jsonRows } from "../../db/sql.js";
import type { FieldError } from "../../errors.js";
import { MAX_SCOPE_CODES, TEXT_LIMITS } from "../../limits.js";
import { checkText } from "../../text.js";
import { MAX_BARCODE_LENGTH, parseBarcode } from "../catalog/barcode.js";

/** A code as sent (trimmed), and the key it is found by as a barcode (null: it cannot be one). */
export interface ScopeCode {
  code: string;
  barcodeKey: string | null;
}

const PATH = ["scope", "codes"];

/** The longest code a scope takes: a SKU's code or a barcode, whichever may be longer. */
export const MAX_SCOPE_CODE_LENGTH = Math.max(TEXT_LIMITS.code, MAX_BARCODE_LENGTH);

/** The most entities one refusal of a start names (unknown or repeated codes, overlaps). */
export const MAX_REPORTED = 1000;

/** A code no SKU has and no item has as a barcode, at its place in the list. */
export const codeNotFound = (code: string, at: number): FieldError => ({
  path: [...PATH, at],
  code: "SKU_NOT_FOUND",
  message: `no SKU has the code "${code}" and no item has it as a barcode`,
});

/**
 * The codes of a scope checked into `errors`: each non-blank text of at most a code's length,
 * none twice (regardless of case); at most MAX_SCOPE_CODES (more: TOO_MANY_LINES, thrown by the
 * caller from `tooMany`). null: none given.
 */
export function parseCodes(
  sent: readonly string[] | null | undefined,
  errors: FieldError[],
): { codes: ScopeCode[] | null; tooMany: boolean } {
  if (sent === undefined || sent === null) return { codes: null, tooMany: false };
  if (sent.length > MAX_SCOPE_CODES) return { codes: null, tooMany: true };
  const seen = new Map<string, number>();
  const codes: ScopeCode[] = [];
  sent.forEach((value, i) => {
    const path = [...PATH, i];
    const code = typeof value === "string" ? value.trim() : "";
    if (!code) {
      errors.push({ path, code: "INVALID_PARAMETER", message: "must not be blank" });
      return;
    }
    const before = errors.length;
    checkText(code, path, MAX_SCOPE_CODE_LENGTH, errors);
    if (errors.length > before) return;
    const first = seen.get(code.toLowerCase());
    if (first !== undefined) {
      errors.push({
        path,
        code: "DUPLICATE_LINE",
        message: `"${code}" is listed twice (also as "${String(sent[first]).trim()}")`,
      });
      return;
    }
    seen.set(code.toLowerCase(), i);
    // A code that is no valid barcode (a GTIN with a wrong check digit) is looked up as a code only.
    const barcode = parseBarcode(code, path, []);
    codes.push({ code, barcodeKey: barcode?.key ?? null });
  });
  return { codes, tooMany: false };
}

/** The items codes name: each SKU's and unlinked supplier item's id, with its code's index. */
export interface CodedItems {
  skus: Map<number, number>;
  items: Map<number, number>;
}

/**
 * The SKUs and unlinked supplier items the codes name, each once; a code no SKU has and no item
 * has as a barcode is SKU_NOT_FOUND at its place in the list, and two codes naming one item (a
 * SKU's code and its barcode) DUPLICATE_LINE, so a start never takes a list it misread.
 */
export async function resolveCodes(
  tx: Tx,
  accountId: number,
  codes: readonly ScopeCode[],
  errors: FieldError[],
): Promise<CodedItems> {
  const skus = new Map<number, number>();
  const items = new Map<number, number>();
  if (codes.length === 0) return { skus, items };
  // Each code finds its SKU and barcode by their keys, one probe each (a subquery per code),
  // whatever the statistics say: taken when the account had a few SKUs, they made every SKU and
  // barcode of the account look cheap to hash, read in full for a few codes. The account behind
  // an initplan, as lookupLines has it.
  const account = Prisma.sql`(SELECT ${accountId}::int)`;
  const rows = await tx.$queryRaw<
    { ord: number; sku_id: number | null; supplier_item_id: number | null }[]
  >`
    WITH v AS (
      SELECT * FROM ${jsonRows(
        codes.map((c) => [c.code, c.barcodeKey]),
        "v",
        "code text, barcode text",
      )}
    ), coded AS MATERIALIZED (
      SELECT v.ord,
        (SELECT s.id FROM skus s WHERE s.account_id = ${account} AND s.code = v.code::citext)
          AS by_code,
        (SELECT b.sku_id FROM barcodes b WHERE b.account_id = ${account} AND b.key = v.barcode)
          AS sku_by_barcode,
        (SELECT b.supplier_item_id FROM barcodes b
          WHERE b.account_id = ${account} AND b.key = v.barcode) AS item_by_barcode
      FROM v
    ), linked AS MATERIALIZED (
      SELECT c.*, (SELECT i.sku_id FROM supplier_items i
          WHERE i.account_id = ${account} AND i.id = c.item_by_barcode) AS linked_to
      FROM coded c
    )
    SELECT ord, COALESCE(by_code, sku_by_barcode, linked_to) AS sku_id,
      CASE WHEN by_code IS NULL AND linked_to IS NULL THEN item_by_barcode END AS supplier_item_id
    FROM linked
    ORDER BY ord`;
  let reported = 0;
  const refuse = (error: FieldError) => {
    if (reported++ < MAX_REPORTED) errors.push(error);
  };
  for (const row of rows) {
    const path = [...PATH, row.ord];
    const code = codes[row.ord]!.code;
    const [named, id] =
      row.sku_id !== null
        ? [skus, row.sku_id]
        : row.supplier_item_id !== null
          ? [items, row.supplier_item_id]
          : [null, null];
    if (named === null) {
      refuse(codeNotFound(code, row.ord));
      continue;
    }
    const first = named.get(id);
    if (first !== undefined) {
      refuse({
        path,
        code: "DUPLICATE_LINE",
        message: `"${code}" names the same item as "${codes[first]!.code}"`,
      });
    } else named.set(id, row.ord);
  }
  return { skus, items };
}
