import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import { AppError } from "../errors.js";
import {
  chargeOf,
  costOfLines,
  rateLimitHeaders,
  refusalMessage,
  type BucketDecision,
  type TokenBucket,
} from "../rate-limit/bucket.js";
import type { RateLimiter } from "../rate-limit/limiter.js";

declare module "fastify" {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
  interface FastifyRequest {
    /** The caller's rate-limit bucket (null: unlimited, or not authenticated). */
    rateBucket: TokenBucket | null;
    /** Units its authentication took (0 when its lines pay the whole cost later). */
    rateTaken: number;
  }
}

/** Puts a decision's RateLimit-* headers (and Retry-After when refused) on the reply. */
export function sendRateLimitHeaders(reply: FastifyReply, decision: BucketDecision): void {
  for (const [name, value] of rateLimitHeaders(decision)) reply.header(name, value);
}

/** Tells the caller what its bucket answered; a refusal is 429 RATE_LIMITED, before any work. */
export function applyDecision(
  reply: FastifyReply,
  bucket: TokenBucket,
  decision: BucketDecision,
  cost: number,
): void {
  sendRateLimitHeaders(reply, decision);
  if (!decision.granted) {
    throw new AppError("RATE_LIMITED", refusalMessage(bucket.limit, decision, cost));
  }
}

/**
 * Route hook charging a request for its lines once its body is read and valid, before the
 * handler writes anything: the rest of costOfLines beyond what authentication took (with the
 * buckets in PostgreSQL authentication took 1, so up to LINES_PER_UNIT lines cost no second
 * trip to the bucket; with Redis it took none, and this is the request's one call).
 */
export function chargeLines(linesOf: (request: FastifyRequest) => number): preHandlerHookHandler {
  return async (request, reply) => {
    const bucket = request.rateBucket;
    if (!bucket) return;
    const total = chargeOf(costOfLines(linesOf(request)), bucket.limit);
    const extra = total - request.rateTaken;
    if (extra <= 0) return;
    // A retry pays its authentication's unit again: it must find `total` units to pass.
    const decision = await request.server.limiter.charge(bucket, extra, total);
    if (decision) applyDecision(reply, bucket, decision, total);
  };
}
