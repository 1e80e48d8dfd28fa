import { Arg, Args, Authorized, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { serviceContext, type GraphQLContext } from "../../graphql/context.js";
import { PageArgs, toConnection } from "../../graphql/connection.js";
import * as catalog from "./catalog.service.js";
import { CreateSkuInput, CreateSupplierItemInput } from "./catalog.inputs.js";
import {
  CreateSkuPayload,
  CreateSupplierItemPayload,
  Sku,
  SkuConnection,
  SupplierItem,
  SupplierItemConnection,
} from "./catalog.types.js";

@Resolver()
export class CatalogResolver {
  @Authorized("read")
  @Query(() => Sku, { description: "A SKU by id." })
  sku(@Ctx() ctx: GraphQLContext, @Arg("id", () => Int) id: number) {
    return catalog.getSku(serviceContext(ctx), id);
  }

  @Authorized("read")
  @Query(() => SkuConnection, { description: "SKUs in id order." })
  async skus(@Ctx() ctx: GraphQLContext, @Args(() => PageArgs) { first, after }: PageArgs) {
    return toConnection(
      await catalog.listSkus(serviceContext(ctx), { limit: first, cursor: after }),
      after,
    );
  }

  @Authorized("read")
  @Query(() => SupplierItem, { description: "A supplier item by id." })
  supplierItem(@Ctx() ctx: GraphQLContext, @Arg("id", () => Int) id: number) {
    return catalog.getSupplierItem(serviceContext(ctx), id);
  }

  @Authorized("read")
  @Query(() => SupplierItemConnection, { description: "Supplier items in id order." })
  async supplierItems(
    @Ctx() ctx: GraphQLContext,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    return toConnection(
      await catalog.listSupplierItems(serviceContext(ctx), { limit: first, cursor: after }),
      after,
    );
  }

  @Authorized("adjust")
  @Mutation(() => CreateSkuPayload, {
    description: "Creates a SKU; openingOnHand becomes an opening_balance movement.",
  })
  async createSku(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateSkuInput) input: CreateSkuInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const { value } = await catalog.createSku(
      serviceContext(ctx),
      data,
      idempotencyKey ?? undefined,
    );
    return { sku: value, userErrors: [] };
  }

  @Authorized("adjust")
  @Mutation(() => CreateSupplierItemPayload, {
    description: "Creates a supplier item, optionally linked to a SKU.",
  })
  async createSupplierItem(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateSupplierItemInput) input: CreateSupplierItemInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const { value } = await catalog.createSupplierItem(
      serviceContext(ctx),
      data,
      idempotencyKey ?? undefined,
    );
    return { supplierItem: value, userErrors: [] };
  }
}
