import { MaxLength } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { PageArgs } from "../../graphql/connection.js";
import type { EntityType } from "../../generated/prisma/enums.js";
import { StockEntityType, TransferStatus } from "../../graphql/enums.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { atMost } from "../../graphql/list-bounds.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import { TEXT_LIMITS } from "../../limits.js";
import type { Decimal } from "../../quantity.js";

const NOTE_DESCRIPTION = `At most ${TEXT_LIMITS.note} characters; the movements carry it.`;

/** A line's entity (a base only: never in the schema itself). */
@InputType()
abstract class TransferLineFields {
  @Field(() => StockEntityType, {
    description: "SKU, or SUPPLIER_ITEM (unlinked only: else LINKED_SUPPLIER_ITEM).",
  })
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;
}

@InputType({ description: "One item to send." })
export class TransferLineInput extends TransferLineFields {
  @Field(() => QuantityScalar, {
    description:
      "What is sent: more than 0, at most what the source holds (else INSUFFICIENT_STOCK).",
  })
  qty!: Decimal;
}

@InputType({ description: "What arrived of one item on the transfer." })
export class TransferReceiptLineInput extends TransferLineFields {
  @Field(() => QuantityScalar, {
    description:
      "What arrived: 0 or more, at most what is still in transit for the item (else OVER_RECEIPT).",
  })
  qty!: Decimal;
}

@InputType({
  description:
    "Dispatches stock from one site to another: out of the source at once, in transit until received.",
})
export class CreateTransferInput {
  @Field(() => Int, {
    description: "The site the stock leaves (SITE_NOT_FOUND; SITE_INACTIVE if deactivated).",
  })
  fromSiteId!: number;

  @Field(() => Int, {
    description: "The site it goes to: another site of the account (SAME_SITE otherwise).",
  })
  toSiteId!: number;

  @Field(() => String, {
    nullable: true,
    description: `Your document number (a delivery note); at most ${TEXT_LIMITS.reference} characters. The movements carry it.`,
  })
  @MaxLength(TEXT_LIMITS.reference)
  reference?: string | null;

  @Field(() => String, { nullable: true, description: NOTE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description:
      "true: received at the destination in the same transaction (a move within a building).",
  })
  receive?: boolean | null;

  @Field(() => [TransferLineInput], {
    description: `At least one line, each item once (else DUPLICATE_LINE). ${atMost("CreateTransferInput.lines")}`,
  })
  lines!: TransferLineInput[];

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({
  description:
    "What arrived of a transfer at its destination: the lines given, or everything still in transit when none are.",
})
export class ReceiveTransferInput {
  @Field(() => Int, { description: "The transfer (TRANSFER_NOT_FOUND; TRANSFER_CLOSED)." })
  id!: number;

  @Field(() => [TransferReceiptLineInput], {
    nullable: true,
    description: `What arrived per item on the transfer (NOT_IN_TRANSFER for another); items left out stay in transit. Null: everything in transit arrived. ${atMost("ReceiveTransferInput.lines")}`,
  })
  lines?: TransferReceiptLineInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description:
      "true: what is still in transit after this receipt never arrives: it is written off at the destination (TRANSFER_LOSS) and the transfer closes.",
  })
  close?: boolean | null;

  @Field(() => String, { nullable: true, description: NOTE_DESCRIPTION })
  @MaxLength(TEXT_LIMITS.note)
  note?: string | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Cancels a transfer before any receipt: its stock goes back." })
export class CancelTransferInput {
  @Field(() => Int, {
    description: "The transfer (TRANSFER_NOT_FOUND; TRANSFER_CLOSED; TRANSFER_RECEIVED).",
  })
  id!: number;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@ArgsType()
export class TransfersArgs extends PageArgs {
  @Field(() => TransferStatus, { nullable: true, description: "Only transfers in this status." })
  status?: string | null;

  @Field(() => Int, { nullable: true, description: "Only transfers from this site." })
  fromSiteId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Only transfers to this site (with IN_TRANSIT: what is on its way there).",
  })
  toSiteId?: number | null;
}
