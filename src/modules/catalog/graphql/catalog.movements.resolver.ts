// The catalog's side of the ledger in GraphQL: a movement's SKU or supplier item, and a SKU's or
// supplier item's movements (the relations live with the module they lead to, so the movement
// module knows no other).
import { Args, Authorized, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { PageArgs, toConnection } from "../../../graphql/connection.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { loadersOf, serviceContext } from "../../../graphql/service-context.js";
import { queryMovements } from "../../movement/movement.service.js";
import { StockMovement, StockMovementConnection } from "../../movement/movement.types.js";
import { Sku, SupplierItem } from "../catalog.types.js";

@Resolver(() => StockMovement)
export class MovementCatalogResolver {
  @FieldResolver(() => Sku, {
    nullable: true,
    description: "The SKU when entityType is SKU, its onHand at the movement's site.",
  })
  sku(@Ctx() ctx: GraphQLContext, @Root() movement: StockMovement) {
    return movement.skuId === null
      ? null
      : loadersOf(ctx).sku.load({ id: movement.skuId, siteId: movement.siteId });
  }

  @FieldResolver(() => SupplierItem, {
    nullable: true,
    description:
      "The supplier item when entityType is SUPPLIER_ITEM, its onHand at the movement's site.",
  })
  supplierItem(@Ctx() ctx: GraphQLContext, @Root() movement: StockMovement) {
    return movement.supplierItemId === null
      ? null
      : loadersOf(ctx).supplierItem.load({ id: movement.supplierItemId, siteId: movement.siteId });
  }
}

@Resolver(() => Sku)
export class SkuMovementsResolver {
  @Authorized("read")
  @FieldResolver(() => StockMovementConnection, {
    description: "This SKU's movements, newest first.",
  })
  async movements(
    @Ctx() ctx: GraphQLContext,
    @Root() sku: Sku,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    // A first page is batched with its siblings' (a page of SKUs with their movements).
    return toConnection(
      after
        ? await queryMovements(serviceContext(ctx), { skuId: sku.id, limit: first, cursor: after })
        : await loadersOf(ctx).movementPages.load({ skuId: sku.id, first }),
      after,
    );
  }
}

@Resolver(() => SupplierItem)
export class SupplierItemMovementsResolver {
  @Authorized("read")
  @FieldResolver(() => StockMovementConnection, {
    description:
      "This supplier item's movements, newest first; a linked item's stock is its SKU's, so its history is the SKU's movements.",
  })
  async movements(
    @Ctx() ctx: GraphQLContext,
    @Root() item: SupplierItem,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    return toConnection(
      after
        ? await queryMovements(serviceContext(ctx), {
            supplierItemId: item.id,
            limit: first,
            cursor: after,
          })
        : await loadersOf(ctx).movementPages.load({
            supplierItemId: item.id,
            linkedSkuId: item.skuId,
            first,
          }),
      after,
    );
  }
}
