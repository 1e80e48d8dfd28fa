import { Field, InputType, Int, ObjectType } from "type-graphql";
import { MaxLength } from "class-validator";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { Site } from "../site/site.types.js";
import { ApiToken } from "../token/token.types.js";

@ObjectType({ description: "The account (the tenant) the token belongs to." })
export class Account {
  @Field(() => Int, { description: "The account's id." })
  id!: number;

  @Field({ description: "The account's name." })
  name!: string;

  @Field({ description: "Its IANA time zone: what a date-only from or to means." })
  timezone!: string;

  @Field(() => String, {
    nullable: true,
    description: "ISO 4217 code of its costs and values; null until set.",
  })
  currency!: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "How many decimals an amount in the currency has (ISO 4217: USD 2, JPY 0, KWD 3); null with currency.",
  })
  currencyMinorUnits!: number | null;
}

@InputType({ description: "What to change of the account." })
export class UpdateAccountInput {
  @Field({
    description:
      "The account's currency: an ISO 4217 code in upper case (USD, EUR, JPY; another is INVALID_CURRENCY). It can change only while no cost has ever been set (else CURRENCY_IN_USE); the same code again changes nothing.",
  })
  @MaxLength(8)
  currency!: string;
}

@PayloadType("updateAccount")
export class UpdateAccountPayload {
  @Field(() => Account, {
    nullable: true,
    description: "The account as changed; null with userErrors.",
  })
  account?: Account | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@ObjectType({
  description:
    "The token a request carries: what it may do, at which sites, until when, and its account. Any token holding a scope may read it.",
})
export class Viewer {
  @Field(() => ApiToken, {
    description: "The token itself as apiTokens lists it (never the token's secret).",
  })
  token!: ApiToken;

  @Field(() => Account, { description: "The account it belongs to." })
  account!: Account;

  @Field(() => Site, {
    description:
      "The site its requests mean when they name none: the first of its sites, or the account's default.",
  })
  site!: Site;

  @Field(() => [Site], {
    nullable: true,
    description: "The sites it is limited to, in its order; null: every site of the account.",
  })
  sites!: Site[] | null;
}
