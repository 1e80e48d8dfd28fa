// The REST contract of starting a stock take (POST /stock-takes/start, operation startStockTake):
// its body and the route's schemas.
import { MAX_SCOPE_CODE_LENGTH } from "../stock-take.codes.js";
import { Type, type Static } from "typebox";
import { integerId, refOf, stringEnum } from "../../../http/openapi-primitives.js";
import {
  ok,
  problemResponses,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../../http/openapi-responses.js";
import { idempotencyHeaders } from "../../../http/validation.js";
import {
  DEFAULT_DUE_LIMIT,
  MAX_DUE_LIMIT,
  MAX_SCOPE_CODES,
  MAX_SCOPE_IDS,
  MAX_SCOPE_LOCATIONS,
  TEXT_LIMITS,
} from "../../../limits.js";
import { MAX_LOCATION_LENGTH } from "../../catalog/location.js";
import { BASES } from "../stock-take.parse.js";
import {
  nullableText,
  stockTakeExamples,
  TAG,
  toleranceSchema,
} from "./stock-take.shared.schemas.js";

const scopeIds = (description: string) =>
  Type.Array(integerId, {
    maxItems: MAX_SCOPE_IDS,
    "x-error-codes": { maxItems: "TOO_MANY_LINES" },
    description: `${description} At most ${MAX_SCOPE_IDS} (more: 422 TOO_MANY_LINES).`,
  });

/** POST /stock-takes/start's body (named: StartStockTake). */
export const StartStockTake = Type.Object(
  {
    scope: Type.Optional(
      Type.Object(
        {
          sku_ids: Type.Optional(scopeIds("Active SKUs to count, each once.")),
          supplier_item_ids: Type.Optional(
            scopeIds("Unlinked supplier items to count, each once."),
          ),
          locations: Type.Optional(
            Type.Array(Type.String({ maxLength: MAX_LOCATION_LENGTH }), {
              maxItems: MAX_SCOPE_LOCATIONS,
              "x-error-codes": { maxItems: "INVALID_PARAMETER" },
              description: `Location prefixes, regardless of case (A-01 takes A-01-03; B- a whole aisle): every active SKU and unlinked supplier item whose location at the stock take's site starts with one of them is counted too, besides any named by id. At most ${MAX_SCOPE_LOCATIONS} (more: 400 INVALID_PARAMETER).`,
              examples: [["A-01", "B-"]],
            }),
          ),
          codes: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: MAX_SCOPE_CODE_LENGTH }), {
              maxItems: MAX_SCOPE_CODES,
              "x-error-codes": { maxItems: "TOO_MANY_LINES" },
              description: `SKU codes and barcodes (of SKUs and supplier items; a linked supplier item's names its SKU), regardless of case, each naming one item once: every item they name is counted too (a code nobody has: 404 SKU_NOT_FOUND at its place; two codes naming one item: 422 DUPLICATE_LINE). At most ${MAX_SCOPE_CODES} (more: 422 TOO_MANY_LINES).`,
              examples: [["MUG-01", "4006381333931"]],
            }),
          ),
          due: Type.Optional(
            Type.Boolean({
              description: `Today's cycle count: the scope also takes the SKUs due for a count at the stock take's site (GET /stock-takes/due's order, most overdue first), up to limit, leaving out those an open or counting stock take there already counts. Priced as limit lines.`,
            }),
          ),
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_DUE_LIMIT,
              description: `With due: true, how many due SKUs to take at most; ${DEFAULT_DUE_LIMIT} when absent.`,
            }),
          ),
        },
        {
          additionalProperties: false,
          description: "Leave out to count all active SKUs and all unlinked supplier items.",
        },
      ),
    ),
    reference: Type.Optional(nullableText(TEXT_LIMITS.reference)),
    note: Type.Optional(nullableText(TEXT_LIMITS.note)),
    blind: Type.Optional(
      Type.Boolean({
        description: "Counters (tokens without approve) never see expected quantities.",
      }),
    ),
    basis: Type.Optional(
      stringEnum(BASES, {
        "x-service-checked": true,
        description:
          "freeze (default): compare counts with the freeze; count_time: with the ledger at each count's counted_at.",
      }),
    ),
    site_id: Type.Optional({
      ...integerId,
      description:
        "The site whose stock it counts (404 SITE_NOT_FOUND if the account has none by this id; 409 SITE_INACTIVE if it is deactivated); the default site when absent.",
    }),
    dry_run: Type.Optional(
      Type.Boolean({
        description:
          "true: answer 200 with what the start would freeze (its lines, in all and by area) after every check a start makes (the same refusals), and write nothing, not even the idempotency key. Priced as the start.",
      }),
    ),
    auto_accept: Type.Optional(
      Type.Union([
        toleranceSchema(
          "Accept counts within this tolerance as they arrive (NetSuite's auto-approval): such a line is accepted at once, with auto_accepted true, and the review sees only the rest. Never a line whose stock moved since the freeze. Needs the approve scope (403 FORBIDDEN), and the costs scope for max_value or max_value_pct (403 FORBIDDEN; 409 CURRENCY_NOT_SET without a currency). Absent or null: every count waits for a review. Set at the start only.",
        ),
        Type.Null(),
      ]),
    ),
  },
  {
    $id: "StartStockTake",
    examples: [{ scope: { sku_ids: [1, 2] }, reference: "Aisle 4", blind: true }],
    additionalProperties: false,
  },
);
export type StartStockTake = Static<typeof StartStockTake>;

/** The schemas of POST /stock-takes/start. */
export const startStockTake = {
  operationId: "startStockTake",
  tags: TAG,
  summary: "Start a stock take: freeze the expected quantities of its scope (or preview it)",
  description:
    "Answers the stock take with its first 1000 lines (lines_next_cursor pages the rest through GET /stock-takes/{id}/lines), without expected_qty for a token without read or approve. An entity may be in one open or counting stock take at a time at a site (409 STOCK_TAKE_OVERLAP); a stock take at another site counts other stock.",
  headers: idempotencyHeaders,
  body: refOf(StartStockTake),
  response: {
    200: ok(
      "StockTakeStartPreview",
      "With dry_run: what the start would freeze; nothing was written",
      stockTakeExamples.preview,
    ),
    201: ok(
      "StockTakeWithLines",
      "The stock take, open, with its first lines",
      stockTakeExamples.started,
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
      "SITE_NOT_FOUND",
      "SITE_INACTIVE",
      "CURRENCY_NOT_SET",
    ),
  },
};
