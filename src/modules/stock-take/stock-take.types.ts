import { Field, Float, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type {
  CountMode as Mode,
  EntityType,
  StockTakeLineState as LineState,
  StockTakeStatus as Status,
} from "../../generated/prisma/enums.js";
import { ConnectionType } from "../../graphql/connection.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import {
  CountMode,
  StockEntityType,
  StockTakeBasis,
  StockTakeLineState,
  StockTakeStatus,
} from "../../graphql/enums.js";
import { MoneyScalar, QuantityScalar, UnitCostScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Actor } from "../movement/movement.types.js";
import { AREA_DEPTH_DEFAULT, AREA_RULE } from "./stock-take.areas.js";

@ObjectType({
  description:
    "A tolerance: a count within the looser of abs and pct, and (with a cost) of maxValue and maxValuePct, passes; money stands beside the units.",
})
export class StockTakeTolerance {
  @Field(() => QuantityScalar, { description: "Absolute difference." })
  abs!: Decimal;

  @Field(() => QuantityScalar, { description: "Percent of the expected quantity." })
  pct!: Decimal;

  @Field(() => UnitCostScalar, {
    nullable: true,
    description:
      "A line's differenceValue, absolute, at most this; null when not set, and for a caller without the costs scope.",
  })
  maxValue!: Decimal | null;

  @Field(() => UnitCostScalar, {
    nullable: true,
    description:
      "The differenceValue as a percent of the expected value; null when not set, and for a caller without the costs scope.",
  })
  maxValuePct!: Decimal | null;
}

@ObjectType({
  description: "A stock take: a frozen count point, the counts, and their reconciliation.",
})
export class StockTake {
  @Field(() => Int, { description: "The stock take's id." })
  id!: number;

  @Field(() => StockTakeStatus, { description: "OPEN → COUNTING → RECONCILED, or CANCELLED." })
  status!: Status;

  @Field(() => StockTakeBasis, { description: "What counts are compared with." })
  basis!: "freeze" | "count_time";

  @Field(() => DateTimeResolver, { description: "When expected quantities were snapshotted." })
  frozenAt!: Date;

  @Field(() => String, { nullable: true, description: "The client's reference, e.g. an aisle." })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "Free text for the team." })
  note!: string | null;

  @Field({ description: "Counters do not see expected quantities (only approvers do)." })
  blind!: boolean;

  @Field(() => Int, { description: "The site it counts." })
  siteId!: number;

  @Field(() => Actor, { description: "Who started it." })
  startedBy!: Actor;

  @Field(() => DateTimeResolver, { nullable: true, description: "When it was reconciled." })
  reconciledAt!: Date | null;

  @Field(() => DateTimeResolver, { nullable: true, description: "When it was cancelled." })
  cancelledAt!: Date | null;

  @Field(() => DateTimeResolver, { description: "When it was started." })
  createdAt!: Date;

  @Field(() => StockTakeTolerance, {
    nullable: true,
    description:
      "The tolerance counts are accepted within as they arrive; null when off, and for a caller that does not see expected quantities (it would tell a blind counter which counts matched).",
  })
  autoAccept?: StockTakeTolerance | null;
}

/** The fields shared by a line, a count and a reconcile result: the entity counted. */
@ObjectType("StockTakeEntityFields", { description: "The entity a stock take line counts." })
class EntityNamed {
  @Field(() => StockEntityType, { description: "What is counted: a SKU or a supplier item." })
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;

  @Field({ description: "The SKU's code, or the supplier item's code at its supplier." })
  code!: string;

  @Field({ description: "The SKU's or supplier item's name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "The supplier of a supplier item." })
  supplier!: string | null;
}

@ObjectType({ description: "One entity to count in a stock take." })
export class StockTakeLine extends EntityNamed {
  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "On hand at the freeze; null in a blind stock take for a token without approve, and for a token without read or approve.",
  })
  expectedQty?: Decimal | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "The quantity counted; null until counted.",
  })
  countedQty!: Decimal | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "The difference: counted − expected (basis COUNT_TIME: − the ledger's quantity at countedAt); null when uncounted, or hidden as expectedQty is.",
  })
  difference?: Decimal | null;

  @Field(() => StockTakeLineState, { description: "Where the line stands in the review." })
  state!: LineState;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When the last count was taken; null until counted.",
  })
  countedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Who counted last." })
  countedBy!: string | null;

  @Field({ description: "The entity's stock changed after the freeze: review before accepting." })
  movedSinceFreeze!: boolean;

  @Field({ description: "A reviewer sent the line back for a recount." })
  recountRequested!: boolean;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Accepted by the stock take's autoAccept as it was counted, not by a reviewer (listing it in acceptStockTakeLines makes it the reviewer's: false). Null when hidden as expectedQty is; to such a caller the line's state is COUNTED.",
  })
  autoAccepted?: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      "Where its entity's stock was kept at the freeze (its location then); lines are in walking order, by location, then code.",
  })
  location!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Where the latest count found it, when the counter said (a SET count that does not say resets it).",
  })
  foundLocation!: string | null;

  @Field({
    description:
      "Found away from its location at the freeze (foundLocation differs, regardless of case): review it; stock and the catalog's location do not change.",
  })
  misplaced!: boolean;

  @Field(() => Int, {
    nullable: true,
    description:
      "The site whose stock the line counts: its stock take's (sku and supplierItem show their on hand there). Null only in an answer stored by an idempotency key before lines named their site.",
  })
  siteId!: number | null;

  @Field(() => UnitCostScalar, {
    nullable: true,
    description:
      "Its entity's unit cost at the freeze, which its difference is valued at; null without one, when the difference is hidden, or for a token without the costs scope.",
  })
  unitCost?: Decimal | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      "The difference × unitCost, rounded half away from zero to the currency's minor units; null when uncounted, without a cost, when the difference is hidden, or for a token without the costs scope.",
  })
  differenceValue?: string | null;
}

@ObjectType({
  description:
    "Counted lines' differences valued: each line's differenceValue added up, so the totals are the sums of the lines' values exactly. Lines without a cost are in none.",
})
export class ValueTotals {
  @Field(() => MoneyScalar, { description: "The lines' values above 0, added up." })
  gains!: string;

  @Field(() => MoneyScalar, { description: "The lines' values below 0, added up (0 or less)." })
  losses!: string;

  @Field(() => MoneyScalar, { description: "The gains plus the losses." })
  net!: string;

  @Field(() => MoneyScalar, {
    description: "The gains minus the losses: every difference's size together.",
  })
  absolute!: string;

  @Field(() => Int, { description: "Counted lines with a cost." })
  valuedLines!: number;
}

@ObjectType({ description: "Where a stock take stands." })
export class StockTakeSummary {
  @Field(() => Int, { description: "All lines." })
  lines!: number;

  @Field(() => Int, { description: "Lines without a count." })
  uncounted!: number;

  @Field(() => Int, { description: "Counted lines waiting for review." })
  counted!: number;

  @Field(() => Int, { description: "Accepted lines, to be applied by reconcile." })
  accepted!: number;

  @Field(() => Int, { description: "Lines applied by reconcile." })
  applied!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "Of the accepted and applied lines, those accepted automatically as they were counted; null for a caller that does not see expected quantities (to it such lines are counted).",
  })
  autoAccepted?: number;

  @Field(() => Float, { description: "Share of lines with a count, 0 to 1." })
  countedShare!: number;

  @Field(() => Int, { description: "Lines whose entity's stock changed after the freeze." })
  movedSinceFreeze!: number;

  @Field(() => Int, { description: "Lines sent back for a recount and not yet counted again." })
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

  @Field(() => ValueTotals, {
    nullable: true,
    description:
      "The differences valued; null when the account has no currency, when the differences are hidden, or for a token without the costs scope.",
  })
  values?: ValueTotals | null;
}

@ObjectType({ description: "One area's progress in a stock take." })
export class LocationProgress {
  @Field(() => String, {
    nullable: true,
    description: "The area, as its first line spells it; null: lines without a location.",
  })
  prefix!: string | null;

  @Field(() => Int, { description: "Lines in the area." })
  lines!: number;

  @Field(() => Int, { description: "Lines with a count (counted, accepted or applied)." })
  counted!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "Counted lines whose count differs from what it is compared with; null when hidden by a blind count.",
  })
  differences?: number | null;

  @Field(() => Int, { description: "Lines accepted or applied." })
  accepted!: number;

  @Field(() => ValueTotals, {
    nullable: true,
    description: "The area's differences valued; null as the summary's values are.",
  })
  values?: ValueTotals | null;
}

@ObjectType({ description: "One count as submitted: the count log is append-only." })
export class StockTakeCount extends EntityNamed {
  @Field(() => CountMode, { description: "SET replaced the line's count; ADD added to it." })
  mode!: Mode;

  @Field(() => QuantityScalar, { description: "The quantity sent." })
  quantity!: Decimal;

  @Field(() => QuantityScalar, { description: "The line's count after this one." })
  countedQty!: Decimal;

  @Field({ description: "Who counted." })
  counter!: string;

  @Field(() => DateTimeResolver, { description: "When the count was taken." })
  countedAt!: Date;

  @Field(() => DateTimeResolver, { description: "When the service received it." })
  receivedAt!: Date;

  @Field(() => String, {
    nullable: true,
    description: "Where the counter found it, when the count said; null otherwise.",
  })
  foundLocation!: string | null;
}

export const StockTakeConnection = ConnectionType(StockTake, "StockTake");
export const StockTakeLineConnection = ConnectionType(StockTakeLine, "StockTakeLine");
export const StockTakeCountConnection = ConnectionType(StockTakeCount, "StockTakeCount");

@ObjectType({ description: "What reconcile did (or, in a dry run, would do) to one line." })
export class AppliedStockTakeLine extends EntityNamed {
  @Field(() => QuantityScalar, { description: "On hand at the freeze." })
  expectedQty!: Decimal;

  @Field(() => QuantityScalar, { description: "The accepted count." })
  countedQty!: Decimal;

  @Field(() => QuantityScalar, { description: "What was applied on top of the current on hand." })
  difference!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand just before." })
  previousQty!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand after." })
  newQty!: Decimal;

  @Field(() => QuantityScalar, {
    description: "The change: newQty − previousQty, as the movement records it.",
  })
  change!: Decimal;

  @Field({ description: "The difference would have taken on hand below 0; it was set to 0." })
  clamped!: boolean;

  @Field(() => SafeIntResolver, {
    nullable: true,
    description: "The movement written; null when unchanged or in a dry run.",
  })
  movementId!: number | null;
}

@ObjectType({
  description: "How many lines reconcile left alone; list them with StockTake.lines by state.",
})
export class SkippedStockTakeLines {
  @Field(() => Int, { description: "Counted but not accepted (lines in state COUNTED)." })
  unaccepted!: number;

  @Field(() => Int, { description: "Never counted (lines in state UNCOUNTED)." })
  uncounted!: number;

  @Field(() => Int, {
    description:
      "Supplier items linked to a SKU since the start, left in state ACCEPTED (their stock is the SKU's).",
  })
  linked!: number;
}

@ObjectType({ description: "The result of a reconcile; a repeated reconcile answers the same." })
export class StockTakeReconciliation {
  @Field(() => Int, { description: "The stock take's id." })
  id!: number;

  @Field(() => StockTakeStatus, { description: "RECONCILED, or unchanged in a dry run." })
  status!: Status;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When it was reconciled; null in a dry run.",
  })
  reconciledAt!: Date | null;

  @Field({ description: "Nothing was written." })
  dryRun!: boolean;

  @Field(() => [AppliedStockTakeLine], {
    description:
      "Accepted lines whose count differs from their basis, and what each did, in line order: the first 1000 (appliedCount says how many; the lines in state APPLIED list them all).",
  })
  applied!: AppliedStockTakeLine[];

  @Field(() => Int, { description: "How many accepted lines had a difference." })
  appliedCount!: number;

  @Field(() => Int, {
    description: "Accepted lines whose count matched: applied, nothing written.",
  })
  unchanged!: number;

  @Field(() => SkippedStockTakeLines, { description: "How many lines were left as they are." })
  skipped!: SkippedStockTakeLines;
}

@ObjectType({ description: "One counter's part of a stock take's count." })
export class CounterProgress {
  @Field(() => String, {
    description: "The counter a count names (the device's counter field), or its token's name.",
  })
  counter!: string;

  @Field(() => Int, { description: "Counted lines whose last count is this counter's." })
  lines!: number;

  @Field(() => DateTimeResolver, { description: "When the last of those counts was made." })
  lastCountedAt!: Date;
}

@ObjectType({ description: "An area's lines in a start's preview." })
export class StockTakePreviewArea {
  @Field(() => String, {
    nullable: true,
    description: "The area (as its first line spells it); null: lines without a location.",
  })
  prefix!: string | null;

  @Field(() => Int, { description: "How many lines of the area it would freeze." })
  lines!: number;
}

@ObjectType({ description: "What a start would freeze (startStockTake with dryRun: true)." })
export class StockTakePreview {
  @Field(() => Int, { description: "The site whose stock it would count." })
  siteId!: number;

  @Field(() => Int, { description: "How many lines it would freeze." })
  lines!: number;

  @Field(() => [StockTakePreviewArea], {
    description: `Its lines by area, at depth ${AREA_DEPTH_DEFAULT}. ${AREA_RULE}`,
  })
  areas!: StockTakePreviewArea[];
}

@PayloadType("startStockTake")
export class StartStockTakePayload {
  @Field(() => StockTake, {
    nullable: true,
    description: "Page its lines with StockTake.lines; null in a dry run.",
  })
  stockTake?: StockTake | null;

  @Field(() => StockTakePreview, {
    nullable: true,
    description: "With dryRun: what the start would freeze; nothing was written.",
  })
  preview?: StockTakePreview | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("submitStockTakeCounts")
export class SubmitStockTakeCountsPayload {
  @Field(() => StockTakeStatus, { nullable: true, description: "The stock take's status after." })
  status?: Status | null;

  @Field(() => [StockTakeLine], {
    nullable: true,
    description:
      "The lines counted, after, each once, in line order: the first 1000 (linesCount says how many; StockTake.lines with state COUNTED lists them all).",
  })
  lines?: StockTakeLine[] | null;

  @Field(() => Int, {
    nullable: true,
    description: "How many lines these counts touched (each once, however many counts named it).",
  })
  linesCount?: number | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("acceptStockTakeLines")
export class AcceptStockTakeLinesPayload {
  @Field(() => [StockTakeLine], {
    nullable: true,
    description:
      "Lines this request accepted, listed ones accepted before included, in line order: the first 1000 (acceptedCount says how many; the lines in state ACCEPTED lists them all).",
  })
  accepted?: StockTakeLine[] | null;

  @Field(() => Int, {
    nullable: true,
    description: "How many lines this request accepted, listed ones accepted before included.",
  })
  acceptedCount?: number | null;

  @Field(() => [StockTakeLine], {
    nullable: true,
    description:
      "Counted lines still waiting for a decision, in line order: the first 1000 (needsReviewCount says how many; the lines in state COUNTED lists them all).",
  })
  needsReview?: StockTakeLine[] | null;

  @Field(() => Int, {
    nullable: true,
    description: "How many counted lines are still waiting for a decision.",
  })
  needsReviewCount?: number | null;

  @Field(() => [StockTakeLine], { nullable: true, description: "Lines sent back for a recount." })
  recount?: StockTakeLine[] | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("reconcileStockTake")
export class ReconcileStockTakePayload {
  @Field(() => StockTakeReconciliation, {
    nullable: true,
    description: "What the reconcile did; null with userErrors.",
  })
  reconciliation?: StockTakeReconciliation | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("cancelStockTake")
export class CancelStockTakePayload {
  @Field(() => StockTake, { nullable: true, description: "The cancelled stock take." })
  stockTake?: StockTake | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
