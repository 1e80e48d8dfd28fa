// Items' unit costs and their history, in GraphQL: seen only by a token with the costs scope
// (DESIGN §9). unitCost and costChanges are null for any other token (unitCost as for an item
// without a cost); a page of items reads its costs in one statement (the cost loader) unless its
// answer already holds them.
import { Args, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { seesMoney } from "../../../auth/principal.js";
import { PageArgs, toConnection } from "../../../graphql/connection.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { UnitCostScalar } from "../../../graphql/scalars.js";
import { loadersOf, serviceContext } from "../../../graphql/service-context.js";
import type { Decimal } from "../../../quantity.js";
import type { EntityType } from "../../../generated/prisma/enums.js";
import { listCostChanges } from "../catalog.costs.js";
import { CostChangeConnection, Sku, SupplierItem } from "../catalog.types.js";

const UNIT_COST =
  "What one unit costs, in the account's currency (Account.currency); null when it has none, or for a token without the costs scope.";
const HISTORY =
  "Each change of its unit cost, newest first: when, by whom, from, to (not stock movements). Null for a token without the costs scope.";

async function unitCostOf(
  ctx: GraphQLContext,
  entityType: EntityType,
  item: { id: number; unitCost?: Decimal | null },
): Promise<Decimal | null> {
  if (!ctx.principal || !seesMoney(ctx.principal)) return null;
  if (item.unitCost !== undefined) return item.unitCost;
  return loadersOf(ctx).cost.load({ entityType, id: item.id });
}

async function historyOf(
  ctx: GraphQLContext,
  entityType: EntityType,
  id: number,
  { first, after }: PageArgs,
) {
  if (!ctx.principal || !seesMoney(ctx.principal)) return null;
  const page = await listCostChanges(serviceContext(ctx), entityType, id, {
    limit: first,
    cursor: after,
  });
  return toConnection(page, after);
}

@Resolver(() => Sku)
export class SkuCostResolver {
  @FieldResolver(() => UnitCostScalar, { nullable: true, description: UNIT_COST })
  unitCost(@Ctx() ctx: GraphQLContext, @Root() sku: Sku) {
    return unitCostOf(ctx, "sku", sku);
  }

  @FieldResolver(() => CostChangeConnection, { nullable: true, description: HISTORY })
  costChanges(@Ctx() ctx: GraphQLContext, @Root() sku: Sku, @Args(() => PageArgs) page: PageArgs) {
    return historyOf(ctx, "sku", sku.id, page);
  }
}

@Resolver(() => SupplierItem)
export class SupplierItemCostResolver {
  @FieldResolver(() => UnitCostScalar, {
    nullable: true,
    description: `${UNIT_COST} A linked item's stock is valued at its SKU's cost.`,
  })
  unitCost(@Ctx() ctx: GraphQLContext, @Root() item: SupplierItem) {
    return unitCostOf(ctx, "supplier_item", item);
  }

  @FieldResolver(() => CostChangeConnection, { nullable: true, description: HISTORY })
  costChanges(
    @Ctx() ctx: GraphQLContext,
    @Root() item: SupplierItem,
    @Args(() => PageArgs) page: PageArgs,
  ) {
    return historyOf(ctx, "supplier_item", item.id, page);
  }
}
