import type { MiddlewareFn } from "type-graphql";
import type { PrismaClient } from "../db/client.js";
import type { Principal, ServiceContext } from "../context.js";
import { AppError } from "../errors.js";
import { clearLoaders, createLoaders, type Loaders } from "./loaders.js";

export interface GraphQLContext {
  db: PrismaClient;
  /** null when no valid token came with the request; the auth checker then refuses. */
  principal: Principal | null;
  /** Why principal is null, for the UNAUTHENTICATED message. */
  authProblem: string | null;
  /** Batch loaders of this request, scoped to the caller's account (null when unauthenticated). */
  loaders: Loaders | null;
}

/** The context of one GraphQL request. */
export function createContext(
  db: PrismaClient,
  principal: Principal | null,
  authProblem: string | null,
): GraphQLContext {
  return {
    db,
    principal,
    authProblem,
    loaders: principal ? createLoaders(db, principal.accountId) : null,
  };
}

/** The request's loaders (the auth checker ran first, so there is a caller). */
export function loadersOf(ctx: GraphQLContext): Loaders {
  if (!ctx.loaders)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  return ctx.loaders;
}

/** The service context of an authorised resolver (the auth checker ran first). */
export function serviceContext(ctx: GraphQLContext): ServiceContext {
  if (!ctx.principal)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  return { db: ctx.db, principal: ctx.principal };
}

/**
 * Mutations run one after another, each followed by its payload; every mutation starts its
 * payload's reads afresh, so `b` in `a: adjustSkuStock(→100) b: adjustSkuStock(→200)` shows 200
 * rather than the 100 that `a`'s payload read.
 */
export const freshReadsAfterMutations: MiddlewareFn<GraphQLContext> = async ({ context }, next) => {
  try {
    return await next();
  } finally {
    if (context.loaders) clearLoaders(context.loaders);
  }
};
