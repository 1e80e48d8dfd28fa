// The REST contract of the stock take reads: the list (GET /stock-takes, operation
// listStockTakes), one stock take with its summary (GET /stock-takes/{id}, getStockTake) and its
// lines or count sheet (GET /stock-takes/{id}/lines, listStockTakeLines).
import { Type } from "typebox";
import { integerId, NUL_FREE_PATTERN, serviceRules } from "../../../http/openapi-primitives.js";
import { ok, orCsv, problemResponses, READ_PROBLEMS } from "../../../http/openapi-responses.js";
import { idParams, pageQuery } from "../../../http/validation.js";
import { TEXT_LIMITS } from "../../../limits.js";
import { MAX_LOCATION_LENGTH } from "../../catalog/location.js";
import { LINE_STATES, STOCK_TAKE_STATUSES } from "./stock-take.answers.schemas.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "../stock-take.areas.js";
import { LINE_ORDERS, type LineOrderValue } from "../stock-take.parse.js";
import { stockTakeExamples, TAG } from "./stock-take.shared.schemas.js";

/** The schemas of GET /stock-takes. */
export const listStockTakes = {
  operationId: "listStockTakes",
  tags: TAG,
  summary: "List stock takes, newest first",
  description:
    "The account's stock takes without their lines, newest first; status keeps those of one status, site_id those of one site (SITE_NOT_FOUND if the account has none by this id). Page on with next_cursor. Needs the read or count scope.",
  querystring: Type.Object(
    {
      ...pageQuery.properties,
      status: Type.Optional(
        Type.String(
          serviceRules(
            { maxLength: 16, description: "open, counting, reconciled or cancelled" },
            { enum: STOCK_TAKE_STATUSES },
          ),
        ),
      ),
      site_id: Type.Optional({ ...integerId, description: "Only the stock takes of this site." }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: ok("StockTakePage", "One page of stock takes", stockTakeExamples.page),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "SITE_NOT_FOUND"),
  },
};

/** The schemas of GET /stock-takes/{id}. */
export const getStockTake = {
  operationId: "getStockTake",
  tags: TAG,
  summary: "A stock take with a summary of its lines",
  description:
    "The stock take and where it stands: how many lines are uncounted, counted, accepted and applied, how many moved since the freeze or wait for a recount, the difference totals (absent for a counter in a blind stock take), and the same by area (summary.locations). The lines themselves: GET /stock-takes/{id}/lines. Needs the read or count scope: a token with count alone (a counting device) is shown no quantity of stock (no expected_qty, difference or difference totals, blind or not).",
  params: idParams,
  querystring: Type.Object({
    area_depth: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_AREA_DEPTH,
        description: `How many segments of a location name its area in summary.locations (default ${AREA_DEPTH_DEFAULT}: A-01-03 is in A-01).`,
      }),
    ),
    by_counter: Type.Optional(
      Type.Boolean({
        description:
          "true: the summary has counters too, the progress by counter (priced as a second summary: it walks the lines again).",
      }),
    ),
  }),
  response: {
    200: ok("StockTakeWithSummary", "The stock take", stockTakeExamples.withSummary),
    ...problemResponses(...READ_PROBLEMS, "STOCK_TAKE_NOT_FOUND"),
  },
};

/** The schemas of GET /stock-takes/{id}/lines. */
export const listStockTakeLines = {
  operationId: "listStockTakeLines",
  tags: TAG,
  summary: "A stock take's lines; with Accept: text/csv, the whole count sheet",
  description:
    "Lines are named by their entity (type, id, code, name). In a blind stock take, a token without approve sees no expected_qty or difference. With Accept: text/csv the answer is the count sheet of every line the filters keep (state, moved, location, misplaced, recount, code), unpaged. Needs the read or count scope: a token with count alone (a counting device) is shown no quantity of stock (no expected_qty, difference or difference totals, blind or not).",
  params: idParams,
  querystring: Type.Object(
    {
      ...pageQuery.properties,
      state: Type.Optional(
        Type.String(
          serviceRules(
            { maxLength: 16, description: "uncounted, counted, accepted or applied" },
            { enum: LINE_STATES },
          ),
        ),
      ),
      moved: Type.Optional(
        Type.Boolean({ description: "Only lines (not) moved since the freeze." }),
      ),
      location: Type.Optional(
        Type.String({
          maxLength: MAX_LOCATION_LENGTH,
          ...serviceRules({}, { pattern: NUL_FREE_PATTERN }),
          description:
            "Only lines whose location at the freeze starts with this, regardless of case (one area of the count). Lines are in walking order: by location, then code.",
        }),
      ),
      misplaced: Type.Optional(
        Type.Boolean({
          description: "Only lines found away from their location (true), or not (false).",
        }),
      ),
      recount: Type.Optional(
        Type.Boolean({
          description:
            "Only lines a reviewer sent back for a recount and not counted since (true: the counters' list of them), or the others (false).",
        }),
      ),
      code: Type.Optional(
        Type.String({
          maxLength: TEXT_LIMITS.code,
          ...serviceRules({}, { pattern: NUL_FREE_PATTERN }),
          description:
            "Only the line of what a scanner read: the SKU with this code (regardless of case), or the SKU or supplier item with this barcode (any spelling of a GTIN). An empty page: not in this stock take.",
        }),
      ),
      order: Type.Optional(
        Type.Unsafe<LineOrderValue>({
          type: "string",
          enum: [...LINE_ORDERS],
          description:
            "walk (default): walking order. difference: the counted lines, largest absolute difference first (then walking order), for review; needs a token that may see expected quantities (403 FORBIDDEN for a counter on a blind stock take), and is priced as the stock take's summary (a unit per started 500 lines). value: the counted lines with a unit cost, largest absolute difference_value first (then walking order); needs that and the costs scope (403 FORBIDDEN), priced the same. Not for the CSV count sheet.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: orCsv(
      ok("StockTakeLinePage", "One page of lines", stockTakeExamples.linePage),
      "StockTakeSheet",
      stockTakeExamples.sheet,
    ),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
  },
};
