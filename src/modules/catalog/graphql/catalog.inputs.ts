import { MAX_ADJUSTMENT_SITES, TEXT_LIMITS } from "../../../limits.js";
import { IsOptional, MaxLength, Min } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { PageArgs } from "../../../graphql/connection.js";
import { QuantityScalar, UnitCostScalar } from "../../../graphql/scalars.js";
import type { Decimal } from "../../../quantity.js";
import { IdempotencyKeyField } from "../../../graphql/idempotency.js";
import { BARCODE_RULES } from "../barcode.js";
import { LOCATION_FILTER_RULE, LOCATION_RULES, MAX_LOCATION_LENGTH } from "../location.js";
import { atMost } from "../../../graphql/list-bounds.js";

/** A barcodes input field (checked by the service, so a bad one is INVALID_BARCODE over REST too). */
const BarcodesField = (what: string): PropertyDecorator =>
  Field(() => [String], { nullable: true, description: `${what} ${BARCODE_RULES}` });

/** A location input field; `what` says what leaving it out or blank means. */
const LocationField =
  (what: string): PropertyDecorator =>
  (target, key) => {
    Field(() => String, {
      nullable: true,
      description: `Where its stock is kept (a shelf, bay, bin or picking position such as A-01-03). ${LOCATION_RULES} ${what}`,
    })(target, key);
    IsOptional()(target, key);
    MaxLength(MAX_LOCATION_LENGTH)(target, key);
  };

/** A unit cost input field; `what` says what leaving it out or null means. */
const UnitCostField = (what: string): PropertyDecorator =>
  Field(() => UnitCostScalar, {
    nullable: true,
    description: `What one unit costs, in the account's currency. Needs the costs scope (else FORBIDDEN). 0 <= cost < 10^10, at most 4 decimal places (else INVALID_COST); the account's currency must be set first (else CURRENCY_NOT_SET). ${what}`,
  });

/** How a text field is read, as its description says it. */
const textRule = (limit: number, rule?: string): string =>
  `Trimmed, not blank, at most ${limit} characters${rule ? `; ${rule}` : ""}.`;

/** What an edit's `siteId` says. */
const EDITED_SITE =
  "The site whose location is set (SITE_NOT_FOUND, or SITE_INACTIVE when it is deactivated) and whose stock the answer shows; absent: the default site (a token limited to sites: its first).";

@InputType({ description: "A new SKU." })
export class CreateSkuInput {
  @Field({
    description: textRule(
      TEXT_LIMITS.code,
      "unique in the account regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @MaxLength(TEXT_LIMITS.code)
  code!: string;

  @Field({ description: textRule(TEXT_LIMITS.name) })
  @MaxLength(TEXT_LIMITS.name)
  name!: string;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "Recorded as an OPENING_BALANCE movement; default 0 (no movement).",
  })
  openingOnHand?: Decimal;

  @Field({
    nullable: true,
    defaultValue: true,
    description: "Inactive SKUs are left out of a stock take's default scope.",
  })
  active?: boolean;

  @BarcodesField("The SKU's barcodes.")
  barcodes?: string[] | null;

  @LocationField("Left out or blank: none.")
  location?: string | null;

  @UnitCostField("Left out or null: none.")
  unitCost?: Decimal | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A new supplier item, linked to a SKU or holding stock of its own." })
export class CreateSupplierItemInput {
  @Field({ description: `The supplier's name. ${textRule(TEXT_LIMITS.supplier)}` })
  @MaxLength(TEXT_LIMITS.supplier)
  supplier!: string;

  @Field({
    description: textRule(
      TEXT_LIMITS.code,
      "unique per supplier regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @MaxLength(TEXT_LIMITS.code)
  code!: string;

  @Field({ description: textRule(TEXT_LIMITS.name) })
  @MaxLength(TEXT_LIMITS.name)
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
    description: "Unlinked items only; recorded as an OPENING_BALANCE movement; default 0.",
  })
  openingOnHand?: Decimal;

  @Field({ nullable: true, defaultValue: true, description: "Whether the item is in use." })
  active?: boolean;

  @BarcodesField("The item's barcodes.")
  barcodes?: string[] | null;

  @LocationField("Left out or blank: none.")
  location?: string | null;

  @UnitCostField("Left out or null: none.")
  unitCost?: Decimal | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

const RETIRE =
  "false retires it: it stays readable and keeps its stock and history, and is left out of a stock take's default scope.";

@InputType({
  description:
    "Changes to a SKU's catalog fields; a field left out stays as it is. Stock changes with adjustSkuStock.",
})
export class UpdateSkuInput {
  @Field(() => Int, { description: "The SKU to change." })
  @Min(1)
  id!: number;

  @Field({
    nullable: true,
    description: textRule(
      TEXT_LIMITS.code,
      "unique in the account regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.code)
  code?: string;

  @Field({ nullable: true, description: textRule(TEXT_LIMITS.name) })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.name)
  name?: string;

  @Field({ nullable: true, description: `Whether the SKU is in use; ${RETIRE}` })
  active?: boolean;

  @BarcodesField("The whole new set of barcodes; [] removes them all.")
  barcodes?: string[] | null;

  @LocationField("Left out: as it is; blank removes it. At siteId's site.")
  location?: string | null;

  @UnitCostField(
    "Left out: as it is; null removes it. A change is recorded in costChanges, not as a movement.",
  )
  unitCost?: Decimal | null;

  @Field(() => Int, { nullable: true, description: EDITED_SITE })
  siteId?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({
  description:
    "Changes to a supplier item's catalog fields; a field left out stays as it is. Stock changes with adjustSupplierItemStock.",
})
export class UpdateSupplierItemInput {
  @Field(() => Int, { description: "The supplier item to change." })
  @Min(1)
  id!: number;

  @Field({ nullable: true, description: `The supplier's name. ${textRule(TEXT_LIMITS.supplier)}` })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.supplier)
  supplier?: string;

  @Field({
    nullable: true,
    description: textRule(
      TEXT_LIMITS.code,
      "unique per supplier regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.code)
  code?: string;

  @Field({ nullable: true, description: textRule(TEXT_LIMITS.name) })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.name)
  name?: string;

  @Field({ nullable: true, description: `Whether the item is in use; ${RETIRE}` })
  active?: boolean;

  @BarcodesField("The whole new set of barcodes; [] removes them all.")
  barcodes?: string[] | null;

  @LocationField("Left out: as it is; blank removes it. At siteId's site.")
  location?: string | null;

  @UnitCostField(
    "Left out: as it is; null removes it. A change is recorded in costChanges, not as a movement.",
  )
  unitCost?: Decimal | null;

  @Field(() => Int, { nullable: true, description: EDITED_SITE })
  siteId?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A supplier item to link to a SKU." })
export class LinkSupplierItemInput {
  @Field(() => Int, { description: "The supplier item." })
  @Min(1)
  id!: number;

  @Field(() => Int, { description: "The SKU whose stock the item shares from now on." })
  @Min(1)
  skuId!: number;

  @Field({
    nullable: true,
    defaultValue: false,
    description:
      "Move the item's own stock into the SKU (two TRANSFER movements); without it an item holding stock is refused with SUPPLIER_ITEM_HAS_STOCK.",
  })
  transfer?: boolean;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A supplier item to unlink from its SKU." })
export class UnlinkSupplierItemInput {
  @Field(() => Int, { description: "The supplier item." })
  @Min(1)
  id!: number;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Narrows a SKU list; every filter given must hold." })
export class SkuFilter {
  @Field(() => String, {
    nullable: true,
    description: "Part of the code or name, regardless of case (trigram search).",
  })
  q?: string | null;

  @Field(() => String, { nullable: true, description: "The code, exactly but regardless of case." })
  code?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "One of its barcodes (any spelling of a GTIN).",
  })
  barcode?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Only active (true) or retired (false) ones.",
  })
  active?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Changed at or after this RFC 3339 timestamp (or date, in the account's time zone); the list is then in the order of change, oldest first. To sync, page to the end and next time ask from the last node's updatedAt: a node may come again, none is skipped. Other filters apply to rows as they are now (a row that leaves them is not listed again): sync without them to see every change.",
  })
  updatedSince?: string | null;

  @Field(() => String, { nullable: true, description: LOCATION_FILTER_RULE })
  location?: string | null;
}

@InputType({ description: "Narrows a supplier item list; every filter given must hold." })
export class SupplierItemFilter extends SkuFilter {
  @Field(() => String, { nullable: true, description: "The supplier, exactly." })
  supplier?: string | null;

  @Field(() => Int, { nullable: true, description: "Items linked to this SKU." })
  skuId?: number | null;
}

/** What a `siteId` argument of a catalog read says. */
export const ON_HAND_SITE =
  "The site whose stock and bin onHand and location are, and where the location filter looks (SITE_NOT_FOUND if the account has none by this id; a deactivated site is read as any other); the default site when absent.";

@ArgsType()
class CatalogPageArgs extends PageArgs {
  @Field(() => Int, { nullable: true, description: ON_HAND_SITE })
  siteId?: number | null;
}

@ArgsType()
export class SkusArgs extends CatalogPageArgs {
  @Field(() => SkuFilter, { nullable: true, description: "What to list." })
  filter?: SkuFilter | null;
}

@ArgsType()
export class SupplierItemsArgs extends CatalogPageArgs {
  @Field(() => SupplierItemFilter, { nullable: true, description: "What to list." })
  filter?: SupplierItemFilter | null;
}

@InputType({ description: "One SKU of an import, matched by its code regardless of case." })
export class SkuImportRowInput {
  @Field({
    description: textRule(TEXT_LIMITS.code, "a new code creates a SKU, a known one updates it"),
  })
  code!: string;

  @Field({ description: textRule(TEXT_LIMITS.name) })
  name!: string;

  @Field(() => Boolean, {
    nullable: true,
    description: "Left out: a new SKU is active, an existing one stays as it is.",
  })
  active?: boolean | null;

  @BarcodesField("The SKU's whole set of barcodes; left out, an existing SKU keeps its own.")
  barcodes?: string[] | null;

  @LocationField("Left out: a new one has none, an existing one keeps its own; blank removes it.")
  location?: string | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "New SKUs only, at the row's site, recorded as an OPENING_BALANCE movement; an import never changes an existing SKU's stock. Not with onHand.",
  })
  openingOnHand?: Decimal | null;

  @Field(() => Int, {
    nullable: true,
    description: `The site onHand, openingOnHand and location are at (SITE_NOT_FOUND, SITE_INACTIVE); left out: the default site (a token limited to sites: its first). An item may be on one row per site, each row with the same catalog fields but its own location; the rows span at most ${MAX_ADJUSTMENT_SITES} sites (TOO_MANY_SITES).`,
  })
  siteId?: number | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description:
      "An opening balance at the row's site, recorded as an OPENING_BALANCE movement where the item has never moved at that site (new or not); where it has, its stock there is left as it is and the row is counted in onHandKept. Not with openingOnHand.",
  })
  onHand?: Decimal | null;

  @UnitCostField(
    "Left out: a new item has none, an existing one keeps its own; null removes it. An item's rows at several sites carry the same cost.",
  )
  unitCost?: Decimal | null;
}

@InputType({
  description: "One supplier item of an import, matched by supplier and code (regardless of case).",
})
export class SupplierItemImportRowInput extends SkuImportRowInput {
  @Field({ description: `The supplier's name. ${textRule(TEXT_LIMITS.supplier)}` })
  supplier!: string;

  @Field(() => Int, {
    nullable: true,
    description:
      "A new item: link it to this SKU (then no openingOnHand). An existing item: its link as it stands (else LINKED_SUPPLIER_ITEM; links change with linkSupplierItem and unlinkSupplierItem).",
  })
  skuId?: number | null;
}

@InputType({ description: "Up to 10,000 supplier items to create or update, all or none." })
export class ImportSupplierItemsInput {
  @Field(() => [SupplierItemImportRowInput], {
    description: `At least one row, each supplier and code once. ${atMost("ImportSupplierItemsInput.rows")}`,
  })
  rows!: SupplierItemImportRowInput[];

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Up to 10,000 SKUs to create or update, all or none." })
export class ImportSkusInput {
  @Field(() => [SkuImportRowInput], {
    description: `At least one row, each code once. ${atMost("ImportSkusInput.rows")}`,
  })
  rows!: SkuImportRowInput[];

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}
