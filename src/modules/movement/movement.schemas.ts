// The REST contract of the movement history: each route's schemas, declared once with TypeBox,
// the handler's types derived from them (Fastify's TypeBox type provider).
import { Type, type Static } from "typebox";
import { MovementSource, StockReason } from "../../generated/prisma/enums.js";
import { cursorParam, integerId, pageLimit, stringEnum } from "../../http/openapi-primitives.js";
import { examples, ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-responses.js";
import { windowQuery } from "../../http/validation.js";
import { MAX_REFERENCE } from "./movement.service.js";

/** GET /stock/movements's query. */
export const MovementQuery = Type.Object(
  {
    ...windowQuery,
    sku_id: Type.Optional(integerId),
    supplier_item_id: Type.Optional(integerId),
    stock_take_id: Type.Optional(integerId),
    adjustment_id: Type.Optional({
      ...integerId,
      description: "Movements written by this adjustment.",
    }),
    transfer_id: Type.Optional({
      ...integerId,
      description:
        "Movements written by this transfer: its dispatch, receipts, write-offs and cancel (TRANSFER_NOT_FOUND if the account has none by this id, or, for a token limited to sites, none touching its sites).",
    }),
    site_id: Type.Optional({
      ...integerId,
      description:
        "Movements at this site (SITE_NOT_FOUND if the account has none by this id). Narrows: alone it still needs a window of at most 31 days.",
    }),
    reason: Type.Optional(stringEnum(Object.values(StockReason))),
    source: Type.Optional(stringEnum(Object.values(MovementSource))),
    reference: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_REFERENCE, description: "Exact match." }),
    ),
    limit: Type.Optional({ ...pageLimit, description: "Page size; 100 when absent." }),
    cursor: Type.Optional(cursorParam),
    order: Type.Optional(
      stringEnum(["asc", "desc"], { description: "desc (newest first) when absent." }),
    ),
  },
  { additionalProperties: false },
);
export type MovementQuery = Static<typeof MovementQuery>;

/** GET /stock/movements: the ledger, bounded and keyset-paginated. */
export const listStockMovements = {
  operationId: "listStockMovements",
  tags: ["movements"],
  summary: "Query stock movements",
  description:
    "Needs the read scope. Bounded by sku_id, supplier_item_id, stock_take_id, adjustment_id or transfer_id (any window, or none, pages the full history) or by a from/to window of at most 31 days in the account's time zone; site_id, reason, source and reference narrow a bounded query. An entity filter naming nothing in the account is its 404 (SKU_NOT_FOUND, ...); a linked supplier item's history is its SKU's movements. Dates are YYYY-MM-DD (a date-only `to` includes that day) or RFC 3339 timestamps; `to` defaults to now. Pages follow `next_cursor` (also in the Link header) while `has_more` is true; with order=asc the last page still carries a `next_cursor` to poll from later for new movements.",
  querystring: MovementQuery,
  response: {
    200: ok(
      "StockMovementPage",
      "One page of movements",
      { data: [examples.movement], next_cursor: null, has_more: false },
      {
        link: {
          type: "string",
          description: 'The next page, as <…>; rel="next", when there is one.',
        },
      },
    ),
    ...problemResponses(
      ...READ_PROBLEMS,
      "INVALID_CURSOR",
      "UNBOUNDED_QUERY",
      "WINDOW_TOO_LONG",
      "INVALID_DATE_RANGE",
      "SKU_NOT_FOUND",
      "SUPPLIER_ITEM_NOT_FOUND",
      "STOCK_TAKE_NOT_FOUND",
      "ADJUSTMENT_NOT_FOUND",
      "TRANSFER_NOT_FOUND",
      "SITE_NOT_FOUND",
    ),
  },
};
