import type { AuthChecker } from "type-graphql";
import type { Scope } from "../context.js";
import { AppError } from "../errors.js";
import type { GraphQLContext } from "./context.js";

/** @Authorized("scope") on a field: no valid token → UNAUTHENTICATED, token without the scope → FORBIDDEN. */
export const authChecker: AuthChecker<GraphQLContext, Scope> = ({ context }, scopes) => {
  if (!context.principal) {
    throw new AppError("UNAUTHENTICATED", context.authProblem ?? "authentication required");
  }
  const missing = scopes.filter((s) => !context.principal?.scopes.has(s));
  if (missing.length > 0) {
    throw new AppError("FORBIDDEN", `this token lacks the ${missing.join(", ")} scope`);
  }
  return true;
};
