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
import { ScopedMutation } from "../../../graphql/auth.js";
import { PageArgs, toConnection } from "../../../graphql/connection.js";
import type { GraphQLContext } from "../../../graphql/context.js";
import { keyedValue, loadersOf, serviceContext } from "../../../graphql/service-context.js";
import { Sku, SupplierItem } from "../../catalog/catalog.types.js";
import { StockMovement } from "../../movement/movement.types.js";
import { chargeSummarizedLines } from "../../../graphql/line-charges.js";
import { chargeWalk } from "../../../graphql/rate-limit.js";
import { OPERATIONS } from "../../../operations.js";
import * as stockTakes from "../stock-take.service.js";
import { listLines } from "../stock-take.line-list.js";
import { listCounts } from "../stock-take.count-log.js";
import { AREA_DEPTH_DEFAULT, AREA_RULE, MAX_AREA_DEPTH } from "../stock-take.areas.js";
import { COUNTER_RULE } from "../stock-take.counters.js";
import {
  AcceptStockTakeLinesInput,
  CancelStockTakeInput,
  ReconcileStockTakeInput,
  StartStockTakeInput,
  StockTakeLinesArgs,
  StockTakesArgs,
  SubmitStockTakeCountsInput,
} from "./stock-take.inputs.js";
import {
  LocationProgress,
  AcceptStockTakeLinesPayload,
  CancelStockTakePayload,
  ReconcileStockTakePayload,
  CounterProgress,
  StartStockTakePayload,
  StockTake,
  StockTakeConnection,
  StockTakeCountConnection,
  StockTakeLine,
  StockTakeLineConnection,
  StockTakeSummary,
  SubmitStockTakeCountsPayload,
} from "../stock-take.types.js";

@Resolver(() => StockTake)
export class StockTakeResolver {
  @Authorized(...stockTakes.READ_SCOPES)
  @Query(() => StockTake, {
    description:
      "A stock take by id (STOCK_TAKE_NOT_FOUND if none). Needs the read or count scope: a token with count alone (a counting device) reads stock takes to count them, and is shown no quantity of stock in them (no expected quantity, difference or difference total, blind or not).",
  })
  stockTake(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The stock take's id." }) id: number,
  ) {
    return stockTakes.findStockTake(serviceContext(ctx), id);
  }

  @Authorized(...stockTakes.READ_SCOPES)
  @Query(() => StockTakeConnection, {
    description:
      "Stock takes, newest first. Needs the read or count scope (see stockTake for what count alone shows).",
  })
  async stockTakes(@Ctx() ctx: GraphQLContext, @Args(() => StockTakesArgs) args: StockTakesArgs) {
    const { first, after, status, siteId } = args;
    return toConnection(
      await stockTakes.listStockTakes(serviceContext(ctx), {
        status,
        siteId,
        limit: first,
        cursor: after,
      }),
      after,
    );
  }

  @Authorized(...stockTakes.READ_SCOPES)
  @FieldResolver(() => StockTakeSummary, {
    description: "Lines by state, the counted share and the differences.",
  })
  async summary(@Ctx() ctx: GraphQLContext, @Root() take: StockTake) {
    await chargeSummarizedLines(ctx, take.id);
    return stockTakes.stockTakeSummary(serviceContext(ctx), take);
  }

  @Authorized(...stockTakes.READ_SCOPES)
  @FieldResolver(() => [LocationProgress], {
    description: `Progress by area. ${AREA_RULE}`,
  })
  async progressByLocation(
    @Ctx() ctx: GraphQLContext,
    @Root() take: StockTake,
    @Arg("depth", () => Int, {
      nullable: true,
      description: `How many segments of a location name its area: 1 to ${MAX_AREA_DEPTH}, default ${AREA_DEPTH_DEFAULT} (A-01-03 is in A-01).`,
    })
    depth?: number | null,
  ) {
    const areas = stockTakes.progressByLocation(serviceContext(ctx), take, depth);
    await chargeSummarizedLines(ctx, take.id);
    return areas();
  }

  @Authorized(...stockTakes.READ_SCOPES)
  @FieldResolver(() => [CounterProgress], { description: `Progress by counter. ${COUNTER_RULE}` })
  async progressByCounter(@Ctx() ctx: GraphQLContext, @Root() take: StockTake) {
    const counters = stockTakes.progressByCounter(serviceContext(ctx), take);
    await chargeSummarizedLines(ctx, take.id);
    return counters();
  }

  @Authorized(...stockTakes.READ_SCOPES)
  @FieldResolver(() => StockTakeLineConnection, {
    description:
      "The lines in walking order (by location at the freeze, then code), or the counted ones by difference for review, optionally by state, moved since the freeze, location, or the code or barcode a counter scanned.",
  })
  async lines(
    @Ctx() ctx: GraphQLContext,
    @Root() take: StockTake,
    @Args(() => StockTakeLinesArgs)
    { first, after, order, ...filter }: StockTakeLinesArgs,
  ) {
    // Every line is weighed to order by difference: priced as the summary, before any is read.
    if (order === "difference" || order === "value") await chargeSummarizedLines(ctx, take.id);
    return toConnection(
      await listLines(
        serviceContext(ctx),
        take.id,
        { ...filter, order, limit: first, cursor: after },
        take,
      ),
      after,
    );
  }

  @Authorized("read")
  @FieldResolver(() => StockTakeCountConnection, {
    description: "The count log: every count submitted, oldest first.",
  })
  async counts(
    @Ctx() ctx: GraphQLContext,
    @Root() take: StockTake,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    return toConnection(
      await listCounts(serviceContext(ctx), take.id, { limit: first, cursor: after }),
      after,
    );
  }

  @ScopedMutation(
    "count",
    () => StartStockTakePayload,
    "Starts a stock take: freezes the expected quantities of its scope (default: all active SKUs and unlinked supplier items); with dryRun, says what it would freeze.",
  )
  async startStockTake(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => StartStockTakeInput, { description: "What to count, and how." })
    input: StartStockTakeInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, async (service, key) => {
      // The operation paid for its listed ids and due limit; the rest by the lines it will
      // freeze, counted first (a refusal comes before the work), as over REST.
      await chargeWalk(ctx, OPERATIONS.startStockTake, stockTakes.startWalk(service, data));
      return stockTakes.startStockTake(service, data, key);
    });
    return "dryRun" in value ? { preview: value } : { stockTake: value };
  }

  @ScopedMutation(
    "count",
    () => SubmitStockTakeCountsPayload,
    "Records counts (SET or ADD); all of them, or none when any is wrong.",
  )
  async submitStockTakeCounts(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => SubmitStockTakeCountsInput, {
      description: "The stock take and its counts.",
    })
    input: SubmitStockTakeCountsInput,
  ) {
    const { idempotencyKey, stockTakeId, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      stockTakes.submitCounts(service, stockTakeId, data, key),
    );
    return { ...value };
  }

  @ScopedMutation(
    "approve",
    () => AcceptStockTakeLinesPayload,
    "Accepts lines (listed, or safe by tolerance) and sends lines back for a recount.",
  )
  async acceptStockTakeLines(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => AcceptStockTakeLinesInput, {
      description: "The stock take and the review decisions.",
    })
    input: AcceptStockTakeLinesInput,
  ) {
    const { idempotencyKey, stockTakeId, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, async (service, key) => {
      const walk = stockTakes.reviewWalk(service, stockTakeId, data);
      await chargeWalk(ctx, OPERATIONS.acceptStockTakeLines, walk);
      return stockTakes.acceptStockTakeLines(service, stockTakeId, data, key);
    });
    return { ...value };
  }

  @ScopedMutation(
    "approve",
    () => ReconcileStockTakePayload,
    "Applies the accepted differences on top of the current on hand as STOCK_TAKE movements (new on hand = current + difference, at least 0). Called again, it answers the same and writes nothing.",
  )
  async reconcileStockTake(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ReconcileStockTakeInput, { description: "The stock take to reconcile." })
    input: ReconcileStockTakeInput,
  ) {
    const { idempotencyKey, stockTakeId, dryRun } = input;
    const value = await keyedValue(ctx, idempotencyKey, async (service, key) => {
      await chargeWalk(
        ctx,
        OPERATIONS.reconcileStockTake,
        stockTakes.reviewWalk(service, stockTakeId),
      );
      return stockTakes.reconcileStockTake(service, stockTakeId, { dryRun }, key);
    });
    return { reconciliation: value };
  }

  @ScopedMutation(
    stockTakes.CANCEL_SCOPES,
    () => CancelStockTakePayload,
    "Cancels an open or counting stock take; a token without approve may cancel only one it started (else FORBIDDEN).",
  )
  async cancelStockTake(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CancelStockTakeInput, { description: "The stock take to cancel." })
    input: CancelStockTakeInput,
  ) {
    const value = await keyedValue(ctx, input.idempotencyKey, (service, key) =>
      stockTakes.cancelStockTake(service, input.stockTakeId, key),
    );
    return { stockTake: value };
  }
}

@Resolver(() => StockTakeLine)
export class StockTakeLineResolver {
  @FieldResolver(() => Sku, {
    nullable: true,
    description:
      "The SKU counted (type SKU), its onHand at the stock take's site; null when expectedQty is hidden (its on hand would show the expected quantity).",
  })
  sku(@Ctx() ctx: GraphQLContext, @Root() line: StockTakeLine) {
    return line.type === "sku" && !stockTakes.hidesStock(line)
      ? loadersOf(ctx).sku.load({ id: line.id, siteId: line.siteId ?? null })
      : null;
  }

  @FieldResolver(() => SupplierItem, {
    nullable: true,
    description: "The supplier item counted (type SUPPLIER_ITEM); null when expectedQty is hidden.",
  })
  supplierItem(@Ctx() ctx: GraphQLContext, @Root() line: StockTakeLine) {
    return line.type === "supplier_item" && !stockTakes.hidesStock(line)
      ? loadersOf(ctx).supplierItem.load({ id: line.id, siteId: line.siteId ?? null })
      : null;
  }
}

/** A movement's stock take: the relation lives with the module it leads to. */
@Resolver(() => StockMovement)
export class MovementStockTakeResolver {
  @FieldResolver(() => StockTake, {
    nullable: true,
    description: "The stock take that wrote it, if one did.",
  })
  stockTake(@Ctx() ctx: GraphQLContext, @Root() movement: StockMovement) {
    return movement.stockTakeId === null
      ? null
      : loadersOf(ctx).stockTake.load(movement.stockTakeId);
  }
}
