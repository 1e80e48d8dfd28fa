import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  Int,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { PageArgs, toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { keyedValue, serviceContext } from "../../graphql/service-context.js";
import * as adjustments from "./adjustment.service.js";
import * as edits from "./adjustment.edit.js";
import * as history from "./adjustment.read.js";
import {
  AdjustSkuStockInput,
  AdjustSupplierItemStockInput,
  BulkAdjustStockInput,
  StockAdjustmentsArgs,
} from "./adjustment.inputs.js";
import {
  AdjustSkuStockPayload,
  AdjustSupplierItemStockPayload,
  BulkAdjustStockPayload,
  StockAdjustmentLineConnection,
  StockAdjustmentRecord,
  StockAdjustmentRecordConnection,
} from "./adjustment.types.js";

@Resolver()
export class AdjustmentResolver {
  @ScopedMutation(
    "adjust",
    () => AdjustSkuStockPayload,
    "Sets a SKU's on hand to an absolute value.",
  )
  async adjustSkuStock(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => AdjustSkuStockInput, { description: "The SKU and its new on hand." })
    input: AdjustSkuStockInput,
  ) {
    const { skuId, idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      edits.editSku(service, skuId, data, key),
    );
    return { ...value };
  }

  @ScopedMutation(
    "adjust",
    () => AdjustSupplierItemStockPayload,
    "Sets an unlinked supplier item's on hand to an absolute value; a linked item's stock is its SKU's (LINKED_SUPPLIER_ITEM).",
  )
  async adjustSupplierItemStock(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => AdjustSupplierItemStockInput, {
      description: "The supplier item and its new on hand.",
    })
    input: AdjustSupplierItemStockInput,
  ) {
    const { supplierItemId, idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      edits.editSupplierItem(service, supplierItemId, data, key),
    );
    return { ...value };
  }

  @ScopedMutation(
    "adjust",
    () => BulkAdjustStockPayload,
    "Sets up to 10,000 SKUs and supplier items to absolute quantities, all or nothing; every bad line is listed in userErrors.",
  )
  async bulkAdjustStock(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => BulkAdjustStockInput, { description: "The reason and the lines." })
    input: BulkAdjustStockInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      adjustments.bulkAdjust(service, data, key),
    );
    return { adjustment: value };
  }

  @Authorized("read")
  @Query(() => StockAdjustmentRecord, {
    description: "An adjustment by id (ADJUSTMENT_NOT_FOUND if the account has none).",
  })
  stockAdjustment(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The adjustment's id." }) id: number,
  ) {
    return history.getAdjustment(serviceContext(ctx), id);
  }

  @Authorized("read")
  @Query(() => StockAdjustmentRecordConnection, {
    description: "The account's adjustments, newest first.",
  })
  async stockAdjustments(
    @Ctx() ctx: GraphQLContext,
    @Args(() => StockAdjustmentsArgs) { filter, first, after }: StockAdjustmentsArgs,
  ) {
    return toConnection(
      await history.listAdjustments(serviceContext(ctx), {
        ...filter,
        limit: first,
        cursor: after,
      }),
      after,
    );
  }
}

@Resolver(() => StockAdjustmentRecord)
export class StockAdjustmentRecordResolver {
  @Authorized("read")
  @FieldResolver(() => StockAdjustmentLineConnection, {
    description: "The adjustment's lines in the order sent, a page at a time.",
  })
  async lines(
    @Ctx() ctx: GraphQLContext,
    @Root() adjustment: StockAdjustmentRecord,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    return toConnection(
      await history.listAdjustmentLines(serviceContext(ctx), adjustment.id, {
        limit: first,
        cursor: after,
      }),
      after,
    );
  }
}
