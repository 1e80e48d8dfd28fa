import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import { serviceContext, type GraphQLContext } from "../../graphql/context.js";
import * as adjustments from "./adjustment.service.js";
import { AdjustSkuStockInput, BulkAdjustStockInput } from "./adjustment.inputs.js";
import { AdjustSkuStockPayload, BulkAdjustStockPayload } from "./adjustment.types.js";

@Resolver()
export class AdjustmentResolver {
  @Authorized("adjust")
  @Mutation(() => AdjustSkuStockPayload, {
    description: "Sets a SKU's on hand to an absolute value.",
  })
  async adjustSkuStock(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => AdjustSkuStockInput) input: AdjustSkuStockInput,
  ) {
    const { skuId, idempotencyKey, ...data } = input;
    const { value } = await adjustments.adjustSku(
      serviceContext(ctx),
      skuId,
      data,
      idempotencyKey ?? undefined,
    );
    return { ...value, userErrors: [] };
  }

  @Authorized("adjust")
  @Mutation(() => BulkAdjustStockPayload, {
    description:
      "Sets up to 10,000 SKUs and supplier items to absolute quantities, all or nothing.",
  })
  async bulkAdjustStock(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => BulkAdjustStockInput) input: BulkAdjustStockInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const { value } = await adjustments.bulkAdjust(
      serviceContext(ctx),
      data,
      idempotencyKey ?? undefined,
    );
    return { adjustment: value, userErrors: [] };
  }
}
