import { ArgsType, Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import { MoneyScalar, QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";

@ObjectType({
  description: "What the stock held somewhere (a site, or every site read) was worth.",
})
export class Valuation {
  @Field(() => Int, {
    description: "Items with stock there (an item held at two sites counts twice account-wide).",
  })
  items!: number;

  @Field(() => QuantityScalar, { description: "Their units, added up." })
  units!: Decimal;

  @Field(() => MoneyScalar, {
    description:
      "What they were worth: each item's stock times its unit cost then, rounded half away from zero to the currency's minor digits, added up (an exact decimal string).",
  })
  value!: string;

  @Field(() => Int, {
    description: "Items with stock but no unit cost then: in items and units, not in value.",
  })
  unvaluedItems!: number;
}

@ObjectType({ description: "What one site's stock was worth." })
export class SiteValuation extends Valuation {
  @Field(() => Int, { description: "The site." })
  siteId!: number;

  @Field(() => String, { description: "The site's code." })
  code!: string;

  @Field(() => String, { description: "The site's name." })
  name!: string;
}

@ObjectType({
  description:
    "What the stock was worth at an instant, per site and over every site read: each item's stock then (from the ledger) times its unit cost then (from the cost history).",
})
export class ValuationReport {
  @Field(() => DateTimeResolver, {
    description: "The instant valued: the stock is what the movements before it add up to.",
  })
  asOf!: Date;

  @Field(() => String, { description: "The account's currency (ISO 4217)." })
  currency!: string;

  @Field(() => Int, { nullable: true, description: "The site asked for; null: every site." })
  siteId!: number | null;

  @Field(() => Valuation, { description: "Every site read, together." })
  overall!: Valuation;

  @Field(() => [SiteValuation], { description: "The sites holding stock then, by code." })
  sites!: SiteValuation[];
}

@ArgsType()
export class ValuationReportArgs {
  @Field(() => String, {
    nullable: true,
    description:
      "The instant to value: YYYY-MM-DD (the end of that day in the account's time zone; today: now) or an RFC 3339 timestamp (that instant included); absent: now. Not in the future, not before the account was created (INVALID_DATE_RANGE).",
  })
  asOf?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "Only this site's stock (SITE_NOT_FOUND for a site not the account's).",
  })
  siteId?: number | null;
}
