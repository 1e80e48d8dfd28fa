import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { toRest } from "../../http/serialize.js";
import { getAccuracyReport } from "./report.schemas.js";
import * as reports from "./report.service.js";

/** GET /api/v1/reports/accuracy: inventory record accuracy over a window. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      "/reports/accuracy",
      { onRequest: requireScope("read"), schema: getAccuracyReport },
      async (request) => {
        const q = request.query;
        return toRest(
          await reports.accuracyReport(ctxOf(request), {
            from: q.from,
            to: q.to,
            stockTakeId: q.stock_take_id,
            tolerance: q.tolerance,
            areaDepth: q.area_depth,
          }),
        );
      },
    );
}
