import type {
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onRequestHookHandler,
  onResponseHookHandler,
  preHandlerHookHandler,
  preSerializationHookHandler,
} from "fastify";
import type { ServiceContext } from "../context.js";
import type { Principal, Scope } from "../auth/principal.js";
import { hashToken, tokenCheck } from "../auth/tokens.js";
import {
  alone,
  entered,
  forgetToken,
  left,
  recentPrincipal,
  rememberToken,
} from "../auth/recent-tokens.js";
import { bearerToken, bodyPrice, resolvePrincipal } from "../auth/request.js";
import { AppError } from "../errors.js";
import { bindAccount } from "../db/request-scope.js";
import { costOfLines } from "../rate-limit/bucket.js";
import type { Authentication } from "../auth/tokens.js";
import { applyDecision, chargeBodyLines, chargeRows, pageLimitOf, pageRows } from "./rate-limit.js";
import type { LinePricing } from "../operations.js";
import { payAccount } from "../auth/limiter.js";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    /** A token left to check with the request's work (see requireScope's `inline`). */
    deferred: Deferred | null;
  }
}

interface ScopePricing {
  /**
   * Whether the request may leave its token to be checked in the statement of its work (one
   * round trip, not two: see writeContext), when its body costs one unit and this process has
   * already seen the token hold the scope. Such a body is read before the token is checked:
   * that is what its one unit pays for.
   */
  inline?: (request: FastifyRequest) => boolean;
  /** The route charges the request's lines once its body is read (see linePricedScope). */
  pricedByLines?: boolean;
  /** Units such a route costs beyond its lines, taken at authentication with the first. */
  baseUnits?: number;
  /**
   * The most rows the request may answer: its bucket must hold what they cost, or it is refused
   * here, before it runs (see rowPricedScope).
   */
  mostRows?: (request: FastifyRequest) => number;
}

/**
 * Route hook: authenticates (and rate-limits) before the body is even read, then checks the
 * scope. The request pays here what its body's bytes cost, so a body padded past its price is
 * refused unread; a request over its token's limit is refused here, so nothing of it is processed.
 */
export function requireScope(
  scope: Scope | readonly Scope[],
  { pricedByLines = false, baseUnits = 0, mostRows, inline }: ScopePricing = {},
): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // With the buckets in Redis a charge is a round trip of its own: a small body priced by its
    // lines then makes one, for all its cost, once it is read (not one now and one then).
    const bytes = bodyPrice(request);
    const least = 1 + baseUnits;
    const cost =
      bytes > 1
        ? Math.max(bytes, least)
        : pricedByLines && !request.server.limiter.atAuthentication
          ? 0
          : least;
    const token = inline ? bearerToken(request) : undefined;
    const digest = token ? hashToken(token) : undefined;
    if (
      digest &&
      typeof scope === "string" &&
      cost === 1 &&
      request.server.limiter.atAuthentication &&
      inline?.(request)
    ) {
      const principal = recentPrincipal(digest, scope);
      if (principal) {
        request.deferred = { scope, principal, digest, settled: false, inFlight: true };
        // The token's account, as this process last saw it: a token's account never changes.
        bindAccount(principal.accountId);
        entered(digest);
        return;
      }
    }
    const holds = mostRows ? Math.max(cost, costOfLines(mostRows(request))) : cost;
    admit(request, reply, await resolvePrincipal(request, cost, holds), scope, cost);
    if (digest && request.principal) rememberToken(digest, request.principal);
  };
}

/**
 * Route hook of a route any one of `scopes` lets in (what each may do there, its service says):
 * authenticates and rate-limits as requireScope does, before the body is read.
 */
export function requireAnyScope(scopes: readonly Scope[]): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cost = Math.max(bodyPrice(request), 1);
    admit(request, reply, await resolvePrincipal(request, cost), scopes, cost);
  };
}

/**
 * Lets in an authenticated request, with its bucket's RateLimit headers, or says why not: 401,
 * 429 when its bucket refused `cost`, 403 without `scope` (or any one of several).
 */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Authentication,
  scope: Scope | readonly Scope[],
  cost: number,
): Principal {
  if (!result.principal) throw new AppError("UNAUTHENTICATED", result.problem);
  if (result.bucket && result.decision) {
    applyDecision(reply, result.bucket, result.decision, cost);
  }
  request.rateBucket = result.bucket;
  request.rateTaken = cost;
  const anyOf = typeof scope === "string" ? [scope] : scope;
  const held = result.principal.scopes;
  if (!anyOf.some((s) => held.has(s))) {
    throw new AppError("FORBIDDEN", `this token lacks the ${anyOf.join(" or ")} scope`);
  }
  request.principal = result.principal;
  bindAccount(result.principal.accountId);
  return result.principal;
}

/** A request whose token is left to be checked with its work. */
interface Deferred {
  scope: Scope;
  /** Who the token was when this process last checked it. */
  principal: Principal;
  /** The token's digest. */
  digest: string;
  /** Whether its check has begun (once done, request.principal is set, or it was refused). */
  settled: boolean;
  /** Whether it still counts among its token's deferred requests in flight here (`alone`). */
  inFlight: boolean;
}

/**
 * Counts a deferred request out of its token's requests in flight, once: when its token has been
 * checked (`outcome`; a token that did not authenticate is forgotten) or the request ended.
 */
function release(deferred: Deferred, outcome?: Authentication): void {
  if (!deferred.inFlight) return;
  deferred.inFlight = false;
  left(deferred.digest);
  if (outcome && !outcome.principal) forgetToken(deferred.digest);
}

/**
 * Checks a deferred request's token in a statement of its own, as every other request's is
 * (a no-op once checked): before any work other than its one statement, and before an error
 * found in its body is answered, so that an unknown token is a 401 whatever it sent.
 */
export async function settleDeferred(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const deferred = request.deferred;
  if (!deferred || deferred.settled) return;
  deferred.settled = true; // whatever happens next: it is checked once
  let result: Authentication | undefined;
  try {
    result = await resolvePrincipal(request, 1);
  } finally {
    release(deferred, result);
  }
  admit(request, reply, result, deferred.scope, 1);
}

/**
 * The service context of an authenticated request, or of a deferred one (see requireScope's
 * `inline`): `inline` says the work is one statement that can check the token itself
 * (ServiceContext.unverified); otherwise the token is checked first.
 */
export async function writeContext(
  request: FastifyRequest,
  reply: FastifyReply,
  { inline }: { inline: boolean },
): Promise<ServiceContext> {
  const deferred = request.deferred;
  const { limiter } = request.server;
  // Beside another of its token's requests the statement would hold the token's bucket until it
  // commits while the other waits for it: then the token is checked in a statement of its own;
  // so is one its account's budget refuses, which that check answers.
  if (
    !deferred ||
    deferred.settled ||
    !inline ||
    !alone(deferred.digest) ||
    limiter.accounts.admits(deferred.principal.accountId, 1)
  ) {
    await settleDeferred(request, reply);
    return ctxOf(request);
  }
  const token = bearerToken(request);
  const check =
    token && tokenCheck(token, deferred.scope, { defaults: limiter.defaults, charge: 1 });
  if (!check) {
    await settleDeferred(request, reply);
    return ctxOf(request);
  }
  return {
    db: request.server.db,
    principal: deferred.principal,
    unverified: {
      check,
      admit: (outcome) => {
        deferred.settled = true;
        release(deferred, outcome);
        return admit(request, reply, payAccount(limiter, outcome, 1), deferred.scope, 1);
      },
      authenticate: async () => {
        await settleDeferred(request, reply);
        return ctxOf(request).principal;
      },
    },
  };
}

/**
 * The hooks of a route whose work may check its token itself (requireScope's `inline`, when
 * `inline` says so of the request): authentication, and the bookkeeping of a deferred request
 * that ends without its token being checked (an abandoned request).
 */
export function inlineScope(
  scope: Scope,
  inline: (request: FastifyRequest) => boolean,
): {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
  onRequestAbort: onRequestAbortHookHandler;
} {
  const ended = async (request: FastifyRequest) => {
    if (request.deferred) release(request.deferred);
  };
  return {
    onRequest: requireScope(scope, { inline }),
    onResponse: ended,
    onRequestAbort: ended,
  };
}

/**
 * The hooks of a route priced by the lines its body carries (each counted `lineWeight` times, and
 * `baseUnits` more): authentication with the scope before the body is read, and the lines' units
 * once it is read and valid, before the handler. `Body` is the route's body as its schema
 * validates it (`linesOf` runs after validation).
 */
export function linePricedScope<Body>(
  scope: Scope,
  linesOf: (body: Body) => number,
  { baseUnits = 0, lineWeight = 1 }: LinePricing = {},
): { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler } {
  return {
    onRequest: requireScope(scope, { pricedByLines: true, baseUnits }),
    preHandler: chargeBodyLines((request) => linesOf(request.body as Body), {
      baseUnits,
      lineWeight,
    }),
  };
}

/**
 * What a row of the ledger or of the change feed counts as, in lines: such a row costs the server
 * about twice a catalog row (read, with its JSON or its decimals, and answered), measured (docs:
 * limits), so a 1,000-row page of movements or events costs 20 units.
 */
export const LEDGER_ROW_WEIGHT = 2;

/**
 * The hooks of a route answering a list, priced by its rows (1 unit per started 100, each row
 * counted `rowWeight` times): it is refused at authentication unless its bucket holds what
 * `mostRows` rows cost (by default its `limit`), takes 1 unit then and the rest once its rows
 * are counted, before they are sent.
 */
export function rowPricedScope(
  scope: Scope | readonly Scope[],
  {
    mostRows = pageLimitOf,
    rowsOf = pageRows,
    rowWeight = 1,
  }: {
    mostRows?: (request: FastifyRequest) => number;
    rowsOf?: (payload: unknown) => number | undefined;
    rowWeight?: number;
  } = {},
): { onRequest: onRequestHookHandler; preSerialization: preSerializationHookHandler<unknown> } {
  const weighted = (rows: number | undefined) => (rows === undefined ? rows : rows * rowWeight);
  return {
    onRequest: requireScope(scope, { mostRows: (request) => mostRows(request) * rowWeight }),
    preSerialization: chargeRows((payload) => weighted(rowsOf(payload))),
  };
}

/** The service context of an authenticated request. */
export function ctxOf(request: FastifyRequest): ServiceContext {
  if (!request.principal || (request.deferred && !request.deferred.settled))
    throw new AppError("UNAUTHENTICATED", "authentication required");
  const read = request.reader ?? undefined;
  return { db: request.server.db, principal: request.principal, ...(read ? { read } : {}) };
}
