import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, LEDGER_ROW_WEIGHT, rowPricedScope } from "../../http/auth.js";
import { toRest } from "../../http/serialize.js";
import { listEvents } from "./event.schemas.js";
import { eventFeed } from "./event.service.js";

/** GET /api/v1/events: the account's change feed, oldest first. */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      "/events",
      { ...rowPricedScope("read", { rowWeight: LEDGER_ROW_WEIGHT }), schema: listEvents },
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
