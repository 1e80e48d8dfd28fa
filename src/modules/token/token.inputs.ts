import { ArrayMaxSize, MaxLength, Min } from "class-validator";
import { DateTimeResolver } from "graphql-scalars";
import { Field, InputType, Int } from "type-graphql";
import { TokenScope } from "../../graphql/enums.js";
import { SITE_LIMITED_SCOPES } from "../../auth/principal.js";
import { atMost, LIST_BOUNDS } from "../../graphql/list-bounds.js";
import { MAX_TOKEN_DAYS, MAX_TOKEN_NAME } from "./token.service.js";

// Lengths and sizes are checked here, as REST's schema does; which scopes the caller may grant
// and whether the expiry is in range are the service's to say (FORBIDDEN, INVALID_PARAMETER).

@InputType({
  description:
    "A token to issue (for a counting device, say). No idempotencyKey: only the token's hash is stored, so a retry could not show the token again; a retried create makes a second token, which revokeApiToken removes.",
})
export class CreateApiTokenInput {
  @Field({
    description: `What to call it (the device or the person): trimmed, 1 to ${MAX_TOKEN_NAME} characters, no control characters. Written as the actor on everything the token does.`,
  })
  @MaxLength(MAX_TOKEN_NAME)
  name!: string;

  @Field(() => [TokenScope], {
    description: `What it may do: at least one scope, each one the calling token holds itself (else FORBIDDEN), never TOKENS (FORBIDDEN). ${atMost("CreateApiTokenInput.scopes")}`,
  })
  @ArrayMaxSize(LIST_BOUNDS["CreateApiTokenInput.scopes"].max)
  scopes!: string[];

  @Field(() => [Int], {
    nullable: true,
    description: `Limits the token to these sites (each once): it sees and changes only their stock, stock takes, transfers (from or to them), movements and events, and a request naming no site means its first site (the first of site_ids). SITE_NOT_FOUND for a site the account does not have; INVALID_PARAMETER with a scope other than ${SITE_LIMITED_SCOPES.join(", ")}. Null or absent: every site. ${atMost("CreateApiTokenInput.siteIds")}`,
  })
  @ArrayMaxSize(LIST_BOUNDS["CreateApiTokenInput.siteIds"].max)
  siteIds?: number[] | null;

  @Field(() => DateTimeResolver, {
    description: `When it stops working: required, in the future and at most ${MAX_TOKEN_DAYS} days ahead (else INVALID_PARAMETER).`,
  })
  expiresAt!: Date;
}

@InputType({ description: "The token to revoke." })
export class RevokeApiTokenInput {
  @Field(() => Int, { description: "The token's id (ApiToken.id)." })
  @Min(1)
  id!: number;
}
