// The catalog's side of a transfer: each line's SKU or supplier item (its code and name for a
// receiving screen), batched with the page's others; the relation lives with the module it leads
// to, so the transfer module knows no other.
import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../../graphql/context.js";
import { loadersOf } from "../../../graphql/service-context.js";
import { TransferLine } from "../../transfer/transfer.types.js";
import { Sku, SupplierItem } from "../catalog.types.js";

@Resolver(() => TransferLine)
export class TransferLineCatalogResolver {
  @FieldResolver(() => Sku, {
    nullable: true,
    description:
      "The SKU when type is SKU, its onHand at the destination (at the source for a token that may not use the destination).",
  })
  sku(@Ctx() ctx: GraphQLContext, @Root() line: TransferLine) {
    return line.type === "sku" && line.itemSiteId !== undefined
      ? loadersOf(ctx).sku.load({ id: line.id, siteId: line.itemSiteId })
      : null;
  }

  @FieldResolver(() => SupplierItem, {
    nullable: true,
    description:
      "The supplier item when type is SUPPLIER_ITEM, its onHand at the destination (at the source for a token that may not use the destination).",
  })
  supplierItem(@Ctx() ctx: GraphQLContext, @Root() line: TransferLine) {
    return line.type === "supplier_item" && line.itemSiteId !== undefined
      ? loadersOf(ctx).supplierItem.load({ id: line.id, siteId: line.itemSiteId })
      : null;
  }
}
