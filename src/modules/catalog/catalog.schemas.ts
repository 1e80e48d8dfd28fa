// The REST contract of the catalog: the request bodies as TypeBox named schemas (registered by
// the OpenAPI registry, src/server/openapi-schemas.ts, which also holds the SKU and supplier item
// answers the other modules share) and each route's schemas, the handlers' types derived from
// them.
import { Type, type Static } from "typebox";
import {
  barcodeText,
  filterDate,
  integerId,
  NUL_FREE_PATTERN,
  QUANTITY_RULE,
  quantitySchema,
  refOf,
  requiredText,
  serviceRules,
} from "../../http/openapi-primitives.js";
import {
  BARCODE_PROBLEMS,
  examples,
  ok,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import { MAX_BARCODES, MAX_ID, MAX_IMPORT_ROWS, TEXT_LIMITS } from "../../limits.js";
import { BARCODE_RULES } from "./barcode.js";
import { MAX_QUERY_LENGTH } from "./catalog.search.js";
import { LOCATION_FILTER_RULE, LOCATION_RULES, MAX_LOCATION_LENGTH } from "./location.js";

/** Barcodes in a request: the entity's whole set. */
const barcodesInput = (what: string) =>
  Type.Array(barcodeText(), {
    // Over the maximum: the one problem the service would answer, before any item is read.
    maxItems: MAX_BARCODES,
    "x-error-codes": { maxItems: "INVALID_BARCODE" },
    // The service checks the rules, so a bad barcode is INVALID_BARCODE wherever it is.
    description: `${what} ${BARCODE_RULES}`,
    examples: [["4006381333931", "SHELF-A7"]],
  });

/** A location in a request: `what` says what leaving it out (or null) and blank mean. */
const locationInput = (what: string) =>
  Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength: MAX_LOCATION_LENGTH,
    description: `Where its stock is kept (a shelf, bay, bin or picking position). ${LOCATION_RULES} ${what}`,
    examples: ["A-01-03"],
  });

/** POST /skus's body (named: CreateSku). */
export const CreateSku = Type.Object(
  {
    code: requiredText(TEXT_LIMITS.code, { description: "Unique within the account." }),
    name: requiredText(TEXT_LIMITS.name),
    opening_on_hand: Type.Optional({
      ...quantitySchema,
      description: "Recorded as an opening_balance movement. " + QUANTITY_RULE,
    }),
    active: Type.Optional(Type.Boolean({ description: "true when absent." })),
    barcodes: Type.Optional(barcodesInput("The SKU's barcodes.")),
    location: Type.Optional(locationInput("Absent, null or blank: none.")),
  },
  {
    $id: "CreateSku",
    examples: [{ code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 250 }],
    additionalProperties: false,
  },
);
export type CreateSku = Static<typeof CreateSku>;

/** POST /supplier-items's body (named: CreateSupplierItem). */
export const CreateSupplierItem = Type.Object(
  {
    supplier: requiredText(TEXT_LIMITS.supplier),
    code: requiredText(TEXT_LIMITS.code, {
      description: "Unique per supplier within the account.",
    }),
    name: requiredText(TEXT_LIMITS.name),
    sku_id: Type.Optional(
      Type.Unsafe<number | null>({
        type: ["integer", "null"],
        minimum: 1,
        maximum: MAX_ID,
        description: "Link to this SKU: the item then shows the SKU's stock and holds none.",
      }),
    ),
    opening_on_hand: Type.Optional({
      ...quantitySchema,
      description: "Unlinked items only. " + QUANTITY_RULE,
    }),
    active: Type.Optional(Type.Boolean({ description: "true when absent." })),
    barcodes: Type.Optional(barcodesInput("The item's barcodes.")),
    location: Type.Optional(locationInput("Absent, null or blank: none.")),
  },
  {
    $id: "CreateSupplierItem",
    examples: [
      {
        supplier: "Würth",
        code: "W-0057-6",
        name: "Hex bolt M6x20, pack of 100",
        opening_on_hand: 12.5,
      },
    ],
    additionalProperties: false,
  },
);
export type CreateSupplierItem = Static<typeof CreateSupplierItem>;

/** POST /supplier-items/{id}/link's body (named: LinkSupplierItem). */
export const LinkSupplierItem = Type.Object(
  {
    sku_id: { ...integerId, description: "The SKU whose stock the item shares from now on." },
    transfer: Type.Optional(
      Type.Boolean({
        description:
          "Move the item's own stock into the SKU (two movements, reason transfer). Without it, an item holding stock is refused with 409 SUPPLIER_ITEM_HAS_STOCK.",
      }),
    ),
  },
  {
    $id: "LinkSupplierItem",
    examples: [{ sku_id: 1, transfer: true }],
    additionalProperties: false,
  },
);

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
  opening_on_hand: Type.Optional(
    Type.Unsafe<number | null>({
      ...quantitySchema,
      type: ["number", "null"],
      description:
        "New entities only, recorded as an opening_balance movement; an import never changes existing stock. " +
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
      "SKUs to create or update, matched by code regardless of case. A field left out of a row keeps an existing SKU's value (a new SKU: active, no barcodes, no location, 0 on hand).",
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
    "text/csv (RFC 4180, UTF-8) with a header naming code and name, optional active (true/false), barcodes (separated by |; a blank cell: none), location (a blank cell: none; without the column an existing SKU keeps its own) and opening_on_hand. Rows are numbered from the header (row 1).",
} as const;

/** POST /supplier-items/bulk's CSV body (named: SupplierItemImportCsv). */
export const SupplierItemImportCsv = {
  $id: "SupplierItemImportCsv",
  examples: ['supplier,code,name,sku_id\r\nWürth,W-0057-6,"Hex bolt M6x20, pack of 100",1\r\n'],
  type: "string",
  description:
    "text/csv (RFC 4180, UTF-8) with a header naming supplier, code and name, optional sku_id, active, barcodes (separated by |), location and opening_on_hand. Rows are numbered from the header (row 1).",
} as const;

/** A PATCH's catalog fields (`codeRule`: what makes a code unique). */
export const catalogUpdateProperties = (codeRule: string) => ({
  code: Type.Optional(requiredText(TEXT_LIMITS.code, { description: `New code: ${codeRule}.` })),
  name: Type.Optional(requiredText(TEXT_LIMITS.name, { description: "New name." })),
  active: Type.Optional(
    Type.Boolean({
      description:
        "false retires the entity: it stays readable and keeps its stock and history, and is left out of a stock take's default scope.",
    }),
  ),
  barcodes: Type.Optional(barcodesInput("The whole new set of barcodes; [] removes them all.")),
  location: Type.Optional(locationInput("Absent or null: as it is; blank removes it.")),
});

/** The catalog's named request schemas, for the OpenAPI registry. */
export const catalogInputSchemas = {
  CreateSku,
  CreateSupplierItem,
  LinkSupplierItem,
  SkuImport,
  SkuImportCsv,
  SupplierItemImport,
  SupplierItemImportCsv,
};

const LIST_DESCRIPTION =
  "Needs the read scope. Filters combine (all must hold) and apply to rows as they are now. In id order, keyset-paginated; with updated_since, in the order rows changed (oldest first), so an ERP syncs the catalog by paging until next_cursor is null and next time asking for updated_since = the last row's updated_at (a row may come again, none is skipped, even while rows are being edited). A row that no longer matches a filter is not listed again: sync without filters to see every change.";

/** The list filters SKUs and supplier items share. */
const listFilters = {
  ...pageQuery.properties,
  q: Type.Optional(
    Type.String(
      serviceRules(
        {
          maxLength: MAX_QUERY_LENGTH,
          description: "Part of the code or name, regardless of case (trigram search).",
        },
        { pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
  code: Type.Optional(
    Type.String(
      serviceRules(
        { description: "The code, exactly but regardless of case." },
        { maxLength: TEXT_LIMITS.code, pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
  barcode: Type.Optional(barcodeText("One of its barcodes (any spelling of a GTIN).")),
  active: Type.Optional(
    Type.Boolean({ description: "Only active (true) or retired (false) ones." }),
  ),
  updated_since: Type.Optional(
    filterDate(
      "Changed at or after this RFC 3339 timestamp (or date, in the account's time zone); pages in the order of change.",
    ),
  ),
  location: Type.Optional(
    Type.String(
      serviceRules(
        { maxLength: MAX_LOCATION_LENGTH, description: LOCATION_FILTER_RULE },
        { pattern: NUL_FREE_PATTERN },
      ),
    ),
  ),
};

/** GET /skus's query. */
export const SkuListQuery = Type.Object(listFilters, { additionalProperties: false });

/** GET /supplier-items's query. */
export const SupplierItemListQuery = Type.Object(
  {
    ...listFilters,
    supplier: Type.Optional(
      Type.String(
        serviceRules(
          { description: "The supplier, exactly." },
          { maxLength: TEXT_LIMITS.supplier, pattern: NUL_FREE_PATTERN },
        ),
      ),
    ),
    sku_id: Type.Optional({ ...integerId, description: "Items linked to this SKU." }),
  },
  { additionalProperties: false },
);
/** A list's query, SKUs' or supplier items'. */
export type ListQuery = Static<typeof SupplierItemListQuery>;

export const createSku = {
  operationId: "createSku",
  tags: ["catalog"],
  summary: "Create a SKU",
  description: "Needs the adjust scope. An opening_on_hand writes an opening_balance movement.",
  headers: idempotencyHeaders,
  body: refOf(CreateSku),
  response: {
    201: ok("Sku", "The new SKU", examples.sku, replayHeaders),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      ...BARCODE_PROBLEMS,
      "DUPLICATE_CODE",
      "INVALID_QUANTITY",
    ),
  },
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
    ),
  },
});

export const listSkus = {
  operationId: "listSkus",
  tags: ["catalog"],
  summary: "List, search and sync SKUs",
  description: LIST_DESCRIPTION,
  querystring: SkuListQuery,
  response: {
    200: ok("SkuPage", "One page of SKUs", { data: [examples.sku], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE"),
  },
};

export const getSku = {
  operationId: "getSku",
  tags: ["catalog"],
  summary: "Get a SKU",
  description: "Needs the read scope.",
  params: idParams,
  response: {
    200: ok("Sku", "The SKU", examples.sku),
    ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND"),
  },
};

export const lookupBarcode = {
  operationId: "lookupBarcode",
  tags: ["catalog"],
  summary: "Find the SKU or supplier item with a barcode",
  description:
    "What a scanner app asks: any spelling of one GTIN finds it (UPC-A, EAN-13 with a leading 0, GTIN-14), in-house labels regardless of case. Needs the read scope.",
  params: Type.Object(
    { code: barcodeText("The barcode as scanned.") },
    { additionalProperties: false },
  ),
  response: {
    200: ok("BarcodeMatch", "The entity with that barcode", examples.barcodeMatch),
    ...problemResponses(...READ_PROBLEMS, "INVALID_BARCODE", "BARCODE_NOT_FOUND"),
  },
};

export const createSupplierItem = {
  operationId: "createSupplierItem",
  tags: ["catalog"],
  summary: "Create a supplier item, optionally linked to a SKU",
  description:
    "Needs the adjust scope. A linked item shows its SKU's stock and takes no opening_on_hand (422 LINKED_SUPPLIER_ITEM).",
  headers: idempotencyHeaders,
  body: refOf(CreateSupplierItem),
  response: {
    201: ok("SupplierItem", "The new supplier item", examples.supplierItem, replayHeaders),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SKU_NOT_FOUND",
      ...BARCODE_PROBLEMS,
      "DUPLICATE_CODE",
      "INVALID_QUANTITY",
      "LINKED_SUPPLIER_ITEM",
    ),
  },
};

export const listSupplierItems = {
  operationId: "listSupplierItems",
  tags: ["catalog"],
  summary: "List, search and sync supplier items",
  description: `${LIST_DESCRIPTION} A linked item counts as changed when its SKU's stock changes.`,
  querystring: SupplierItemListQuery,
  response: {
    200: ok("SupplierItemPage", "One page of supplier items", {
      data: [examples.supplierItem],
      next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_BARCODE"),
  },
};

export const getSupplierItem = {
  operationId: "getSupplierItem",
  tags: ["catalog"],
  summary: "Get a supplier item",
  description: "Needs the read scope.",
  params: idParams,
  response: {
    200: ok("SupplierItem", "The supplier item", examples.supplierItem),
    ...problemResponses(...READ_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND"),
  },
};

export const linkSupplierItem = {
  operationId: "linkSupplierItem",
  tags: ["catalog"],
  summary: "Link a supplier item to a SKU",
  description:
    "Needs the adjust scope. From then on the item shows and shares its SKU's stock. An item holding stock of its own needs transfer: true, which moves that stock into the SKU (409 SUPPLIER_ITEM_HAS_STOCK without it); an item in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE. Linking an item to the SKU it is linked to changes nothing; to another SKU is 422 LINKED_SUPPLIER_ITEM (unlink it first).",
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(LinkSupplierItem),
  response: {
    200: ok(
      "LinkedSupplierItem",
      "The supplier item, linked, with the transfer movements",
      { ...examples.supplierItem, sku_id: 1, on_hand: 12, movements: [] },
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SUPPLIER_ITEM_NOT_FOUND",
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_HAS_STOCK",
      "ENTITY_IN_STOCK_TAKE",
      "INVALID_QUANTITY",
      "LINKED_SUPPLIER_ITEM",
    ),
  },
};

export const unlinkSupplierItem = {
  operationId: "unlinkSupplierItem",
  tags: ["catalog"],
  summary: "Unlink a supplier item from its SKU",
  description:
    "Needs the adjust scope. The item holds stock of its own again, starting at 0; the SKU keeps its stock. An unlinked item stays as it is; one in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE.",
  params: idParams,
  headers: idempotencyHeaders,
  response: {
    200: ok("SupplierItem", "The supplier item, unlinked", examples.supplierItem, replayHeaders),
    ...problemResponses(...WRITE_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND", "ENTITY_IN_STOCK_TAKE"),
  },
};
