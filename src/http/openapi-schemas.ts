// The REST contract's shared pieces: named schemas (OpenAPI components), response helpers and
// examples. Every /api/v1 route follows the same convention, so the document at
// /api/v1/openapi.json generates a working client:
//
//   schema: {
//     operationId: "getSku", summary: "Get a SKU", tags: ["catalog"],
//     params: idParams,
//     body: ref("CreateSku"),                    // request bodies are named schemas too, each
//                                                // with its example (`examples: [...]`)
//     response: {
//       200: ok("Sku", "The SKU", example),       // one success status, with an example
//       ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND"),   // every code it can answer
//     },
//   }
//
// - A named schema is registered once (`app.addSchema({ $id: "Sku" })`, see registerSharedSchemas);
//   `ref("Sku")` points at it, and @fastify/swagger emits it as #/components/schemas/Sku.
// - Response schemas also drive serialisation (fast-json-stringify): a field a response schema
//   does not list is dropped from the response. Add a field here when the API starts returning it
//   (the API tests fail on any field the serialiser dropped, and on any response the document
//   does not describe).
// - Error responses are application/problem+json with the Problem schema; list the error codes
//   an operation can answer and problemResponses groups them by status.
// - `x-error-codes: { maxItems: "TOO_MANY_LINES" }` on a property: a request failing that keyword
//   there answers that code instead of INVALID_PARAMETER (`required`: the property is missing).
// - `x-service-checked: true` on a property: its `enum` and its presence are the service's to
//   check (so they are reported with the request's other problems, in the error policy's order,
//   with the service's code); the document shows them, the request validator checks only the
//   JSON type (src/http/validation.ts). Used for an adjustment's reason and a line's type.
//   `x-service-checked: "enum"`: only the `enum` is the service's; a missing property is still
//   the request validator's (a stock take count's or entity's type).
import type { FastifyInstance } from "fastify";
import { ERROR_CATALOG } from "../errors.js";
import { EntityType, MovementSource, StockReason } from "../generated/prisma/enums.js";
import { TEXT_LIMITS } from "../modules/adjustment/adjustment.service.js";
import { LIMITS } from "../modules/catalog/catalog.service.js";
import { BARCODE_RULES, BARCODES_DESCRIPTION } from "../modules/catalog/barcode.js";
import {
  LOCATION_DESCRIPTION,
  LOCATION_RULES,
  MAX_LOCATION_LENGTH,
} from "../modules/catalog/location.js";
import { EVENT_DATA_DESCRIPTION, EVENT_TYPES } from "../modules/event/event.types.js";
import { MAX_BARCODES, MAX_ID, MAX_IMPORT_ROWS } from "../limits.js";
import { ADJUSTMENT_REASONS } from "../reasons.js";
import {
  BulkStockAdjustment,
  StockAdjustmentLineInput,
  adjustmentHeader,
} from "../modules/adjustment/adjustment.schemas.js";
import {
  $ref,
  enumSchema,
  integerId,
  nullable,
  page,
  quantitySchema,
  QUANTITY_RULE,
  timestamp,
} from "./openapi-primitives.js";
import { stockTakeSchemas } from "../modules/stock-take/stock-take.schemas.js";
import { webhookSchemas } from "../modules/webhook/webhook.schemas.js";

/** Longest accepted texts, as the services check them. */
const TEXT_MAX = { ...LIMITS, ...TEXT_LIMITS } as const;

/** An entity's barcodes in an answer. */
function barcodesProperty() {
  return {
    type: "array",
    items: { type: "string" },
    description: BARCODES_DESCRIPTION,
  } as const;
}

/** An import body: `{rows}`, each row an object of `properties`. */
function importRows(rule: string, properties: object) {
  return {
    type: "object",
    required: ["rows"],
    additionalProperties: false,
    properties: {
      rows: {
        type: "array",
        maxItems: MAX_IMPORT_ROWS,
        "x-error-codes": { maxItems: "TOO_MANY_LINES" },
        description: `1 to ${MAX_IMPORT_ROWS} rows (more: 422 TOO_MANY_LINES), ${rule}.`,
        items: { type: "object", additionalProperties: false, properties },
      },
    },
  } as const;
}

/** The fields of an import row that SKUs and supplier items share. */
function importRowProperties() {
  return {
    code: { type: "string", description: `Required; at most ${TEXT_MAX.code} characters.` },
    name: { type: "string", description: `Required; at most ${TEXT_MAX.name} characters.` },
    // null is "left out", as GraphQL reads it.
    active: { type: ["boolean", "null"] },
    barcodes: {
      ...barcodesInput(
        "The whole set of barcodes; left out (or null), an existing one keeps its own.",
      ),
      type: ["array", "null"],
    },
    location: locationInput(
      "Left out (or null): a new one has none, an existing one keeps its own; blank removes it.",
    ),
    opening_on_hand: {
      ...quantitySchema,
      type: ["number", "null"],
      description:
        "New entities only, recorded as an opening_balance movement; an import never changes existing stock. " +
        QUANTITY_RULE,
    },
  } as const;
}

/** Barcodes in a request: the entity's whole set. */
function barcodesInput(what: string) {
  return {
    type: "array",
    // Over the maximum: the one problem the service would answer, before any item is read.
    maxItems: MAX_BARCODES,
    "x-error-codes": { maxItems: "INVALID_BARCODE" },
    items: { type: "string" },
    // The service checks the rules, so a bad barcode is INVALID_BARCODE wherever it is.
    description: `${what} ${BARCODE_RULES}`,
    examples: [["4006381333931", "SHELF-A7"]],
  } as const;
}

/** A location in a request: `what` says what leaving it out (or null) and blank mean. */
function locationInput(what: string) {
  return {
    type: ["string", "null"],
    maxLength: MAX_LOCATION_LENGTH,
    description: `Where its stock is kept (a shelf, bay, bin or picking position). ${LOCATION_RULES} ${what}`,
    examples: ["A-01-03"],
  } as const;
}

/** An entity's location in an answer. */
const locationProperty = { ...nullable("string"), description: LOCATION_DESCRIPTION } as const;

/**
 * An answer's required fields: all but barcodes and location, which an answer stored for an
 * idempotent replay before they existed does not have.
 */
const requiredOf = (properties: object): string[] =>
  Object.keys(properties).filter((key) => key !== "barcodes" && key !== "location");

const skuProperties = {
  id: integerId,
  code: { type: "string", description: "Unique within the account." },
  name: { type: "string" },
  on_hand: { type: "number" },
  active: { type: "boolean" },
  created_at: timestamp,
  updated_at: timestamp,
  barcodes: barcodesProperty(),
  location: locationProperty,
} as const;

const supplierItemProperties = {
  id: integerId,
  supplier: { type: "string" },
  code: { type: "string", description: "Unique per supplier within the account." },
  name: { type: "string" },
  on_hand: { type: "number", description: "The linked SKU's on hand when linked." },
  sku_id: { ...nullable("integer"), description: "The linked SKU, or null." },
  active: { type: "boolean" },
  created_at: timestamp,
  updated_at: timestamp,
  barcodes: barcodesProperty(),
  location: locationProperty,
} as const;

const adjustmentRecordProperties = {
  id: integerId,
  reason: $ref("AdjustmentReason"),
  note: nullable("string"),
  reference: nullable("string"),
  created_at: timestamp,
  actor: $ref("Actor"),
} as const;

const schemas = {
  Problem: {
    $id: "Problem",
    type: "object",
    description:
      "An RFC 9457 problem. `code` is stable (see the error catalogue, docs/reference/errors.md); `errors` lists every problem found, with a JSON `pointer` into the body or the query/header `parameter`.",
    required: ["type", "title", "status", "detail", "code", "request_id"],
    properties: {
      type: { type: "string", format: "uri" },
      title: { type: "string" },
      status: { type: "integer" },
      detail: { type: "string" },
      code: { type: "string", enum: Object.keys(ERROR_CATALOG) },
      errors: { type: "array", items: $ref("ProblemItem") },
      request_id: { type: "string", description: "Also the x-request-id response header." },
    },
    // Problems are extensible (RFC 9457 §3.2): later members must not be dropped by serialising.
    additionalProperties: true,
  },
  ProblemItem: {
    $id: "ProblemItem",
    type: "object",
    required: ["code", "message"],
    properties: {
      pointer: { type: "string", description: "JSON pointer into the request body." },
      parameter: { type: "string", description: "Query parameter or header name." },
      code: { type: "string", enum: Object.keys(ERROR_CATALOG) },
      message: { type: "string" },
    },
    additionalProperties: true,
  },

  AdjustmentReason: enumSchema(
    "AdjustmentReason",
    "Why stock was set. manual and error need a non-blank note.",
    ADJUSTMENT_REASONS,
  ),
  StockReason: enumSchema(
    "StockReason",
    "A movement's reason: an adjustment reason, or stock_take and opening_balance, which only the system records.",
    Object.values(StockReason),
  ),
  EntityType: enumSchema(
    "EntityType",
    "What a line or movement is about.",
    Object.values(EntityType),
  ),
  MovementSource: enumSchema(
    "MovementSource",
    "What wrote a movement.",
    Object.values(MovementSource),
  ),
  AdjustmentLineStatus: enumSchema(
    "AdjustmentLineStatus",
    "changed wrote a movement; unchanged (the new quantity was the current one) wrote none.",
    ["changed", "unchanged"],
  ),

  Sku: {
    $id: "Sku",
    type: "object",
    description: "A stock keeping unit and its quantity on hand.",
    required: requiredOf(skuProperties),
    properties: skuProperties,
  },
  SupplierItem: {
    $id: "SupplierItem",
    type: "object",
    description:
      "A supplier's article. Linked to a SKU, its stock is the SKU's; unlinked, it holds stock of its own.",
    required: requiredOf(supplierItemProperties),
    properties: supplierItemProperties,
  },
  BarcodeMatch: {
    $id: "BarcodeMatch",
    description:
      "The SKU or the supplier item that has the barcode, with `type` saying which; the other fields are that entity's.",
    anyOf: [
      {
        type: "object",
        required: ["type", ...requiredOf(skuProperties)],
        properties: { type: { type: "string", const: "sku" }, ...skuProperties },
      },
      {
        type: "object",
        required: ["type", ...requiredOf(supplierItemProperties)],
        properties: {
          type: { type: "string", const: "supplier_item" },
          ...supplierItemProperties,
        },
      },
    ],
  },
  Actor: {
    $id: "Actor",
    type: "object",
    description: "Who made a change: the API token's name and id (null id: the service itself).",
    required: ["name", "token_id"],
    properties: { name: { type: "string" }, token_id: nullable("integer") },
  },
  StockMovement: {
    $id: "StockMovement",
    type: "object",
    description: "One change of one entity's quantity. Movements are never edited or deleted.",
    required: [
      "id",
      "occurred_at",
      "entity_type",
      "sku_id",
      "supplier_item_id",
      "quantity_before",
      "quantity_after",
      "change",
      "reason",
      "note",
      "reference",
      "source",
      "adjustment_id",
      "stock_take_id",
      "actor",
    ],
    properties: {
      id: { type: "integer", minimum: 1 },
      occurred_at: timestamp,
      entity_type: $ref("EntityType"),
      sku_id: nullable("integer"),
      supplier_item_id: nullable("integer"),
      quantity_before: { type: "number" },
      quantity_after: { type: "number" },
      change: { type: "number", description: "quantity_after − quantity_before." },
      reason: $ref("StockReason"),
      note: nullable("string"),
      reference: nullable("string"),
      source: $ref("MovementSource"),
      adjustment_id: nullable("integer"),
      stock_take_id: nullable("integer"),
      actor: $ref("Actor"),
    },
  },
  AdjustedSku: {
    $id: "AdjustedSku",
    type: "object",
    description: "The SKU after the adjustment, with the movement it wrote.",
    required: [...requiredOf(skuProperties), "movement"],
    properties: {
      ...skuProperties,
      movement: {
        description: "null when on hand already had the requested value.",
        anyOf: [$ref("StockMovement"), { type: "null" }],
      },
    },
  },
  AdjustedSupplierItem: {
    $id: "AdjustedSupplierItem",
    type: "object",
    description: "The supplier item after the adjustment, with the movement it wrote.",
    required: [...requiredOf(supplierItemProperties), "movement"],
    properties: {
      ...supplierItemProperties,
      movement: {
        description: "null when on hand already had the requested value.",
        anyOf: [$ref("StockMovement"), { type: "null" }],
      },
    },
  },
  LinkedSupplierItem: {
    $id: "LinkedSupplierItem",
    type: "object",
    description: "The supplier item after linking, with the transfer movements written.",
    required: [...requiredOf(supplierItemProperties), "movements"],
    properties: {
      ...supplierItemProperties,
      movements: {
        type: "array",
        description:
          "With transfer: the item to 0 and the SKU up by as much (reason transfer); else empty.",
        items: $ref("StockMovement"),
      },
    },
  },
  LinkSupplierItem: {
    $id: "LinkSupplierItem",
    examples: [{ sku_id: 1, transfer: true }],
    type: "object",
    required: ["sku_id"],
    additionalProperties: false,
    properties: {
      sku_id: { ...integerId, description: "The SKU whose stock the item shares from now on." },
      transfer: {
        type: "boolean",
        description:
          "Move the item's own stock into the SKU (two movements, reason transfer). Without it, an item holding stock is refused with 409 SUPPLIER_ITEM_HAS_STOCK.",
      },
    },
  },
  StockAdjustmentLine: {
    $id: "StockAdjustmentLine",
    type: "object",
    description: "The result for one line, named by its entity.",
    required: ["type", "id", "previous_qty", "new_qty", "change", "status", "movement_id"],
    properties: {
      type: $ref("EntityType"),
      id: { ...integerId, description: "The SKU's or supplier item's id." },
      previous_qty: { type: "number" },
      new_qty: { type: "number" },
      change: { type: "number" },
      status: $ref("AdjustmentLineStatus"),
      movement_id: { ...nullable("integer"), description: "null when unchanged." },
    },
  },
  StockAdjustment: {
    $id: "StockAdjustment",
    type: "object",
    description: "One adjustment request and what it did to each line.",
    required: ["id", "reason", "note", "reference", "created_at", "actor", "lines"],
    properties: {
      ...adjustmentRecordProperties,
      lines: { type: "array", items: $ref("StockAdjustmentLine") },
    },
  },
  StockAdjustmentSummary: {
    $id: "StockAdjustmentSummary",
    type: "object",
    description: "An adjustment without its lines (GET /stock-adjustments/{id} has them).",
    required: ["id", "reason", "note", "reference", "created_at", "actor"],
    properties: adjustmentRecordProperties,
  },
  StockAdjustmentWithLines: {
    $id: "StockAdjustmentWithLines",
    type: "object",
    description:
      "An adjustment with its first 1000 lines; lines_next_cursor continues at GET /stock-adjustments/{id}/lines.",
    required: [
      "id",
      "reason",
      "note",
      "reference",
      "created_at",
      "actor",
      "lines",
      "lines_next_cursor",
    ],
    properties: {
      ...adjustmentRecordProperties,
      lines: { type: "array", items: $ref("StockAdjustmentLine") },
      lines_next_cursor: {
        type: ["string", "null"],
        description: "Pass as `cursor` to GET /stock-adjustments/{id}/lines; null when no more.",
      },
    },
  },
  StockAdjustmentPage: page("StockAdjustmentPage", "StockAdjustmentSummary"),
  StockAdjustmentLinePage: page("StockAdjustmentLinePage", "StockAdjustmentLine"),
  SkuPage: page("SkuPage", "Sku"),
  SupplierItemPage: page("SupplierItemPage", "SupplierItem"),
  Event: {
    $id: "Event",
    type: "object",
    description:
      "One change as the feed, webhooks and subscriptions show it, written in the transaction of the change.",
    required: ["id", "type", "occurred_at", "data", "cursor"],
    properties: {
      id: { type: "string", description: "Stable: `evt_` and a number.", examples: ["evt_1042"] },
      type: { type: "string", enum: [...EVENT_TYPES], description: "What changed." },
      occurred_at: { ...timestamp, description: "When the change was made." },
      data: {
        type: "object",
        additionalProperties: true,
        description: EVENT_DATA_DESCRIPTION,
      },
      cursor: {
        type: "string",
        description: "The feed's position just after this event: pass as `after` to resume there.",
      },
    },
  },
  EventPage: {
    $id: "EventPage",
    type: "object",
    description: "One page of the change feed, oldest first.",
    required: ["data", "next_cursor", "has_more"],
    properties: {
      data: { type: "array", items: $ref("Event") },
      next_cursor: {
        type: "string",
        description:
          "Pass as `after` for the next page; on the last page too, to poll from later for new events.",
      },
      has_more: { type: "boolean", description: "Whether another page follows now." },
    },
  },
  StockMovementPage: {
    ...page("StockMovementPage", "StockMovement"),
    required: ["data", "next_cursor", "has_more"],
    properties: {
      data: { type: "array", items: $ref("StockMovement") },
      next_cursor: {
        type: ["string", "null"],
        description:
          "Pass as `cursor` for the next page. With order=asc also on the last page, to resume from later when new movements are written; null otherwise on the last page.",
      },
      has_more: { type: "boolean", description: "Whether another page follows now." },
    },
  },

  CreateSku: {
    $id: "CreateSku",
    examples: [{ code: "BOLT-M6", name: "Bolt M6", opening_on_hand: 250 }],
    type: "object",
    required: ["code", "name"],
    additionalProperties: false,
    properties: {
      code: { type: "string", maxLength: TEXT_MAX.code, description: "Unique within the account." },
      name: { type: "string", maxLength: TEXT_MAX.name },
      opening_on_hand: {
        ...quantitySchema,
        description: "Recorded as an opening_balance movement. " + QUANTITY_RULE,
      },
      active: { type: "boolean", description: "true when absent." },
      barcodes: barcodesInput("The SKU's barcodes."),
      location: locationInput("Absent, null or blank: none."),
    },
  },
  CreateSupplierItem: {
    $id: "CreateSupplierItem",
    examples: [
      {
        supplier: "Würth",
        code: "W-0057-6",
        name: "Hex bolt M6x20, pack of 100",
        opening_on_hand: 12.5,
      },
    ],
    type: "object",
    required: ["supplier", "code", "name"],
    additionalProperties: false,
    properties: {
      supplier: { type: "string", maxLength: TEXT_MAX.supplier },
      code: {
        type: "string",
        maxLength: TEXT_MAX.code,
        description: "Unique per supplier within the account.",
      },
      name: { type: "string", maxLength: TEXT_MAX.name },
      sku_id: {
        type: ["integer", "null"],
        minimum: 1,
        maximum: MAX_ID,
        description: "Link to this SKU: the item then shows the SKU's stock and holds none.",
      },
      opening_on_hand: {
        ...quantitySchema,
        description: "Unlinked items only. " + QUANTITY_RULE,
      },
      active: { type: "boolean", description: "true when absent." },
      barcodes: barcodesInput("The item's barcodes."),
      location: locationInput("Absent, null or blank: none."),
    },
  },
  SkuImport: {
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
    ...importRows("each code once", importRowProperties()),
  },
  SkuImportCsv: {
    $id: "SkuImportCsv",
    examples: [
      "code,name,barcodes,location,opening_on_hand\r\nBOLT-M6,Bolt M6,4006381333931|SHELF-A7,A-01-03,250\r\n",
    ],
    type: "string",
    description:
      "text/csv (RFC 4180, UTF-8) with a header naming code and name, optional active (true/false), barcodes (separated by |; a blank cell: none), location (a blank cell: none; without the column an existing SKU keeps its own) and opening_on_hand. Rows are numbered from the header (row 1).",
  },
  SupplierItemImport: {
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
    ...importRows("each supplier and code once", {
      supplier: {
        type: "string",
        description: `Required; at most ${TEXT_MAX.supplier} characters.`,
      },
      ...importRowProperties(),
      sku_id: {
        type: ["integer", "null"],
        description:
          "A new item: link it to this SKU (then no opening_on_hand). An existing item: its link as it stands.",
      },
    }),
  },
  SupplierItemImportCsv: {
    $id: "SupplierItemImportCsv",
    examples: ['supplier,code,name,sku_id\r\nWürth,W-0057-6,"Hex bolt M6x20, pack of 100",1\r\n'],
    type: "string",
    description:
      "text/csv (RFC 4180, UTF-8) with a header naming supplier, code and name, optional sku_id, active, barcodes (separated by |), location and opening_on_hand. Rows are numbered from the header (row 1).",
  },
  ImportResult: {
    $id: "ImportResult",
    type: "object",
    description: "What the import did, and every row's id.",
    required: ["created", "updated", "unchanged", "ids"],
    properties: {
      created: { type: "integer", description: "New SKUs or supplier items." },
      updated: { type: "integer", description: "Existing ones with a field changed." },
      unchanged: { type: "integer", description: "Existing ones the row left as they were." },
      ids: {
        type: "array",
        description: "Each row's code and id, in the order sent.",
        items: {
          type: "object",
          required: ["code", "id"],
          properties: { code: { type: "string" }, id: integerId },
        },
      },
    },
  },
  SupplierItemUpdate: {
    $id: "SupplierItemUpdate",
    description:
      "Catalog fields (supplier, code, name, active), stock fields (on_hand with reason), or both, applied in one transaction. Catalog fields alone need no reason and write no movement; on_hand needs a reason and is refused for a linked item.",
    examples: [{ on_hand: 40, reason: "received", reference: "PO-1043", expected_on_hand: 36 }],
    type: "object",
    additionalProperties: false,
    properties: {
      supplier: {
        type: "string",
        maxLength: TEXT_MAX.supplier,
        description: "The supplier's name.",
      },
      ...catalogUpdateProperties(
        "unique per supplier regardless of case (else 409 DUPLICATE_CODE)",
      ),
      ...stockUpdateProperties(),
    },
  },
  SkuUpdate: {
    $id: "SkuUpdate",
    description:
      "Catalog fields (code, name, active, barcodes, location), stock fields (on_hand with reason), or both, applied in one transaction. Catalog fields alone need no reason and write no movement.",
    examples: [
      { on_hand: 12, reason: "manual", note: "Cycle count correction.", reference: "MANUAL-001" },
    ],
    type: "object",
    additionalProperties: false,
    properties: {
      ...catalogUpdateProperties(
        "unique in the account regardless of case (else 409 DUPLICATE_CODE)",
      ),
      ...stockUpdateProperties(),
    },
  },
  StockAdjustmentLineInput,
  BulkStockAdjustment,
  ...stockTakeSchemas,
  ...webhookSchemas,
} as const;

export type SchemaName = keyof typeof schemas;

/** A PATCH setting one entity's on hand (a SKU, or an unlinked supplier item). */
function catalogUpdateProperties(codeRule: string) {
  return {
    code: { type: "string", maxLength: TEXT_MAX.code, description: `New code: ${codeRule}.` },
    name: { type: "string", maxLength: TEXT_MAX.name, description: "New name." },
    active: {
      type: "boolean",
      description:
        "false retires the entity: it stays readable and keeps its stock and history, and is left out of a stock take's default scope.",
    },
    barcodes: barcodesInput("The whole new set of barcodes; [] removes them all."),
    location: locationInput("Absent or null: as it is; blank removes it."),
  } as const;
}

function stockUpdateProperties() {
  return {
    on_hand: {
      ...quantitySchema,
      description: "The new absolute quantity. " + QUANTITY_RULE,
    },
    ...adjustmentHeader,
    expected_on_hand: {
      type: ["number", "null"],
      description: "Apply only if on hand is still this value (else 409 ON_HAND_CHANGED).",
    },
  } as const;
}

/** Registers every named schema, so routes can `ref()` them and the document lists them. */
export function registerSharedSchemas(app: FastifyInstance): void {
  for (const schema of Object.values(schemas)) app.addSchema(schema);
}
