// What a route reads of a body is bounded by the largest honest body it takes. The server's
// BODY_LIMIT_BYTES is sized for bulk bodies (10,000 lines, 100,000 scope ids); a route that takes
// one entity's fields would otherwise read and parse megabytes only to refuse them.
import type { FastifyInstance } from "fastify";
import { SMALL_BODY_LIMIT_BYTES } from "../limits.js";

/** Route option of a route whose body may be as large as the server accepts (a bulk body). */
export const bulkBody = (app: FastifyInstance): { bodyLimit: number } => ({
  bodyLimit: app.initialConfig.bodyLimit ?? SMALL_BODY_LIMIT_BYTES,
});

/**
 * Gives every /api/v1 route that declares no bodyLimit of its own the small limit (or the
 * server's, when that is smaller): a new route is bounded unless it says it takes bulk bodies.
 */
export function limitSmallBodies(app: FastifyInstance): void {
  const limit = Math.min(app.initialConfig.bodyLimit ?? Infinity, SMALL_BODY_LIMIT_BYTES);
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit === undefined && route.url.startsWith("/api/v1/")) {
      route.bodyLimit = limit;
    }
  });
}
