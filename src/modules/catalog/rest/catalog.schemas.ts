// The REST contract of the catalog's entities one at a time (create, get, look up by barcode,
// link, unlink): the request bodies as TypeBox named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts, which also holds the SKU and supplier item answers the other
// modules share), the fields other bodies share (barcodes, location, a PATCH's catalog fields),
// and each route's schemas. Lists and imports have files of their own.
import { Type, type Static } from "typebox";
import {
  barcodeText,
  integerId,
  QUANTITY_RULE,
  quantitySchema,
  refOf,
  requiredText,
  serviceRules,
} from "../../../http/openapi-primitives.js";
import { MAX_UNIT_COST, UNIT_COST_RULE } from "../../../money.js";
import {
  BARCODE_PROBLEMS,
  examples,
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../../http/validation.js";
import { MAX_BARCODES, MAX_ID, TEXT_LIMITS } from "../../../limits.js";
import { BARCODE_RULES } from "../barcode.js";
import { LOCATION_RULES, MAX_LOCATION_LENGTH } from "../location.js";

/** `?site_id=` of a read answering `on_hand`. */
export const onHandSiteParam = {
  ...integerId,
  description:
    "The site whose on hand and location `on_hand` and `location` are (and where the `location` filter looks); the default site when absent (404 SITE_NOT_FOUND for a site the account does not have).",
};

/** The query of a read of one SKU or supplier item. */
// Other parameters are ignored, as they were before these reads took one (versioning: a request
// accepted stays accepted).
const entityQuery = Type.Object(
  { site_id: Type.Optional(onHandSiteParam) },
  { additionalProperties: true },
);

/** The query of a GET of one SKU or supplier item: also its stock at every site, when asked. */
const entityWithStockQuery = Type.Object(
  {
    site_id: Type.Optional(onHandSiteParam),
    include: Type.Optional(
      Type.Unsafe<"stock">({
        type: "string",
        enum: ["stock"],
        description:
          "stock: the answer carries `stock`, the item's first page of stock levels (on hand, location and in transit at each site, as GET …/levels answers them).",
      }),
    ),
  },
  { additionalProperties: true },
);

/** Barcodes in a request: the entity's whole set. */
export const barcodesInput = (what: string) =>
  Type.Array(barcodeText(), {
    // Over the maximum: the one problem the service would answer, before any item is read.
    maxItems: MAX_BARCODES,
    "x-error-codes": { maxItems: "INVALID_BARCODE" },
    // The service checks the rules, so a bad barcode is INVALID_BARCODE wherever it is.
    description: `${what} ${BARCODE_RULES}`,
    examples: [["4006381333931", "SHELF-A7"]],
  });

/** A location in a request: `what` says what leaving it out (or null) and blank mean. */
export const locationInput = (what: string) =>
  Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength: MAX_LOCATION_LENGTH,
    description: `Where its stock is kept (a shelf, bay, bin or picking position). ${LOCATION_RULES} ${what}`,
    examples: ["A-01-03"],
  });

/** A unit cost in a request: `what` says what leaving it out (or null) means. */
export const unitCostInput = (what: string) =>
  Type.Unsafe<number | null>(
    serviceRules(
      {
        type: ["number", "null"],
        description: `What one unit costs, in the account's currency. Needs the costs scope (else 403 FORBIDDEN). ${UNIT_COST_RULE} ${what}`,
        examples: [12.5],
      },
      { minimum: 0, exclusiveMaximum: MAX_UNIT_COST.toNumber() },
    ),
  );

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
    unit_cost: Type.Optional(unitCostInput("Absent or null: none.")),
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
    unit_cost: Type.Optional(unitCostInput("Absent or null: none.")),
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
  unit_cost: Type.Optional(
    unitCostInput(
      "Absent: as it is; null removes it. A change is recorded in the item's cost history (GET …/cost-changes), not as a movement.",
    ),
  ),
});

/** The catalog's named request schemas, for the OpenAPI registry. */
export const catalogInputSchemas = { CreateSku, CreateSupplierItem, LinkSupplierItem };

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

export const getSku = {
  operationId: "getSku",
  tags: ["catalog"],
  summary: "Get a SKU",
  description:
    "Needs the read scope. With include=stock, also its stock at each site (priced as the levels it reads: a unit per started 100 rows).",
  params: idParams,
  querystring: entityWithStockQuery,
  response: {
    200: ok("SkuWithStock", "The SKU", examples.sku),
    ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND", "SITE_NOT_FOUND"),
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
  querystring: entityQuery,
  response: {
    200: ok("BarcodeMatch", "The entity with that barcode", examples.barcodeMatch),
    ...problemResponses(...READ_PROBLEMS, "INVALID_BARCODE", "BARCODE_NOT_FOUND", "SITE_NOT_FOUND"),
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

export const getSupplierItem = {
  operationId: "getSupplierItem",
  tags: ["catalog"],
  summary: "Get a supplier item",
  description:
    "Needs the read scope. With include=stock, also its stock at each site (a linked item's are its SKU's; priced as the levels it reads).",
  params: idParams,
  querystring: entityWithStockQuery,
  response: {
    200: ok("SupplierItemWithStock", "The supplier item", examples.supplierItem),
    ...problemResponses(...READ_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND", "SITE_NOT_FOUND"),
  },
};

export const linkSupplierItem = {
  operationId: "linkSupplierItem",
  tags: ["catalog"],
  summary: "Link a supplier item to a SKU",
  description:
    "Needs the adjust scope. From then on the item shows and shares its SKU's stock. An item holding stock of its own needs transfer: true, which moves that stock into the SKU (409 SUPPLIER_ITEM_HAS_STOCK without it); an item in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE. Linking an item to the SKU it is linked to changes nothing; to another SKU is 422 LINKED_SUPPLIER_ITEM (unlink it first). A token limited to sites is 403 FORBIDDEN: a link concerns the item's stock at every site.",
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
    "Needs the adjust scope. The item holds stock of its own again, starting at 0; the SKU keeps its stock. An unlinked item stays as it is; one in an open or counting stock take is 409 ENTITY_IN_STOCK_TAKE. A token limited to sites is 403 FORBIDDEN: a link concerns the item's stock at every site.",
  params: idParams,
  headers: idempotencyHeaders,
  response: {
    200: ok("SupplierItem", "The supplier item, unlinked", examples.supplierItem, replayHeaders),
    ...problemResponses(...WRITE_PROBLEMS, "SUPPLIER_ITEM_NOT_FOUND", "ENTITY_IN_STOCK_TAKE"),
  },
};
