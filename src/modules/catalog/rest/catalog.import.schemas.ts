// The REST contract of the catalog's imports (POST /skus/bulk and /supplier-items/bulk): the JSON
// and CSV bodies as named schemas, and the operation both routes share.
import { Type, type Static } from "typebox";
import {
  QUANTITY_RULE,
  quantitySchema,
  requiredText,
  serviceRules,
} from "../../../http/openapi-primitives.js";
import {
  BARCODE_PROBLEMS,
  examples,
  ok,
  problemResponses,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../../http/openapi-responses.js";
import { idempotencyHeaders } from "../../../http/validation.js";
import { MAX_ADJUSTMENT_SITES, MAX_ID, MAX_IMPORT_ROWS, TEXT_LIMITS } from "../../../limits.js";
import { barcodesInput, locationInput, unitCostInput } from "./catalog.schemas.js";

/** The fields of an import row that SKUs and supplier items share. */
const importRowProperties = {
  // Required and within their limits too, as the service checks each row (every bad row named).
  code: Type.Optional(requiredText(TEXT_LIMITS.code, { description: "Required." }, false)),
  name: Type.Optional(requiredText(TEXT_LIMITS.name, { description: "Required." }, false)),
  // null is "left out", as GraphQL reads it.
  active: Type.Optional(Type.Unsafe<boolean | null>({ type: ["boolean", "null"] })),
  barcodes: Type.Optional(
    Type.Unsafe<string[] | null>({
      ...barcodesInput(
        "The whole set of barcodes; left out (or null), an existing one keeps its own.",
      ),
      type: ["array", "null"],
    }),
  ),
  location: Type.Optional(
    locationInput(
      "Left out (or null): a new one has none, an existing one keeps its own; blank removes it.",
    ),
  ),
  unit_cost: Type.Optional(
    unitCostInput(
      "Left out: a new one has none, an existing one keeps its own; null removes it. An entity's rows at several sites carry the same cost. A CSV's unit_cost column: a blank cell removes it.",
    ),
  ),
  opening_on_hand: Type.Optional(
    Type.Unsafe<number | null>({
      ...quantitySchema,
      type: ["number", "null"],
      description:
        "New entities only, at the row's site, recorded as an opening_balance movement; an import never changes existing stock. Not with on_hand. " +
        QUANTITY_RULE,
    }),
  ),
  site_id: Type.Optional(
    Type.Unsafe<number | null>({
      type: ["integer", "null"],
      ...serviceRules({}, { minimum: 1, maximum: MAX_ID }),
      description: `The site on_hand, opening_on_hand and location are at (404 SITE_NOT_FOUND, 409 SITE_INACTIVE); left out: the default site (a token limited to sites: its first). An entity may be on one row per site, each row with the same catalog fields but its own location; the rows span at most ${MAX_ADJUSTMENT_SITES} sites (422 TOO_MANY_SITES).`,
    }),
  ),
  on_hand: Type.Optional(
    Type.Unsafe<number | null>({
      ...quantitySchema,
      type: ["number", "null"],
      description:
        "An opening balance at the row's site, recorded as an opening_balance movement where the entity has never moved at that site (new or not); where it has, its stock there is left as it is and the row is counted in on_hand_kept. Not with opening_on_hand. " +
        QUANTITY_RULE,
    }),
  ),
};

/** An import body's rows, each an object of `properties`, `rule` saying what must be unique. */
const importRows = <P extends typeof importRowProperties>(rule: string, properties: P) =>
  Type.Array(Type.Object(properties, { additionalProperties: false }), {
    ...serviceRules({}, { minItems: 1 }),
    maxItems: MAX_IMPORT_ROWS,
    "x-error-codes": { maxItems: "TOO_MANY_LINES" },
    description: `1 to ${MAX_IMPORT_ROWS} rows (more: 422 TOO_MANY_LINES), ${rule}.`,
  });

/** POST /skus/bulk's JSON body (named: SkuImport). */
export const SkuImport = Type.Object(
  { rows: importRows("each code once", importRowProperties) },
  {
    $id: "SkuImport",
    description:
      "SKUs to create or update, matched by code regardless of case. A field left out of a row keeps an existing SKU's value (a new SKU: active, no barcodes, no location, 0 on hand). A SKU may be on one row per site (site_id), with its on_hand there.",
    examples: [
      {
        rows: [
          {
            code: "BOLT-M6",
            name: "Bolt M6",
            barcodes: ["4006381333931"],
            location: "A-01-03",
            opening_on_hand: 250,
          },
          { code: "NUT-M6", name: "Nut M6", active: false },
        ],
      },
    ],
    additionalProperties: false,
  },
);

/** POST /supplier-items/bulk's JSON body (named: SupplierItemImport). */
export const SupplierItemImport = Type.Object(
  {
    rows: importRows("each supplier and code once", {
      supplier: Type.Optional(
        requiredText(TEXT_LIMITS.supplier, { description: "Required." }, false),
      ),
      ...importRowProperties,
      sku_id: Type.Optional(
        Type.Unsafe<number | null>({
          type: ["integer", "null"],
          ...serviceRules({}, { minimum: 1, maximum: MAX_ID }),
          description:
            "A new item: link it to this SKU (then no opening_on_hand). An existing item: its link as it stands.",
        }),
      ),
    }),
  },
  {
    $id: "SupplierItemImport",
    description:
      "Supplier items to create or update, matched by supplier and code (regardless of case). A new item with sku_id is linked to that SKU; an existing item's sku_id, when sent, must be its link as it stands (links change through /link and /unlink).",
    examples: [
      {
        rows: [
          { supplier: "Würth", code: "W-0057-6", name: "Hex bolt M6x20, pack of 100", sku_id: 1 },
          { supplier: "Würth", code: "W-0061-8", name: "Nut M8", opening_on_hand: 40 },
        ],
      },
    ],
    additionalProperties: false,
  },
);
/** An import's JSON body, SKUs' or supplier items' (the rows' fields SKUs have not are absent). */
export type ImportBody = Static<typeof SupplierItemImport>;

/** POST /skus/bulk's CSV body (named: SkuImportCsv). */
export const SkuImportCsv = {
  $id: "SkuImportCsv",
  examples: [
    "code,name,barcodes,location,opening_on_hand\r\nBOLT-M6,Bolt M6,4006381333931|SHELF-A7,A-01-03,250\r\n",
  ],
  type: "string",
  description:
    "text/csv (RFC 4180, UTF-8) with a header naming code and name, optional active (true/false), barcodes (separated by |; a blank cell: none), location (a blank cell: none; without the column an existing SKU keeps its own), opening_on_hand, site (a site's code; a blank cell: the default site) and on_hand (an opening balance at the row's site, as on_hand in JSON). A SKU may be on one row per site, each row with the same catalog cells. Rows are numbered from the header (row 1).",
} as const;

/** POST /supplier-items/bulk's CSV body (named: SupplierItemImportCsv). */
export const SupplierItemImportCsv = {
  $id: "SupplierItemImportCsv",
  examples: ['supplier,code,name,sku_id\r\nWürth,W-0057-6,"Hex bolt M6x20, pack of 100",1\r\n'],
  type: "string",
  description:
    "text/csv (RFC 4180, UTF-8) with a header naming supplier, code and name, optional sku_id, active, barcodes (separated by |), location, opening_on_hand, site (a site's code) and on_hand, as for SKUs. Rows are numbered from the header (row 1).",
} as const;

/** The imports' named request schemas, for the OpenAPI registry. */
export const catalogImportSchemas = {
  SkuImport,
  SkuImportCsv,
  SupplierItemImport,
  SupplierItemImportCsv,
};

/** POST …/bulk (SKUs' or supplier items'): JSON rows or a CSV file. */
export const importOperation = (route: {
  operationId: string;
  summary: string;
  description: string;
  schemas: ["SkuImport", "SkuImportCsv"] | ["SupplierItemImport", "SupplierItemImportCsv"];
  problems?: ("SKU_NOT_FOUND" | "LINKED_SUPPLIER_ITEM")[];
}) => ({
  operationId: route.operationId,
  tags: ["catalog"],
  summary: route.summary,
  description: `Needs the adjust scope. ${route.description} All rows or none: every bad row is named (JSON: /rows/3/code; CSV: by row number, the header being row 1). Importing the same file again changes nothing. Send an Idempotency-Key header to make retries safe.`,
  headers: idempotencyHeaders,
  body: {
    content: {
      "application/json": { schema: ref(route.schemas[0]) },
      "text/csv": { schema: ref(route.schemas[1]) },
    },
  },
  response: {
    200: ok("ImportResult", "What the import did", examples.importResult, replayHeaders),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      ...BARCODE_PROBLEMS,
      ...(route.problems ?? []),
      "DUPLICATE_CODE",
      "DUPLICATE_LINE",
      "INVALID_QUANTITY",
      "TOO_MANY_LINES",
      "TOO_MANY_SITES",
      "SITE_NOT_FOUND",
      "SITE_INACTIVE",
    ),
  },
});
