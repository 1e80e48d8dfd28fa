// A SKU's or supplier item's stock site by site, in GraphQL. A first page is batched with its
// siblings' (a page of SKUs with their levels: one statement), a page after a cursor read alone.
import { ArrayMaxSize } from "class-validator";
import {
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  Int,
  Resolver,
  Root,
} from "type-graphql";
import { PageArgs, toConnection } from "../../../graphql/connection.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { atMost, LIST_BOUNDS } from "../../../graphql/list-bounds.js";
import { loadersOf, serviceContext } from "../../../graphql/service-context.js";
import { levelOwnerOf, listSkuLevels, listSupplierItemLevels } from "../catalog.levels.js";
import { Sku, StockLevelConnection, SupplierItem } from "../catalog.types.js";

const LEVELS =
  "at each site where it has a level or stock in transit to it, in site order: on hand and what is in transit there.";

const SITES =
  "Only these sites (each a site of the account the token may use, else SITE_NOT_FOUND); every site when absent.";

/** A levels field's arguments: a page, and the sites named, bounded at the field's coordinate. */
function levelArgs(coordinate: "Sku.levels(siteIds:)" | "SupplierItem.levels(siteIds:)") {
  @ArgsType()
  class LevelArgs extends PageArgs {
    @Field(() => [Int], { nullable: true, description: `${SITES} ${atMost(coordinate)}` })
    @ArrayMaxSize(LIST_BOUNDS[coordinate].max)
    siteIds?: number[] | null;
  }
  return LevelArgs;
}
const SkuLevelArgs = levelArgs("Sku.levels(siteIds:)");
type SkuLevelArgs = InstanceType<typeof SkuLevelArgs>;
const SupplierItemLevelArgs = levelArgs("SupplierItem.levels(siteIds:)");
type SupplierItemLevelArgs = InstanceType<typeof SupplierItemLevelArgs>;

@Resolver(() => Sku)
export class SkuLevelsResolver {
  @Authorized("read")
  @FieldResolver(() => StockLevelConnection, { description: `This SKU's stock ${LEVELS}` })
  async levels(
    @Ctx() ctx: GraphQLContext,
    @Root() sku: Sku,
    @Args(() => SkuLevelArgs) { first, after, siteIds }: SkuLevelArgs,
  ) {
    const page = after
      ? await listSkuLevels(serviceContext(ctx), sku.id, { limit: first, cursor: after, siteIds })
      : await loadersOf(ctx).levelPages.load({ owner: { sku: sku.id }, first, siteIds });
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
    @Args(() => SupplierItemLevelArgs) { first, after, siteIds }: SupplierItemLevelArgs,
  ) {
    const service = serviceContext(ctx);
    if (after) {
      return toConnection(
        await listSupplierItemLevels(service, item.id, { limit: first, cursor: after, siteIds }),
        after,
      );
    }
    const owner = levelOwnerOf(item);
    return toConnection(await loadersOf(ctx).levelPages.load({ owner, first, siteIds }), after);
  }
}
