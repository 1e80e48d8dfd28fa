import { Authorized, Mutation, UseMiddleware, type AuthChecker } from "type-graphql";
import type { Scope } from "../context.js";
import { AppError } from "../errors.js";
import { freshReadsAfterMutations, type GraphQLContext } from "./context.js";
import { userErrorsMiddleware } from "./errors.js";

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

/**
 * @Mutation that needs a token with `scope` (the description says so, so Sandbox shows it),
 * answers rule violations as userErrors and starts the next mutation's reads afresh. These
 * middlewares sit on the mutations alone: as global middlewares they would wrap every field of
 * every answer in an async call.
 */
export function ScopedMutation(
  scope: Scope,
  returns: Parameters<typeof Mutation>[0],
  description: string,
): MethodDecorator {
  const decorators = [
    Authorized(scope),
    UseMiddleware(userErrorsMiddleware, freshReadsAfterMutations),
    Mutation(returns, { description: `${description} Needs the ${scope} scope.` }),
  ];
  return (target, key, descriptor) => {
    for (const decorate of decorators) decorate(target, key, descriptor);
  };
}
