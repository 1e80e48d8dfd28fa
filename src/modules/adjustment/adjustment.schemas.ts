// The REST contract of adjustments: the named body schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox, the
// handlers' types derived from them.
import { Type, type Static } from "typebox";
import { EntityType } from "../../generated/prisma/enums.js";
import {
  $ref,
  barcodeText,
  integerId,
  QUANTITY_BOUNDS,
  quantitySchema,
  refOf,
  QUANTITY_RULE,
  serviceRules,
  stringEnum,
} from "../../http/openapi-primitives.js";
import {
  examples,
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idParams, idempotencyHeaders, pageQuery, windowQuery } from "../../http/validation.js";
import { MAX_ADJUSTMENT_SITES, MAX_LINES, TEXT_LIMITS } from "../../limits.js";
import { ADJUSTMENT_REASONS } from "../../reasons.js";
import { FIRST_LINES } from "./adjustment.read.js";

/** What any adjustment can answer besides WRITE_PROBLEMS. */
export const ADJUSTMENT_PROBLEMS = [
  "INVALID_QUANTITY",
  "INVALID_REASON",
  "NOTE_REQUIRED",
  "ON_HAND_CHANGED",
  "SITE_NOT_FOUND",
  "SITE_INACTIVE",
] as const;

/** Why, and the caller's note and document: the head of every adjustment (and a PATCH's). */
export const adjustmentHeader = {
  reason: stringEnum(ADJUSTMENT_REASONS, {
    description:
      "Why stock is set; manual and error need a note. Missing, unknown or system reasons are 422 INVALID_REASON.",
    "x-service-checked": true,
    "x-error-codes": { enum: "INVALID_REASON", required: "INVALID_REASON" },
  }),
  note: Type.Optional(
    Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: TEXT_LIMITS.note }),
  ),
  reference: Type.Optional(
    Type.Unsafe<string | null>({
      type: ["string", "null"],
      maxLength: TEXT_LIMITS.reference,
      description: "Your document number (purchase order, count sheet).",
    }),
  ),
  site_id: Type.Optional({
    ...integerId,
    description:
      "The site whose stock is set; the default site when absent (404 SITE_NOT_FOUND for a site the account does not have, 409 SITE_INACTIVE for a deactivated one).",
  }),
};

/** One line of a bulk adjustment (named: StockAdjustmentLineInput). */
export const StockAdjustmentLineInput = Type.Object(
  {
    type: stringEnum(Object.values(EntityType), {
      description: "sku, or an unlinked supplier_item.",
      "x-service-checked": true,
    }),
    id: Type.Optional({ ...integerId, description: "The entity's id; or give barcode instead." }),
    barcode: Type.Optional(
      barcodeText(
        "One of the entity's barcodes, as scanned, instead of id (404 BARCODE_NOT_FOUND when no entity of the type has it).",
      ),
    ),
    new_qty: {
      ...quantitySchema,
      description: "The new absolute quantity. " + QUANTITY_RULE,
    },
    expected_qty: Type.Optional(
      Type.Unsafe<number | null>({
        type: ["number", "null"],
        description: "Apply only if the quantity is still this value (else 409 ON_HAND_CHANGED).",
        ...serviceRules({}, QUANTITY_BOUNDS),
      }),
    ),
    site_id: Type.Optional({
      ...integerId,
      description: `The site whose stock this line sets, instead of the request's site_id (404 SITE_NOT_FOUND or 409 SITE_INACTIVE at this line). An entity may be on several lines at different sites; the lines span at most ${MAX_ADJUSTMENT_SITES} sites (422 TOO_MANY_SITES).`,
    }),
  },
  { $id: "StockAdjustmentLineInput", additionalProperties: false },
);
export type StockAdjustmentLineInput = Static<typeof StockAdjustmentLineInput>;

/** POST /stock-adjustments/bulk's body (named: BulkStockAdjustment). */
export const BulkStockAdjustment = Type.Object(
  {
    ...adjustmentHeader,
    lines: Type.Array(Type.Unsafe<StockAdjustmentLineInput>($ref("StockAdjustmentLineInput")), {
      minItems: 1,
      maxItems: MAX_LINES,
      "x-error-codes": { maxItems: "TOO_MANY_LINES" },
      description: `1 to ${MAX_LINES} lines (more: 422 TOO_MANY_LINES); each SKU or supplier item at most once per site.`,
    }),
  },
  {
    $id: "BulkStockAdjustment",
    examples: [
      {
        reason: "received",
        reference: "PO-1042",
        lines: [
          { type: "sku", id: 1, new_qty: 60 },
          { type: "supplier_item", id: 5, new_qty: 12.5, expected_qty: 12.5 },
        ],
      },
    ],
    additionalProperties: false,
  },
);
export type BulkStockAdjustment = Static<typeof BulkStockAdjustment>;

/** GET /stock-adjustments's query. */
export const AdjustmentListQuery = Type.Object(
  {
    ...windowQuery,
    reason: Type.Optional(stringEnum(ADJUSTMENT_REASONS)),
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.reference })),
    ...pageQuery.properties,
  },
  { additionalProperties: false },
);

export const listStockAdjustments = {
  operationId: "listStockAdjustments",
  tags: ["adjustments"],
  summary: "List adjustments, newest first",
  description:
    "Needs the read scope. Without lines (GET /stock-adjustments/{id} has them). from/to follow the movement query's date rules (YYYY-MM-DD in the account's time zone, a date-only `to` including that day, or RFC 3339), but no window is required. reason and reference match exactly. Pages follow `next_cursor`.",
  querystring: AdjustmentListQuery,
  response: {
    200: ok("StockAdjustmentPage", "One page of adjustments", {
      data: [(({ lines: _lines, ...rest }) => rest)(examples.adjustment)],
      next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_DATE_RANGE"),
  },
};

export const getStockAdjustment = {
  operationId: "getStockAdjustment",
  tags: ["adjustments"],
  summary: "Get an adjustment with its lines",
  description: `Needs the read scope. The same shape as the bulk answer, with the first ${FIRST_LINES} lines; \`lines_next_cursor\` (null when there are no more) continues at GET /stock-adjustments/{id}/lines.`,
  params: idParams,
  response: {
    200: ok("StockAdjustmentWithLines", "The adjustment and its first lines", {
      ...examples.adjustment,
      lines_next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "ADJUSTMENT_NOT_FOUND"),
  },
};

export const listStockAdjustmentLines = {
  operationId: "listStockAdjustmentLines",
  tags: ["adjustments"],
  summary: "Page through an adjustment's lines",
  description:
    "Needs the read scope. In the order the request listed them; `cursor` is a `lines_next_cursor` or `next_cursor`.",
  params: idParams,
  querystring: pageQuery,
  response: {
    200: ok("StockAdjustmentLinePage", "One page of lines", {
      data: examples.adjustment.lines,
      next_cursor: null,
    }),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "ADJUSTMENT_NOT_FOUND"),
  },
};

export const bulkAdjustStock = {
  operationId: "bulkAdjustStock",
  tags: ["adjustments"],
  summary: "Set up to 10,000 SKUs and supplier items to absolute quantities, all or nothing",
  description:
    "Needs the adjust scope. One adjustment record; each changed line writes one movement. Every bad line is reported, with its pointer (/lines/3/new_qty). Send an Idempotency-Key header to make retries safe.",
  headers: idempotencyHeaders,
  body: refOf(BulkStockAdjustment),
  response: {
    201: ok(
      "StockAdjustment",
      "The adjustment and each line's result",
      examples.adjustment,
      replayHeaders,
    ),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_NOT_FOUND",
      ...ADJUSTMENT_PROBLEMS,
      "LINKED_SUPPLIER_ITEM",
      "DUPLICATE_LINE",
      "TOO_MANY_LINES",
      "TOO_MANY_SITES",
      "INVALID_BARCODE",
      "BARCODE_NOT_FOUND",
    ),
  },
};
