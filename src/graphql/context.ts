import type { PrismaClient } from "../db/client.js";
import type { Principal, ServiceContext } from "../context.js";
import { AppError } from "../errors.js";

export interface GraphQLContext {
  db: PrismaClient;
  /** null when no valid token came with the request; the auth checker then refuses. */
  principal: Principal | null;
  /** Why principal is null, for the UNAUTHENTICATED message. */
  authProblem: string | null;
}

/** The service context of an authorised resolver (the auth checker ran first). */
export function serviceContext(ctx: GraphQLContext): ServiceContext {
  if (!ctx.principal)
    throw new AppError("UNAUTHENTICATED", ctx.authProblem ?? "authentication required");
  return { db: ctx.db, principal: ctx.principal };
}
