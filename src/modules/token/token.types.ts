import { DateTimeResolver } from "graphql-scalars";
import { Field, Int, ObjectType } from "type-graphql";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";
import { TokenScope } from "../../graphql/enums.js";

/** An API token as the API shows it: never the token itself (except once, when issued) nor its hash. */
@ObjectType({
  description:
    "An API token of the account: its name, what it may do and when it was used. The token itself is shown only by createApiToken; only its hash is stored.",
})
export class ApiToken {
  @Field(() => Int, { description: "The token's id." })
  id!: number;

  @Field({ description: "What it is called: the actor written on everything it does." })
  name!: string;

  @Field(() => [TokenScope], { description: "What it may do." })
  scopes!: string[];

  @Field(() => [Int], {
    nullable: true,
    description:
      "The sites whose stock, stock takes, transfers, movements and events it sees and changes; null: every site of the account.",
  })
  siteIds!: number[] | null;

  @Field(() => DateTimeResolver, { description: "When it was made." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description:
      "When it stops authenticating; null: never (only a token made by the command line).",
  })
  expiresAt!: Date | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When it was revoked; null while it is not.",
  })
  revokedAt!: Date | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When it last authenticated, to the minute; null if never.",
  })
  lastUsedAt!: Date | null;
}

export const ApiTokenConnection = ConnectionType(ApiToken, "ApiToken");

/** A token to issue, as either transport sends it. */
export interface ApiTokenInput {
  name?: string | null;
  scopes?: string[] | null;
  /** The sites it is limited to; absent or null: every site. */
  siteIds?: number[] | null;
  /** RFC 3339 text (REST) or an instant (GraphQL's DateTime). */
  expiresAt?: string | Date | null;
}

/** A token just issued: the only answer that carries the token itself. */
export interface NewApiToken {
  id: number;
  name: string;
  scopes: string[];
  siteIds: number[] | null;
  createdAt: Date;
  expiresAt: Date | null;
  token: string;
}

@PayloadType("createApiToken")
export class CreateApiTokenPayload {
  @Field(() => ApiToken, { nullable: true, description: "The new token; null with userErrors." })
  apiToken?: ApiToken | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The token itself (cp_…), for Authorization: Bearer. Keep it: it is not shown again (only its hash is stored). Null with userErrors.",
  })
  token?: string | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("revokeApiToken")
export class RevokeApiTokenPayload {
  @Field(() => ApiToken, {
    nullable: true,
    description: "The token, revokedAt set; null with userErrors.",
  })
  apiToken?: ApiToken | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
