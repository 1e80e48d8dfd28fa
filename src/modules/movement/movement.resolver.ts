import { Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import { queryMovements } from "./movement.service.js";
import { StockMovementsArgs } from "./movement.inputs.js";
import { StockMovement, StockMovementConnection } from "./movement.types.js";

@Resolver(() => StockMovement)
export class MovementResolver {
  @Authorized("read")
  @Query(() => StockMovementConnection, {
    description:
      "The stock ledger, newest first unless order is ASC. Must be bounded: see StockMovementFilter.",
  })
  async stockMovements(
    @Ctx() ctx: GraphQLContext,
    @Args(() => StockMovementsArgs) args: StockMovementsArgs,
  ) {
    const { filter, first, after, order } = args;
    return toConnection(
      await queryMovements(serviceContext(ctx), { ...filter, limit: first, cursor: after, order }),
      after,
    );
  }
}
