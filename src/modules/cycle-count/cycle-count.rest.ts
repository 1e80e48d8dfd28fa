import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { chargeUnits, pageLimitOf } from "../../http/rate-limit.js";
import { classifyUnits } from "../../rate-limit/bucket.js";
import { toRest } from "../../http/serialize.js";
import { OPERATIONS } from "../../operations.js";
import {
  classifySkus,
  getCycleCountSettings,
  getSkuCycleCount,
  listDueForCount,
  setSkuCountClass,
  updateCycleCountSettings,
} from "./cycle-count.schemas.js";
import * as cycleCounts from "./cycle-count.service.js";

/** Cycle counts over REST: what is due, classes (by movement or by hand), and the intervals. */
export async function cycleCountRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    "/stock-takes/due",
    {
      // Its limit goes past a page's (to a start's scope): the bucket must hold what it asks.
      ...rowPricedScope("read", {
        mostRows: (request) => pageLimitOf(request, cycleCounts.MAX_DUE_LIMIT),
      }),
      schema: listDueForCount,
    },
    async (request) => ({
      data: (
        await cycleCounts.listDue(ctxOf(request), {
          limit: request.query.limit,
          siteId: request.query.site_id,
        })
      ).map(toRest),
    }),
  );
  typed.post(
    "/skus/classify",
    {
      onRequest: requireScope("adjust", { baseUnits: OPERATIONS.classifySkus.baseUnits }),
      schema: classifySkus,
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const ctx = ctxOf(request);
      // Priced by the SKUs it weighs, counted first: a refusal (429) comes before the work.
      await chargeUnits(request, reply, classifyUnits(await cycleCounts.activeSkuCount(ctx)));
      const result = await cycleCounts.classify(
        ctx,
        {
          windowDays: body.window_days,
          shareA: body.share_a,
          shareB: body.share_b,
          dryRun: body.dry_run,
          siteId: body.site_id,
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
  typed.get(
    "/skus/:id/cycle-count",
    { onRequest: requireScope("read"), schema: getSkuCycleCount },
    async (request) =>
      toRest(
        await cycleCounts.skuCycleCount(ctxOf(request), request.params.id, {
          siteId: request.query.site_id,
        }),
      ),
  );
  typed.put(
    "/skus/:id/cycle-count",
    { onRequest: requireScope("adjust"), schema: setSkuCountClass },
    async (request) =>
      toRest(
        await cycleCounts.setCountClass(
          ctxOf(request),
          request.params.id,
          request.body.count_class,
          request.body.site_id ?? null,
        ),
      ),
  );
  typed.get(
    "/cycle-counts/settings",
    { onRequest: requireScope("read"), schema: getCycleCountSettings },
    async (request) => toRest(await cycleCounts.cycleSettings(ctxOf(request))),
  );
  typed.patch(
    "/cycle-counts/settings",
    { onRequest: requireScope("adjust"), schema: updateCycleCountSettings },
    async (request) => {
      const body = request.body;
      return toRest(
        await cycleCounts.updateCycleSettings(ctxOf(request), {
          intervalDaysA: body.interval_days_a,
          intervalDaysB: body.interval_days_b,
          intervalDaysC: body.interval_days_c,
        }),
      );
    },
  );
}
