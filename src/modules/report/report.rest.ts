import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { Readable } from "node:stream";
import { csvLine } from "../../csv.js";
import { wantsCsv } from "../../http/csv-body.js";
import { chargeLines, chargeWalk } from "../../http/rate-limit.js";
import { toRest } from "../../http/serialize.js";
import { summarizedLines } from "../../rate-limit/bucket.js";
import { getAccuracyReport } from "./report.schemas.js";
import * as reports from "./report.service.js";
import { OPERATIONS } from "../../operations.js";
import { Decimal } from "../../quantity.js";
import { prepareValuation, prepareValuationExport, type ValuedItem } from "./report.valuation.js";
import { getValuationReport } from "./report.valuation.schemas.js";
import { prepareVarianceReport } from "./report.variance.js";
import { getVarianceReport } from "./report.variance.schemas.js";

/**
 * GET /api/v1/reports/accuracy and /reports/variance: accuracy, and variance, over a window;
 * /reports/valuation: what the stock was worth at an instant (JSON, or CSV item by item).
 */
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
        // Priced by the movements it walks, counted before they are read.
        await chargeWalk(request, reply, OPERATIONS.getVarianceReport, report.walk);
        return toRest(await report.read());
      },
    )
    .get(
      "/reports/valuation",
      { onRequest: requireScope("read"), schema: getValuationReport },
      async (request, reply) => {
        const query = { asOf: request.query.as_of, siteId: request.query.site_id };
        const ctx = ctxOf(request);
        if (!wantsCsv(request.headers.accept)) {
          const report = await prepareValuation(ctx, query);
          // Priced by the rows it walks, counted before they are read.
          await chargeWalk(request, reply, OPERATIONS.getValuationReport, report.walk);
          return toRest(await report.read());
        }
        const report = await prepareValuationExport(ctx, query);
        await chargeWalk(request, reply, OPERATIONS.getValuationReport, report.walk);
        async function* chunks() {
          yield csvLine(VALUATION_COLUMNS);
          for await (const items of report.read()) yield items.map(valuationLine).join("");
        }
        // Named by the last instant it includes: a date's valuation by that date.
        const day = new Date(report.asOf.getTime() - 1).toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="valuation-${day}.csv"`)
          .send(Readable.from(chunks()));
      },
    );
}

const VALUATION_COLUMNS = ["site", "type", "code", "name", "on_hand", "unit_cost", "value"];

const valuationLine = (item: ValuedItem): string =>
  csvLine([
    item.siteCode,
    item.type,
    item.code,
    item.name,
    new Decimal(item.onHand).toString(),
    item.unitCost,
    item.value,
  ]);
