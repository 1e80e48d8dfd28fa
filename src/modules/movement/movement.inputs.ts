import { ArgsType, Field, InputType, Int } from "type-graphql";
import { PageArgs } from "../../graphql/connection.js";
import { SortOrder } from "../../graphql/enums.js";

@InputType({
  description:
    "Bounded by an entity (skuId, supplierItemId or stockTakeId: any window, or none) or by a window of at most 31 days.",
})
export class StockMovementFilter {
  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD (start of that day in the account's time zone) or an RFC 3339 timestamp.",
  })
  from?: string;

  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD (that whole day included) or an RFC 3339 timestamp (included); default now.",
  })
  to?: string;

  @Field(() => Int, { nullable: true })
  skuId?: number;

  @Field(() => Int, { nullable: true })
  supplierItemId?: number;

  @Field(() => Int, { nullable: true })
  stockTakeId?: number;
}

@ArgsType()
export class StockMovementsArgs extends PageArgs {
  @Field(() => StockMovementFilter, { nullable: true })
  filter?: StockMovementFilter;

  @Field(() => SortOrder, { nullable: true, defaultValue: "desc" })
  order?: "asc" | "desc";
}
