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
  @Field({ description: 'The token\'s name, or "system" for the service itself.' })
  name!: string;

  @Field(() => Int, { nullable: true, description: "The token's id; null for the service." })
  tokenId!: number | null;
}

@ObjectType({
  description: "One change of one entity's quantity. Movements are never edited or deleted.",
})
export class StockMovement {
  @Field(() => SafeIntResolver, {
    description: "Increases with each movement; an entity's movements by id form its history.",
  })
  id!: number;

  @Field(() => DateTimeResolver, { description: "When the change was written." })
  occurredAt!: Date;

  @Field(() => StockEntityType, { description: "Whose quantity changed." })
  entityType!: EntityType;

  @Field(() => Int, { nullable: true, description: "The SKU's id when entityType is SKU." })
  skuId!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "The supplier item's id when entityType is SUPPLIER_ITEM.",
  })
  supplierItemId!: number | null;

  @Field(() => QuantityScalar, {
    description: "On hand before: the previous movement's quantityAfter.",
  })
  quantityBefore!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand after." })
  quantityAfter!: Decimal;

  @Field(() => QuantityScalar, { description: "The change: quantityAfter − quantityBefore." })
  change!: Decimal;

  @Field(() => StockReason, { description: "Why the quantity changed." })
  reason!: Reason;

  @Field(() => String, {
    nullable: true,
    description: "The adjustment's note, or who counted for a stock take; null when none.",
  })
  note!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The adjustment's or stock take's reference; null when none.",
  })
  reference!: string | null;

  @Field(() => MovementSource, { description: "What wrote it." })
  source!: Source;

  @Field(() => Int, { nullable: true, description: "The adjustment that wrote it, if one did." })
  adjustmentId!: number | null;

  @Field(() => Int, { nullable: true, description: "The stock take that wrote it, if one did." })
  stockTakeId!: number | null;

  @Field(() => Int, { description: "The site whose stock moved." })
  siteId!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "The transfer that wrote it (its dispatch, receipt, shortfall or cancel), else null.",
  })
  transferId!: number | null;

  @Field(() => Actor, { description: "Who made the change." })
  actor!: Actor;

  /** Read with the movement for a caller that sees money; else resolved on demand. */
  unitCost?: Decimal | null;
  /** As unitCost: the value's text, with the currency's minor digits. */
  valueChange?: string | null;
}

export const StockMovementConnection = ConnectionType(StockMovement, "StockMovement");
