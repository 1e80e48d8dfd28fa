import { Authorized, Mutation, type AuthChecker } from "type-graphql";
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

/** @Mutation that needs a token with `scope`; the description says so, so Sandbox shows it. */
export function ScopedMutation(
  scope: Scope,
  returns: Parameters<typeof Mutation>[0],
  description: string,
): MethodDecorator {
  const authorized = Authorized(scope);
  const mutation = Mutation(returns, { description: `${description} Needs the ${scope} scope.` });
  return (target, key, descriptor) => {
    authorized(target, key, descriptor);
    mutation(target, key, descriptor);
  };
}
