import { MaxLength } from "class-validator";
import { Field, InputType, Int } from "type-graphql";
import type { EntityType } from "../../generated/prisma/enums.js";
import { AdjustmentReason, StockEntityType } from "../../graphql/enums.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { TEXT_LIMITS } from "./adjustment.service.js";

@InputType()
export class AdjustSkuStockInput {
  @Field(() => Int)
  skuId!: number;

  @Field(() => QuantityScalar, { description: "The new absolute on hand." })
  onHand!: Decimal;

  @Field(() => AdjustmentReason)
  reason!: string;

  @Field(() => String, { nullable: true, description: "Required for MANUAL and ERROR." })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => String, { nullable: true })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Apply only if on hand is still this value (else ON_HAND_CHANGED).",
  })
  expectedOnHand?: Decimal | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType()
export class BulkAdjustmentLineInput {
  @Field(() => StockEntityType)
  type!: EntityType;

  @Field(() => Int)
  id!: number;

  @Field(() => QuantityScalar)
  newQty!: Decimal;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Apply only if the quantity is still this value.",
  })
  expectedQty?: Decimal | null;
}

@InputType()
export class BulkAdjustStockInput {
  @Field(() => AdjustmentReason)
  reason!: string;

  @Field(() => String, { nullable: true })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => String, { nullable: true })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => [BulkAdjustmentLineInput], { description: "1 to 10,000 lines, each entity once." })
  lines!: BulkAdjustmentLineInput[];

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}
