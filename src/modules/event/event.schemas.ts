// The REST contract of the change feed: each route's schemas, declared once with TypeBox, the
// handler's types derived from them (Fastify's TypeBox type provider).
import { Type, type Static } from "typebox";
import { cursorParam, pageLimit, serviceRules } from "../../http/openapi-primitives.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-responses.js";
import { MAX_TYPES_PARAM_LENGTH } from "../../limits.js";
import { EVENT_TYPES } from "./event.types.js";

// One or more event type names, separated by commas.
const TYPE_NAME = `(${EVENT_TYPES.map((type) => type.replaceAll(".", "\\.")).join("|")})`;
const TYPES_PATTERN = `^${TYPE_NAME}(,${TYPE_NAME})*$`;

/** GET /events's query. */
export const FeedQuery = Type.Object(
  {
    after: Type.Optional(cursorParam),
    types: Type.Optional(
      Type.String({
        maxLength: MAX_TYPES_PARAM_LENGTH,
        ...serviceRules({}, { pattern: TYPES_PATTERN }),
        description: `Comma-separated event types to include (${EVENT_TYPES.join(", ")}); all when absent.`,
      }),
    ),
    limit: Type.Optional({ ...pageLimit, description: "Page size; 100 when absent." }),
  },
  { additionalProperties: false },
);
export type FeedQuery = Static<typeof FeedQuery>;

const example = {
  data: [
    {
      id: "evt_1042",
      type: "stock.changed",
      occurred_at: "2026-11-24T09:30:00.000Z",
      data: {
        type: "sku",
        id: 17,
        quantity_before: 12,
        quantity_after: 9,
        change: -3,
        reason: "damaged",
        source: "adjustment",
        movement_id: 5512,
        adjustment_id: 88,
        stock_take_id: null,
        site_id: 1,
        transfer_id: null,
      },
      cursor: "WyJldmVudCIsMSwiNzQ1MSIsIjEwNDIiXQ",
    },
  ],
  next_cursor: "WyJldmVudCIsMSwiNzQ1MSIsIjEwNDIiXQ",
  has_more: false,
};

/** GET /events: the account's change feed, oldest first. */
export const listEvents = {
  operationId: "listEvents",
  tags: ["events"],
  summary: "Follow the change feed",
  description:
    "Needs the read scope. The account's events oldest first, from the position `after` names (from the oldest kept event without it); one entity's events come in the order its changes were applied. An event never appears behind a cursor already answered: a page ends before any write of the account still in flight, so an open write delays the feed but never makes it skip. Store `next_cursor` and poll with it; the last page carries one too. With `types`, one request looks at 10,000 events at most: a page may be empty with has_more true, and its next_cursor reads on from there.",
  querystring: FeedQuery,
  response: {
    200: ok("EventPage", "One page of events", example),
    ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
  },
};
