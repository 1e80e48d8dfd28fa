import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preSerializationHookHandler,
} from "fastify";
import type { Principal, Scope, ServiceContext } from "../context.js";
import { AppError } from "../errors.js";
import { chargeOf, costOfBytes, costOfLines } from "../rate-limit/bucket.js";
import type { Authentication } from "../modules/account/account.auth.js";
import { applyDecision, chargeBodyLines, chargeRows, pageLimitOf, pageRows } from "./rate-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The bearer token of a request: undefined when absent, null when the header is not Bearer. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return parseBearer(header);
}

/** The token of an Authorization value `Bearer <token>`, else null. */
export function parseBearer(value: string): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1] ?? null;
}

/**
 * Resolves the caller, or says why it cannot, taking `cost` units (the request's first) from its
 * token's rate-limit bucket if it holds `holds`: shared by REST and GraphQL.
 */
export async function resolvePrincipal(
  request: FastifyRequest,
  cost = 1,
  holds = cost,
): Promise<Authentication> {
  const token = bearerToken(request);
  if (token === undefined)
    return { principal: null, problem: "send Authorization: Bearer <token>" };
  if (token === null)
    return { principal: null, problem: "the Authorization header must be Bearer <token>" };
  return request.server.limiter.authenticate(token, cost, holds);
}

/**
 * What reading a request's body costs (costOfBytes), from what the request declares before a byte
 * of it is read: its Content-Length, or without one (a chunked body) the most its route reads; a
 * body over its route's limit is priced at the limit (it is refused unread, 413). 1 for no body.
 */
export function bodyPrice(request: FastifyRequest): number {
  const { headers } = request;
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
  const declared = headers["content-length"];
  if (declared !== undefined) return costOfBytes(Math.min(Number(declared) || 0, limit));
  return headers["transfer-encoding"] === undefined ? 1 : costOfBytes(limit);
}

interface ScopePricing {
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
  scope: Scope,
  { pricedByLines = false, baseUnits = 0, mostRows }: ScopePricing = {},
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
    const holds = mostRows ? Math.max(cost, costOfLines(mostRows(request))) : cost;
    const result = await resolvePrincipal(request, cost, holds);
    if (!result.principal) throw new AppError("UNAUTHENTICATED", result.problem);
    if (result.bucket && result.decision) {
      applyDecision(reply, result.bucket, result.decision, cost);
    }
    request.rateBucket = result.bucket;
    request.rateTaken = result.bucket ? chargeOf(cost, result.bucket.limit) : cost;
    if (!result.principal.scopes.has(scope)) {
      throw new AppError("FORBIDDEN", `this token lacks the ${scope} scope`);
    }
    request.principal = result.principal;
  };
}

/**
 * The hooks of a route priced by the lines its body carries (and `baseUnits` more): authentication
 * with the scope before the body is read, and the lines' units once it is read and valid, before
 * the handler.
 */
export function linePricedScope(
  scope: Scope,
  linesOf: (request: FastifyRequest) => number,
  { baseUnits = 0 }: { baseUnits?: number } = {},
): { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler } {
  return {
    onRequest: requireScope(scope, { pricedByLines: true, baseUnits }),
    preHandler: chargeBodyLines(linesOf, baseUnits),
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
  scope: Scope,
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
  if (!request.principal) throw new AppError("UNAUTHENTICATED", "authentication required");
  const read = request.reader ?? undefined;
  return { db: request.server.db, principal: request.principal, ...(read ? { read } : {}) };
}
