import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { bulkBody } from "../../http/body-limit.js";
import { ctxOf, linePricedScope, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { chargeLines, pageLimitOf } from "../../http/rate-limit.js";
import {
  ok,
  orCsv,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { stockTakeExamples as examples } from "../../http/openapi-stock-takes.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import { csvRow, csvRows } from "../../csv.js";
import { acceptCsvBodies } from "../../http/csv-body.js";
import { MAX_COUNTS } from "../../limits.js";
import { COUNT_BASE_UNITS, LINE_WEIGHTS, summarizedLines } from "../../rate-limit/bucket.js";
import { parseCountsCsv, sheetHeader, sheetRows } from "./stock-take.csv.js";
import { TEXT_LIMITS, type EntityRefData } from "./stock-take.parse.js";
import * as stockTakes from "./stock-take.service.js";
import { MAX_LOCATION_LENGTH } from "../catalog/location.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "./stock-take.areas.js";

/** What any stock take write can answer besides WRITE_PROBLEMS, once the stock take is found. */
const TAKE_WRITE_PROBLEMS = [
  ...WRITE_PROBLEMS,
  "STOCK_TAKE_NOT_FOUND",
  "STOCK_TAKE_CLOSED",
] as const;
/** What naming lines (counts, reviews) can answer besides. */
const LINE_PROBLEMS = [
  "NOT_IN_STOCK_TAKE",
  "DUPLICATE_LINE",
  "TOO_MANY_LINES",
  "INVALID_BARCODE",
] as const;
const TAG = ["stock takes"];

interface Ref {
  type: string;
  id?: number;
  code?: string;
  supplier?: string;
  barcode?: string;
}
const toRef = (r: Ref): EntityRefData => ({
  type: r.type,
  id: r.id,
  code: r.code,
  supplier: r.supplier,
  barcode: r.barcode,
});

interface StartBody {
  scope?: { sku_ids?: number[]; supplier_item_ids?: number[]; locations?: string[] };
  reference?: string | null;
  note?: string | null;
  blind?: boolean;
  basis?: string;
}
interface InputBody {
  counts: (Ref & {
    counted_qty: number;
    mode?: string;
    counted_at?: string;
    found_location?: string | null;
  })[];
  counter?: string | null;
}
interface AcceptBody {
  lines?: Ref[];
  safe?: boolean;
  tolerance?: { abs?: number; pct?: number };
  recount?: Ref[];
}
type IdParams = { Params: { id: number } };

/** /api/v1/stock-takes: start, count, review, reconcile, cancel, and the reads. */
export async function stockTakeRoutes(app: FastifyInstance): Promise<void> {
  // Counts may come as a CSV file; only these routes accept text/csv.
  acceptCsvBodies(app);

  app.post<{ Body: StartBody }>(
    "/stock-takes/start",
    {
      ...bulkBody(app),
      ...linePricedScope("count", ({ body }) => {
        const scope = (body as StartBody | undefined)?.scope;
        return (scope?.sku_ids?.length ?? 0) + (scope?.supplier_item_ids?.length ?? 0);
      }),
      schema: {
        operationId: "startStockTake",
        tags: TAG,
        summary: "Start a stock take: freeze the expected quantities of its scope",
        description:
          "Answers the stock take with its first 1000 lines (lines_next_cursor pages the rest through GET /stock-takes/{id}/lines). An entity may be in one open or counting stock take at a time (409 STOCK_TAKE_OVERLAP).",
        headers: idempotencyHeaders,
        body: ref("StartStockTake"),
        response: {
          201: ok(
            "StockTakeWithLines",
            "The stock take, open, with its first lines",
            examples.started,
            replayHeaders,
          ),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SKU_NOT_FOUND",
            "SUPPLIER_ITEM_NOT_FOUND",
            "LINKED_SUPPLIER_ITEM",
            "DUPLICATE_LINE",
            "TOO_MANY_LINES",
            "STOCK_TAKE_OVERLAP",
          ),
        },
      },
    },
    async (request, reply) => {
      const { scope, basis, ...rest } = request.body ?? {};
      const result = await stockTakes.startStockTake(
        ctxOf(request),
        {
          ...rest,
          basis,
          scope: scope && {
            skuIds: scope.sku_ids,
            supplierItemIds: scope.supplier_item_ids,
            locations: scope.locations,
          },
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get<{ Querystring: { status?: string; limit?: number; cursor?: string } }>(
    "/stock-takes",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listStockTakes",
        tags: TAG,
        summary: "List stock takes, newest first",
        description:
          "The account's stock takes without their lines, newest first; status keeps those of one status. Page on with next_cursor.",
        querystring: {
          ...pageQuery,
          properties: {
            ...pageQuery.properties,
            status: { type: "string", description: "open, counting, reconciled or cancelled" },
          },
        },
        response: {
          200: ok("StockTakePage", "One page of stock takes", examples.page),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
        },
      },
    },
    async (request) => toRestPage(await stockTakes.listStockTakes(ctxOf(request), request.query)),
  );

  app.get<IdParams & { Querystring: { area_depth?: number } }>(
    "/stock-takes/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        operationId: "getStockTake",
        tags: TAG,
        summary: "A stock take with a summary of its lines",
        description:
          "The stock take and where it stands: how many lines are uncounted, counted, accepted and applied, how many moved since the freeze or wait for a recount, the difference totals (absent for a counter in a blind stock take), and the same by area (summary.locations). The lines themselves: GET /stock-takes/{id}/lines.",
        params: idParams,
        querystring: {
          type: "object",
          properties: {
            area_depth: {
              type: "integer",
              minimum: 1,
              maximum: MAX_AREA_DEPTH,
              description: `How many segments of a location name its area in summary.locations (default ${AREA_DEPTH_DEFAULT}: A-01-03 is in A-01).`,
            },
          },
        },
        response: {
          200: ok("StockTakeWithSummary", "The stock take", examples.withSummary),
          ...problemResponses(...READ_PROBLEMS, "STOCK_TAKE_NOT_FOUND"),
        },
      },
    },
    async (request, reply) => {
      const read = await stockTakes.stockTakeToSummarize(
        ctxOf(request),
        request.params.id,
        request.query.area_depth ?? AREA_DEPTH_DEFAULT,
        { priced: request.rateBucket !== null && request.rateBucket !== undefined },
      );
      // A 404, or a 429 for the summary's price, before any line is read.
      await chargeLines(request, reply, summarizedLines(read.lineCount));
      return toRest({ ...read.take, summary: await read.summary() });
    },
  );

  app.get<
    IdParams & {
      Querystring: {
        state?: string;
        moved?: boolean;
        location?: string;
        misplaced?: boolean;
        limit?: number;
        cursor?: string;
      };
    }
  >(
    "/stock-takes/:id/lines",
    {
      // A page by its rows; a count sheet by its lines, charged once counted (chargeLines).
      ...rowPricedScope("read", {
        mostRows: (request) => (wantsCsv(request.headers.accept) ? 1 : pageLimitOf(request)),
      }),
      schema: {
        operationId: "listStockTakeLines",
        tags: TAG,
        summary: "A stock take's lines; with Accept: text/csv, the whole count sheet",
        description:
          "Lines are named by their entity (type, id, code, name). In a blind stock take, a token without approve sees no expected_qty or difference. With Accept: text/csv the answer is the count sheet of every line the filters keep (state, moved, location, misplaced), unpaged.",
        params: idParams,
        querystring: {
          ...pageQuery,
          properties: {
            ...pageQuery.properties,
            state: { type: "string", description: "uncounted, counted, accepted or applied" },
            moved: { type: "boolean", description: "Only lines (not) moved since the freeze." },
            location: {
              type: "string",
              maxLength: MAX_LOCATION_LENGTH,
              description:
                "Only lines whose location at the freeze starts with this, regardless of case (one area of the count). Lines are in walking order: by location, then code.",
            },
            misplaced: {
              type: "boolean",
              description: "Only lines found away from their location (true), or not (false).",
            },
          },
        },
        response: {
          200: orCsv(
            ok("StockTakeLinePage", "One page of lines", examples.linePage),
            "StockTakeSheet",
            examples.sheet,
          ),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      if (wantsCsv(request.headers.accept)) {
        // A 404, or a 429 for the sheet's price, before any line is read.
        const { state, moved, location, misplaced } = request.query;
        const sheet = await stockTakes.countSheet(ctx, request.params.id, {
          state,
          moved,
          location,
          misplaced,
        });
        await chargeLines(request, reply, sheet.lineCount);
        async function* chunks() {
          yield sheetHeader(sheet.visible);
          for await (const lines of sheet.lines()) yield sheetRows(lines, sheet.visible);
        }
        return reply
          .type("text/csv; charset=utf-8")
          .header(
            "content-disposition",
            `attachment; filename="stock-take-${request.params.id}.csv"`,
          )
          .send(Readable.from(chunks()));
      }
      return toRestPage(await stockTakes.listLines(ctx, request.params.id, request.query));
    },
  );

  app.post<IdParams & { Body: InputBody | string; Querystring: { counter?: string } }>(
    "/stock-takes/:id/input",
    {
      ...bulkBody(app),
      ...linePricedScope(
        "count",
        ({ body }) =>
          typeof body === "string" ? csvRows(body, MAX_COUNTS) : (body as InputBody).counts.length,
        { baseUnits: COUNT_BASE_UNITS, lineWeight: LINE_WEIGHTS.count },
      ),
      schema: {
        operationId: "submitStockTakeCounts",
        tags: TAG,
        summary: "Record counts (JSON, or a text/csv file)",
        description:
          "mode set replaces a line's count, add adds to it; every count is kept in the count log. Answers the lines counted, after: the first 1000 in line order, with lines_count (GET /stock-takes/{id}/lines?state=counted lists them all). A CSV body has the header type,id,counted_qty or type,code,counted_qty (optional columns supplier, mode, counted_at, found_location); a bad row is named by its row number (the header is row 1). Anything wrong refuses the whole request.",
        params: idParams,
        headers: idempotencyHeaders,
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            counter: {
              type: "string",
              maxLength: TEXT_LIMITS.counter,
              description: "Who counted, for a CSV body (JSON bodies carry it as counter).",
            },
          },
        },
        body: {
          content: {
            "application/json": { schema: ref("StockTakeCounts") },
            "text/csv": { schema: ref("StockTakeCountsCsv") },
          },
        },
        response: {
          200: ok(
            "StockTakeCountsResult",
            "The lines counted, after these counts",
            examples.counts,
            replayHeaders,
          ),
          ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS, "INVALID_QUANTITY"),
        },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post<IdParams & { Body: AcceptBody }>(
    "/stock-takes/:id/accept-lines",
    {
      ...bulkBody(app),
      ...linePricedScope("approve", ({ body }) => {
        const accept = body as AcceptBody | undefined;
        return (accept?.lines?.length ?? 0) + (accept?.recount?.length ?? 0);
      }),
      schema: {
        operationId: "acceptStockTakeLines",
        tags: TAG,
        summary: "Accept counted lines, or send lines back for a recount",
        description:
          "Answers the lines accepted and those still needing review, each with expected_qty, counted_qty and difference: the first 1000 of each in line order, with how many there are (GET /stock-takes/{id}/lines?state= lists them all).",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("AcceptStockTakeLines"),
        response: {
          200: ok("StockTakeAcceptResult", "What the review did", examples.accept, replayHeaders),
          ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const { lines, safe, tolerance, recount } = request.body ?? {};
      const result = await stockTakes.acceptStockTakeLines(
        ctxOf(request),
        request.params.id,
        { lines: lines?.map(toRef), safe, tolerance, recount: recount?.map(toRef) },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result);
    },
  );

  app.post<IdParams & { Body: { dry_run?: boolean } | undefined }>(
    "/stock-takes/:id/reconcile",
    {
      onRequest: requireScope("approve"),
      schema: {
        operationId: "reconcileStockTake",
        tags: TAG,
        summary: "Apply the accepted differences as stock_take movements",
        description:
          "new on_hand = current on_hand + difference (0 if that would be negative: clamped). Unaccepted and uncounted lines are reported and left alone. Calling it again answers the same and writes nothing; dry_run writes nothing.",
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("ReconcileStockTake"),
        response: {
          200: ok(
            "StockTakeReconcileResult",
            "The lines applied and those left alone",
            examples.reconcile,
            replayHeaders,
          ),
          ...problemResponses(...TAKE_WRITE_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const result = await stockTakes.reconcileStockTake(
        ctxOf(request),
        request.params.id,
        { dryRun: request.body?.dry_run },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 200, result);
    },
  );

  app.post<IdParams>(
    "/stock-takes/:id/cancel",
    {
      onRequest: requireScope("approve"),
      schema: {
        operationId: "cancelStockTake",
        tags: TAG,
        summary: "Cancel an open or counting stock take",
        description:
          "Nothing is applied, the lines stay readable, and its entities may be counted in another stock take. A reconciled or cancelled stock take is 409 STOCK_TAKE_CLOSED.",
        params: idParams,
        headers: idempotencyHeaders,
        response: {
          200: ok("StockTake", "The stock take, cancelled", examples.cancelled, replayHeaders),
          ...problemResponses(...TAKE_WRITE_PROBLEMS),
        },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        200,
        await stockTakes.cancelStockTake(
          ctxOf(request),
          request.params.id,
          idempotencyKeyOf(request),
        ),
      ),
  );

  app.get<IdParams & { Querystring: { limit?: number; cursor?: string } }>(
    "/stock-takes/:id/counts",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listStockTakeCounts",
        tags: TAG,
        summary: "The count log: every count submitted, oldest first",
        description:
          "Every count as it was submitted (append-only): the entity, set or add, the quantity sent, the line's count after it, who counted, when it was counted and when it was received. Page on with next_cursor.",
        params: idParams,
        querystring: pageQuery,
        response: {
          200: ok("StockTakeCountPage", "One page of the count log", examples.countPage),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
        },
      },
    },
    async (request) =>
      toRestPage(await stockTakes.listCounts(ctxOf(request), request.params.id, request.query)),
  );
}

/** Whether the client asks for CSV rather than JSON. */
const wantsCsv = (accept: string | undefined): boolean =>
  accept !== undefined && /(^|,)\s*text\/csv/i.test(accept) && !/application\/json/i.test(accept);
