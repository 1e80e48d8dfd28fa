import { MaxLength } from "class-validator";
import { LOCATION_RULES, MAX_LOCATION_LENGTH } from "../../catalog/location.js";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import type { EntityType } from "../../../generated/prisma/enums.js";
import { PageArgs } from "../../../graphql/connection.js";
import {
  CountMode,
  LineOrder,
  StockEntityType,
  StockTakeBasis,
  StockTakeLineState,
  StockTakeStatus,
} from "../../../graphql/enums.js";
import { IdempotencyKeyField } from "../../../graphql/idempotency.js";
import { QuantityScalar, UnitCostScalar } from "../../../graphql/scalars.js";
import type { Decimal } from "../../../quantity.js";
import { atMost } from "../../../graphql/list-bounds.js";
import { DEFAULT_DUE_LIMIT, MAX_DUE_LIMIT, TEXT_LIMITS } from "../../../limits.js";
import { MAX_SCOPE_CODE_LENGTH } from "../stock-take.codes.js";
import { DEFAULT_TOLERANCE } from "../stock-take.parse.js";

@InputType({
  description:
    "What to count; leave it out to count every active SKU and every unlinked supplier item.",
})
export class StockTakeScopeInput {
  @Field(() => [Int], {
    nullable: true,
    description: `SKUs to count. ${atMost("StockTakeScopeInput.skuIds")}`,
  })
  skuIds?: number[] | null;

  @Field(() => [Int], {
    nullable: true,
    description: `Unlinked supplier items only. ${atMost("StockTakeScopeInput.supplierItemIds")}`,
  })
  supplierItemIds?: number[] | null;

  @Field(() => [String], {
    nullable: true,
    description: `Location prefixes, regardless of case (A-01 takes A-01-03; B- a whole aisle): every active SKU and unlinked supplier item whose location at the stock take's site starts with one of them is counted too. ${atMost("StockTakeScopeInput.locations")}`,
  })
  locations?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: `SKU codes and barcodes (of SKUs and supplier items; a linked supplier item's names its SKU), regardless of case, each naming one item once: every item they name is counted too (a code nobody has: SKU_NOT_FOUND at its place; two codes naming one item: DUPLICATE_LINE). ${atMost("StockTakeScopeInput.codes")}`,
  })
  @MaxLength(MAX_SCOPE_CODE_LENGTH, { each: true })
  codes?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Today's cycle count: the scope also takes the SKUs due for a count (dueForCount's order, most overdue first) at the stock take's site, up to limit, leaving out those an open or counting stock take there already counts. Priced as limit lines.",
  })
  due?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: `With due: true, how many due SKUs to take at most (1 to ${MAX_DUE_LIMIT}); ${DEFAULT_DUE_LIMIT} when absent.`,
  })
  limit?: number | null;
}

@InputType({ description: "A stock take to start." })
export class StartStockTakeInput {
  @Field(() => StockTakeScopeInput, { nullable: true, description: "Default: everything." })
  scope?: StockTakeScopeInput | null;

  @Field(() => String, { nullable: true, description: "Your reference, e.g. an aisle." })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => String, { nullable: true, description: "Free text for the team." })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Counters (tokens without approve) never see expected quantities. Default false.",
  })
  blind?: boolean | null;

  @Field(() => StockTakeBasis, { nullable: true, description: "Default FREEZE." })
  basis?: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "The site whose stock it counts (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated); the default site when absent.",
  })
  siteId?: number | null;

  @Field(() => StockTakeToleranceInput, {
    nullable: true,
    description:
      "Accept counts within this tolerance as they arrive (auto-approval): such a line is accepted at once, with autoAccepted true, and the review sees only the rest; never a line whose stock moved since the freeze. Needs the approve scope (FORBIDDEN), and the costs scope for maxValue or maxValuePct (FORBIDDEN; CURRENCY_NOT_SET without a currency). Null: every count waits for a review. Set at the start only.",
  })
  autoAccept?: StockTakeToleranceInput | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "true: answer preview (what the start would freeze, in all and by area) after every check a start makes (the same userErrors), with stockTake null, and write nothing, not even the idempotency key. Priced as the start.",
  })
  dryRun?: boolean | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({
  description:
    "An entity by type and exactly one of id, code (a supplier item's code with its supplier) or barcode.",
})
export class StockTakeLineRefInput {
  @Field(() => StockEntityType, { description: "SKU or SUPPLIER_ITEM." })
  type!: EntityType;

  @Field(() => Int, { nullable: true, description: "The entity's id (or give code or barcode)." })
  id?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "The entity's code (or give id or barcode).",
  })
  code?: string | null;

  @Field(() => String, { nullable: true, description: "With code, for a supplier item." })
  supplier?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "One of the entity's barcodes, as scanned (or give id or code); any spelling of a GTIN.",
  })
  barcode?: string | null;
}

@InputType({ description: "One count of one entity." })
export class StockTakeCountInput extends StockTakeLineRefInput {
  @Field(() => QuantityScalar, { description: "0 is a count too." })
  countedQty!: Decimal;

  @Field(() => CountMode, { nullable: true, description: "Default SET." })
  mode?: string | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When the count was taken (default: when it is received).",
  })
  countedAt?: Date | null;

  @Field(() => String, {
    nullable: true,
    description: `Where the counter found it, when not where the catalog says (the line is then misplaced if it differs from its location). ${LOCATION_RULES} Left out: a SET count found it where recorded, an ADD count keeps what the line had.`,
  })
  @MaxLength(MAX_LOCATION_LENGTH)
  foundLocation?: string | null;
}

@InputType({ description: "Counts for one stock take." })
export class SubmitStockTakeCountsInput {
  @Field(() => Int, { description: "The stock take." })
  stockTakeId!: number;

  @Field(() => [StockTakeCountInput], {
    description: `At least one count, applied in order. ${atMost("SubmitStockTakeCountsInput.counts")}`,
  })
  counts!: StockTakeCountInput[];

  @Field(() => String, { nullable: true, description: "Who counted (default: the token's name)." })
  counter?: string | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "How far a count may differ and still be accepted as safe." })
export class StockTakeToleranceInput {
  @Field(() => QuantityScalar, {
    nullable: true,
    description: `Absolute; default ${DEFAULT_TOLERANCE.abs}.`,
  })
  abs?: Decimal | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: `Percent of the expected quantity, 0 to 100; default ${DEFAULT_TOLERANCE.pct}.`,
  })
  pct?: Decimal | null;

  @Field(() => UnitCostScalar, {
    nullable: true,
    description:
      "In money (needs the costs scope; CURRENCY_NOT_SET without a currency): a line's differenceValue, absolute, at most this. Beside abs and pct, not instead: a line with a cost must be within both the units' and the money's tolerance. At most 4 decimals.",
  })
  maxValue?: Decimal | null;

  @Field(() => UnitCostScalar, {
    nullable: true,
    description:
      "In money: differenceValue as a percent of the line's expected value (expected × unit cost), 0 to 100. With maxValue the looser of the two holds, as for abs and pct.",
  })
  maxValuePct?: Decimal | null;
}

@InputType({
  description:
    "Review decisions for one stock take: lines to accept (listed, or safe by tolerance) and lines to recount.",
})
export class AcceptStockTakeLinesInput {
  @Field(() => Int, { description: "The stock take." })
  stockTakeId!: number;

  @Field(() => [StockTakeLineRefInput], {
    nullable: true,
    description: `Lines to accept. ${atMost("AcceptStockTakeLinesInput.lines")}`,
  })
  lines?: StockTakeLineRefInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Accept every counted line within the tolerance (default when no lines and no recounts are listed). Lines moved since the freeze are never safe.",
  })
  safe?: boolean | null;

  @Field(() => StockTakeToleranceInput, {
    nullable: true,
    description: "With safe: a line is safe when |difference| ≤ max(abs, pct% × expected).",
  })
  tolerance?: StockTakeToleranceInput | null;

  @Field(() => [StockTakeLineRefInput], {
    nullable: true,
    description: `Lines to send back for a recount: uncounted again, flagged. ${atMost("AcceptStockTakeLinesInput.recount")}`,
  })
  recount?: StockTakeLineRefInput[] | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "The stock take to reconcile." })
export class ReconcileStockTakeInput {
  @Field(() => Int, { description: "The stock take." })
  stockTakeId!: number;

  @Field(() => Boolean, {
    nullable: true,
    description: "Answer what would be written; write nothing.",
  })
  dryRun?: boolean | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "The stock take to cancel." })
export class CancelStockTakeInput {
  @Field(() => Int, { description: "The stock take." })
  stockTakeId!: number;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@ArgsType()
export class StockTakesArgs extends PageArgs {
  @Field(() => StockTakeStatus, { nullable: true, description: "Only stock takes of this status." })
  status?: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Only the stock takes of this site (SITE_NOT_FOUND if the account has none by this id).",
  })
  siteId?: number | null;
}

@ArgsType()
export class StockTakeLinesArgs extends PageArgs {
  @Field(() => StockTakeLineState, { nullable: true, description: "Only lines in this state." })
  state?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Only lines (not) moved since the freeze." })
  moved?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Only lines whose location at the freeze starts with this, regardless of case (one area of the count).",
  })
  location?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Only lines found away from their location (true), or not (false).",
  })
  misplaced?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Only lines a reviewer sent back for a recount and not counted since (true: the counters' list of them), or the others (false).",
  })
  recount?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Only the line of what a scanner read: the SKU with this code (regardless of case), or the SKU or supplier item with this barcode (any spelling of a GTIN). No line: not in this stock take.",
  })
  code?: string | null;

  @Field(() => LineOrder, {
    nullable: true,
    description:
      "WALK (default): walking order. DIFFERENCE: the counted lines, largest absolute difference first, for review (needs a token that may see expected quantities; priced as the summary).",
  })
  order?: string | null;
}
