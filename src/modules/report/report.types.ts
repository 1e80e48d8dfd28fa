import { Field, Float, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import { MoneyScalar, QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";

@ObjectType({
  description:
    "A group's accuracy in money, over its counted lines with a unit cost (their cost at the freeze): exact decimal strings with the currency's minor digits, each line valued and rounded as a stock take's review values it, then added up.",
})
export class AccuracyValues {
  @Field(() => MoneyScalar, {
    description: "What the counts were worth: countedQty × unit cost, per line, added up.",
  })
  counted!: string;

  @Field(() => MoneyScalar, {
    description: "The lines' differenceValue, each taken as positive, added up.",
  })
  absolute!: string;

  @Field(() => MoneyScalar, {
    description: "The lines' differenceValue added up: found less lost.",
  })
  net!: string;

  @Field(() => Float, {
    nullable: true,
    description:
      "Value accuracy: 1 − absolute / counted, 0 to 1 (0 when the differences outweigh what was counted); null when what was counted is worth nothing.",
  })
  accuracy!: number | null;

  @Field(() => Int, { description: "Counted lines with a unit cost." })
  valuedLines!: number;
}

@ObjectType({ description: "How accurate a group of counted lines was." })
export class Accuracy {
  @Field(() => Int, { description: "Lines with a count." })
  linesCounted!: number;

  @Field(() => Int, {
    description:
      "Of those, lines whose count was within the tolerance of what it was compared with.",
  })
  linesAccurate!: number;

  @Field(() => Float, {
    nullable: true,
    description:
      "The share of lines accurate (linesAccurate / linesCounted), 0 to 1; null when nothing was counted.",
  })
  accuracy!: number | null;

  @Field(() => QuantityScalar, { description: "Units of difference, each line's as positive." })
  absDifference!: Decimal;

  @Field(() => QuantityScalar, { description: "Units of difference, found less lost." })
  netDifference!: Decimal;

  @Field(() => AccuracyValues, {
    nullable: true,
    description:
      "The same in money; null without the costs scope, and while the account has no currency.",
  })
  values?: AccuracyValues | null;
}

@ObjectType({ description: "One stock take's accuracy." })
export class StockTakeAccuracy extends Accuracy {
  @Field(() => Int, { description: "The stock take." })
  stockTakeId!: number;

  @Field(() => String, { nullable: true, description: "Its reference." })
  reference!: string | null;

  @Field(() => DateTimeResolver, { description: "When it was reconciled." })
  reconciledAt!: Date;
}

@ObjectType({ description: "One count class's accuracy." })
export class ClassAccuracy extends Accuracy {
  @Field(() => String, {
    nullable: true,
    description: "The class the SKUs have now (null: supplier items and SKUs without one).",
  })
  countClass!: string | null;
}

@ObjectType({ description: "One area's accuracy." })
export class AreaAccuracy extends Accuracy {
  @Field(() => String, {
    nullable: true,
    description: "The area, as its first line spells it (null: lines without a location).",
  })
  prefix!: string | null;
}

@ObjectType({
  description:
    "How accurate the records were, as the counts of the stock takes reconciled in the window found them.",
})
export class AccuracyReport {
  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "The window's start; null for one stock take's report without one.",
  })
  from!: Date | null;

  @Field(() => DateTimeResolver, { description: "The window's end (excluded)." })
  to!: Date;

  @Field(() => QuantityScalar, { description: "A count this close counts as accurate." })
  tolerance!: Decimal;

  @Field(() => Int, { description: "Segments of a location that make an area." })
  areaDepth!: number;

  @Field(() => Accuracy, { description: "Every counted line." })
  overall!: Accuracy;

  @Field(() => [StockTakeAccuracy], {
    description:
      "By stock take, oldest reconcile first (those with a counted line; at most 1,000).",
  })
  stockTakes!: StockTakeAccuracy[];

  @Field(() => [ClassAccuracy], { description: "By the SKUs' count class now, A to C, then none." })
  classes!: ClassAccuracy[];

  @Field(() => [AreaAccuracy], {
    description:
      "By area: the lines' location at the freeze, to areaDepth segments (at most 1,000).",
  })
  locations!: AreaAccuracy[];

  @Field({ description: "Whether stock takes or areas past the first 1,000 were left out." })
  truncated!: boolean;
}
