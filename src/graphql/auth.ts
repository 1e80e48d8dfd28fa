import { Mutation, UseMiddleware, type AuthChecker, type MiddlewareFn } from "type-graphql";
import type { Scope } from "../auth/principal.js";
import { AppError } from "../errors.js";
import { clearLoaders } from "./loaders.js";
import type { GraphQLContext } from "./context.js";
import { asUserErrors } from "./errors.js";

/** No valid token → UNAUTHENTICATED, token without one of the scopes → FORBIDDEN. */
export function requireScopes(context: GraphQLContext, scopes: readonly Scope[]): void {
  if (!context.principal) {
    throw new AppError("UNAUTHENTICATED", context.authProblem ?? "authentication required");
  }
  const missing = scopes.filter((s) => !context.principal?.scopes.has(s));
  if (missing.length > 0) {
    throw new AppError("FORBIDDEN", `this token lacks the ${missing.join(", ")} scope`);
  }
}

/** No valid token → UNAUTHENTICATED, token with none of the scopes → FORBIDDEN. */
export function requireAnyScope(context: GraphQLContext, scopes: readonly Scope[]): void {
  if (!context.principal) {
    throw new AppError("UNAUTHENTICATED", context.authProblem ?? "authentication required");
  }
  if (!scopes.some((s) => context.principal?.scopes.has(s))) {
    throw new AppError("FORBIDDEN", `this token lacks the ${scopes.join(" or ")} scope`);
  }
}

/** @Authorized("scope") on a query field; @Authorized("a", "b"): a token with either. */
export const authChecker: AuthChecker<GraphQLContext, Scope> = ({ context }, scopes) => {
  requireAnyScope(context, scopes);
  return true;
};

/** The userErrors of a payload that has none (frozen: every payload shares it). */
const NO_USER_ERRORS: readonly never[] = Object.freeze([]);

/**
 * What every mutation runs around its resolver, in one async layer (each layer TypeGraphQL
 * stacks costs a promise per call): the scope check; the payload's userErrors, empty when the
 * resolver returns (so no resolver writes `userErrors: []`), or the rule violations, input
 * validation included, when it throws; and the request's loaders cleared afterwards, so `b` in
 * `a: adjustSkuStock(→100) b: adjustSkuStock(→200)` reads 200, not what `a` read.
 */
const guardMutation =
  (scope: Scope | readonly Scope[]): MiddlewareFn<GraphQLContext> =>
  async ({ context }, next) => {
    requireAnyScope(context, typeof scope === "string" ? [scope] : scope);
    try {
      const payload = (await next()) as { userErrors?: unknown };
      payload.userErrors ??= NO_USER_ERRORS;
      return payload;
    } catch (error) {
      return asUserErrors(error);
    } finally {
      if (context.loaders) clearLoaders(context.loaders);
    }
  };

/**
 * @Mutation that needs a token with `scope`, or any one of several (its service says what each
 * may do; the description says so, so Sandbox shows it), answers rule violations as userErrors
 * and starts the next mutation's reads afresh. The guard sits on the mutations alone: as a global
 * middleware it would wrap every field of every answer in an async call.
 */
export function ScopedMutation(
  scope: Scope | readonly Scope[],
  returns: Parameters<typeof Mutation>[0],
  description: string,
): MethodDecorator {
  const needs = typeof scope === "string" ? scope : scope.join(" or ");
  const decorators = [
    UseMiddleware(guardMutation(scope)),
    Mutation(returns, { description: `${description} Needs the ${needs} scope.` }),
  ];
  return (target, key, descriptor) => {
    for (const decorate of decorators) decorate(target, key, descriptor);
  };
}
