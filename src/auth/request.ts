// The caller of an HTTP request (REST or GraphQL over HTTP): its bearer token, who that token
// is (checked and charged by the limiter), and what reading its body costs before a byte is read.
import type { FastifyRequest } from "fastify";
import { costOfBytes } from "../rate-limit/bucket.js";
import type { Authentication } from "./tokens.js";

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
