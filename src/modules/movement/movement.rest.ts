import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { toRest } from "../../http/serialize.js";
import { windowQuery } from "../../http/validation.js";
import { MovementSource, StockReason } from "../../generated/prisma/enums.js";
import * as movements from "./movement.service.js";

const id = { type: "integer", minimum: 1, maximum: 2147483647 } as const;

const movementSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    occurred_at: { type: "string", format: "date-time" },
    entity_type: { type: "string", enum: ["sku", "supplier_item"] },
    sku_id: { type: ["integer", "null"] },
    supplier_item_id: { type: ["integer", "null"] },
    quantity_before: { type: "number" },
    quantity_after: { type: "number" },
    change: { type: "number" },
    reason: { type: "string", enum: Object.values(StockReason) },
    note: { type: ["string", "null"] },
    reference: { type: ["string", "null"] },
    source: { type: "string", enum: Object.values(MovementSource) },
    adjustment_id: { type: ["integer", "null"] },
    stock_take_id: { type: ["integer", "null"] },
    actor: {
      type: "object",
      properties: { name: { type: "string" }, token_id: { type: ["integer", "null"] } },
    },
  },
} as const;

interface MovementQuerystring {
  from?: string;
  to?: string;
  sku_id?: number;
  supplier_item_id?: number;
  stock_take_id?: number;
  adjustment_id?: number;
  reason?: string;
  source?: string;
  reference?: string;
  limit?: number;
  cursor?: string;
  order?: "asc" | "desc";
}

/** GET /api/v1/stock/movements: the ledger, bounded and keyset-paginated. */
export async function movementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: MovementQuerystring }>(
    "/stock/movements",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["movements"],
        summary: "Query stock movements",
        description:
          "Bounded by sku_id, supplier_item_id, stock_take_id or adjustment_id (any window, or none, pages the full history) or by a from/to window of at most 31 days in the account's time zone; reason, source and reference narrow a bounded query. An entity filter naming nothing in the account is its 404 (SKU_NOT_FOUND, ...); a linked supplier item's history is its SKU's movements. Dates are YYYY-MM-DD (a date-only `to` includes that day) or RFC 3339 timestamps; `to` defaults to now. Pages follow `next_cursor` (also in the Link header) while `has_more` is true; with order=asc the last page still carries a `next_cursor` to poll from later for new movements.",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...windowQuery,
            sku_id: id,
            supplier_item_id: id,
            stock_take_id: id,
            adjustment_id: { ...id, description: "Movements written by this adjustment." },
            reason: { type: "string", enum: Object.values(StockReason) },
            source: { type: "string", enum: Object.values(MovementSource) },
            reference: {
              type: "string",
              minLength: 1,
              maxLength: 200,
              description: "Exact match.",
            },
            limit: { type: "integer", minimum: 1, maximum: 1000 },
            cursor: { type: "string", minLength: 1, maxLength: 512 },
            order: { type: "string", enum: ["asc", "desc"] },
          },
        },
        response: {
          200: {
            type: "object",
            properties: {
              data: { type: "array", items: movementSchema },
              next_cursor: {
                type: ["string", "null"],
                description:
                  "The next page's cursor; with order=asc also on the last page, to resume from later.",
              },
              has_more: { type: "boolean", description: "Whether another page follows now." },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await movements.queryMovements(ctxOf(request), {
        from: q.from,
        to: q.to,
        skuId: q.sku_id,
        supplierItemId: q.supplier_item_id,
        stockTakeId: q.stock_take_id,
        adjustmentId: q.adjustment_id,
        reason: q.reason,
        source: q.source,
        reference: q.reference,
        limit: q.limit,
        cursor: q.cursor,
        order: q.order,
      });
      if (page.nextCursor) {
        const next = new URLSearchParams(request.query as Record<string, string>);
        next.set("cursor", page.nextCursor);
        reply.header("link", `<${request.url.split("?")[0]}?${next.toString()}>; rel="next"`);
      }
      return {
        data: page.items.map((i) => toRest(i.node)),
        next_cursor: page.nextCursor ?? page.resumeCursor ?? null,
        has_more: page.nextCursor !== null,
      };
    },
  );
}
