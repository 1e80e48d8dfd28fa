import { IsOptional, MaxLength, Min } from "class-validator";
import { Field, InputType, Int } from "type-graphql";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { LIMITS } from "./catalog.service.js";

@InputType()
export class CreateSkuInput {
  @Field()
  @MaxLength(LIMITS.code)
  code!: string;

  @Field()
  @MaxLength(LIMITS.name)
  name!: string;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Recorded as an opening_balance movement.",
  })
  openingOnHand?: Decimal;

  @Field({ nullable: true, defaultValue: true })
  active?: boolean;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType()
export class CreateSupplierItemInput {
  @Field()
  @MaxLength(LIMITS.supplier)
  supplier!: string;

  @Field()
  @MaxLength(LIMITS.code)
  code!: string;

  @Field()
  @MaxLength(LIMITS.name)
  name!: string;

  @Field(() => Int, {
    nullable: true,
    description: "Link to this SKU: the item then shares its stock.",
  })
  @IsOptional()
  @Min(1)
  skuId?: number;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Unlinked items only; recorded as an opening_balance movement.",
  })
  openingOnHand?: Decimal;

  @Field({ nullable: true, defaultValue: true })
  active?: boolean;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}
