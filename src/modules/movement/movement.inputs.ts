import { MaxLength } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { WindowFilter } from "../../graphql/common.types.js";
import { PageArgs } from "../../graphql/connection.js";
import { MovementSource, SortOrder, StockReason } from "../../graphql/enums.js";

@InputType({
  description:
    "Bounded by an entity (skuId, supplierItemId, stockTakeId, adjustmentId or transferId: any window, or none) or by a window of at most 31 days; siteId, reason, source and reference narrow a bounded query. An entity that does not exist is its NOT_FOUND error, never an empty page.",
})
export class StockMovementFilter extends WindowFilter {
  @Field(() => Int, { nullable: true, description: "This SKU's movements." })
  skuId?: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "This supplier item's movements; for a linked item, its SKU's (which hold its stock).",
  })
  supplierItemId?: number;

  @Field(() => Int, { nullable: true, description: "Movements written by this stock take." })
  stockTakeId?: number;

  @Field(() => Int, { nullable: true, description: "Movements written by this adjustment." })
  adjustmentId?: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "Movements written by this transfer: its dispatch, receipts, write-offs and cancel (TRANSFER_NOT_FOUND if the account has none by this id, or, for a token limited to sites, none touching its sites).",
  })
  transferId?: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "Movements at this site (SITE_NOT_FOUND if the account has none by this id). Narrows: alone it still needs a window of at most 31 days.",
  })
  siteId?: number;

  @Field(() => StockReason, { nullable: true, description: "Only movements with this reason." })
  reason?: string;

  @Field(() => MovementSource, { nullable: true, description: "Only movements from this source." })
  source?: string;

  @Field(() => String, {
    nullable: true,
    description: "Only movements with exactly this reference.",
  })
  @MaxLength(200)
  reference?: string;
}

@ArgsType()
export class StockMovementsArgs extends PageArgs {
  @Field(() => StockMovementFilter, {
    nullable: true,
    description: "Required in practice: a query must be bounded (else UNBOUNDED_QUERY).",
  })
  filter?: StockMovementFilter;

  @Field(() => SortOrder, {
    nullable: true,
    defaultValue: "desc",
    description: "DESC: newest first (default). ASC: oldest first, for sync and polling.",
  })
  order?: "asc" | "desc";
}
