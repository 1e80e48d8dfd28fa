// What an authorised resolver works with: the service context of its request, and the request's
// batch loaders.
import type { ServiceContext } from "../context.js";
import { AppError } from "../errors.js";
import type { GraphQLContext } from "./context.js";
import { unverifiedOf } from "./deferred.js";
import { createLoaders, type Loaders } from "./loaders.js";

/** The request's loaders (the auth checker ran first, so there is a caller). */
export function loadersOf(ctx: GraphQLContext): Loaders {
  if (!ctx.principal)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  // Most requests (a mutation and its payload) never load by id: no loaders for them.
  ctx.loaders ??= createLoaders(ctx.read ?? ctx.db, ctx.principal.accountId);
  return ctx.loaders;
}

/** The service context of an authorised resolver (the auth checker ran first). */
export function serviceContext(ctx: GraphQLContext): ServiceContext {
  if (!ctx.principal)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  const unverified = ctx.deferred && unverifiedOf(ctx);
  return {
    db: ctx.db,
    principal: ctx.principal,
    ...(ctx.read ? { read: ctx.read } : {}),
    ...(unverified ? { unverified } : {}),
  };
}
