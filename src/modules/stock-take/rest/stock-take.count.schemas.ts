// The REST contract of counting: the counts a counter sends (POST /stock-takes/{id}/input,
// operation submitStockTakeCounts, as JSON or a CSV file) and the count log they build
// (GET /stock-takes/{id}/counts, operation listStockTakeCounts).
import { Type, type Static } from "typebox";
import {
  $ref,
  NO_CONTROL_PATTERN,
  quantitySchema as quantity,
  serviceRules,
  stringEnum,
} from "../../../http/openapi-primitives.js";
import {
  ok,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
} from "../../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../../http/validation.js";
import { MAX_COUNTS, MAX_DATE_PARAM_LENGTH, TEXT_LIMITS } from "../../../limits.js";
import { MAX_LOCATION_LENGTH } from "../../catalog/location.js";
import { MODES } from "../stock-take.parse.js";
import {
  entityRefProperties,
  LINE_PROBLEMS,
  nullableText,
  stockTakeExamples,
  TAG,
  TAKE_WRITE_PROBLEMS,
} from "./stock-take.shared.schemas.js";

/** One count (named: StockTakeCountInput). */
export const StockTakeCountInput = Type.Object(
  {
    ...entityRefProperties,
    counted_qty: quantity,
    mode: Type.Optional(
      stringEnum(MODES, {
        "x-service-checked": true,
        description: "set (default) replaces the line's count; add adds to it.",
      }),
    ),
    counted_at: Type.Optional(
      Type.String(
        serviceRules(
          {
            description:
              "RFC 3339; when the count was taken, not in the future (default: when it is received).",
          },
          { format: "date-time", maxLength: MAX_DATE_PARAM_LENGTH },
        ),
      ),
    ),
    found_location: Type.Optional(
      nullableText(
        MAX_LOCATION_LENGTH,
        "Where the counter found it, when not where the catalog says (the line is then misplaced if it differs from its location). Left out: a set count found it where recorded, an add count keeps what the line had. Changes no stock and no location.",
      ),
    ),
  },
  {
    $id: "StockTakeCountInput",
    description: "One count of one entity, named by id, code or barcode.",
    additionalProperties: false,
  },
);
export type StockTakeCountInput = Static<typeof StockTakeCountInput>;

/** POST /stock-takes/{id}/input's JSON body (named: StockTakeCounts). */
export const StockTakeCounts = Type.Object(
  {
    counts: Type.Array(Type.Unsafe<StockTakeCountInput>($ref("StockTakeCountInput")), {
      ...serviceRules({}, { minItems: 1 }),
      maxItems: MAX_COUNTS,
      "x-error-codes": { maxItems: "TOO_MANY_LINES" },
      description: `1 to ${MAX_COUNTS} counts (more: 422 TOO_MANY_LINES), applied in order.`,
    }),
    counter: Type.Optional(
      nullableText(TEXT_LIMITS.counter, "Who counted (default: the token's name)."),
    ),
  },
  {
    $id: "StockTakeCounts",
    examples: [{ counts: [{ type: "sku", code: "BOLT-M6", counted_qty: 9 }], counter: "alice" }],
    additionalProperties: false,
  },
);
export type StockTakeCounts = Static<typeof StockTakeCounts>;

/** POST /stock-takes/{id}/input's CSV body (named: StockTakeCountsCsv). */
export const StockTakeCountsCsv = {
  $id: "StockTakeCountsCsv",
  examples: ["type,code,counted_qty\r\nsku,BOLT-M6,9\r\n"],
  type: "string",
  description:
    "text/csv (RFC 4180) with a header: type and counted_qty, exactly one of id, code or barcode, optional supplier, mode, counted_at and found_location. Rows are numbered from the header (row 1).",
} as const;

/** POST /stock-takes/{id}/input's query: who counted, for a CSV body. */
export const CounterQuery = Type.Object(
  {
    counter: Type.Optional(
      Type.String(
        serviceRules(
          {
            maxLength: TEXT_LIMITS.counter,
            description: "Who counted, for a CSV body (JSON bodies carry it as counter).",
          },
          { pattern: NO_CONTROL_PATTERN },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
export type CounterQuery = Static<typeof CounterQuery>;

/** The schemas of POST /stock-takes/{id}/input. */
export const submitStockTakeCounts = {
  operationId: "submitStockTakeCounts",
  tags: TAG,
  summary: "Record counts (JSON, or a text/csv file)",
  description:
    "mode set replaces a line's count, add adds to it; every count is kept in the count log. Answers the lines counted, after: the first 1000 in line order, with lines_count (GET /stock-takes/{id}/lines?state=counted lists them all). A CSV body has the header type,id,counted_qty or type,code,counted_qty (optional columns supplier, mode, counted_at, found_location); a bad row is named by its row number (the header is row 1). Anything wrong refuses the whole request.",
  params: idParams,
  headers: idempotencyHeaders,
  querystring: CounterQuery,
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
      stockTakeExamples.counts,
      replayHeaders,
    ),
    ...problemResponses(...TAKE_WRITE_PROBLEMS, ...LINE_PROBLEMS, "INVALID_QUANTITY"),
  },
};

/** The schemas of GET /stock-takes/{id}/counts. */
export const listStockTakeCounts = {
  operationId: "listStockTakeCounts",
  tags: TAG,
  summary: "The count log: every count submitted, oldest first",
  description:
    "Every count as it was submitted (append-only): the entity, set or add, the quantity sent, the line's count after it, who counted, when it was counted and when it was received. Page on with next_cursor.",
  params: idParams,
  querystring: pageQuery,
  response: {
    200: ok("StockTakeCountPage", "One page of the count log", stockTakeExamples.countPage),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR", "STOCK_TAKE_NOT_FOUND"),
  },
};
