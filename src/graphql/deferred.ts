// A single adjustSkuStock checks its token inside the adjustment's one statement, as REST's
// PATCH /skus/{id} does (http/auth.ts, docs/architecture/statements.md): one round trip instead of
// two, once this process has seen the token hold the adjust scope. The context leaves the token
// unchecked only for a small body that names adjustSkuStock; admission keeps it so only for an
// operation that is exactly that one field, priced one unit, with no other of the token's deferred
// requests in flight here, and checks it in a statement of its own otherwise, before anything of
// the operation runs. Whatever ends the request without its check (an input refused before the
// statement, bad variables), the token is checked before the answer goes out, and a token it
// refuses is answered 401 or 429 as it would have been at the door.
import { HeaderMap, type ApolloServerPlugin, type GraphQLResponse } from "@apollo/server";
import { GraphQLError, Kind, type OperationDefinitionNode } from "graphql";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UnverifiedToken } from "../context.js";
import type { Principal } from "../auth/principal.js";
import { AppError } from "../errors.js";
import { bearerToken, bodyPrice } from "../auth/request.js";
import { alone, entered, forgetToken, left, recentPrincipal } from "../auth/recent-tokens.js";
import { accountOf, hashToken, tokenCheck, type Authentication } from "../auth/tokens.js";
import { rateLimitHeaders } from "../rate-limit/bucket.js";
import { payAccount } from "../auth/limiter.js";
import type { GraphQLContext } from "./context.js";
import type { DeferredToken } from "./deferred-token.js";
import { contextFailure, formatError } from "./errors.js";
import { rateLimitedError } from "./rate-limit.js";

/** The one mutation whose token may be checked in its own statement. */
const DEFERRABLE_FIELD = "adjustSkuStock";

/**
 * The token of a request that may leave it unchecked until its operation is known, and who that
 * token was when this process last let it adjust; null when the request is checked as any other.
 * A hint only: whatever it says, the token is checked before anything of the operation runs.
 */
export function deferrable(
  app: FastifyInstance,
  request: FastifyRequest,
): { token: string; digest: string; principal: Principal | undefined } | null {
  if (!app.limiter.atAuthentication || request.method !== "POST" || bodyPrice(request) !== 1)
    return null;
  const query = (request.body as { query?: unknown } | undefined)?.query;
  if (typeof query !== "string" || !query.includes(DEFERRABLE_FIELD)) return null;
  const token = bearerToken(request);
  if (!token) return null;
  const digest = hashToken(token);
  return { token, digest, principal: recentPrincipal(digest, "adjust") };
}

/** Whether an operation is exactly one adjustSkuStock (no directive, fragment or other field). */
function isSingleAdjustment(operation: OperationDefinitionNode): boolean {
  const [only, ...rest] = operation.selectionSet.selections;
  return (
    operation.operation === "mutation" &&
    rest.length === 0 &&
    only?.kind === Kind.FIELD &&
    only.name.value === DEFERRABLE_FIELD &&
    !only.directives?.length &&
    !operation.directives?.length
  );
}

/** Counts a deferred request out of its token's requests in flight, once. */
function release(deferred: DeferredToken, outcome?: Authentication): void {
  deferred.settled = true;
  if (!deferred.inFlight) return;
  deferred.inFlight = false;
  left(deferred.digest);
  if (outcome && !outcome.principal) forgetToken(deferred.digest);
}

/** The refusal of a request without a valid token: 401, as REST answers it. */
export function unauthenticated(problem: string | null): GraphQLError {
  const error = new AppError("UNAUTHENTICATED", problem ?? "authentication required");
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: {
      http: {
        status: 401,
        headers: new HeaderMap([["www-authenticate", 'Bearer realm="countpoint"']]),
      },
    },
  });
}

/**
 * Makes the context the authentication's (as the context function does for a checked request):
 * its principal, or none and why; its bucket's headers, 429 when the bucket refused.
 */
function adopt(context: GraphQLContext, outcome: Authentication, headers: HeaderMap | null): void {
  if (!outcome.principal) {
    context.principal = null;
    context.authProblem = outcome.problem;
    return;
  }
  const { bucket, decision } = outcome;
  if (bucket && decision) {
    if (headers) for (const [name, value] of rateLimitHeaders(decision)) headers.set(name, value);
    if (!decision.granted) {
      context.principal = null;
      throw rateLimitedError(bucket, decision, 1);
    }
  }
  context.principal = outcome.principal;
  context.rateBucket = bucket;
  context.rateTaken = 1;
}

/** Checks a deferred token in a statement of its own, as every other request's (once). */
async function settle(context: GraphQLContext, deferred: DeferredToken): Promise<void> {
  if (deferred.settled) return;
  let outcome: Authentication | undefined;
  try {
    outcome = await deferred.limiter.authenticate(deferred.token, 1);
  } catch (error) {
    // The database did not answer: 503 with Retry-After, as at the door.
    throw contextFailure(error);
  } finally {
    release(deferred, outcome);
  }
  adopt(context, outcome, deferred.headers);
}

/**
 * Admission's first step for a context whose token is deferred: anything but a single
 * adjustSkuStock has its token checked now, before the operation's variables are walked.
 */
export async function settleUnlessSingleAdjustment(
  context: GraphQLContext,
  operation: OperationDefinitionNode,
  headers: HeaderMap,
): Promise<void> {
  const deferred = context.deferred;
  if (!deferred || deferred.settled) return;
  deferred.headers = headers;
  if (!isSingleAdjustment(operation)) await settle(context, deferred);
}

/**
 * Admission's last step before the charge: keeps a single adjustSkuStock's token for its
 * statement to check when it is priced one unit (what the statement takes) and is the only one of
 * its token's deferred requests in flight here; else checks it now.
 */
export async function keepDeferred(context: GraphQLContext, price: number): Promise<void> {
  const deferred = context.deferred;
  if (!deferred || deferred.settled) return;
  if (price === 1) {
    deferred.check = tokenCheck(deferred.token, "adjust", {
      defaults: deferred.limiter.defaults,
      charge: 1,
    });
    entered(deferred.digest);
    deferred.inFlight = true;
    // Beside another of its token's requests the statement would hold the token's bucket until
    // it commits while the other waits for it: then the token is checked on its own; so is one
    // its account's budget refuses, which that check answers.
    const accountId = accountOf(deferred.token);
    const refused = accountId !== null && deferred.limiter.accounts.admits(accountId, 1);
    if (deferred.check && alone(deferred.digest) && !refused) return;
  }
  await settle(context, deferred);
}

/** The ServiceContext's `unverified` of a context whose token admission kept unchecked. */
export function unverifiedOf(context: GraphQLContext): UnverifiedToken | undefined {
  const deferred = context.deferred;
  if (!deferred?.check || deferred.settled) return undefined;
  return {
    check: deferred.check,
    admit: (outcome) => {
      release(deferred, outcome);
      try {
        if (!outcome.principal) {
          context.principal = null;
          throw unauthenticated(outcome.problem);
        }
        adopt(context, payAccount(deferred.limiter, outcome, 1), deferred.headers);
      } catch (error) {
        if (error instanceof GraphQLError) deferred.refusal = error;
        throw error;
      }
      if (!outcome.principal.scopes.has("adjust"))
        throw new AppError("FORBIDDEN", "this token lacks the adjust scope");
      return outcome.principal;
    },
    authenticate: async () => {
      await settle(context, deferred);
      if (!context.principal) throw unauthenticated(context.authProblem);
      return context.principal;
    },
  };
}

/**
 * Replaces an answer with a refusal's (401, 429, or 503 when the token could not be checked), as
 * it would have been given at the door.
 */
function refuse(response: GraphQLResponse, refusal: GraphQLError): void {
  // Formatted where every GraphQL error is (its code from the AppError it carries), no path.
  const { message, extensions } = formatError(refusal.toJSON(), refusal);
  response.body = { kind: "single", singleResult: { errors: [{ message, extensions }] } };
  const http = refusal.extensions.http as { status?: number; headers?: HeaderMap } | undefined;
  response.http.status = http?.status;
  for (const [name, value] of http?.headers ?? []) response.http.headers.set(name, value);
}

/**
 * Checks, before the answer goes out, a deferred token that nothing of the operation checked (an
 * input refused before the statement, variables that did not coerce): a token it refuses is
 * answered as at the door. Also counts the request out of its token's in flight.
 */
export const deferredPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        const deferred = contextValue.deferred;
        if (!deferred) return;
        // Refused by the adjustment's statement: answered as a refusal at the door is, no data.
        if (deferred.refusal) refuse(response, deferred.refusal);
        if (deferred.settled) return release(deferred);
        deferred.headers ??= response.http.headers;
        try {
          await settle(contextValue, deferred);
          if (!contextValue.principal) refuse(response, unauthenticated(contextValue.authProblem));
        } catch (error) {
          if (!(error instanceof GraphQLError)) throw error;
          refuse(response, error);
        }
      },
    };
  },
};
