import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { idParams, idempotencyHeaders, linesSchema } from "../../http/validation.js";
import * as adjustments from "./adjustment.service.js";
import { TEXT_LIMITS } from "./adjustment.service.js";

const header = {
  reason: {
    type: "string",
    description: `One of ${adjustments.ADJUSTMENT_REASONS.join(", ")}; manual and error need a note.`,
  },
  note: { type: ["string", "null"], maxLength: TEXT_LIMITS.note },
  reference: { type: ["string", "null"], maxLength: TEXT_LIMITS.reference },
} as const;

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
        tags: ["adjustments"],
        summary: "Set a SKU's on hand to an absolute value",
        description:
          "Writes one movement (none when on hand already has the value). Send an Idempotency-Key header to make retries safe.",
        params: idParams,
        headers: idempotencyHeaders,
        body: {
          type: "object",
          required: ["on_hand"],
          additionalProperties: false,
          properties: {
            on_hand: { type: "number" },
            ...header,
            expected_on_hand: {
              type: ["number", "null"],
              description: "Apply only if on hand is still this value (else 409).",
            },
          },
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
        tags: ["adjustments"],
        summary: "Set up to 10,000 SKUs and supplier items to absolute quantities, all or nothing",
        headers: idempotencyHeaders,
        body: {
          type: "object",
          required: ["lines"],
          additionalProperties: false,
          properties: {
            ...header,
            lines: linesSchema(
              {
                type: "object",
                required: ["type", "id", "new_qty"],
                additionalProperties: false,
                properties: {
                  type: { type: "string", description: "sku or supplier_item" },
                  id: { type: "integer", minimum: 1, maximum: 2147483647 },
                  new_qty: { type: "number" },
                  expected_qty: { type: ["number", "null"] },
                },
              },
              adjustments.MAX_LINES,
              `1 to ${adjustments.MAX_LINES} lines, each entity once; more is TOO_MANY_LINES.`,
            ),
          },
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
