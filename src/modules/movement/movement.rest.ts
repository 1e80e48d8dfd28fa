import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, LEDGER_ROW_WEIGHT, rowPricedScope } from "../../http/auth.js";
import { jsonPage } from "../../http/serialize.js";
import { listStockMovements } from "./movement.schemas.js";
import * as movements from "./movement.service.js";

/** GET /api/v1/stock/movements: the ledger, bounded and keyset-paginated. */
export async function movementRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      "/stock/movements",
      { ...rowPricedScope("read", { rowWeight: LEDGER_ROW_WEIGHT }), schema: listStockMovements },
      async (request, reply) => {
        const q = request.query;
        const page = await movements.queryMovementsJson(ctxOf(request), {
          from: q.from,
          to: q.to,
          skuId: q.sku_id,
          supplierItemId: q.supplier_item_id,
          stockTakeId: q.stock_take_id,
          adjustmentId: q.adjustment_id,
          transferId: q.transfer_id,
          siteId: q.site_id,
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
        // Rows made JSON by PostgreSQL, charged for before this writes the body around them.
        return jsonPage(
          reply,
          { items: page.items, nextCursor: page.nextCursor ?? page.resumeCursor ?? null },
          page.nextCursor !== null,
        );
      },
    );
}
