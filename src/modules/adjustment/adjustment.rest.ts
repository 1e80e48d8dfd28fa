import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import {
  examples,
  ok,
  problemResponses,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-schemas.js";
import { idParams, idempotencyHeaders } from "../../http/validation.js";
import * as adjustments from "./adjustment.service.js";

/** What any adjustment can answer besides WRITE_PROBLEMS. */
const ADJUSTMENT_PROBLEMS = [
  "INVALID_QUANTITY",
  "INVALID_REASON",
  "NOTE_REQUIRED",
  "ON_HAND_CHANGED",
] as const;

interface AdjustSkuBody {
  on_hand: number;
  reason?: string;
  note?: string | null;
  reference?: string | null;
  expected_on_hand?: number | null;
}

interface BulkBody {
  reason?: string;
  note?: string | null;
  reference?: string | null;
  lines: { type: string; id: number; new_qty: number; expected_qty?: number | null }[];
}

/** PATCH /api/v1/skus/{id} and POST /api/v1/stock-adjustments/bulk. */
export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: number }; Body: AdjustSkuBody }>(
    "/skus/:id",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "adjustSkuStock",
        tags: ["adjustments"],
        summary: "Set a SKU's on hand to an absolute value",
        description:
          "Needs the adjust scope. Writes one movement (none when on hand already has the value). Send an Idempotency-Key header to make retries safe.",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("SkuStockUpdate"),
        response: {
          200: ok(
            "AdjustedSku",
            "The SKU with its new on hand, and the movement written (null if unchanged)",
            { ...examples.sku, on_hand: 12, movement: examples.movement },
            replayHeaders,
          ),
          ...problemResponses(...WRITE_PROBLEMS, "SKU_NOT_FOUND", ...ADJUSTMENT_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const { on_hand, reason, note, reference, expected_on_hand } = request.body;
      const result = await adjustments.adjustSku(
        ctxOf(request),
        request.params.id,
        { onHand: on_hand, reason, note, reference, expectedOnHand: expected_on_hand },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ sku, movement }) => ({ ...sku, movement }));
    },
  );

  app.post<{ Body: BulkBody }>(
    "/stock-adjustments/bulk",
    {
      onRequest: requireScope("adjust"),
      schema: {
        operationId: "bulkAdjustStock",
        tags: ["adjustments"],
        summary: "Set up to 10,000 SKUs and supplier items to absolute quantities, all or nothing",
        description:
          "Needs the adjust scope. One adjustment record; each changed line writes one movement. Every bad line is reported, with its pointer (/lines/3/new_qty). Send an Idempotency-Key header to make retries safe.",
        headers: idempotencyHeaders,
        body: ref("BulkStockAdjustment"),
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
          ),
        },
      },
    },
    async (request, reply) => {
      const { reason, note, reference, lines } = request.body;
      const result = await adjustments.bulkAdjust(
        ctxOf(request),
        {
          reason,
          note,
          reference,
          lines: lines.map((l) => ({
            type: l.type,
            id: l.id,
            newQty: l.new_qty,
            expectedQty: l.expected_qty,
          })),
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}
