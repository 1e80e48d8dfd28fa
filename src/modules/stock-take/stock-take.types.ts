import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import type { StockTakeStatus as Status } from "../../generated/prisma/enums.js";
import { StockTakeStatus } from "../../graphql/enums.js";

@ObjectType({
  description: "A stock take: a frozen count point, the counts, and their reconciliation.",
})
export class StockTake {
  @Field(() => Int)
  id!: number;

  @Field(() => StockTakeStatus)
  status!: Status;

  @Field(() => DateTimeResolver, { description: "When expected quantities were snapshotted." })
  frozenAt!: Date;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field({ description: "Counters do not see expected quantities (only approvers do)." })
  blind!: boolean;

  @Field(() => DateTimeResolver, { nullable: true })
  reconciledAt!: Date | null;

  @Field(() => DateTimeResolver, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => DateTimeResolver)
  createdAt!: Date;
}
