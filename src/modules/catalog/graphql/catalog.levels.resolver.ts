// A SKU's or supplier item's stock site by site, in GraphQL.
import { Args, Authorized, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { PageArgs, toConnection } from "../../../graphql/connection.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { serviceContext } from "../../../graphql/service-context.js";
import { listSkuLevels, listSupplierItemLevels } from "../catalog.levels.js";
import { Sku, StockLevelConnection, SupplierItem } from "../catalog.types.js";

const LEVELS =
  "at each site where it has a level or stock in transit to it, in site order: on hand and what is in transit there.";

@Resolver(() => Sku)
export class SkuLevelsResolver {
  @Authorized("read")
  @FieldResolver(() => StockLevelConnection, { description: `This SKU's stock ${LEVELS}` })
  async levels(
    @Ctx() ctx: GraphQLContext,
    @Root() sku: Sku,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    const page = await listSkuLevels(serviceContext(ctx), sku.id, { limit: first, cursor: after });
    return toConnection(page, after);
  }
}

@Resolver(() => SupplierItem)
export class SupplierItemLevelsResolver {
  @Authorized("read")
  @FieldResolver(() => StockLevelConnection, {
    description: `This supplier item's stock ${LEVELS} A linked item's stock is its SKU's: these are the SKU's levels.`,
  })
  async levels(
    @Ctx() ctx: GraphQLContext,
    @Root() item: SupplierItem,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    const service = serviceContext(ctx);
    const page = await listSupplierItemLevels(service, item.id, { limit: first, cursor: after });
    return toConnection(page, after);
  }
}
