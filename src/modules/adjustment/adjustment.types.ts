import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type { EntityType } from "../../generated/prisma/enums.js";
import { UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";
import { AdjustmentLineStatus, AdjustmentReason, StockEntityType } from "../../graphql/enums.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Sku, SupplierItem } from "../catalog/catalog.types.js";
import { Actor, StockMovement } from "../movement/movement.types.js";

@ObjectType({ description: "The result for one line, named by its entity." })
export class StockAdjustmentLine {
  @Field(() => StockEntityType)
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;

  @Field(() => QuantityScalar)
  previousQty!: Decimal;

  @Field(() => QuantityScalar)
  newQty!: Decimal;

  @Field(() => QuantityScalar)
  change!: Decimal;

  @Field(() => AdjustmentLineStatus)
  status!: "changed" | "unchanged";

  @Field(() => SafeIntResolver, { nullable: true, description: "null when unchanged." })
  movementId!: number | null;
}

/** What every adjustment shows, however it is read (a base only: never in the schema itself). */
@ObjectType()
abstract class AdjustmentHeader {
  @Field(() => Int)
  id!: number;

  @Field(() => AdjustmentReason)
  reason!: string;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => DateTimeResolver)
  createdAt!: Date;

  @Field(() => Actor)
  actor!: Actor;
}

@ObjectType({ description: "One adjustment request and what it did to each line." })
export class StockAdjustment extends AdjustmentHeader {
  @Field(() => [StockAdjustmentLine], { description: "Every line, in the order sent." })
  lines!: StockAdjustmentLine[];
}

@ObjectType({
  description:
    "An adjustment read back (stockAdjustment, stockAdjustments). It may hold up to 10,000 lines, so they are paged: see lines.",
})
export class StockAdjustmentRecord extends AdjustmentHeader {}

export const StockAdjustmentLineConnection = ConnectionType(
  StockAdjustmentLine,
  "StockAdjustmentLine",
);
export const StockAdjustmentRecordConnection = ConnectionType(
  StockAdjustmentRecord,
  "StockAdjustmentRecord",
);

/** What setting one entity's on hand answers besides the entity (a base only). */
@ObjectType()
abstract class AbsoluteStockPayload {
  @Field(() => StockMovement, {
    nullable: true,
    description: "null when on hand was already the requested value.",
  })
  movement?: StockMovement | null;

  @Field(() => [UserError], { description: "Why nothing was written, if so." })
  userErrors!: UserError[];
}

@ObjectType()
export class AdjustSkuStockPayload extends AbsoluteStockPayload {
  @Field(() => Sku, { nullable: true, description: "The SKU as it is now." })
  sku?: Sku | null;
}

@ObjectType()
export class BulkAdjustStockPayload {
  @Field(() => StockAdjustment, { nullable: true })
  adjustment?: StockAdjustment | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class AdjustSupplierItemStockPayload extends AbsoluteStockPayload {
  @Field(() => SupplierItem, { nullable: true, description: "The supplier item as it is now." })
  supplierItem?: SupplierItem | null;
}
