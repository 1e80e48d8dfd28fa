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
import type { GraphQLContext } from "../../graphql/context.js";
import { keyedValue, loadersOf, serviceContext } from "../../graphql/service-context.js";
import { CLASSIFY_UNITS, classifyUnits } from "../../rate-limit/bucket.js";
import { Sku } from "../catalog/catalog.types.js";
import {
  ClassifySkusInput,
  DueForCountArgs,
  SetCountClassInput,
  UpdateCycleCountSettingsInput,
} from "./cycle-count.inputs.js";
import * as cycleCounts from "./cycle-count.service.js";
import {
  ClassifySkusPayload,
  CycleCountSettings,
  DueSku,
  SetCountClassPayload,
  SkuCycleCount,
  UpdateCycleCountSettingsPayload,
} from "./cycle-count.types.js";

@Resolver()
export class CycleCountResolver {
  @Authorized("read")
  @Query(() => [DueSku], {
    description:
      "Active SKUs due for a cycle count at a site (siteId; the default site when absent): never counted first, then by the day they fell due, oldest first. A SKU without a class there (classifySkus) is never due.",
  })
  dueForCount(@Ctx() ctx: GraphQLContext, @Args(() => DueForCountArgs) args: DueForCountArgs) {
    return cycleCounts.listDue(serviceContext(ctx), { limit: args.first, siteId: args.siteId });
  }

  @ScopedMutation(
    "adjust",
    () => ClassifySkusPayload,
    "Gives every active SKU a count class (A, B or C) at a site (siteId; the default site when absent) by the quantity its movements there moved over a window, largest first: the SKUs making up the first shareA percent of the volume are A, the next shareB percent B, the rest C. Writes no movement; dryRun writes nothing. Costs a rate-limit unit per started 500 active SKUs, at least 100 (counted before it runs).",
  )
  async classifySkus(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ClassifySkusInput, { description: "How to classify." })
    input: ClassifySkusInput,
  ) {
    const { idempotencyKey, ...rest } = input;
    const value = await keyedValue(ctx, idempotencyKey, async (service, key) => {
      // The operation paid CLASSIFY_UNITS before it ran; the rest by the SKUs it weighs, counted
      // first (a refusal comes before the work), as over REST.
      const more = classifyUnits(await cycleCounts.activeSkuCount(service)) - CLASSIFY_UNITS;
      if (more > 0) await ctx.chargeMore?.(more);
      return cycleCounts.classify(service, rest, key);
    });
    return { classification: value };
  }

  @Authorized("read")
  @Query(() => CycleCountSettings, {
    description: "The account's days between counts of each class (by default A 30, B 90, C 365).",
  })
  cycleCountSettings(@Ctx() ctx: GraphQLContext) {
    return cycleCounts.cycleSettings(serviceContext(ctx));
  }

  @ScopedMutation(
    "adjust",
    () => SetCountClassPayload,
    "Sets a SKU's count class at a site (siteId; the default site when absent) by hand (null: none, never due there) until the next classification of the site; its last count is kept. Writes no movement.",
  )
  async setCountClass(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => SetCountClassInput, { description: "The SKU and its class." })
    input: SetCountClassInput,
  ) {
    const cycleCount = await cycleCounts.setCountClass(
      serviceContext(ctx),
      input.skuId,
      input.countClass ?? null,
      input.siteId ?? null,
    );
    return { cycleCount };
  }

  @ScopedMutation(
    "adjust",
    () => UpdateCycleCountSettingsPayload,
    "Changes the count intervals given (1 to 3650 days each) and keeps the others; what is due follows at once. Not for a token limited to sites (FORBIDDEN): the intervals are the account's.",
  )
  async updateCycleCountSettings(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateCycleCountSettingsInput, { description: "The intervals to change." })
    input: UpdateCycleCountSettingsInput,
  ) {
    return { settings: await cycleCounts.updateCycleSettings(serviceContext(ctx), input) };
  }
}

@Resolver(() => Sku)
export class SkuCycleCountResolver {
  @FieldResolver(() => SkuCycleCount, {
    description:
      "Its count class, last count and when it falls due at a site (a page of SKUs reads theirs in one statement).",
  })
  cycleCount(
    @Root() sku: Sku,
    @Ctx() ctx: GraphQLContext,
    @Arg("siteId", () => Int, {
      nullable: true,
      description:
        "The site whose cycle to read (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
    })
    siteId?: number | null,
  ): Promise<SkuCycleCount> {
    return loadersOf(ctx).cycleCount.load({ skuId: sku.id, siteId: siteId ?? null });
  }
}
