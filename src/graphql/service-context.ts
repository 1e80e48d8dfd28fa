// What an authorised resolver works with: the service context of its request, and the request's
// batch loaders.
import type { ServiceContext } from "../context.js";
import type { Idempotent } from "../db/idempotency.js";
import { AppError } from "../errors.js";
import type { GraphQLContext } from "./context.js";
import { unverifiedOf } from "./deferred.js";
import { createLoaders, type Loaders } from "./loaders.js";

/** The request's loaders (the auth checker ran first, so there is a caller). */
export function loadersOf(ctx: GraphQLContext): Loaders {
  if (!ctx.principal)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  // Most requests (a mutation and its payload) never load by id: no loaders for them.
  ctx.loaders ??= createLoaders(ctx.read ?? ctx.db, ctx.principal);
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

/**
 * A keyed use case run for a mutation: `run` gets the request's service context and the input's
 * idempotency key (null or absent: none), and what it answers (or answered the first time the
 * key was used) is the mutation's value.
 */
export async function keyedValue<V>(
  ctx: GraphQLContext,
  key: string | null | undefined,
  run: (service: ServiceContext, key: string | undefined) => Promise<Idempotent<V>>,
): Promise<V> {
  return (await run(serviceContext(ctx), key ?? undefined)).value;
}
