import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { bulkBody } from "../../http/body-limit.js";
import { OPERATIONS } from "../../operations.js";
import { ctxOf, linePricedScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import * as history from "./adjustment.read.js";
import {
  bulkAdjustStock,
  getStockAdjustment,
  listStockAdjustmentLines,
  listStockAdjustments,
  type BulkStockAdjustment,
} from "./adjustment.schemas.js";
import * as adjustments from "./adjustment.service.js";

/** POST /api/v1/stock-adjustments/bulk, and reading adjustments back. */
export async function adjustmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/stock-adjustments",
    { ...rowPricedScope("read"), schema: listStockAdjustments },
    async (request) => toRestPage(await history.listAdjustments(ctxOf(request), request.query)),
  );

  app.get(
    "/stock-adjustments/:id",
    {
      // Priced like a list by the lines it answers (up to FIRST_LINES).
      ...rowPricedScope("read", {
        mostRows: () => history.FIRST_LINES,
        rowsOf: (payload) => (payload as { lines?: unknown[] }).lines?.length,
      }),
      schema: getStockAdjustment,
    },
    async (request) =>
      toRest(await history.getAdjustmentWithLines(ctxOf(request), request.params.id)),
  );

  app.get(
    "/stock-adjustments/:id/lines",
    { ...rowPricedScope("read"), schema: listStockAdjustmentLines },
    async (request) =>
      toRestPage(
        await history.listAdjustmentLines(ctxOf(request), request.params.id, request.query),
      ),
  );

  app.post(
    "/stock-adjustments/bulk",
    {
      ...bulkBody(fastify),
      ...linePricedScope<BulkStockAdjustment>(
        "adjust",
        (body) => body.lines.length,
        OPERATIONS.bulkAdjustStock.lines,
      ),
      schema: bulkAdjustStock,
    },
    async (request, reply) => {
      const { reason, note, reference, site_id: siteId, lines } = request.body;
      const result = await adjustments.bulkAdjust(
        ctxOf(request),
        {
          reason,
          note,
          reference,
          siteId,
          lines: lines.map((l) => ({
            type: l.type,
            id: l.id,
            barcode: l.barcode,
            newQty: l.new_qty,
            expectedQty: l.expected_qty,
            siteId: l.site_id,
          })),
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}
