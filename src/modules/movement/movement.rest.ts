import { cursorParam, integerId, pageLimit } from "../../http/openapi-primitives.js";
import type { FastifyInstance } from "fastify";
import { ctxOf, LEDGER_ROW_WEIGHT, rowPricedScope } from "../../http/auth.js";
import { examples, ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-schemas.js";
import { toRest } from "../../http/serialize.js";
import { windowQuery } from "../../http/validation.js";
import { MovementSource, StockReason } from "../../generated/prisma/enums.js";
import * as movements from "./movement.service.js";

const id = integerId;

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
      ...rowPricedScope("read", { rowWeight: LEDGER_ROW_WEIGHT }),
      schema: {
        operationId: "listStockMovements",
        tags: ["movements"],
        summary: "Query stock movements",
        description:
          "Needs the read scope. Bounded by sku_id, supplier_item_id, stock_take_id or adjustment_id (any window, or none, pages the full history) or by a from/to window of at most 31 days in the account's time zone; reason, source and reference narrow a bounded query. An entity filter naming nothing in the account is its 404 (SKU_NOT_FOUND, ...); a linked supplier item's history is its SKU's movements. Dates are YYYY-MM-DD (a date-only `to` includes that day) or RFC 3339 timestamps; `to` defaults to now. Pages follow `next_cursor` (also in the Link header) while `has_more` is true; with order=asc the last page still carries a `next_cursor` to poll from later for new movements.",
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
            limit: { ...pageLimit, description: "Page size; 100 when absent." },
            cursor: cursorParam,
            order: {
              type: "string",
              enum: ["asc", "desc"],
              description: "desc (newest first) when absent.",
            },
          },
        },
        response: {
          200: ok(
            "StockMovementPage",
            "One page of movements",
            { data: [examples.movement], next_cursor: null, has_more: false },
            {
              link: {
                type: "string",
                description: 'The next page, as <…>; rel="next", when there is one.',
              },
            },
          ),
          ...problemResponses(
            ...READ_PROBLEMS,
            "INVALID_CURSOR",
            "UNBOUNDED_QUERY",
            "WINDOW_TOO_LONG",
            "INVALID_DATE_RANGE",
            "SKU_NOT_FOUND",
            "SUPPLIER_ITEM_NOT_FOUND",
            "STOCK_TAKE_NOT_FOUND",
            "ADJUSTMENT_NOT_FOUND",
          ),
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
