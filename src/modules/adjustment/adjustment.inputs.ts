import { MAX_ADJUSTMENT_SITES, TEXT_LIMITS } from "../../limits.js";
import { MaxLength } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { WindowFilter } from "../../graphql/common.types.js";
import { PageArgs } from "../../graphql/connection.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { AdjustmentReason, StockEntityType } from "../../graphql/enums.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { atMost } from "../../graphql/list-bounds.js";

const NOTE_DESCRIPTION = `Required (not blank) for MANUAL and ERROR; at most ${TEXT_LIMITS.note} characters.`;
const SITE_DESCRIPTION =
  "The site whose stock is set: the default site when absent (SITE_NOT_FOUND if the account has none by this id; SITE_INACTIVE if it is deactivated).";
const REFERENCE_DESCRIPTION = `Your reference (an order number, say); at most ${TEXT_LIMITS.reference} characters.`;

/** The fields of setting one entity's on hand (a base only: never in the schema itself). */
@InputType()
abstract class AbsoluteStockFields {
  @Field(() => QuantityScalar, { description: "The new absolute on hand." })
  onHand!: Decimal;

  @Field(() => AdjustmentReason, { description: "Why the quantity changes." })
  reason!: string;

  @Field(() => String, { nullable: true, description: NOTE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => String, { nullable: true, description: REFERENCE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Apply only if on hand is still this value (else ON_HAND_CHANGED).",
  })
  expectedOnHand?: Decimal | null;

  @Field(() => Int, { nullable: true, description: SITE_DESCRIPTION })
  siteId?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Sets a SKU's on hand to an absolute value." })
export class AdjustSkuStockInput extends AbsoluteStockFields {
  @Field(() => Int, { description: "The SKU to adjust." })
  skuId!: number;
}

@InputType({
  description:
    "Sets an unlinked supplier item's on hand to an absolute value (a linked item's stock is its SKU's: LINKED_SUPPLIER_ITEM).",
})
export class AdjustSupplierItemStockInput extends AbsoluteStockFields {
  @Field(() => Int, { description: "The supplier item to adjust." })
  supplierItemId!: number;
}

@InputType({ description: "One entity to set to an absolute quantity." })
export class BulkAdjustmentLineInput {
  @Field(() => StockEntityType, {
    description: "SKU, or SUPPLIER_ITEM (unlinked only: else LINKED_SUPPLIER_ITEM).",
  })
  type!: EntityType;

  @Field(() => Int, {
    nullable: true,
    description: "The SKU's or supplier item's id; or give barcode instead.",
  })
  id?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "One of the entity's barcodes, as scanned, instead of id (BARCODE_NOT_FOUND when no entity of the type has it).",
  })
  barcode?: string | null;

  @Field(() => QuantityScalar, { description: "The new absolute on hand." })
  newQty!: Decimal;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Apply only if the quantity is still this value (else ON_HAND_CHANGED).",
  })
  expectedQty?: Decimal | null;

  @Field(() => Int, {
    nullable: true,
    description: `The site whose stock this line sets, instead of the input's siteId (SITE_NOT_FOUND or SITE_INACTIVE at this line). An entity may be on several lines at different sites; the lines span at most ${MAX_ADJUSTMENT_SITES} sites (TOO_MANY_SITES).`,
  })
  siteId?: number | null;
}

@InputType({
  description: "Sets SKUs and supplier items to absolute quantities: all lines or none.",
})
export class BulkAdjustStockInput {
  @Field(() => AdjustmentReason, { description: "Why the quantities change, for every line." })
  reason!: string;

  @Field(() => String, { nullable: true, description: NOTE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => String, { nullable: true, description: REFERENCE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => [BulkAdjustmentLineInput], {
    description: `At least one line, each entity once per site. ${atMost("BulkAdjustStockInput.lines")}`,
  })
  lines!: BulkAdjustmentLineInput[];

  @Field(() => Int, { nullable: true, description: SITE_DESCRIPTION })
  siteId?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({
  description:
    "Narrows the adjustments listed; from/to follow the movement filter's date rules (no window is required).",
})
export class StockAdjustmentFilter extends WindowFilter {
  @Field(() => AdjustmentReason, {
    nullable: true,
    description: "Only adjustments with this reason.",
  })
  reason?: string;

  @Field(() => String, {
    nullable: true,
    description: "Only adjustments with exactly this reference.",
  })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string;
}

@ArgsType()
export class StockAdjustmentsArgs extends PageArgs {
  @Field(() => StockAdjustmentFilter, { nullable: true, description: "What to list." })
  filter?: StockAdjustmentFilter;
}
