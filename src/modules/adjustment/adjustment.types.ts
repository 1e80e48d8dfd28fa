import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type { EntityType } from "../../generated/prisma/enums.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";
import { AdjustmentLineStatus, AdjustmentReason, StockEntityType } from "../../graphql/enums.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Sku, SupplierItem } from "../catalog/catalog.types.js";
import { Actor, StockMovement } from "../movement/movement.types.js";

@ObjectType({ description: "The result for one line, named by its entity." })
export class StockAdjustmentLine {
  @Field(() => StockEntityType, {
    description: "What the line adjusted: a SKU or a supplier item.",
  })
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;

  @Field(() => QuantityScalar, { description: "On hand just before." })
  previousQty!: Decimal;

  @Field(() => QuantityScalar, { description: "On hand after: the quantity asked for." })
  newQty!: Decimal;

  @Field(() => QuantityScalar, { description: "The change: newQty − previousQty." })
  change!: Decimal;

  @Field(() => AdjustmentLineStatus, { description: "UNCHANGED lines wrote no movement." })
  status!: "changed" | "unchanged";

  @Field(() => SafeIntResolver, {
    nullable: true,
    description: "The movement written; null when unchanged.",
  })
  movementId!: number | null;

  @Field(() => Int, {
    description: "The site whose stock the line set: its own siteId, else the adjustment's.",
  })
  siteId!: number;
}

/** What every adjustment shows, however it is read (a base only: never in the schema itself). */
@ObjectType()
abstract class AdjustmentHeader {
  @Field(() => Int, { description: "The adjustment's id (movements carry it as adjustmentId)." })
  id!: number;

  @Field(() => AdjustmentReason, { description: "Why, for every line." })
  reason!: string;

  @Field(() => String, { nullable: true, description: "The note sent; null when none." })
  note!: string | null;

  @Field(() => String, { nullable: true, description: "Your reference; null when none." })
  reference!: string | null;

  @Field(() => DateTimeResolver, { description: "When it was applied." })
  createdAt!: Date;

  @Field(() => Actor, { description: "Who made it." })
  actor!: Actor;

  @Field(() => Int, {
    description:
      "The site the request named (the default site when it named none): every line's, unless a line named its own.",
  })
  siteId!: number;
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
    description: "The movement written; null when on hand was already the requested value.",
  })
  movement?: StockMovement | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("adjustSkuStock")
export class AdjustSkuStockPayload extends AbsoluteStockPayload {
  @Field(() => Sku, { nullable: true, description: "The SKU as it is now." })
  sku?: Sku | null;
}

@PayloadType("bulkAdjustStock")
export class BulkAdjustStockPayload {
  @Field(() => StockAdjustment, {
    nullable: true,
    description: "The adjustment with every line; null with userErrors.",
  })
  adjustment?: StockAdjustment | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("adjustSupplierItemStock")
export class AdjustSupplierItemStockPayload extends AbsoluteStockPayload {
  @Field(() => SupplierItem, { nullable: true, description: "The supplier item as it is now." })
  supplierItem?: SupplierItem | null;
}
