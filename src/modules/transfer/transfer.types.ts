import { DateTimeResolver } from "graphql-scalars";
import { Field, Int, ObjectType } from "type-graphql";
import type { EntityType } from "../../generated/prisma/enums.js";
import type { TransferStatus as Status } from "../../generated/prisma/enums.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";
import { StockEntityType, TransferStatus } from "../../graphql/enums.js";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { Actor } from "../movement/movement.types.js";

@ObjectType({ description: "One item of a transfer: what was sent, received and lost." })
export class TransferLine {
  @Field(() => StockEntityType, { description: "What the line moves: a SKU or a supplier item." })
  type!: EntityType;

  @Field(() => Int, { description: "The SKU's or supplier item's id." })
  id!: number;

  @Field(() => QuantityScalar, { description: "What was sent (taken out of the source)." })
  qty!: Decimal;

  @Field(() => QuantityScalar, { description: "What has been received at the destination." })
  receivedQty!: Decimal;

  @Field(() => QuantityScalar, {
    description: "What was written off as lost in transit when the transfer was closed short.",
  })
  lostQty!: Decimal;

  @Field(() => QuantityScalar, {
    description: "What is still in transit: qty − receivedQty − lostQty (0 once closed).",
  })
  inTransitQty!: Decimal;

  /**
   * Not a field: the site whose stock the line's item shows (its sku and supplierItem), as the
   * lines' read says (listTransferLines); set by the lines' resolver.
   */
  itemSiteId?: number;
}

/** A transfer as both transports show it (its lines apart: see TransferWithLines). */
@ObjectType({
  description:
    "Stock moving from one site of the account to another: taken out of the source when dispatched, in transit until received at the destination (in parts if need be), or cancelled before any receipt.",
})
export class Transfer {
  @Field(() => Int, { description: "The transfer's id (its movements carry it as transferId)." })
  id!: number;

  @Field(() => TransferStatus, { description: "Where it stands." })
  status!: Status;

  @Field(() => Int, { description: "The site the stock was sent from." })
  fromSiteId!: number;

  @Field(() => Int, { description: "The site the stock is sent to." })
  toSiteId!: number;

  @Field(() => String, { nullable: true, description: "Your reference; null when none." })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "The note sent; null when none." })
  note!: string | null;

  @Field(() => Int, { description: "How many lines it has." })
  lineCount!: number;

  @Field(() => DateTimeResolver, { description: "When it was dispatched." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, { description: "When it last changed (a receipt, a cancel)." })
  updatedAt!: Date;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When it was received in full, closed short or cancelled; null while in transit.",
  })
  closedAt!: Date | null;

  @Field(() => Actor, { description: "Who dispatched it." })
  actor!: Actor;
}

/** A transfer with every line, in the order sent (what a write answers). */
export interface TransferWithLines extends Transfer {
  lines: TransferLine[];
}

export const TransferConnection = ConnectionType(Transfer, "Transfer");
export const TransferLineConnection = ConnectionType(TransferLine, "TransferLine");

@PayloadType("createTransfer")
export class CreateTransferPayload {
  @Field(() => Transfer, {
    nullable: true,
    description: "The transfer as dispatched (received too, with receive); null with userErrors.",
  })
  transfer?: Transfer | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("receiveTransfer")
export class ReceiveTransferPayload {
  @Field(() => Transfer, {
    nullable: true,
    description: "The transfer after the receipt; null with userErrors.",
  })
  transfer?: Transfer | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("cancelTransfer")
export class CancelTransferPayload {
  @Field(() => Transfer, {
    nullable: true,
    description: "The transfer, cancelled; null with userErrors.",
  })
  transfer?: Transfer | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
