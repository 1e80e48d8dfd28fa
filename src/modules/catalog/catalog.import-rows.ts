// An import's rows as the service reads them, for the importers of SKUs and supplier items and
// for the rows at sites (catalog.import-sites.ts).
import type { Barcode } from "./barcode.js";
import type { Decimal } from "../../quantity.js";

/** Where a row's field is in the request: ["rows", 3, "code"], or a CSV row number. */
export type RowPath = (index: number, field: string) => (string | number)[];

export interface ParsedRow {
  index: number;
  /** Supplier items only. */
  supplier: string | null;
  skuId: number | null;
  code: string;
  name: string;
  active: boolean | null;
  barcodes: Barcode[] | null;
  opening: Decimal | null;
  /** undefined: not sent (an existing entity keeps its own); null: none. */
  location: string | null | undefined;
  /** The site the row names, by id or by code; null: none (the caller's site). */
  site: { id: number } | { code: string } | null;
  /** An opening balance at the row's site (where the item has never moved there). */
  onHand: Decimal | null;
  /** undefined: not sent (an existing entity keeps its own); null: none (removed). */
  unitCost: Decimal | null | undefined;
}
