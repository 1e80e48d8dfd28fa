import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import { ConnectionType } from "../../graphql/connection.js";
import { UserError } from "../../graphql/common.types.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";

@ObjectType({ description: "A stock keeping unit and its quantity on hand." })
export class Sku {
  @Field(() => Int)
  id!: number;

  @Field({ description: "Unique within the account." })
  code!: string;

  @Field()
  name!: string;

  @Field(() => QuantityScalar)
  onHand!: Decimal;

  @Field()
  active!: boolean;

  @Field(() => DateTimeResolver)
  createdAt!: Date;

  @Field(() => DateTimeResolver)
  updatedAt!: Date;
}

@ObjectType({
  description:
    "A supplier's article. Linked to a SKU, its stock is the SKU's and it is never adjusted directly; unlinked, it holds stock of its own.",
})
export class SupplierItem {
  @Field(() => Int)
  id!: number;

  @Field()
  supplier!: string;

  @Field({ description: "Unique per supplier within the account." })
  code!: string;

  @Field()
  name!: string;

  @Field(() => QuantityScalar, { description: "The linked SKU's on hand when linked." })
  onHand!: Decimal;

  @Field(() => Int, { nullable: true })
  skuId!: number | null;

  @Field()
  active!: boolean;

  @Field(() => DateTimeResolver)
  createdAt!: Date;

  @Field(() => DateTimeResolver)
  updatedAt!: Date;
}

export const SkuConnection = ConnectionType(Sku, "Sku");
export const SupplierItemConnection = ConnectionType(SupplierItem, "SupplierItem");

@ObjectType()
export class CreateSkuPayload {
  @Field(() => Sku, { nullable: true })
  sku?: Sku | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CreateSupplierItemPayload {
  @Field(() => SupplierItem, { nullable: true })
  supplierItem?: SupplierItem | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
