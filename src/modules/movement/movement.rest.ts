import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { examples, ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-schemas.js";
import { toRestPage } from "../../http/serialize.js";
import * as movements from "./movement.service.js";

const id = { type: "integer", minimum: 1, maximum: 2147483647 } as const;

interface MovementQuerystring {
  from?: string;
  to?: string;
  sku_id?: number;
  supplier_item_id?: number;
  stock_take_id?: number;
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
        operationId: "listStockMovements",
        tags: ["movements"],
        summary: "Query stock movements",
        description:
          "Bounded by sku_id, supplier_item_id or stock_take_id (any window, or none, pages the full history) or by a from/to window of at most 31 days in the account's time zone. Dates are YYYY-MM-DD (a date-only `to` includes that day) or RFC 3339 timestamps; `to` defaults to now. Pages follow `next_cursor` (also in the Link header). Newest first; `order=asc` for sync consumers. Needs the read scope.",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            from: {
              type: "string",
              maxLength: 64,
              description: "YYYY-MM-DD (that day in the account's time zone) or RFC 3339.",
              examples: ["2026-11-01"],
            },
            to: {
              type: "string",
              maxLength: 64,
              description: "YYYY-MM-DD (includes that day) or RFC 3339; defaults to now.",
              examples: ["2026-11-30"],
            },
            sku_id: id,
            supplier_item_id: id,
            stock_take_id: id,
            limit: {
              type: "integer",
              minimum: 1,
              maximum: 1000,
              description: "Page size; 100 when absent.",
            },
            cursor: { type: "string", minLength: 1, maxLength: 512 },
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
            { data: [examples.movement], next_cursor: null },
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
        limit: q.limit,
        cursor: q.cursor,
        order: q.order,
      });
      if (page.nextCursor) {
        const next = new URLSearchParams(request.query as Record<string, string>);
        next.set("cursor", page.nextCursor);
        reply.header("link", `<${request.url.split("?")[0]}?${next.toString()}>; rel="next"`);
      }
      return toRestPage(page);
    },
  );
}
