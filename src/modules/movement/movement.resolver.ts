import { Args, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { seesMoney } from "../../auth/principal.js";
import { MoneyScalar, UnitCostScalar } from "../../graphql/scalars.js";
import { toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { loadersOf, serviceContext } from "../../graphql/service-context.js";
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

  @FieldResolver(() => UnitCostScalar, {
    nullable: true,
    description:
      "The item's unit cost when the movement was written; null when it had none, or for a token without the costs scope.",
  })
  async unitCost(@Ctx() ctx: GraphQLContext, @Root() movement: StockMovement) {
    return (await moneyOf(ctx, movement))?.unitCost ?? null;
  }

  @FieldResolver(() => MoneyScalar, {
    nullable: true,
    description:
      "The change × unitCost, rounded half away from zero to the currency's minor units, written with the movement (a later cost never changes it); null without a cost, or for a token without the costs scope.",
  })
  async valueChange(@Ctx() ctx: GraphQLContext, @Root() movement: StockMovement) {
    return (await moneyOf(ctx, movement))?.valueChange ?? null;
  }
}

/** A movement's money for a caller that sees it: as read with it, else through the loader. */
async function moneyOf(ctx: GraphQLContext, movement: StockMovement) {
  if (!ctx.principal || !seesMoney(ctx.principal)) return null;
  if (movement.unitCost !== undefined) return movement;
  return loadersOf(ctx).movementMoney.load({ id: movement.id, occurredAt: movement.occurredAt });
}
