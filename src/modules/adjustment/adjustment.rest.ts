import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idParams, idempotencyHeaders, pageQuery, windowQuery } from "../../http/validation.js";
import * as history from "./adjustment.read.js";
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

/** PATCH body of one entity's absolute on hand (a SKU, or an unlinked supplier item). */
const absoluteBody = {
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
} as const;

const lineSchema = {
  type: "object",
  properties: {
    type: { type: "string", enum: ["sku", "supplier_item"] },
    id: { type: "integer" },
    previous_qty: { type: "number" },
    new_qty: { type: "number" },
    change: { type: "number" },
    status: { type: "string", enum: ["changed", "unchanged"] },
    movement_id: { type: ["integer", "null"] },
  },
} as const;

const adjustmentHeaderSchema = {
  id: { type: "integer" },
  reason: { type: "string", enum: [...adjustments.ADJUSTMENT_REASONS] },
  note: { type: ["string", "null"] },
  reference: { type: ["string", "null"] },
  created_at: { type: "string", format: "date-time" },
  actor: {
    type: "object",
    properties: { name: { type: "string" }, token_id: { type: ["integer", "null"] } },
  },
} as const;

const linesPage = {
  type: "object",
  properties: {
    data: { type: "array", items: lineSchema },
    next_cursor: { type: ["string", "null"] },
  },
} as const;

interface AdjustmentListQuerystring {
  from?: string;
  to?: string;
  reason?: string;
  reference?: string;
  limit?: number;
  cursor?: string;
}

interface AbsoluteBody {
  on_hand: number;
  reason?: string;
  note?: string | null;
  reference?: string | null;
  expected_on_hand?: number | null;
}

/** The service input of a PATCH setting one entity's on hand. */
const absoluteInput = (body: AbsoluteBody) => ({
  onHand: body.on_hand,
  reason: body.reason,
  note: body.note,
  reference: body.reference,
  expectedOnHand: body.expected_on_hand,
});

interface BulkBody {
  reason?: string;
  note?: string | null;
  reference?: string | null;
  lines: { type: string; id: number; new_qty: number; expected_qty?: number | null }[];
}

/**
 * PATCH /api/v1/skus/{id}, PATCH /api/v1/supplier-items/{id}, POST /api/v1/stock-adjustments/bulk,
 * and reading adjustments back.
 */
export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: number }; Body: AbsoluteBody }>(
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
        body: absoluteBody,
      },
    },
    async (request, reply) => {
      const result = await adjustments.adjustSku(
        ctxOf(request),
        request.params.id,
        absoluteInput(request.body),
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ sku, movement }) => ({ ...sku, movement }));
    },
  );

  app.patch<{ Params: { id: number }; Body: AbsoluteBody }>(
    "/supplier-items/:id",
    {
      onRequest: requireScope("adjust"),
      schema: {
        tags: ["adjustments"],
        summary: "Set an unlinked supplier item's on hand to an absolute value",
        description:
          "Like PATCH /skus/{id}. A linked item's stock is its SKU's: 422 LINKED_SUPPLIER_ITEM names the SKU to adjust instead. Send an Idempotency-Key header to make retries safe.",
        params: idParams,
        headers: idempotencyHeaders,
        body: absoluteBody,
      },
    },
    async (request, reply) => {
      const result = await adjustments.adjustSupplierItem(
        ctxOf(request),
        request.params.id,
        absoluteInput(request.body),
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result, ({ supplierItem, movement }) => ({
        ...supplierItem,
        movement,
      }));
    },
  );

  app.get<{ Querystring: AdjustmentListQuerystring }>(
    "/stock-adjustments",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["adjustments"],
        summary: "List adjustments, newest first",
        description:
          "Without lines (GET /stock-adjustments/{id} has them). from/to follow the movement query's date rules (YYYY-MM-DD in the account's time zone, a date-only `to` including that day, or RFC 3339), but no window is required. reason and reference match exactly. Pages follow `next_cursor`.",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...windowQuery,
            reason: { type: "string", enum: [...adjustments.ADJUSTMENT_REASONS] },
            reference: { type: "string", minLength: 1, maxLength: TEXT_LIMITS.reference },
            ...pageQuery.properties,
          },
        },
        response: {
          200: {
            type: "object",
            properties: {
              data: {
                type: "array",
                items: { type: "object", properties: adjustmentHeaderSchema },
              },
              next_cursor: { type: ["string", "null"] },
            },
          },
        },
      },
    },
    async (request) => toRestPage(await history.listAdjustments(ctxOf(request), request.query)),
  );

  app.get<{ Params: { id: number } }>(
    "/stock-adjustments/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["adjustments"],
        summary: "Get an adjustment with its lines",
        description: `The same shape as the bulk answer, with the first ${history.FIRST_LINES} lines; \`lines_next_cursor\` (null when there are no more) continues at GET /stock-adjustments/{id}/lines.`,
        params: idParams,
        response: {
          200: {
            type: "object",
            properties: {
              ...adjustmentHeaderSchema,
              lines: { type: "array", items: lineSchema },
              lines_next_cursor: { type: ["string", "null"] },
            },
          },
        },
      },
    },
    async (request) =>
      toRest(await history.getAdjustmentWithLines(ctxOf(request), request.params.id)),
  );

  app.get<{ Params: { id: number }; Querystring: { limit?: number; cursor?: string } }>(
    "/stock-adjustments/:id/lines",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["adjustments"],
        summary: "Page through an adjustment's lines",
        description:
          "In the order the request listed them; `cursor` is a `lines_next_cursor` or `next_cursor`.",
        params: idParams,
        querystring: pageQuery,
        response: { 200: linesPage },
      },
    },
    async (request) =>
      toRestPage(
        await history.listAdjustmentLines(ctxOf(request), request.params.id, request.query),
      ),
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
            lines: {
              type: "array",
              items: {
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
            },
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
