import { Arg, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { SCOPES } from "../../auth/principal.js";
import { ScopedMutation } from "../../graphql/auth.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import * as settings from "./account.settings.js";
import { Account, UpdateAccountInput, UpdateAccountPayload, Viewer } from "./account.types.js";
import { getViewer } from "./account.viewer.js";

@Resolver(() => Account)
export class AccountResolver {
  @Authorized("read")
  @Query(() => Account, {
    description: "The token's account: its name, time zone and currency. Needs the read scope.",
  })
  account(@Ctx() ctx: GraphQLContext) {
    return settings.getAccount(serviceContext(ctx));
  }

  @Authorized(...SCOPES)
  @Query(() => Viewer, {
    description:
      "The token this request carries: its scopes, sites and expiry, and its account. Needs any one scope (whichever: every token issued holds one).",
  })
  viewer(@Ctx() ctx: GraphQLContext) {
    return getViewer(serviceContext(ctx));
  }

  @ScopedMutation(
    "costs",
    () => UpdateAccountPayload,
    "Sets the account's currency, which costs and values are in: it must be set before any cost (CURRENCY_NOT_SET) and can change only while no cost has ever been set (CURRENCY_IN_USE).",
  )
  async updateAccount(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateAccountInput, { description: "What to change." })
    input: UpdateAccountInput,
  ) {
    return { account: await settings.updateAccount(serviceContext(ctx), input) };
  }
}
