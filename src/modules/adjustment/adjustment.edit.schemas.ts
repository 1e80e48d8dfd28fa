// The REST contract of PATCH /skus/{id} and /supplier-items/{id} (operations adjustSkuStock and
// adjustSupplierItemStock, tagged adjustments): a body of catalog fields, stock fields or both,
// and each route's schemas.
import { Type, type Static } from "typebox";
import {
  QUANTITY_BOUNDS,
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
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams } from "../../http/validation.js";
import { TEXT_LIMITS } from "../../limits.js";
import { catalogUpdateProperties } from "../catalog/rest/catalog.schemas.js";
import { ADJUSTMENT_PROBLEMS, adjustmentHeader } from "./adjustment.schemas.js";

/** A PATCH setting one entity's on hand (a SKU, or an unlinked supplier item). */
const stockUpdateProperties = {
  on_hand: Type.Optional({
    ...quantitySchema,
    description: "The new absolute quantity. " + QUANTITY_RULE,
  }),
  ...adjustmentHeader,
  site_id: Type.Optional({
    ...adjustmentHeader.site_id,
    description:
      "The site whose on hand is set, whose location is set, and whose stock the answer shows; the default site when absent, or a limited token's own (404 SITE_NOT_FOUND for a site the account does not have, 409 SITE_INACTIVE for a deactivated one). With location alone it needs no reason.",
  }),
  // A PATCH of catalog fields alone needs no reason.
  reason: Type.Optional(adjustmentHeader.reason),
  expected_on_hand: Type.Optional(
    Type.Unsafe<number | null>({
      type: ["number", "null"],
      description: "Apply only if on hand is still this value (else 409 ON_HAND_CHANGED).",
      ...serviceRules({}, QUANTITY_BOUNDS),
    }),
  ),
};

/** PATCH /skus/{id}'s body (named: SkuUpdate). */
export const SkuUpdate = Type.Object(
  {
    ...catalogUpdateProperties(
      "unique in the account regardless of case (else 409 DUPLICATE_CODE)",
    ),
    ...stockUpdateProperties,
  },
  serviceRules(
    {
      $id: "SkuUpdate",
      description:
        "Catalog fields (code, name, active, barcodes, and location at site_id), stock fields (on_hand with reason, at site_id), or both, applied in one transaction. Catalog fields alone need no reason and write no movement.",
      examples: [
        { on_hand: 12, reason: "manual", note: "Cycle count correction.", reference: "MANUAL-001" },
      ],
      additionalProperties: false,
    },
    { minProperties: 1 },
  ),
);

/** PATCH /supplier-items/{id}'s body (named: SupplierItemUpdate). */
export const SupplierItemUpdate = Type.Object(
  {
    supplier: Type.Optional(
      requiredText(TEXT_LIMITS.supplier, { description: "The supplier's name." }),
    ),
    ...catalogUpdateProperties("unique per supplier regardless of case (else 409 DUPLICATE_CODE)"),
    ...stockUpdateProperties,
  },
  serviceRules(
    {
      $id: "SupplierItemUpdate",
      description:
        "Catalog fields (supplier, code, name, active), stock fields (on_hand with reason), or both, applied in one transaction. Catalog fields alone need no reason and write no movement; on_hand needs a reason and is refused for a linked item.",
      examples: [{ on_hand: 40, reason: "received", reference: "PO-1043", expected_on_hand: 36 }],
      additionalProperties: false,
    },
    { minProperties: 1 },
  ),
);
/** A PATCH's body, a SKU's or a supplier item's (a SKU's has no supplier). */
export type CatalogPatch = Static<typeof SupplierItemUpdate>;

/** The PATCH bodies, for the OpenAPI registry. */
export const editSchemas = { SupplierItemUpdate, SkuUpdate };

export const adjustSkuStock = {
  operationId: "adjustSkuStock",
  tags: ["adjustments"],
  summary: "Edit a SKU, or set its on hand to an absolute value, or both",
  description:
    "Needs the adjust scope. code, name and active change the catalog and write no movement; on_hand (with a reason) writes one movement (none when on hand already has the value); both together apply in one transaction. Send an Idempotency-Key header to make retries safe.",
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(SkuUpdate),
  response: {
    200: ok(
      "AdjustedSku",
      "The SKU with its new on hand, and the movement written (null if unchanged)",
      { ...examples.sku, on_hand: 12, movement: examples.movement },
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SKU_NOT_FOUND",
      ...ADJUSTMENT_PROBLEMS,
      ...BARCODE_PROBLEMS,
      "DUPLICATE_CODE",
    ),
  },
};

export const adjustSupplierItemStock = {
  operationId: "adjustSupplierItemStock",
  tags: ["adjustments"],
  summary: "Edit a supplier item, or set an unlinked one's on hand, or both",
  description:
    "Needs the adjust scope. Like PATCH /skus/{id}, with supplier among the catalog fields. A linked item's stock is its SKU's: on_hand for it is 422 LINKED_SUPPLIER_ITEM, naming the SKU to adjust instead. Send an Idempotency-Key header to make retries safe.",
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(SupplierItemUpdate),
  response: {
    200: ok(
      "AdjustedSupplierItem",
      "The supplier item with its new on hand, and the movement written (null if unchanged)",
      {
        ...examples.supplierItem,
        on_hand: 40,
        movement: {
          ...examples.movement,
          entity_type: "supplier_item",
          sku_id: null,
          supplier_item_id: examples.supplierItem.id,
          quantity_before: 36,
          quantity_after: 40,
          change: 4,
          reason: "received",
          note: null,
          reference: "PO-1043",
        },
      },
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SUPPLIER_ITEM_NOT_FOUND",
      ...ADJUSTMENT_PROBLEMS,
      "LINKED_SUPPLIER_ITEM",
      ...BARCODE_PROBLEMS,
      "DUPLICATE_CODE",
    ),
  },
};
