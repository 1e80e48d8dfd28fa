import type { FastifyInstance } from "fastify";
import { bulkBody } from "../../http/body-limit.js";
import { LINE_WEIGHTS } from "../../rate-limit/bucket.js";
import { ctxOf, linePricedScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import {
  examples,
  ok,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-schemas.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idParams, idempotencyHeaders, pageQuery, windowQuery } from "../../http/validation.js";
import * as history from "./adjustment.read.js";
import * as adjustments from "./adjustment.service.js";
import { TEXT_LIMITS } from "./adjustment.service.js";

/** What any adjustment can answer besides WRITE_PROBLEMS. */
export const ADJUSTMENT_PROBLEMS = [
  "INVALID_QUANTITY",
  "INVALID_REASON",
  "NOTE_REQUIRED",
  "ON_HAND_CHANGED",
] as const;

interface AdjustmentListQuerystring {
  from?: string;
  to?: string;
  reason?: string;
  reference?: string;
  limit?: number;
  cursor?: string;
}

interface BulkBody {
  reason?: string;
  note?: string | null;
  reference?: string | null;
  lines: {
    type: string;
    id?: number;
    barcode?: string;
    new_qty: number;
    expected_qty?: number | null;
  }[];
}

/** POST /api/v1/stock-adjustments/bulk, and reading adjustments back. */
export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AdjustmentListQuerystring }>(
    "/stock-adjustments",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listStockAdjustments",
        tags: ["adjustments"],
        summary: "List adjustments, newest first",
        description:
          "Needs the read scope. Without lines (GET /stock-adjustments/{id} has them). from/to follow the movement query's date rules (YYYY-MM-DD in the account's time zone, a date-only `to` including that day, or RFC 3339), but no window is required. reason and reference match exactly. Pages follow `next_cursor`.",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...windowQuery,
            reason: { type: "string", enum: [...adjustments.ADJUSTMENT_REASONS] },
            reference: { type: "string", minLength: 1, maxLength: TEXT_LIMITS.reference },
            ...pageQuery.properties,
          },
        },
        response: {
          200: ok("StockAdjustmentPage", "One page of adjustments", {
            data: [(({ lines: _lines, ...rest }) => rest)(examples.adjustment)],
            next_cursor: null,
          }),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "INVALID_DATE_RANGE"),
        },
      },
    },
    async (request) => toRestPage(await history.listAdjustments(ctxOf(request), request.query)),
  );

  app.get<{ Params: { id: number } }>(
    "/stock-adjustments/:id",
    {
      // Priced like a list by the lines it answers (up to FIRST_LINES).
      ...rowPricedScope("read", {
        mostRows: () => history.FIRST_LINES,
        rowsOf: (payload) => (payload as { lines?: unknown[] }).lines?.length,
      }),
      schema: {
        operationId: "getStockAdjustment",
        tags: ["adjustments"],
        summary: "Get an adjustment with its lines",
        description: `Needs the read scope. The same shape as the bulk answer, with the first ${history.FIRST_LINES} lines; \`lines_next_cursor\` (null when there are no more) continues at GET /stock-adjustments/{id}/lines.`,
        params: idParams,
        response: {
          200: ok("StockAdjustmentWithLines", "The adjustment and its first lines", {
            ...examples.adjustment,
            lines_next_cursor: null,
          }),
          ...problemResponses(...READ_PROBLEMS, "ADJUSTMENT_NOT_FOUND"),
        },
      },
    },
    async (request) =>
      toRest(await history.getAdjustmentWithLines(ctxOf(request), request.params.id)),
  );

  app.get<{ Params: { id: number }; Querystring: { limit?: number; cursor?: string } }>(
    "/stock-adjustments/:id/lines",
    {
      ...rowPricedScope("read"),
      schema: {
        operationId: "listStockAdjustmentLines",
        tags: ["adjustments"],
        summary: "Page through an adjustment's lines",
        description:
          "Needs the read scope. In the order the request listed them; `cursor` is a `lines_next_cursor` or `next_cursor`.",
        params: idParams,
        querystring: pageQuery,
        response: {
          200: ok("StockAdjustmentLinePage", "One page of lines", {
            data: examples.adjustment.lines,
            next_cursor: null,
          }),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "ADJUSTMENT_NOT_FOUND"),
        },
      },
    },
    async (request) =>
      toRestPage(
        await history.listAdjustmentLines(ctxOf(request), request.params.id, request.query),
      ),
  );

  app.post<{ Body: BulkBody }>(
    "/stock-adjustments/bulk",
    {
      ...bulkBody(app),
      ...linePricedScope("adjust", (request) => (request.body as BulkBody).lines.length, {
        lineWeight: LINE_WEIGHTS.adjustment,
      }),
      schema: {
        operationId: "bulkAdjustStock",
        tags: ["adjustments"],
        summary: "Set up to 10,000 SKUs and supplier items to absolute quantities, all or nothing",
        description:
          "Needs the adjust scope. One adjustment record; each changed line writes one movement. Every bad line is reported, with its pointer (/lines/3/new_qty). Send an Idempotency-Key header to make retries safe.",
        headers: idempotencyHeaders,
        body: ref("BulkStockAdjustment"),
        response: {
          201: ok(
            "StockAdjustment",
            "The adjustment and each line's result",
            examples.adjustment,
            replayHeaders,
          ),
          ...problemResponses(
            ...WRITE_PROBLEMS,
            "SKU_NOT_FOUND",
            "SUPPLIER_ITEM_NOT_FOUND",
            ...ADJUSTMENT_PROBLEMS,
            "LINKED_SUPPLIER_ITEM",
            "DUPLICATE_LINE",
            "TOO_MANY_LINES",
            "INVALID_BARCODE",
            "BARCODE_NOT_FOUND",
          ),
        },
      },
    },
    async (request, reply) => {
      const { reason, note, reference, lines } = request.body;
      const result = await adjustments.bulkAdjust(
        ctxOf(request),
        {
          reason,
          note,
          reference,
          lines: lines.map((l) => ({
            type: l.type,
            id: l.id,
            barcode: l.barcode,
            newQty: l.new_qty,
            expectedQty: l.expected_qty,
          })),
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}
