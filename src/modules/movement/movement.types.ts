import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type {
  EntityType,
  MovementSource as Source,
  StockReason as Reason,
} from "../../generated/prisma/enums.js";
import { ConnectionType } from "../../graphql/connection.js";
import { MovementSource, StockEntityType, StockReason } from "../../graphql/enums.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";

@ObjectType({
  description: "Who made a change: the API token's name and id (null id: the service itself).",
})
export class Actor {
  @Field()
  name!: string;

  @Field(() => Int, { nullable: true })
  tokenId!: number | null;
}

@ObjectType({
  description: "One change of one entity's quantity. Movements are never edited or deleted.",
})
export class StockMovement {
  @Field(() => SafeIntResolver)
  id!: number;

  @Field(() => DateTimeResolver)
  occurredAt!: Date;

  @Field(() => StockEntityType)
  entityType!: EntityType;

  @Field(() => Int, { nullable: true })
  skuId!: number | null;

  @Field(() => Int, { nullable: true })
  supplierItemId!: number | null;

  @Field(() => QuantityScalar)
  quantityBefore!: Decimal;

  @Field(() => QuantityScalar)
  quantityAfter!: Decimal;

  @Field(() => QuantityScalar, { description: "quantityAfter − quantityBefore." })
  change!: Decimal;

  @Field(() => StockReason)
  reason!: Reason;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => MovementSource)
  source!: Source;

  @Field(() => Int, { nullable: true })
  adjustmentId!: number | null;

  @Field(() => Int, { nullable: true })
  stockTakeId!: number | null;

  @Field(() => Actor)
  actor!: Actor;
}

export const StockMovementConnection = ConnectionType(StockMovement, "StockMovement");
