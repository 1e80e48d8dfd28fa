import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

/** Methods the API answers. */
export const CORS_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE"];

/** Request headers a front-end sends beyond the CORS-safelisted ones (Content-Type: JSON is not). */
export const CORS_REQUEST_HEADERS = [
  "Authorization",
  "Content-Type",
  "Idempotency-Key",
  "Countpoint-Consistency",
  "X-Request-Id",
  // Apollo's CSRF prevention lets a GET query through with one of these.
  "Apollo-Require-Preflight",
  "X-Apollo-Operation-Name",
];

/** Response headers a front-end's script may read beyond the safelisted ones. */
export const CORS_EXPOSED_HEADERS = [
  "Countpoint-Consistency",
  "Idempotent-Replayed",
  "Retry-After",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Link",
  "Content-Disposition",
  "X-Request-Id",
];

/** How long a browser may keep a preflight's answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_S = 7200;

/**
 * CORS for browser front-ends on the origins given (exact match); with none, no CORS header is
 * sent and browsers keep other sites' scripts away from the API. Tokens travel in the
 * Authorization header, never in cookies, so credentials stay off. Register before the error
 * handling: the plugin's catch-all OPTIONS route must not count as a method of every path.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    // A function (not the list) so another origin gets no CORS header at all, preflight included.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: CORS_MAX_AGE_S,
    // An OPTIONS request from an allowed origin that is not a preflight is answered like one
    // (rather than with a plain-text 400).
    strictPreflight: false,
  });
}
