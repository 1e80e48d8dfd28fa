import { Arg, Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { PageArgs, toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import { CreateApiTokenInput, RevokeApiTokenInput } from "./token.inputs.js";
import * as tokens from "./token.service.js";
import {
  ApiToken,
  ApiTokenConnection,
  CreateApiTokenPayload,
  RevokeApiTokenPayload,
} from "./token.types.js";

@Resolver(() => ApiToken)
export class TokenResolver {
  @Authorized("tokens")
  @Query(() => ApiTokenConnection, {
    description:
      "The account's API tokens, newest first, revoked and expired ones too; never a token itself or its hash. Needs the tokens scope.",
  })
  async apiTokens(@Ctx() ctx: GraphQLContext, @Args(() => PageArgs) { first, after }: PageArgs) {
    return toConnection(
      await tokens.listApiTokens(serviceContext(ctx), { limit: first, cursor: after }),
      after,
    );
  }

  @ScopedMutation(
    "tokens",
    () => CreateApiTokenPayload,
    `Issues an API token (a counting device's, say) with some of the calling token's scopes, never TOKENS, expiring within ${tokens.MAX_TOKEN_DAYS} days, at the service's default rate limit; the token itself is in the payload, shown only here. An account holds at most ${tokens.MAX_LIVE_TOKENS.toLocaleString("en-US")} live tokens (TOO_MANY_TOKENS).`,
  )
  async createApiToken(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateApiTokenInput, { description: "The token to issue." })
    input: CreateApiTokenInput,
  ) {
    const { token, ...apiToken } = await tokens.createApiToken(serviceContext(ctx), input);
    return { apiToken: { ...apiToken, revokedAt: null, lastUsedAt: null }, token };
  }

  @ScopedMutation(
    "tokens",
    () => RevokeApiTokenPayload,
    "Revokes an API token: its next request is refused, and its subscriptions end at their next token check. Only a token holding every scope of the other may revoke it (else FORBIDDEN); revoking a revoked token changes nothing.",
  )
  async revokeApiToken(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => RevokeApiTokenInput, { description: "The token to revoke." })
    input: RevokeApiTokenInput,
  ) {
    return { apiToken: await tokens.revokeApiToken(serviceContext(ctx), input.id) };
  }
}
