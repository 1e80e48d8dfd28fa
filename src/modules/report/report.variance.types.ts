import { ArgsType, Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import { StockEntityType, StockReason } from "../../graphql/enums.js";
import { MoneyScalar, QuantityScalar } from "../../graphql/scalars.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import type { Decimal } from "../../quantity.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "../stock-take/stock-take.areas.js";
import { ReportWindowArgs } from "./report.inputs.js";
import { MAX_TOP_ITEMS, TOP_ITEMS_DEFAULT } from "./report.variance.js";

@ObjectType({
  description:
    "A group's movements in money: their valueChange (each written with its movement, at the unit cost then) added up, as exact decimal strings with the currency's minor digits.",
})
export class VarianceValues {
  @Field(() => MoneyScalar, { description: "Values above 0, added up." })
  gains!: string;

  @Field(() => MoneyScalar, { description: "Values below 0, added up: 0 or less." })
  losses!: string;

  @Field(() => MoneyScalar, { description: "The gains and the losses together." })
  net!: string;

  @Field(() => Int, {
    description: "Movements without a value (their item had no cost when they were written).",
  })
  unvaluedMovements!: number;
}

@ObjectType({ description: "What a group of movements came to." })
export class Variance {
  @Field(() => Int, { description: "Movements in the group." })
  movements!: number;

  @Field(() => QuantityScalar, { description: "Units found (changes above 0), added up." })
  unitsIn!: Decimal;

  @Field(() => QuantityScalar, {
    description: "Units lost (changes below 0), added up: 0 or less.",
  })
  unitsOut!: Decimal;

  @Field(() => QuantityScalar, { description: "The units found and lost together." })
  unitsNet!: Decimal;

  @Field(() => VarianceValues, {
    nullable: true,
    description:
      "The same in money; null without the costs scope, and while the account has no currency.",
  })
  values?: VarianceValues | null;
}

@ObjectType({ description: "One reason's movements." })
export class ReasonVariance extends Variance {
  @Field(() => StockReason, { description: "The reason." })
  reason!: string;
}

@ObjectType({ description: "One site's movements." })
export class SiteVariance extends Variance {
  @Field(() => Int, { description: "The site." })
  siteId!: number;
}

@ObjectType({ description: "One count class's movements." })
export class ClassVariance extends Variance {
  @Field(() => String, {
    nullable: true,
    description:
      "The SKU's count class now at the movement's site (null: supplier items and SKUs without one).",
  })
  countClass!: string | null;
}

@ObjectType({ description: "One area's movements." })
export class AreaVariance extends Variance {
  @Field(() => String, {
    nullable: true,
    description:
      "The area: the item's location now at the movement's site, to areaDepth segments (null: no location).",
  })
  prefix!: string | null;
}

@ObjectType({ description: "One item's movements." })
export class ItemVariance extends Variance {
  @Field(() => StockEntityType, { description: "SKU or SUPPLIER_ITEM." })
  type!: EntityType;

  @Field(() => Int, { description: "The item's id." })
  id!: number;

  @Field({ description: "The item's code." })
  code!: string;

  @Field({ description: "The item's name." })
  name!: string;
}

@ObjectType({
  description:
    "What the movements that record differences between the records and the shelf (counts reconciled, damaged, lost, found, theft, expired, error, correction, manual, transfer losses; not receipts, returns, opening balances or a transfer's dispatch and receipt) came to over the window.",
})
export class VarianceReport {
  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "The window's start; null for one item's report without one.",
  })
  from!: Date | null;

  @Field(() => DateTimeResolver, { description: "The window's end (excluded)." })
  to!: Date;

  @Field(() => Int, { nullable: true, description: "The site asked for; null: every site." })
  siteId!: number | null;

  @Field(() => Int, { description: "Segments of a location that make an area." })
  areaDepth!: number;

  @Field(() => Variance, { description: "Every movement of the window that records a difference." })
  overall!: Variance;

  @Field(() => [ReasonVariance], { description: "By reason (only reasons with a movement)." })
  reasons!: ReasonVariance[];

  @Field(() => [SiteVariance], { description: "By site, by id." })
  sites!: SiteVariance[];

  @Field(() => [ClassVariance], { description: "By count class, A to C, then none." })
  classes!: ClassVariance[];

  @Field(() => [AreaVariance], { description: "By area, by name (at most 1,000)." })
  locations!: AreaVariance[];

  @Field(() => [ItemVariance], {
    description:
      "The items that lost the most: by value lost with the costs scope (then by units lost), else by units lost.",
  })
  topItems!: ItemVariance[];

  @Field({ description: "Whether areas past the first 1,000 were left out." })
  truncated!: boolean;
}

@ArgsType()
export class VarianceReportArgs extends ReportWindowArgs {
  @Field(() => Int, { nullable: true, description: "Only this site's movements." })
  siteId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Only this SKU's movements (then the window may be longer than 31 days, or absent).",
  })
  skuId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Only this supplier item's movements (then the window may be longer than 31 days).",
  })
  supplierItemId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Segments of a location that make an area (1 to ${MAX_AREA_DEPTH}; ${AREA_DEPTH_DEFAULT} when absent).`,
  })
  areaDepth?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `How many items topItems names (1 to ${MAX_TOP_ITEMS}; ${TOP_ITEMS_DEFAULT} when absent).`,
  })
  top?: number | null;
}
