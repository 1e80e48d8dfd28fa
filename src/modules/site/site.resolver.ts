import { Arg, Args, Authorized, Ctx, Int, Query, Resolver } from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { keyedValue, serviceContext } from "../../graphql/service-context.js";
import { CreateSiteInput, SitesArgs, UpdateSiteInput } from "./site.inputs.js";
import * as sites from "./site.service.js";
import { CreateSitePayload, Site, SiteConnection, UpdateSitePayload } from "./site.types.js";

@Resolver(() => Site)
export class SiteResolver {
  @Authorized("read")
  @Query(() => SiteConnection, {
    description: "The account's sites in id order, the default among them. Needs the read scope.",
  })
  async sites(@Ctx() ctx: GraphQLContext, @Args(() => SitesArgs) args: SitesArgs) {
    const { first, after, active } = args;
    return toConnection(
      await sites.listSites(serviceContext(ctx), { limit: first, cursor: after, active }),
      after,
    );
  }

  @Authorized("read")
  @Query(() => Site, {
    description: "A site by id (SITE_NOT_FOUND if the account has none). Needs the read scope.",
  })
  site(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The site's id." }) id: number,
  ) {
    return sites.getSite(serviceContext(ctx), id);
  }

  @ScopedMutation(
    "sites",
    () => CreateSitePayload,
    `Creates a site (a store, a warehouse, a van). An account has at most ${sites.MAX_SITES.toLocaleString("en-US")} sites (TOO_MANY_SITES).`,
  )
  async createSite(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateSiteInput, { description: "The site to create." })
    input: CreateSiteInput,
  ) {
    const { idempotencyKey, ...data } = input;
    return {
      site: await keyedValue(ctx, idempotencyKey, (s, key) => sites.createSite(s, data, key)),
    };
  }

  @ScopedMutation(
    "sites",
    () => UpdateSitePayload,
    "Renames, recodes, deactivates or activates a site, or makes it the account's default. The default is always active and stops being the default only when another site becomes it (DEFAULT_SITE).",
  )
  async updateSite(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateSiteInput, { description: "The site and what to change." })
    input: UpdateSiteInput,
  ) {
    const { id, ...changes } = input;
    return { site: await sites.updateSite(serviceContext(ctx), id, changes) };
  }
}
