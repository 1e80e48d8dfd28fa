import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeResolver } from "graphql-scalars";
import type { CountClass as Class } from "../../generated/prisma/enums.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { CountClass } from "../../graphql/enums.js";

@ObjectType({ description: "An active SKU due for a count." })
export class DueSku {
  @Field(() => Int, { description: "The SKU's id." })
  skuId!: number;

  @Field({ description: "The SKU's code." })
  code!: string;

  @Field({ description: "The SKU's name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "Where its stock is kept." })
  location!: string | null;

  @Field(() => CountClass, { description: "Its count class." })
  countClass!: Class;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description:
      "When a reconcile last applied or confirmed a count of it; null: never since it has had a class.",
  })
  lastCountedAt!: Date | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When its class's interval ran out; null when it was never counted.",
  })
  dueAt!: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: "Whole days since dueAt; null when it was never counted.",
  })
  daysOverdue!: number | null;
}

@ObjectType({ description: "How many active SKUs a classification put in one class." })
export class ClassTally {
  @Field(() => CountClass, { description: "The class." })
  countClass!: Class;

  @Field(() => Int, { description: "Active SKUs in the class." })
  skus!: number;

  @Field(() => Int, { description: "Of those, how many had another class, or none, before." })
  changed!: number;
}

@ObjectType({
  description: "The classes given, or that a dry run would give, to the account's active SKUs.",
})
export class Classification {
  @Field(() => Int, { description: "The site whose movements were weighed." })
  siteId!: number;

  @Field(() => Int, { description: "The days of movement weighed." })
  windowDays!: number;

  @Field(() => Int, { description: "Percent of the volume in class A." })
  shareA!: number;

  @Field(() => Int, { description: "Percent of the volume in class B." })
  shareB!: number;

  @Field({ description: "Whether nothing was written." })
  dryRun!: boolean;

  @Field(() => [ClassTally], { description: "A, B and C in that order." })
  classes!: ClassTally[];
}

@PayloadType("classifySkus")
export class ClassifySkusPayload {
  @Field(() => Classification, {
    nullable: true,
    description: "What the classification did; null with userErrors.",
  })
  classification?: Classification | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@ObjectType({
  description: "A SKU's place in the cycle: its class, its last count and when it falls due.",
})
export class SkuCycleCount {
  @Field(() => Int, { description: "The SKU's id." })
  skuId!: number;

  @Field(() => Int, { description: "The site whose cycle this is." })
  siteId!: number;

  @Field(() => CountClass, {
    nullable: true,
    description: "Its count class; null: none, never due.",
  })
  countClass!: Class | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When a reconcile last applied or confirmed a count of it; null: never.",
  })
  lastCountedAt!: Date | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When its class's interval runs out; null without a class or a count.",
  })
  dueAt!: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: "Whole days since dueAt (negative: days until it); null with dueAt.",
  })
  daysOverdue!: number | null;
}

@ObjectType({ description: "The account's days between counts of each class." })
export class CycleCountSettings {
  @Field(() => Int, { description: "Days between counts of class A." })
  intervalDaysA!: number;

  @Field(() => Int, { description: "Days between counts of class B." })
  intervalDaysB!: number;

  @Field(() => Int, { description: "Days between counts of class C." })
  intervalDaysC!: number;
}

@PayloadType("setCountClass")
export class SetCountClassPayload {
  @Field(() => SkuCycleCount, {
    nullable: true,
    description: "The SKU's cycle count after the change; null with userErrors.",
  })
  cycleCount?: SkuCycleCount | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("updateCycleCountSettings")
export class UpdateCycleCountSettingsPayload {
  @Field(() => CycleCountSettings, {
    nullable: true,
    description: "The intervals after the change; null with userErrors.",
  })
  settings?: CycleCountSettings | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
