import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { chargeLines } from "../../http/rate-limit.js";
import { toRest } from "../../http/serialize.js";
import { summarizedLines } from "../../rate-limit/bucket.js";
import { getAccuracyReport } from "./report.schemas.js";
import * as reports from "./report.service.js";
import { prepareVarianceReport } from "./report.variance.js";
import { getVarianceReport } from "./report.variance.schemas.js";

/** GET /api/v1/reports/accuracy and /reports/variance: accuracy, and variance, over a window. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      "/reports/accuracy",
      { onRequest: requireScope("read"), schema: getAccuracyReport },
      async (request, reply) => {
        const q = request.query;
        const report = await reports.prepareAccuracyReport(ctxOf(request), {
          from: q.from,
          to: q.to,
          stockTakeId: q.stock_take_id,
          tolerance: q.tolerance,
          areaDepth: q.area_depth,
        });
        // Priced by the lines it totals, as a stock take's summary is: 429 before they are read.
        await chargeLines(request, reply, summarizedLines(report.lines));
        return toRest(await report.read());
      },
    )
    .get(
      "/reports/variance",
      { onRequest: requireScope("read"), schema: getVarianceReport },
      async (request, reply) => {
        const q = request.query;
        const report = await prepareVarianceReport(ctxOf(request), {
          from: q.from,
          to: q.to,
          siteId: q.site_id,
          skuId: q.sku_id,
          supplierItemId: q.supplier_item_id,
          areaDepth: q.area_depth,
          top: q.top,
        });
        // Priced by the movements it walks, as a summary by its lines: 429 before they are read.
        await chargeLines(request, reply, summarizedLines(report.lines));
        return toRest(await report.read());
      },
    );
}
