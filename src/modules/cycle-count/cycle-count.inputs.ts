import { Max, Min } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import {
  DEFAULT_CLASSIFY_DAYS,
  DEFAULT_DUE_LIMIT,
  DEFAULT_SHARES,
  MAX_CLASSIFY_DAYS,
} from "./cycle-count.service.js";

/** GraphQL lists at most this many (a page's largest size); REST's list goes up to MAX_DUE_LIMIT. */
const MAX_DUE_FIRST = 1000;

@ArgsType()
export class DueForCountArgs {
  @Field(() => Int, {
    defaultValue: DEFAULT_DUE_LIMIT,
    description: `How many to answer, most overdue first (1 to ${MAX_DUE_FIRST}).`,
  })
  @Min(1)
  @Max(MAX_DUE_FIRST)
  first!: number;
}

@InputType({ description: "How to classify the account's active SKUs." })
export class ClassifySkusInput {
  @Field(() => Int, {
    nullable: true,
    description: `Days of movement to weigh, counting back from now (1 to ${MAX_CLASSIFY_DAYS}); ${DEFAULT_CLASSIFY_DAYS} when absent.`,
  })
  windowDays?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Percent of the volume moved that class A makes up (1 to 100); ${DEFAULT_SHARES.a} when absent.`,
  })
  shareA?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Percent of the volume that class B makes up after A (shareA + shareB at most 100; C is the rest); ${DEFAULT_SHARES.b} when absent.`,
  })
  shareB?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Answer what the classification would do; write nothing.",
  })
  dryRun?: boolean | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}
