import { Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import { EventsArgs } from "./event.inputs.js";
import { eventFeed } from "./event.service.js";
import { Event, EventConnection } from "./event.types.js";

@Resolver(() => Event)
export class EventResolver {
  @Authorized("read")
  @Query(() => EventConnection, {
    description:
      "The change feed: the account's events oldest first, one entity's in the order its changes were applied. An event never appears behind a cursor already answered (a page ends before any write still in flight), so store pageInfo.endCursor and poll with it as after: it is set on the last page too.",
  })
  async events(@Ctx() ctx: GraphQLContext, @Args(() => EventsArgs) args: EventsArgs) {
    const page = await eventFeed(serviceContext(ctx), {
      after: args.after,
      types: args.types,
      limit: args.first,
    });
    return toConnection(
      {
        items: page.data.map((node) => ({ cursor: node.cursor, node })),
        nextCursor: page.hasMore ? page.nextCursor : null,
        resumeCursor: page.nextCursor,
      },
      args.after,
    );
  }
}
