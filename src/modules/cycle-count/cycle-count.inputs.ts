import { Max, Min } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import type { CountClass as Class } from "../../generated/prisma/enums.js";
import { CountClass } from "../../graphql/enums.js";
import {
  DEFAULT_CLASSIFY_DAYS,
  DEFAULT_DUE_LIMIT,
  DEFAULT_SHARES,
  MAX_CLASSIFY_DAYS,
  MAX_CYCLE_DAYS,
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

  @Field(() => Int, {
    nullable: true,
    description:
      "The site whose cycle to read (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
  })
  siteId?: number | null;
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

  @Field(() => Int, {
    nullable: true,
    description:
      "The site whose movements are weighed and whose classes are set (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
  })
  siteId?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A SKU's count class, set by hand." })
export class SetCountClassInput {
  @Field(() => Int, { description: "The SKU." })
  skuId!: number;

  @Field(() => CountClass, {
    nullable: true,
    description: "Its class until the next classification; null: none (never due).",
  })
  countClass?: Class | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "The site whose cycle this sets (SITE_NOT_FOUND if the account has none by this id); the default site when absent.",
  })
  siteId?: number | null;
}

@InputType({ description: "The count intervals to change; the others are kept." })
export class UpdateCycleCountSettingsInput {
  @Field(() => Int, {
    nullable: true,
    description: `Days between counts of class A (1 to ${MAX_CYCLE_DAYS}).`,
  })
  intervalDaysA?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Days between counts of class B (1 to ${MAX_CYCLE_DAYS}).`,
  })
  intervalDaysB?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Days between counts of class C (1 to ${MAX_CYCLE_DAYS}).`,
  })
  intervalDaysC?: number | null;
}
