import type {
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  preSerializationHookHandler,
} from "fastify";
import { PAGE_DEFAULT, PAGE_MAX } from "../cursor.js";
import { AppError } from "../errors.js";
import { JsonRows } from "../json-rows.js";
import {
  walkKey,
  walkedUnits,
  type LinePricing,
  type Operation,
  type Walk,
} from "../operations.js";
import {
  costOfLines,
  rateLimitHeaders,
  refusalMessage,
  type BucketDecision,
  type TokenBucket,
} from "../rate-limit/bucket.js";
import { chargeRemainder, type RateLimiter } from "../auth/limiter.js";

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
 * Charges a request for `lines` lines before the work they stand for (a body's lines once it is
 * read and valid, a count sheet's lines once counted): the rest of costOfLines beyond what
 * authentication took (1, or what the body's bytes cost), or 429 RATE_LIMITED. With the buckets
 * in PostgreSQL up to LINES_PER_UNIT lines cost no second trip to the bucket; with Redis a small
 * body priced by its lines took nothing at authentication, and this is its one call.
 */
export async function chargeLines(
  request: FastifyRequest,
  reply: FastifyReply,
  lines: number,
  { baseUnits = 0, lineWeight = 1 }: LinePricing = {},
): Promise<void> {
  await chargeUnits(request, reply, baseUnits + costOfLines(lines * lineWeight));
}

/**
 * Charges a request whose price is known once something is counted, before the work it stands
 * for: the rest of `price` beyond what authentication took, or 429 RATE_LIMITED (noted against
 * `walk`, when one is named, in the refused walks).
 */
export async function chargeUnits(
  request: FastifyRequest,
  reply: FastifyReply,
  price: number,
  walk?: string,
): Promise<void> {
  const bucket = request.rateBucket;
  if (!bucket) return;
  const { limiter } = request.server;
  const charged = await chargeRemainder(limiter, bucket, request.rateTaken, price);
  if (charged && !charged.decision.granted && walk)
    limiter.refusedWalks.remember(bucket, walk, charged);
  if (charged) applyDecision(reply, bucket, charged.decision, charged.price);
  request.rateTaken = Math.max(request.rateTaken, price);
}

/**
 * Charges a request for the lines its `walk` walks (its operation's `walks`), counted before that
 * work, beyond what it has paid so far: or 429 RATE_LIMITED. The same walk refused for its price
 * lately is refused again before it is counted (src/rate-limit/refused-walks.ts).
 */
export async function chargeWalk(
  request: FastifyRequest,
  reply: FastifyReply,
  operation: Operation,
  walk: Walk,
): Promise<void> {
  const bucket = request.rateBucket;
  if (!bucket) return;
  const key = walkKey(operation, walk);
  const standing = request.server.limiter.refusedWalks.standing(bucket, key);
  if (standing) applyDecision(reply, bucket, standing.decision, standing.price);
  const units = walkedUnits(operation, await walk.lines());
  if (units > 0) await chargeUnits(request, reply, request.rateTaken + units, key);
}

/** Route hook charging a request for the lines its body carries, before the handler writes. */
export const chargeBodyLines =
  (
    linesOf: (request: FastifyRequest) => number,
    pricing: LinePricing = {},
  ): preHandlerHookHandler =>
  (request, reply) =>
    chargeLines(request, reply, linesOf(request), pricing);

/**
 * The most rows a page may answer, from its `limit` as sent (validated later; this only prices
 * it, reading it as validation's coercion does, the largest if it is repeated, at most `most`):
 * PAGE_DEFAULT when absent or not a number.
 */
export function pageLimitOf(request: FastifyRequest, most = PAGE_MAX): number {
  const raw = (request.query as Record<string, unknown> | undefined)?.limit;
  const limits = (Array.isArray(raw) ? raw : [raw])
    .map((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : NaN))
    .filter((limit) => limit >= 1);
  return limits.length ? Math.min(Math.ceil(Math.max(...limits)), most) : PAGE_DEFAULT;
}

/** The rows of a page as REST answers it ({data: [...]}); undefined for anything else. */
export const pageRows = (payload: unknown): number | undefined => {
  const data = (payload as { data?: unknown } | null)?.data;
  return Array.isArray(data) || data instanceof JsonRows ? data.length : undefined;
};

/**
 * Route hook charging a list for the rows it answers, once they are counted and before the
 * answer is sent: the rest of costOfLines(rows) beyond the unit authentication took (no trip to
 * the bucket for up to LINES_PER_UNIT rows). Never refused: authentication already refused the
 * list unless its bucket held what its limit may cost, and the work is done; when concurrent
 * requests of the token spent those units meanwhile the bucket is left owing them.
 */
export function chargeRows(
  rowsOf: (payload: unknown) => number | undefined = pageRows,
): preSerializationHookHandler<unknown> {
  return async (request, reply, payload) => {
    const bucket = request.rateBucket;
    const rows = reply.statusCode < 300 ? rowsOf(payload) : undefined;
    if (!bucket || rows === undefined) return payload;
    const extra = costOfLines(rows) - request.rateTaken;
    if (extra <= 0) return payload;
    const decision = await request.server.limiter.settle(bucket, extra);
    if (decision) sendRateLimitHeaders(reply, decision);
    return payload;
  };
}
