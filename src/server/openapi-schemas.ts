// The REST contract's registry: every named schema (OpenAPI component), registered once. Each
// module declares its routes' schemas and its request bodies in its own `<module>.schemas.ts`
// (TypeBox, the handlers' types derived from them); the answers several modules share (a SKU, a
// movement, an adjustment, a problem) are declared here. What operations answer (ok(),
// problemResponses(), the examples) is in openapi-responses.ts. Every /api/v1 route follows the
// same convention, so the document at /api/v1/openapi.json generates a working client:
//
//   export const getSku = {                      // in catalog.schemas.ts
//     operationId: "getSku", summary: "Get a SKU", tags: ["catalog"],
//     params: idParams,
//     body: refOf(CreateSku),                    // request bodies are named schemas too, each
//                                                // with its example (`examples: [...]`)
//     response: {
//       200: ok("Sku", "The SKU", example),       // one success status, with an example
//       ...problemResponses(...READ_PROBLEMS, "SKU_NOT_FOUND"),   // every code it can answer
//     },
//   };
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
import {
  BulkStockAdjustment,
  StockAdjustmentLineInput,
} from "../modules/adjustment/adjustment.schemas.js";
import { BARCODES_DESCRIPTION } from "../modules/catalog/index.js";
import { catalogInputSchemas } from "../modules/catalog/rest/catalog.schemas.js";
import { catalogImportSchemas } from "../modules/catalog/rest/catalog.import.schemas.js";
import { editSchemas } from "../modules/adjustment/adjustment.edit.schemas.js";
import { LOCATION_DESCRIPTION } from "../modules/catalog/index.js";
import { EVENT_DATA_DESCRIPTION, EVENT_TYPES } from "../modules/event/event.types.js";
import { stockTakeSchemas } from "../modules/stock-take/rest/stock-take.schemas.js";
import { cycleCountSchemas } from "../modules/cycle-count/cycle-count.schemas.js";
import { reportSchemas } from "../modules/report/report.schemas.js";
import { varianceSchemas } from "../modules/report/report.variance.schemas.js";
import { valuationSchemas } from "../modules/report/report.valuation.schemas.js";
import { webhookSchemas } from "../modules/webhook/webhook.schemas.js";
import { tokenSchemas } from "../modules/token/token.schemas.js";
import { siteSchemas } from "../modules/site/site.schemas.js";
import { accountSchemas } from "../modules/account/account.schemas.js";
import { transferSchemas } from "../modules/transfer/transfer.schemas.js";
import { levelSchemas } from "../modules/catalog/rest/catalog.levels.schemas.js";
import { costSchemas } from "../modules/catalog/rest/catalog.costs.schemas.js";
import { ADJUSTMENT_REASONS } from "../reasons.js";
import { MAX_UNIT_COST } from "../money.js";
import {
  $ref,
  enumSchema,
  integerId,
  nullable,
  page,
  timestamp,
} from "../http/openapi-primitives.js";

/** An entity's barcodes in an answer. */
function barcodesProperty() {
  return {
    type: "array",
    items: { type: "string" },
    description: BARCODES_DESCRIPTION,
  } as const;
}

/** An entity's location in an answer. */
const locationProperty = { ...nullable("string"), description: LOCATION_DESCRIPTION } as const;

/**
 * An answer's required fields: all but barcodes and location, which an answer stored for an
 * idempotent replay before they existed does not have.
 */
const requiredOf = (properties: object): string[] =>
  Object.keys(properties).filter(
    (key) => key !== "barcodes" && key !== "location" && key !== "unit_cost",
  );

/** An item's unit cost in an answer: only for a token with the costs scope. */
const unitCostProperty = {
  ...nullable("number"),
  minimum: 0,
  exclusiveMaximum: MAX_UNIT_COST.toNumber(),
  description:
    "What one unit costs, in the account's currency (at most 4 decimals); null: none. Present only in answers to a token with the costs scope, and left out of every other.",
};

/** An item's stock site by site, when a read asks for it (`include=stock`). */
const stockProperty = {
  ...$ref("StockLevelPage"),
  description:
    "Only with include=stock: the first page of its stock levels (at most 100 sites, in site order; a token limited to sites sees its own), as GET …/levels answers it; next_cursor continues there.",
};

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
  unit_cost: unitCostProperty,
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
  unit_cost: {
    ...unitCostProperty,
    description: `${unitCostProperty.description} A linked item's stock is valued at its SKU's cost.`,
  },
} as const;

const adjustmentRecordProperties = {
  id: integerId,
  reason: $ref("AdjustmentReason"),
  note: nullable("string"),
  reference: nullable("string"),
  created_at: timestamp,
  actor: $ref("Actor"),
  site_id: { ...integerId, description: "The site whose stock it set." },
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
    "A movement's reason: an adjustment reason, or one only the system records: stock_take, opening_balance, transfer (a supplier item's stock into its SKU on linking), and a transfer's between sites: transfer_out (dispatched from the source), transfer_in (received at the destination, or back at the source on cancel), transfer_loss (a shortfall written off at the destination).",
    Object.values(StockReason),
  ),
  EntityType: enumSchema(
    "EntityType",
    "What a line or movement is about.",
    Object.values(EntityType),
  ),
  MovementSource: enumSchema(
    "MovementSource",
    "What wrote a movement: adjustment, stock_take, opening_balance, or transfer (a transfer between sites, named by transfer_id, or a linked supplier item's stock moved into its SKU).",
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
  SkuWithStock: {
    $id: "SkuWithStock",
    type: "object",
    description: "A SKU, and with `include=stock` its stock site by site.",
    required: requiredOf(skuProperties),
    properties: { ...skuProperties, stock: stockProperty },
  },
  SupplierItem: {
    $id: "SupplierItem",
    type: "object",
    description:
      "A supplier's article. Linked to a SKU, its stock is the SKU's; unlinked, it holds stock of its own.",
    required: requiredOf(supplierItemProperties),
    properties: supplierItemProperties,
  },
  SupplierItemWithStock: {
    $id: "SupplierItemWithStock",
    type: "object",
    description: "A supplier item, and with `include=stock` its stock site by site.",
    required: requiredOf(supplierItemProperties),
    properties: { ...supplierItemProperties, stock: stockProperty },
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
      "site_id",
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
      site_id: { type: "integer", minimum: 1, description: "The site whose stock moved." },
      transfer_id: {
        ...nullable("integer"),
        description:
          "The transfer that wrote it (its dispatch, receipt, shortfall or cancel), else null. Left out of an answer stored by an idempotency key before transfers existed.",
      },
      actor: $ref("Actor"),
      unit_cost: {
        ...nullable("number"),
        minimum: 0,
        description:
          "The item's unit cost when the movement was written (null: it had none). Present only for a token with the costs scope.",
      },
      value_change: {
        ...nullable("string"),
        pattern: "^-?[0-9]+(\\.[0-9]{1,4})?$",
        description:
          "change × unit_cost, rounded half away from zero to the currency's minor units, as an exact decimal string (null without a cost). Written with the movement: a later cost never changes it. Present only for a token with the costs scope.",
      },
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
  StockAdjustmentLine: {
    $id: "StockAdjustmentLine",
    type: "object",
    description: "The result for one line, named by its entity.",
    required: [
      "type",
      "id",
      "previous_qty",
      "new_qty",
      "change",
      "status",
      "movement_id",
      "site_id",
    ],
    properties: {
      type: $ref("EntityType"),
      id: { ...integerId, description: "The SKU's or supplier item's id." },
      previous_qty: { type: "number" },
      new_qty: { type: "number" },
      change: { type: "number" },
      status: $ref("AdjustmentLineStatus"),
      movement_id: { ...nullable("integer"), description: "null when unchanged." },
      site_id: {
        ...integerId,
        description: "The site whose stock the line set: its own site_id, else the adjustment's.",
      },
    },
  },
  StockAdjustment: {
    $id: "StockAdjustment",
    type: "object",
    description: "One adjustment request and what it did to each line.",
    required: ["id", "reason", "note", "reference", "created_at", "actor", "site_id", "lines"],
    properties: {
      ...adjustmentRecordProperties,
      lines: { type: "array", items: $ref("StockAdjustmentLine") },
    },
  },
  StockAdjustmentSummary: {
    $id: "StockAdjustmentSummary",
    type: "object",
    description: "An adjustment without its lines (GET /stock-adjustments/{id} has them).",
    required: ["id", "reason", "note", "reference", "created_at", "actor", "site_id"],
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
      "site_id",
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

  ...catalogInputSchemas,
  ...catalogImportSchemas,
  ImportResult: {
    $id: "ImportResult",
    type: "object",
    description: "What the import did, and every row's id.",
    required: ["created", "updated", "unchanged", "ids"],
    properties: {
      created: { type: "integer", description: "New SKUs or supplier items." },
      updated: { type: "integer", description: "Existing ones with a field changed." },
      unchanged: { type: "integer", description: "Existing ones the row left as they were." },
      opening_balances: {
        type: "integer",
        description:
          "Opening balances written (an opening_balance movement each): opening_on_hand of new entities, on_hand where the entity had never moved at the row's site. Absent only from an answer stored before it existed and replayed.",
      },
      on_hand_kept: {
        type: "integer",
        description:
          "Rows whose on_hand differs from the entity's stock at their site and was not written, since the entity had moved there: change that stock with an adjustment or a stock take.",
      },
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
  ...editSchemas,
  StockAdjustmentLineInput,
  BulkStockAdjustment,
  ...stockTakeSchemas,
  ...cycleCountSchemas,
  ...reportSchemas,
  ...varianceSchemas,
  ...valuationSchemas,
  ...webhookSchemas,
  ...tokenSchemas,
  ...siteSchemas,
  ...accountSchemas,
  ...transferSchemas,
  ...levelSchemas,
  ...costSchemas,
} as const;

export type SchemaName = keyof typeof schemas;

/** Registers every named schema, so routes can `ref()` them and the document lists them. */
export function registerSharedSchemas(app: FastifyInstance): void {
  for (const schema of Object.values(schemas)) app.addSchema(schema);
}
