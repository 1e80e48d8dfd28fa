import { cursorParam, pageLimit } from "../../http/openapi-primitives.js";
import type { FastifyInstance } from "fastify";
import { ctxOf, LEDGER_ROW_WEIGHT, rowPricedScope } from "../../http/auth.js";
import { ok, problemResponses, READ_PROBLEMS } from "../../http/openapi-schemas.js";
import { toRest } from "../../http/serialize.js";
import { eventFeed } from "./event.service.js";
import { EVENT_TYPES } from "./event.types.js";

interface FeedQuerystring {
  after?: string;
  types?: string;
  limit?: number;
}

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
      },
      cursor: "WyJldmVudCIsMSwiNzQ1MSIsIjEwNDIiXQ",
    },
  ],
  next_cursor: "WyJldmVudCIsMSwiNzQ1MSIsIjEwNDIiXQ",
  has_more: false,
};

/** GET /api/v1/events: the account's change feed, oldest first. */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: FeedQuerystring }>(
    "/events",
    {
      ...rowPricedScope("read", { rowWeight: LEDGER_ROW_WEIGHT }),
      schema: {
        operationId: "listEvents",
        tags: ["events"],
        summary: "Follow the change feed",
        description:
          "Needs the read scope. The account's events oldest first, from the position `after` names (from the oldest kept event without it); one entity's events come in the order its changes were applied. An event never appears behind a cursor already answered: a page ends before any write of the account still in flight, so an open write delays the feed but never makes it skip. Store `next_cursor` and poll with it; the last page carries one too. With `types`, one request looks at 10,000 events at most: a page may be empty with has_more true, and its next_cursor reads on from there.",
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            after: cursorParam,
            types: {
              type: "string",
              maxLength: 512,
              description: `Comma-separated event types to include (${EVENT_TYPES.join(", ")}); all when absent.`,
            },
            limit: { ...pageLimit, description: "Page size; 100 when absent." },
          },
        },
        response: {
          200: ok("EventPage", "One page of events", example),
          ...problemResponses(...READ_PROBLEMS, "INVALID_CURSOR"),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await eventFeed(ctxOf(request), {
        after: q.after,
        types: q.types ? q.types.split(",") : null,
        limit: q.limit,
      });
      return {
        data: page.data.map((e) => toRest(e)),
        next_cursor: page.nextCursor,
        has_more: page.hasMore,
      };
    },
  );
}
