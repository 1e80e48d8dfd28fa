import { Readable } from "node:stream";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { Static } from "typebox";
import { bulkBody } from "../../../http/body-limit.js";
import {
  ctxOf,
  linePricedScope,
  requireAnyScope,
  requireScope,
  rowPricedScope,
} from "../../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../../http/idempotency.js";
import { chargeLines, chargeWalk, pageLimitOf } from "../../../http/rate-limit.js";
import { toRest, toRestPage } from "../../../http/serialize.js";
import type { idParams } from "../../../http/validation.js";
import { csvRow, csvRows } from "../../../csv.js";
import { acceptCsvBodies, wantsCsv } from "../../../http/csv-body.js";
import { MAX_COUNTS } from "../../../limits.js";
import { OPERATIONS, restLines } from "../../../operations.js";
import { summarizedLines } from "../../../rate-limit/bucket.js";
import { parseCountsCsv, sheetHeader, sheetRows } from "../stock-take.csv.js";
import type { EntityRefData, ToleranceData } from "../stock-take.parse.js";
import * as countSchemas from "./stock-take.count.schemas.js";
import * as readSchemas from "./stock-take.read.schemas.js";
import * as reviewSchemas from "./stock-take.review.schemas.js";
import type { StockTakeEntityRef } from "./stock-take.shared.schemas.js";
import * as startSchemas from "./stock-take.start.schemas.js";
import * as stockTakes from "../stock-take.service.js";
import { countSheet, listLines } from "../stock-take.line-list.js";
import { listCounts } from "../stock-take.count-log.js";
import { AREA_DEPTH_DEFAULT } from "../stock-take.areas.js";

/** A route's handler, its request typed from the route's schemas (or from `Route`, where given). */
type Handler<
  Schema extends FastifySchema,
  Route extends RouteGenericInterface = RouteGenericInterface,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Route,
  ContextConfigDefault,
  Schema,
  TypeBoxTypeProvider
>;

// The body is JSON or CSV (two content types): its type is given here, from its schemas.
type SubmitCountsRoute = {
  Params: Static<typeof idParams>;
  Body: countSchemas.StockTakeCounts | string;
  Querystring: countSchemas.CounterQuery;
};

/** /api/v1/stock-takes: start, count, review, reconcile, cancel, and the reads. */
export async function stockTakeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Counts may come as a CSV file; only these routes accept text/csv.
  acceptCsvBodies(fastify);

  app.post(
    "/stock-takes/start",
    {
      ...bulkBody(fastify),
      ...linePricedScope<startSchemas.StartStockTake | undefined>(
        "count",
        (body) => restLines(OPERATIONS.startStockTake.lines, body),
        OPERATIONS.startStockTake.lines,
      ),
      schema: startSchemas.startStockTake,
    },
    startStockTake,
  );

  app.get(
    "/stock-takes",
    {
      ...rowPricedScope(stockTakes.READ_SCOPES),
      schema: readSchemas.listStockTakes,
    },
    listStockTakes,
  );

  app.get(
    "/stock-takes/:id",
    {
      onRequest: requireScope(stockTakes.READ_SCOPES),
      schema: readSchemas.getStockTake,
    },
    getStockTake,
  );

  app.get(
    "/stock-takes/:id/lines",
    {
      // A page by its rows; a count sheet by its lines, charged once counted (chargeLines).
      ...rowPricedScope(stockTakes.READ_SCOPES, {
        mostRows: (request) => (wantsCsv(request.headers.accept) ? 1 : pageLimitOf(request)),
      }),
      schema: readSchemas.listStockTakeLines,
    },
    listStockTakeLines,
  );

  app.post<SubmitCountsRoute>(
    "/stock-takes/:id/input",
    {
      ...bulkBody(fastify),
      ...linePricedScope<countSchemas.StockTakeCounts | string>(
        "count",
        (body) => (typeof body === "string" ? csvRows(body, MAX_COUNTS) : body.counts.length),
        OPERATIONS.submitStockTakeCounts.lines,
      ),
      schema: countSchemas.submitStockTakeCounts,
    },
    submitStockTakeCounts,
  );

  app.post(
    "/stock-takes/:id/accept-lines",
    {
      ...bulkBody(fastify),
      ...linePricedScope<reviewSchemas.AcceptStockTakeLines | undefined>(
        "approve",
        (body) => restLines(OPERATIONS.acceptStockTakeLines.lines, body),
        OPERATIONS.acceptStockTakeLines.lines,
      ),
      schema: reviewSchemas.acceptStockTakeLines,
    },
    acceptStockTakeLines,
  );

  app.post(
    "/stock-takes/:id/reconcile",
    {
      onRequest: requireScope("approve"),
      schema: reviewSchemas.reconcileStockTake,
    },
    reconcileStockTake,
  );

  app.post(
    "/stock-takes/:id/cancel",
    {
      onRequest: requireAnyScope(stockTakes.CANCEL_SCOPES),
      schema: reviewSchemas.cancelStockTake,
    },
    cancelStockTake,
  );

  app.get(
    "/stock-takes/:id/counts",
    {
      ...rowPricedScope("read"),
      schema: countSchemas.listStockTakeCounts,
    },
    listStockTakeCounts,
  );
}

/**
 * POST /stock-takes/start: the lines it will freeze are priced, then the stock take started (or,
 * in a dry run, what it would freeze told).
 */
const startStockTake: Handler<typeof startSchemas.startStockTake> = async (request, reply) => {
  const { scope, basis, site_id, auto_accept, dry_run, ...rest } = request.body ?? {};
  const ctx = ctxOf(request);
  const data = {
    ...rest,
    basis,
    siteId: site_id,
    dryRun: dry_run,
    autoAccept: auto_accept && toleranceData(auto_accept),
    scope: scope && {
      skuIds: scope.sku_ids,
      supplierItemIds: scope.supplier_item_ids,
      locations: scope.locations,
      codes: scope.codes,
      due: scope.due,
      limit: scope.limit,
    },
  };
  // Priced by the lines it will freeze, counted first: a refusal (429) comes before the work.
  await chargeWalk(request, reply, OPERATIONS.startStockTake, stockTakes.startWalk(ctx, data));
  const result = await stockTakes.startStockTake(ctx, data, idempotencyKeyOf(request));
  return sendIdempotent(reply, "dryRun" in result.value ? 200 : 201, result);
};

/** GET /stock-takes: one page of stock takes. */
const listStockTakes: Handler<typeof readSchemas.listStockTakes> = async (request) =>
  toRestPage(
    await stockTakes.listStockTakes(ctxOf(request), {
      ...request.query,
      siteId: request.query.site_id,
    }),
  );

/**
 * GET /stock-takes/{id}: the stock take and its summary (with by_counter, its progress by counter
 * too), priced before any line is read.
 */
const getStockTake: Handler<typeof readSchemas.getStockTake> = async (request, reply) => {
  const read = await stockTakes.stockTakeToSummarize(
    ctxOf(request),
    request.params.id,
    request.query.area_depth ?? AREA_DEPTH_DEFAULT,
    { priced: request.rateBucket !== null && request.rateBucket !== undefined },
  );
  const counters = request.query.by_counter
    ? stockTakes.progressByCounter(ctxOf(request), read.take)
    : null;
  // A 404, or a 429 for the summary's price (its lines walked twice with counters), before any
  // line is read.
  await chargeLines(request, reply, summarizedLines(read.lineCount) * (counters ? 2 : 1));
  const summary = await read.summary();
  return toRest({
    ...read.take,
    summary: counters ? { ...summary, counters: await counters() } : summary,
  });
};

/** GET /stock-takes/{id}/lines: one page of lines, or with Accept: text/csv the count sheet. */
const listStockTakeLines: Handler<typeof readSchemas.listStockTakeLines> = async (
  request,
  reply,
) => {
  const ctx = ctxOf(request);
  if (wantsCsv(request.headers.accept)) {
    // A 404, or a 429 for the sheet's price, before any line is read.
    const { state, moved, location, misplaced, recount, code } = request.query;
    const sheet = await countSheet(ctx, request.params.id, {
      state,
      moved,
      location,
      misplaced,
      recount,
      code,
    });
    await chargeLines(request, reply, sheet.lineCount);
    async function* chunks() {
      yield sheetHeader(sheet.visible);
      for await (const lines of sheet.lines())
        yield sheetRows(lines, sheet.visible, sheet.siteCode);
    }
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="stock-take-${request.params.id}.csv"`)
      .send(Readable.from(chunks()));
  }
  if (request.query.order === "difference" || request.query.order === "value") {
    // Every line is weighed: priced as the summary, before any is read (a 404 first).
    const counts = await stockTakes.lineCounts(ctx, [request.params.id]);
    await chargeLines(request, reply, summarizedLines(counts.get(request.params.id) ?? 0));
  }
  return toRestPage(await listLines(ctx, request.params.id, request.query));
};

/** POST /stock-takes/{id}/input: counts as JSON, or as a CSV file whose rows name its problems. */
const submitStockTakeCounts: Handler<FastifySchema, SubmitCountsRoute> = async (request, reply) => {
  const body = request.body;
  const csv = typeof body === "string";
  const data = csv
    ? { ...parseCountsCsv(body), counter: request.query.counter }
    : {
        counter: body.counter,
        counts: body.counts.map((c) => ({
          ...toRef(c),
          countedQty: c.counted_qty,
          mode: c.mode,
          countedAt: c.counted_at,
          foundLocation: c.found_location,
        })),
      };
  const result = await stockTakes.submitCounts(
    ctxOf(request),
    request.params.id,
    data,
    idempotencyKeyOf(request),
    csv ? (i, f) => ["rows", csvRow(i), f] : undefined,
  );
  return sendIdempotent(reply, 200, result);
};

/** POST /stock-takes/{id}/accept-lines: the review's walk priced, then the lines accepted. */
const acceptStockTakeLines: Handler<typeof reviewSchemas.acceptStockTakeLines> = async (
  request,
  reply,
) => {
  const { lines, safe, tolerance, recount } = request.body ?? {};
  const ctx = ctxOf(request);
  const data = {
    lines: lines?.map(toRef),
    safe,
    tolerance: tolerance && toleranceData(tolerance),
    recount: recount?.map(toRef),
  };
  const walk = stockTakes.reviewWalk(ctx, request.params.id, data);
  await chargeWalk(request, reply, OPERATIONS.acceptStockTakeLines, walk);
  const result = await stockTakes.acceptStockTakeLines(
    ctx,
    request.params.id,
    data,
    idempotencyKeyOf(request),
  );
  return sendIdempotent(reply, 200, result);
};

/** POST /stock-takes/{id}/reconcile: the review's walk priced, then the differences applied. */
const reconcileStockTake: Handler<typeof reviewSchemas.reconcileStockTake> = async (
  request,
  reply,
) => {
  const ctx = ctxOf(request);
  const walk = stockTakes.reviewWalk(ctx, request.params.id);
  await chargeWalk(request, reply, OPERATIONS.reconcileStockTake, walk);
  const result = await stockTakes.reconcileStockTake(
    ctx,
    request.params.id,
    { dryRun: request.body?.dry_run },
    idempotencyKeyOf(request),
  );
  return sendIdempotent(reply, 200, result);
};

/** POST /stock-takes/{id}/cancel. */
const cancelStockTake: Handler<typeof reviewSchemas.cancelStockTake> = async (request, reply) =>
  sendIdempotent(
    reply,
    200,
    await stockTakes.cancelStockTake(ctxOf(request), request.params.id, idempotencyKeyOf(request)),
  );

/** GET /stock-takes/{id}/counts: one page of the count log. */
const listStockTakeCounts: Handler<typeof countSchemas.listStockTakeCounts> = async (request) =>
  toRestPage(await listCounts(ctxOf(request), request.params.id, request.query));

/** An entity as the request names it, as the service takes it. */
const toRef = (r: StockTakeEntityRef): EntityRefData => ({
  type: r.type,
  id: r.id,
  code: r.code,
  supplier: r.supplier,
  barcode: r.barcode,
});

/** A tolerance as a request sends it, as the service reads it. */
const toleranceData = (t: {
  abs?: number;
  pct?: number;
  max_value?: number;
  max_value_pct?: number;
}): ToleranceData => ({
  abs: t.abs,
  pct: t.pct,
  maxValue: t.max_value,
  maxValuePct: t.max_value_pct,
});
