import { Arg, Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { serviceContext, type GraphQLContext } from "../../graphql/context.js";
import { ClassifySkusInput, DueForCountArgs } from "./cycle-count.inputs.js";
import * as cycleCounts from "./cycle-count.service.js";
import { ClassifySkusPayload, DueSku } from "./cycle-count.types.js";

@Resolver()
export class CycleCountResolver {
  @Authorized("read")
  @Query(() => [DueSku], {
    description:
      "Active SKUs due for a cycle count: never counted first, then by the day they fell due, oldest first. A SKU without a class (classifySkus) is never due.",
  })
  dueForCount(@Ctx() ctx: GraphQLContext, @Args(() => DueForCountArgs) args: DueForCountArgs) {
    return cycleCounts.listDue(serviceContext(ctx), { limit: args.first });
  }

  @ScopedMutation(
    "adjust",
    () => ClassifySkusPayload,
    "Gives every active SKU a count class (A, B or C) by the quantity its movements moved over a window, largest first: the SKUs making up the first shareA percent of the volume are A, the next shareB percent B, the rest C. Writes no movement; dryRun writes nothing. Costs 100 rate-limit units.",
  )
  async classifySkus(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ClassifySkusInput, { description: "How to classify." })
    input: ClassifySkusInput,
  ) {
    const { idempotencyKey, ...rest } = input;
    const { value } = await cycleCounts.classify(
      serviceContext(ctx),
      rest,
      idempotencyKey ?? undefined,
    );
    return { classification: value };
  }
}
