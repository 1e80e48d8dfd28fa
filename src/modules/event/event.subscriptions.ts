// GraphQL subscriptions over graphql-ws, fed by the change feed (EventHub): a client sees a
// change once it has committed, never one of another account, and a stock take's progress as its
// caller may see it (a counter on a blind stock take never receives expected quantities: the
// stock take is read through the service with the subscriber's own token).
import { ArrayMaxSize, Min } from "class-validator";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import {
  Args,
  ArgsType,
  Ctx,
  Field,
  ID,
  Int,
  ObjectType,
  Resolver,
  Root,
  Subscription,
  type SubscribeResolverData,
} from "type-graphql";
import type {
  MovementSource as Source,
  StockReason as Reason,
} from "../../generated/prisma/enums.js";
import { seesMoney, type Scope } from "../../auth/principal.js";
import { requireAnyScope } from "../../graphql/auth.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import { MovementSource, StockReason } from "../../graphql/enums.js";
import { MoneyScalar, QuantityScalar } from "../../graphql/scalars.js";
import { AppError } from "../../errors.js";
import { Decimal } from "../../quantity.js";
import { findStockTake, READ_SCOPES } from "../stock-take/stock-take.service.js";
import { StockTake } from "../stock-take/stock-take.types.js";
import {
  followStockChanges,
  followStockTake,
  MAX_FOLLOWED_SITES,
  MAX_FOLLOWED_SKUS,
} from "./event.live.js";
import { eventForReader } from "./event.money.js";
import type { Event } from "./event.types.js";

@ArgsType()
class StockChangedArgs {
  @Field(() => [Int], {
    nullable: true,
    description: `Only these SKUs (at most ${MAX_FOLLOWED_SKUS}); every SKU of the account when absent. An id the account does not have is SKU_NOT_FOUND.`,
  })
  @ArrayMaxSize(MAX_FOLLOWED_SKUS)
  skuIds?: number[];

  @Field(() => [Int], {
    nullable: true,
    description: `Only the changes at these sites (at most ${MAX_FOLLOWED_SITES}); every site when absent. An id the account does not have is SITE_NOT_FOUND.`,
  })
  @ArrayMaxSize(MAX_FOLLOWED_SITES)
  siteIds?: number[];
}

@ArgsType()
class StockTakeProgressArgs {
  @Field(() => Int, { description: "The stock take to follow (STOCK_TAKE_NOT_FOUND if none)." })
  @Min(1)
  id!: number;
}

@ObjectType({ description: "A SKU's on hand changed: one stock.changed event of the feed." })
export class StockChanged {
  @Field(() => ID, { description: "The event's id (evt_…), as the feed and webhooks show it." })
  eventId!: string;

  @Field({ description: "The feed's cursor just after this event: poll events(after:) with it." })
  cursor!: string;

  @Field(() => DateTimeResolver, { description: "When the change was made." })
  occurredAt!: Date;

  @Field(() => Int, { description: "The SKU whose on hand changed." })
  skuId!: number;

  @Field(() => QuantityScalar, { description: "On hand before the change." })
  quantityBefore!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand after the change." })
  quantityAfter!: Decimal;

  @Field(() => QuantityScalar, { description: "The change: quantityAfter minus quantityBefore." })
  change!: Decimal;

  @Field(() => StockReason, { description: "Why." })
  reason!: Reason;

  @Field(() => MovementSource, { description: "What wrote it." })
  source!: Source;

  @Field(() => SafeIntResolver, { description: "The movement written." })
  movementId!: number;

  @Field(() => Int, { nullable: true, description: "The adjustment that made it, if one did." })
  adjustmentId!: number | null;

  @Field(() => Int, { nullable: true, description: "The stock take that made it, if one did." })
  stockTakeId!: number | null;

  @Field(() => Int, { description: "The site whose stock changed." })
  siteId!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "The transfer that made it, if one did (its dispatch, receipt, shortfall or cancel).",
  })
  transferId!: number | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "The SKU's unit cost when the movement was written; null without one, or for a token without the costs scope.",
  })
  unitCost!: Decimal | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      "The change × unitCost, rounded to the currency's minor units (the movement's valueChange); null without a cost, or for a token without the costs scope.",
  })
  valueChange!: string | null;
}

@ObjectType({ description: "Something happened to a followed stock take; its state after it." })
export class StockTakeProgress {
  @Field(() => ID, { description: "The event's id (evt_…)." })
  eventId!: string;

  @Field({
    description:
      "The event: stock_take.counted, stock_take.accepted, stock_take.reconciled or stock_take.cancelled.",
  })
  eventType!: string;

  @Field(() => DateTimeResolver, { description: "When it happened." })
  occurredAt!: Date;

  @Field(() => StockTake, {
    description:
      "The stock take now, with its summary, as the subscriber's token may see it (no expected quantities for a counter on a blind stock take).",
  })
  stockTake!: StockTake;
}

/** The subscription's caller, holding one of `scopes`, and the hub, or the error a client gets. */
function subscriber(
  { context }: SubscribeResolverData<unknown, unknown, GraphQLContext>,
  scopes: readonly Scope[] = ["read"],
) {
  requireAnyScope(context, scopes);
  if (!context.events) throw new AppError("INTERNAL", "subscriptions are served over WebSocket");
  return { ctx: serviceContext(context), hub: context.events };
}

const quantity = (v: unknown) => new Decimal(String(v));

@Resolver()
export class EventSubscriptionResolver {
  @Subscription(() => StockChanged, {
    description:
      "Each change of a SKU's on hand once it has committed, in the order of the change feed. Needs the read scope; the token goes in connectionParams.authorization.",
    subscribe: (data: SubscribeResolverData<unknown, StockChangedArgs, GraphQLContext>) => {
      const { ctx, hub } = subscriber(data);
      return followStockChanges(ctx, hub, data.args.skuIds, data.args.siteIds);
    },
  })
  stockChanged(
    @Root() event: Event,
    // Declares the argument; subscribe has used it.
    @Args(() => StockChangedArgs) _args: StockChangedArgs,
    @Ctx() ctx: GraphQLContext,
  ): StockChanged {
    const d = eventForReader(event, !!ctx.principal && seesMoney(ctx.principal)).data;
    return {
      eventId: event.id,
      cursor: event.cursor,
      occurredAt: event.occurredAt,
      skuId: d.id as number,
      quantityBefore: quantity(d.quantity_before),
      quantityAfter: quantity(d.quantity_after),
      change: quantity(d.change),
      reason: d.reason as Reason,
      source: d.source as Source,
      movementId: d.movement_id as number,
      adjustmentId: (d.adjustment_id as number | null) ?? null,
      stockTakeId: (d.stock_take_id as number | null) ?? null,
      transferId: (d.transfer_id as number | null) ?? null,
      siteId: d.site_id as number,
      unitCost: d.unit_cost === undefined ? null : quantity(d.unit_cost),
      valueChange: (d.value_change as string | undefined) ?? null,
    };
  }

  @Subscription(() => StockTakeProgress, {
    description:
      "A stock take's progress: counts arriving, reviews, its reconcile or cancellation, each with the stock take's state after it (one message per request, however many lines it touched). Needs the read or count scope (a token with count alone, a counting device, sees no quantity of stock in it).",
    subscribe: (data: SubscribeResolverData<unknown, StockTakeProgressArgs, GraphQLContext>) => {
      const { ctx, hub } = subscriber(data, READ_SCOPES);
      return followStockTake(ctx, hub, data.args.id);
    },
  })
  async stockTakeProgress(
    @Root() event: Event,
    @Args(() => StockTakeProgressArgs) args: StockTakeProgressArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StockTakeProgress> {
    // One context serves the whole subscription: each event reads the stock take afresh.
    ctx.loaders = null;
    return {
      eventId: event.id,
      eventType: event.type,
      occurredAt: event.occurredAt,
      // Its summary is a field of its own, read only when the subscriber selected it.
      stockTake: await findStockTake(serviceContext(ctx), args.id),
    };
  }
}
