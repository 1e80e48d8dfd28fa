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

  @Field(() => ErrorCodeEnum)
  code!: ErrorCode;

  @Field()
  message!: string;
}

@ObjectType()
export class PageInfo {
  @Field({ description: "Whether this page was reached with a cursor (paging is forward only)." })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field()
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
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
