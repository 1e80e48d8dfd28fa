import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import { csvRow, parseCountsCsv, sheetHeader, sheetRows } from "./stock-take.csv.js";
import { BASES, MAX_COUNTS, MODES, TEXT_LIMITS, type EntityRefData } from "./stock-take.parse.js";
import * as stockTakes from "./stock-take.service.js";

const id = { type: "integer", minimum: 1, maximum: 2147483647 } as const;
const qty = { type: "number", description: "0 <= q < 10^11, at most 3 decimal places" } as const;

/** An entity named by type and id, or type and code (a supplier item's code with its supplier). */
const entityRef = {
  type: "object",
  required: ["type"],
  additionalProperties: false,
  properties: {
    type: { type: "string", description: "sku or supplier_item" },
    id,
    code: { type: "string", maxLength: TEXT_LIMITS.code },
    supplier: { type: "string", maxLength: TEXT_LIMITS.supplier },
  },
} as const;

const startBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    scope: {
      type: "object",
      additionalProperties: false,
      description: "Leave out to count all active SKUs and all unlinked supplier items.",
      properties: {
        sku_ids: { type: "array", items: id },
        supplier_item_ids: { type: "array", items: id },
      },
    },
    reference: { type: ["string", "null"], maxLength: TEXT_LIMITS.reference },
    note: { type: ["string", "null"], maxLength: TEXT_LIMITS.note },
    blind: {
      type: "boolean",
      description: "Counters (tokens without approve) never see expected quantities.",
    },
    basis: {
      type: "string",
      description: `${BASES.join(" or ")}: compare counts with the freeze (default) or with the ledger at each count's counted_at.`,
    },
  },
  examples: [{ scope: { sku_ids: [1, 2] }, reference: "Aisle 4", blind: true }],
} as const;

const inputBody = {
  type: "object",
  required: ["counts"],
  additionalProperties: false,
  properties: {
    counts: {
      type: "array",
      description: `1 to ${MAX_COUNTS} counts, applied in order.`,
      items: {
        type: "object",
        required: ["type", "counted_qty"],
        additionalProperties: false,
        properties: {
          ...entityRef.properties,
          counted_qty: qty,
          mode: { type: "string", description: `${MODES.join(" or ")} (default set)` },
          counted_at: {
            type: "string",
            description: "RFC 3339; when the count was taken (default: when it is received).",
          },
        },
      },
    },
    counter: {
      type: ["string", "null"],
      maxLength: TEXT_LIMITS.counter,
      description: "Who counted (default: the token's name).",
    },
  },
  examples: [{ counts: [{ type: "sku", code: "A-100", counted_qty: 9 }], counter: "alice" }],
} as const;

const acceptBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    lines: { type: "array", items: entityRef, description: "Lines to accept as counted." },
    safe: {
      type: "boolean",
      description:
        "Accept every counted line within the tolerance (default when nothing is listed); lines moved since the freeze are never safe.",
    },
    tolerance: {
      type: "object",
      additionalProperties: false,
      properties: {
        abs: { type: "number", description: "Default 1." },
        pct: { type: "number", description: "Percent of the expected quantity; default 2." },
      },
    },
    recount: { type: "array", items: entityRef, description: "Lines to send back for a recount." },
  },
  examples: [{ safe: true, tolerance: { abs: 0, pct: 5 }, recount: [{ type: "sku", id: 7 }] }],
} as const;

interface Ref {
  type: string;
  id?: number;
  code?: string;
  supplier?: string;
}
const toRef = (r: Ref): EntityRefData => ({
  type: r.type,
  id: r.id,
  code: r.code,
  supplier: r.supplier,
});

interface StartBody {
  scope?: { sku_ids?: number[]; supplier_item_ids?: number[] };
  reference?: string | null;
  note?: string | null;
  blind?: boolean;
  basis?: string;
}
interface InputBody {
  counts: (Ref & { counted_qty: number; mode?: string; counted_at?: string })[];
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
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Body: StartBody }>(
    "/stock-takes/start",
    {
      onRequest: requireScope("count"),
      schema: {
        tags: ["stock takes"],
        summary: "Start a stock take: freeze the expected quantities of its scope",
        description:
          "Answers the stock take with its first 1000 lines (lines_next_cursor pages the rest through GET /stock-takes/{id}/lines). An entity may be in one open or counting stock take at a time (409 STOCK_TAKE_OVERLAP).",
        headers: idempotencyHeaders,
        body: startBody,
      },
    },
    async (request, reply) => {
      const { scope, basis, ...rest } = request.body ?? {};
      const result = await stockTakes.startStockTake(
        ctxOf(request),
        {
          ...rest,
          basis,
          scope: scope && { skuIds: scope.sku_ids, supplierItemIds: scope.supplier_item_ids },
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, 201, result);
    },
  );

  app.get<{ Querystring: { status?: string; limit?: number; cursor?: string } }>(
    "/stock-takes",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["stock takes"],
        summary: "List stock takes, newest first",
        querystring: {
          ...pageQuery,
          properties: {
            ...pageQuery.properties,
            status: { type: "string", description: "open, counting, reconciled or cancelled" },
          },
        },
      },
    },
    async (request) => toRestPage(await stockTakes.listStockTakes(ctxOf(request), request.query)),
  );

  app.get<IdParams>(
    "/stock-takes/:id",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["stock takes"],
        summary: "A stock take with a summary of its lines",
        params: idParams,
      },
    },
    async (request) => toRest(await stockTakes.getStockTake(ctxOf(request), request.params.id)),
  );

  app.get<
    IdParams & { Querystring: { state?: string; moved?: boolean; limit?: number; cursor?: string } }
  >(
    "/stock-takes/:id/lines",
    {
      onRequest: requireScope("read"),
      schema: {
        tags: ["stock takes"],
        summary: "A stock take's lines; with Accept: text/csv, the whole count sheet",
        description:
          "Lines are named by their entity (type, id, code, name). In a blind stock take, a token without approve sees no expected_qty or difference.",
        params: idParams,
        querystring: {
          ...pageQuery,
          properties: {
            ...pageQuery.properties,
            state: { type: "string", description: "uncounted, counted, accepted or applied" },
            moved: { type: "boolean", description: "Only lines (not) moved since the freeze." },
          },
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      if (wantsCsv(request.headers.accept)) {
        const batches = stockTakes.allLines(ctx, request.params.id);
        const first = await batches.next(); // a 404 before any byte of the sheet is sent
        async function* sheet() {
          if (first.done) return;
          yield (
            sheetHeader(first.value.visible) + sheetRows(first.value.lines, first.value.visible)
          );
          for await (const batch of batches) yield sheetRows(batch.lines, batch.visible);
        }
        return reply
          .type("text/csv; charset=utf-8")
          .header(
            "content-disposition",
            `attachment; filename="stock-take-${request.params.id}.csv"`,
          )
          .send(Readable.from(sheet()));
      }
      return toRestPage(await stockTakes.listLines(ctx, request.params.id, request.query));
    },
  );

  app.post<IdParams & { Body: InputBody | string; Querystring: { counter?: string } }>(
    "/stock-takes/:id/input",
    {
      onRequest: requireScope("count"),
      schema: {
        tags: ["stock takes"],
        summary: "Record counts (JSON, or a text/csv file)",
        description:
          "mode set replaces a line's count, add adds to it; every count is kept in the count log. A CSV body has the header type,id,counted_qty or type,code,counted_qty (optional columns supplier, mode, counted_at); a bad row is named by its row number (the header is row 1). Anything wrong refuses the whole request.",
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
            "application/json": { schema: inputBody },
            "text/csv": {
              schema: { type: "string", examples: ["type,code,counted_qty\r\nsku,A-100,9\r\n"] },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const csv = typeof body === "string";
      const data = csv
        ? { counts: parseCountsCsv(body), counter: request.query.counter }
        : {
            counter: body.counter,
            counts: body.counts.map((c) => ({
              ...toRef(c),
              countedQty: c.counted_qty,
              mode: c.mode,
              countedAt: c.counted_at,
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
      onRequest: requireScope("approve"),
      schema: {
        tags: ["stock takes"],
        summary: "Accept counted lines, or send lines back for a recount",
        description:
          "Answers the lines accepted and those still needing review, each with expected_qty, counted_qty and difference.",
        params: idParams,
        headers: idempotencyHeaders,
        body: acceptBody,
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
        tags: ["stock takes"],
        summary: "Apply the accepted differences as stock_take movements",
        description:
          "new on_hand = current on_hand + difference (0 if that would be negative: clamped). Unaccepted and uncounted lines are reported and left alone. Calling it again answers the same and writes nothing; dry_run writes nothing.",
        params: idParams,
        headers: idempotencyHeaders,
        body: {
          type: "object",
          additionalProperties: false,
          properties: { dry_run: { type: "boolean" } },
          examples: [{ dry_run: true }],
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
        tags: ["stock takes"],
        summary: "Cancel an open or counting stock take",
        params: idParams,
        headers: idempotencyHeaders,
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
      onRequest: requireScope("read"),
      schema: {
        tags: ["stock takes"],
        summary: "The count log: every count submitted, oldest first",
        params: idParams,
        querystring: pageQuery,
      },
    },
    async (request) =>
      toRestPage(await stockTakes.listCounts(ctxOf(request), request.params.id, request.query)),
  );
}

/** Whether the client asks for CSV rather than JSON. */
const wantsCsv = (accept: string | undefined): boolean =>
  accept !== undefined && /(^|,)\s*text\/csv/i.test(accept) && !/application\/json/i.test(accept);
