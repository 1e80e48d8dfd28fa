import { Field, InputType, ObjectType, registerEnumType } from "type-graphql";
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from "../errors.js";

export const ErrorCodeEnum = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as {
  [K in ErrorCode]: K;
};
registerEnumType(ErrorCodeEnum, {
  name: "ErrorCode",
  description: "Stable error codes, shared with the REST API.",
  valuesConfig: Object.fromEntries(
    ERROR_CODES.map((c) => [c, { description: ERROR_CATALOG[c].title }]),
  ) as Record<ErrorCode, { description: string }>,
});

@ObjectType({ description: "A rule the input broke; nothing was written." })
export class UserError {
  @Field(() => [String], { nullable: true, description: "Path to the offending input field." })
  field!: string[] | null;

  @Field(() => ErrorCodeEnum, { description: "Stable: match on this, not on the message." })
  code!: ErrorCode;

  @Field({ description: "What is wrong, for a person to read." })
  message!: string;
}

/** The userErrors field every mutation payload carries. */
export function UserErrorsField(): PropertyDecorator {
  return Field(() => [UserError], {
    description:
      "Rules the input broke, the most fundamental first (at most 100, then one entry counting the rest); when any is listed, nothing was written.",
  });
}

/** @ObjectType for the payload a mutation answers. */
export function PayloadType(mutation: string): ClassDecorator {
  return ObjectType({
    description: `What ${mutation} answers: its result, or userErrors and nothing written.`,
  });
}

@ObjectType({
  description: "Where a page sits in its list. Paging is forward only: first and after.",
})
export class PageInfo {
  @Field({ description: "Whether this page was reached with a cursor (paging is forward only)." })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: "The first edge's cursor; null when empty." })
  startCursor!: string | null;

  @Field({ description: "Whether another page follows now." })
  hasNextPage!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      "The last edge's cursor: pass it as after for the next page. On an empty page null, except for movements in ASC order, where it is the cursor to ask again with later (polling).",
  })
  endCursor!: string | null;
}

/** from/to of a list filter (a base only: never in the schema itself). */
@InputType()
export abstract class WindowFilter {
  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD (start of that day in the account's time zone) or an RFC 3339 timestamp.",
  })
  from?: string;

  @Field(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD (that whole day included) or an RFC 3339 timestamp (included); default now.",
  })
  to?: string;
}
