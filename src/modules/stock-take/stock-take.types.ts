import { Field, Float, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type {
  CountMode as Mode,
  EntityType,
  StockTakeLineState as LineState,
  StockTakeStatus as Status,
} from "../../generated/prisma/enums.js";
import { ConnectionType } from "../../graphql/connection.js";
import { UserError } from "../../graphql/common.types.js";
import {
  CountMode,
  StockEntityType,
  StockTakeBasis,
  StockTakeLineState,
  StockTakeStatus,
} from "../../graphql/enums.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Actor } from "../movement/movement.types.js";

@ObjectType({
  description: "A stock take: a frozen count point, the counts, and their reconciliation.",
})
export class StockTake {
  @Field(() => Int)
  id!: number;

  @Field(() => StockTakeStatus)
  status!: Status;

  @Field(() => StockTakeBasis, { description: "What counts are compared with." })
  basis!: "freeze" | "count_time";

  @Field(() => DateTimeResolver, { description: "When expected quantities were snapshotted." })
  frozenAt!: Date;

  @Field(() => String, { nullable: true, description: "The client's reference, e.g. an aisle." })
  reference!: string | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field({ description: "Counters do not see expected quantities (only approvers do)." })
  blind!: boolean;

  @Field(() => Actor, { description: "Who started it." })
  startedBy!: Actor;

  @Field(() => DateTimeResolver, { nullable: true })
  reconciledAt!: Date | null;

  @Field(() => DateTimeResolver, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => DateTimeResolver)
  createdAt!: Date;
}

/** The fields shared by a line, a count and a reconcile result: the entity counted. */
@ObjectType("StockTakeEntityFields", { description: "The entity a stock take line counts." })
class EntityNamed {
  @Field(() => StockEntityType)
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;

  @Field({ description: "The SKU's code, or the supplier item's code at its supplier." })
  code!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true, description: "The supplier of a supplier item." })
  supplier!: string | null;
}

@ObjectType({ description: "One entity to count in a stock take." })
export class StockTakeLine extends EntityNamed {
  @Field(() => QuantityScalar, {
    nullable: true,
    description: "On hand at the freeze; null in a blind stock take for a token without approve.",
  })
  expectedQty?: Decimal | null;

  @Field(() => QuantityScalar, { nullable: true, description: "null until counted." })
  countedQty!: Decimal | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "counted − expected (basis COUNT_TIME: − the ledger's quantity at countedAt); null when uncounted or hidden by a blind count.",
  })
  difference?: Decimal | null;

  @Field(() => StockTakeLineState)
  state!: LineState;

  @Field(() => DateTimeResolver, { nullable: true })
  countedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Who counted last." })
  countedBy!: string | null;

  @Field({ description: "The entity's stock changed after the freeze: review before accepting." })
  movedSinceFreeze!: boolean;

  @Field({ description: "A reviewer sent the line back for a recount." })
  recountRequested!: boolean;
}

@ObjectType({ description: "Where a stock take stands." })
export class StockTakeSummary {
  @Field(() => Int)
  lines!: number;

  @Field(() => Int)
  uncounted!: number;

  @Field(() => Int)
  counted!: number;

  @Field(() => Int)
  accepted!: number;

  @Field(() => Int)
  applied!: number;

  @Field(() => Float, { description: "Share of lines with a count, 0 to 1." })
  countedShare!: number;

  @Field(() => Int)
  movedSinceFreeze!: number;

  @Field(() => Int)
  recountRequested!: number;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Sum of |difference| over counted lines; null when hidden by a blind count.",
  })
  sumAbsDifference?: Decimal | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Sum of differences over counted lines; null when hidden by a blind count.",
  })
  netDifference?: Decimal | null;
}

@ObjectType({ description: "One count as submitted: the count log is append-only." })
export class StockTakeCount extends EntityNamed {
  @Field(() => CountMode)
  mode!: Mode;

  @Field(() => QuantityScalar, { description: "The quantity sent." })
  quantity!: Decimal;

  @Field(() => QuantityScalar, { description: "The line's count after this one." })
  countedQty!: Decimal;

  @Field()
  counter!: string;

  @Field(() => DateTimeResolver, { description: "When the count was taken." })
  countedAt!: Date;

  @Field(() => DateTimeResolver, { description: "When the service received it." })
  receivedAt!: Date;
}

export const StockTakeConnection = ConnectionType(StockTake, "StockTake");
export const StockTakeLineConnection = ConnectionType(StockTakeLine, "StockTakeLine");
export const StockTakeCountConnection = ConnectionType(StockTakeCount, "StockTakeCount");

@ObjectType({ description: "What reconcile did (or, in a dry run, would do) to one line." })
export class AppliedStockTakeLine extends EntityNamed {
  @Field(() => QuantityScalar)
  expectedQty!: Decimal;

  @Field(() => QuantityScalar)
  countedQty!: Decimal;

  @Field(() => QuantityScalar)
  difference!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand just before." })
  previousQty!: Decimal;

  @Field(() => QuantityScalar)
  newQty!: Decimal;

  @Field(() => QuantityScalar)
  change!: Decimal;

  @Field({ description: "The difference would have taken on hand below 0; it was set to 0." })
  clamped!: boolean;

  @Field(() => SafeIntResolver, { nullable: true, description: "null when unchanged or dry run." })
  movementId!: number | null;
}

@ObjectType({ description: "Lines reconcile left alone." })
export class SkippedStockTakeLines {
  @Field(() => [StockTakeLine], { description: "Counted but not accepted." })
  unaccepted!: StockTakeLine[];

  @Field(() => [StockTakeLine])
  uncounted!: StockTakeLine[];

  @Field(() => [StockTakeLine], {
    description: "Supplier items linked to a SKU since the start (their stock is the SKU's).",
  })
  linked!: StockTakeLine[];
}

@ObjectType({ description: "The result of a reconcile; a repeated reconcile answers the same." })
export class StockTakeReconciliation {
  @Field(() => Int, { description: "The stock take's id." })
  id!: number;

  @Field(() => StockTakeStatus)
  status!: Status;

  @Field(() => DateTimeResolver, { nullable: true })
  reconciledAt!: Date | null;

  @Field({ description: "Nothing was written." })
  dryRun!: boolean;

  @Field(() => [AppliedStockTakeLine])
  applied!: AppliedStockTakeLine[];

  @Field(() => SkippedStockTakeLines)
  skipped!: SkippedStockTakeLines;
}

@ObjectType()
export class StartStockTakePayload {
  @Field(() => StockTake, { nullable: true, description: "Page its lines with StockTake.lines." })
  stockTake?: StockTake | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class SubmitStockTakeCountsPayload {
  @Field(() => StockTakeStatus, { nullable: true, description: "The stock take's status after." })
  status?: Status | null;

  @Field(() => [StockTakeLine], { nullable: true, description: "The lines counted, after." })
  lines?: StockTakeLine[] | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class AcceptStockTakeLinesPayload {
  @Field(() => [StockTakeLine], { nullable: true, description: "Lines this request accepted." })
  accepted?: StockTakeLine[] | null;

  @Field(() => [StockTakeLine], {
    nullable: true,
    description: "Counted lines still waiting for a decision.",
  })
  needsReview?: StockTakeLine[] | null;

  @Field(() => [StockTakeLine], { nullable: true, description: "Lines sent back for a recount." })
  recount?: StockTakeLine[] | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class ReconcileStockTakePayload {
  @Field(() => StockTakeReconciliation, { nullable: true })
  reconciliation?: StockTakeReconciliation | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CancelStockTakePayload {
  @Field(() => StockTake, { nullable: true })
  stockTake?: StockTake | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
