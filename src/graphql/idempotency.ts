import { MaxLength } from "class-validator";
import { Field } from "type-graphql";

/** The idempotencyKey field every write input carries (REST: the Idempotency-Key header). */
export function IdempotencyKeyField(): PropertyDecorator {
  const field = Field(() => String, {
    nullable: true,
    description:
      "Retries with the same key within 24 hours replay the first result and write nothing.",
  });
  const length = MaxLength(255);
  return (target, property) => {
    field(target, property);
    length(target, property);
  };
}
