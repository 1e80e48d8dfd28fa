import { createUnionType, Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import { ConnectionType } from "../../graphql/connection.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { QuantityScalar, UnitCostScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Actor, StockMovement } from "../movement/movement.types.js";
import { BARCODES_DESCRIPTION } from "./barcode.js";
import { LOCATION_DESCRIPTION } from "./location.js";

@ObjectType({ description: "A stock keeping unit and its quantity on hand." })
export class Sku {
  @Field(() => Int, { description: "The SKU's id." })
  id!: number;

  @Field({ description: "Unique within the account, regardless of case." })
  code!: string;

  @Field({ description: "The SKU's name." })
  name!: string;

  @Field(() => QuantityScalar, { description: "Quantity on hand; never negative." })
  onHand!: Decimal;

  @Field({ description: "Inactive SKUs are left out of a stock take's default scope." })
  active!: boolean;

  @Field(() => DateTimeResolver, { description: "When it was created." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, {
    description: "When it or its on hand last changed.",
  })
  updatedAt!: Date;

  @Field(() => [String], { description: BARCODES_DESCRIPTION })
  barcodes!: string[];

  @Field(() => String, { nullable: true, description: LOCATION_DESCRIPTION })
  location!: string | null;

  /** Read with the answer for a caller that sees money; else resolved on demand (catalog.costs.resolver.ts). */
  unitCost?: Decimal | null;
}

@ObjectType({
  description:
    "A supplier's article. Linked to a SKU, its stock is the SKU's and it is never adjusted directly; unlinked, it holds stock of its own.",
})
export class SupplierItem {
  @Field(() => Int, { description: "The supplier item's id." })
  id!: number;

  @Field({ description: "The supplier's name." })
  supplier!: string;

  @Field({ description: "Unique per supplier within the account, regardless of case." })
  code!: string;

  @Field({ description: "The item's name." })
  name!: string;

  @Field(() => QuantityScalar, { description: "The linked SKU's on hand when linked." })
  onHand!: Decimal;

  @Field(() => Int, { nullable: true, description: "The linked SKU; null when unlinked." })
  skuId!: number | null;

  @Field({ description: "Whether the item is in use." })
  active!: boolean;

  @Field(() => DateTimeResolver, { description: "When it was created." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, {
    description: "When it or its on hand last changed (for a linked item, its SKU's stock too).",
  })
  updatedAt!: Date;

  @Field(() => [String], { description: BARCODES_DESCRIPTION })
  barcodes!: string[];

  @Field(() => String, { nullable: true, description: LOCATION_DESCRIPTION })
  location!: string | null;

  /** As Sku's. */
  unitCost?: Decimal | null;
}

/** What lookupBarcode finds: a SKU or a supplier item. */
export const CatalogEntity = createUnionType({
  name: "CatalogEntity",
  description: "A SKU or a supplier item.",
  types: () => [Sku, SupplierItem] as const,
  resolveType: (entity) => ("supplier" in entity ? SupplierItem : Sku),
});

@ObjectType({
  description: "An item's stock at one site: what is on hand there, and what is on its way there.",
})
export class StockLevel {
  @Field(() => Int, { description: "The site." })
  siteId!: number;

  @Field(() => QuantityScalar, { description: "On hand at the site (0 where none is)." })
  onHand!: Decimal;

  @Field(() => QuantityScalar, {
    description: "In transit to the site: sent on transfers not yet received (0 where none is).",
  })
  inTransit!: Decimal;

  @Field(() => String, { nullable: true, description: LOCATION_DESCRIPTION })
  location!: string | null;
}

export const StockLevelConnection = ConnectionType(StockLevel, "StockLevel");
export const SkuConnection = ConnectionType(Sku, "Sku");
export const SupplierItemConnection = ConnectionType(SupplierItem, "SupplierItem");

@PayloadType("createSku")
export class CreateSkuPayload {
  @Field(() => Sku, { nullable: true, description: "The new SKU; null with userErrors." })
  sku?: Sku | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("createSupplierItem")
export class CreateSupplierItemPayload {
  @Field(() => SupplierItem, {
    nullable: true,
    description: "The new supplier item; null with userErrors.",
  })
  supplierItem?: SupplierItem | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("updateSku")
export class UpdateSkuPayload {
  @Field(() => Sku, { nullable: true, description: "The SKU as changed; null with userErrors." })
  sku?: Sku | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("updateSupplierItem")
export class UpdateSupplierItemPayload {
  @Field(() => SupplierItem, {
    nullable: true,
    description: "The supplier item as changed; null with userErrors.",
  })
  supplierItem?: SupplierItem | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("linkSupplierItem")
export class LinkSupplierItemPayload {
  @Field(() => SupplierItem, {
    nullable: true,
    description: "The supplier item, linked; null with userErrors.",
  })
  supplierItem?: SupplierItem | null;

  @Field(() => [StockMovement], {
    nullable: true,
    description:
      "With transfer: the item to 0 and the SKU up by as much (reason TRANSFER); else empty.",
  })
  movements?: StockMovement[] | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("unlinkSupplierItem")
export class UnlinkSupplierItemPayload {
  @Field(() => SupplierItem, {
    nullable: true,
    description: "The supplier item, unlinked (0 of its own); null with userErrors.",
  })
  supplierItem?: SupplierItem | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@ObjectType({ description: "A row of an import and the SKU or supplier item it is." })
export class ImportedEntity {
  @Field({ description: "The row's code." })
  code!: string;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;
}

@ObjectType({ description: "What an import did, and every row's id." })
export class CatalogImport {
  @Field(() => Int, { description: "New SKUs or supplier items." })
  created!: number;

  @Field(() => Int, { description: "Existing ones with a field changed." })
  updated!: number;

  @Field(() => Int, { description: "Existing ones the row left as they were." })
  unchanged!: number;

  @Field(() => [ImportedEntity], { description: "Each row's code and id, in the order sent." })
  ids!: ImportedEntity[];

  @Field(() => Int, {
    nullable: true,
    description:
      "Opening balances written (an OPENING_BALANCE movement each): openingOnHand of new items, onHand where the item had never moved at the row's site. Null only in an answer stored before it existed and replayed.",
  })
  openingBalances?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Rows whose onHand differs from the item's stock at their site and was not written, since the item had moved there: change that stock with an adjustment or a stock take. Null as openingBalances.",
  })
  onHandKept?: number | null;
}

/** What an import mutation answers (a base only). */
@ObjectType()
abstract class ImportPayload {
  @Field(() => CatalogImport, {
    nullable: true,
    description: "What the import did; null with userErrors.",
  })
  result?: CatalogImport | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("importSkus")
export class ImportSkusPayload extends ImportPayload {}

@PayloadType("importSupplierItems")
export class ImportSupplierItemsPayload extends ImportPayload {}

@ObjectType({ description: "A change of an item's unit cost (not a stock movement)." })
export class CostChange {
  @Field(() => Int, { description: "Increases with each change of the account's costs." })
  id!: number;

  @Field(() => UnitCostScalar, { nullable: true, description: "The cost before; null: none." })
  costBefore!: Decimal | null;

  @Field(() => UnitCostScalar, { nullable: true, description: "The cost after; null: removed." })
  costAfter!: Decimal | null;

  @Field(() => DateTimeResolver, { description: "When it changed." })
  changedAt!: Date;

  @Field(() => Actor, { description: "Who changed it." })
  actor!: Actor;
}

export const CostChangeConnection = ConnectionType(CostChange, "CostChange");
