import { IsOptional, MaxLength, Min } from "class-validator";
import { Field, InputType, Int } from "type-graphql";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { LIMITS } from "./catalog.service.js";
import { MAX_BARCODE_LENGTH, MAX_BARCODES } from "./barcode.js";

const BARCODE_RULE = `At most ${MAX_BARCODES}, each at most ${MAX_BARCODE_LENGTH} characters. GTIN-8/12/13/14 need a valid check digit (else INVALID_BARCODE); anything else is an in-house label. Unique in the account across SKUs and supplier items (else DUPLICATE_BARCODE); one GTIN's spellings (UPC-A, EAN-13 with a leading 0) are one barcode.`;

/** A barcodes input field (checked by the service, so a bad one is INVALID_BARCODE over REST too). */
const BarcodesField = (what: string): PropertyDecorator =>
  Field(() => [String], { nullable: true, description: `${what} ${BARCODE_RULE}` });

/** How a text field is read, as its description says it. */
const textRule = (limit: number, rule?: string): string =>
  `Trimmed, not blank, at most ${limit} characters${rule ? `; ${rule}` : ""}.`;

@InputType({ description: "A new SKU." })
export class CreateSkuInput {
  @Field({
    description: textRule(
      LIMITS.code,
      "unique in the account regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @MaxLength(LIMITS.code)
  code!: string;

  @Field({ description: textRule(LIMITS.name) })
  @MaxLength(LIMITS.name)
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

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A new supplier item, linked to a SKU or holding stock of its own." })
export class CreateSupplierItemInput {
  @Field({ description: `The supplier's name. ${textRule(LIMITS.supplier)}` })
  @MaxLength(LIMITS.supplier)
  supplier!: string;

  @Field({
    description: textRule(
      LIMITS.code,
      "unique per supplier regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @MaxLength(LIMITS.code)
  code!: string;

  @Field({ description: textRule(LIMITS.name) })
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
    description: "Unlinked items only; recorded as an OPENING_BALANCE movement; default 0.",
  })
  openingOnHand?: Decimal;

  @Field({ nullable: true, defaultValue: true, description: "Whether the item is in use." })
  active?: boolean;

  @BarcodesField("The item's barcodes.")
  barcodes?: string[] | null;

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
      LIMITS.code,
      "unique in the account regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @IsOptional()
  @MaxLength(LIMITS.code)
  code?: string;

  @Field({ nullable: true, description: textRule(LIMITS.name) })
  @IsOptional()
  @MaxLength(LIMITS.name)
  name?: string;

  @Field({ nullable: true, description: `Whether the SKU is in use; ${RETIRE}` })
  active?: boolean;

  @BarcodesField("The whole new set of barcodes; [] removes them all.")
  barcodes?: string[] | null;

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

  @Field({ nullable: true, description: `The supplier's name. ${textRule(LIMITS.supplier)}` })
  @IsOptional()
  @MaxLength(LIMITS.supplier)
  supplier?: string;

  @Field({
    nullable: true,
    description: textRule(
      LIMITS.code,
      "unique per supplier regardless of case (else DUPLICATE_CODE)",
    ),
  })
  @IsOptional()
  @MaxLength(LIMITS.code)
  code?: string;

  @Field({ nullable: true, description: textRule(LIMITS.name) })
  @IsOptional()
  @MaxLength(LIMITS.name)
  name?: string;

  @Field({ nullable: true, description: `Whether the item is in use; ${RETIRE}` })
  active?: boolean;

  @BarcodesField("The whole new set of barcodes; [] removes them all.")
  barcodes?: string[] | null;

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
