// Read-your-writes over REST: a write answers the Countpoint-Consistency token, a read that sends
// it back is served by a replica that has replayed past it, else by the primary.
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { PrismaClient } from "../db/client.js";
import { CONSISTENCY_HEADER, type ReadRouting } from "../db/replicas.js";
import { isRetryableConflict } from "../db/transaction.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";

declare module "fastify" {
  interface FastifyInstance {
    reads: ReadRouting;
  }
  interface FastifyRequest {
    /** The database chosen for this read-only request's plain reads (null: the primary). */
    reader: PrismaClient | null;
  }
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The token a request sent (a repeated header arrives joined, and is refused as malformed). */
export const consistencyToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[CONSISTENCY_HEADER];
  return Array.isArray(value) ? value.join(", ") : value;
};

/** Chooses each authenticated read's database and stamps each committed write with its token. */
export function registerReadRouting(app: FastifyInstance, reads: ReadRouting): void {
  app.decorate("reads", reads);
  app.decorateRequest("reader", null);
  app.addHook("onClose", async () => reads.close());
  app.addHook("preHandler", async (request) => {
    if (!request.principal || !READ_METHODS.has(request.method)) return;
    request.reader = await reads.reader(consistencyToken(request));
  });
  if (!reads.hasReplicas) return;
  // A replica that fails a read (gone since its last probe, or replay cancelled the query) is
  // set aside and the read runs again on the primary: reads change nothing, so once more is safe.
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().includes("GET")) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        const replica = request.reader;
        const replicaFailed = isDatabaseUnavailable(error) || isRetryableConflict(error);
        if (!replica || replica === app.db || reply.sent || !replicaFailed) throw error;
        reads.failed(replica);
        request.reader = app.db;
        return handler.call(this, request, reply);
      }
    };
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const write = !READ_METHODS.has(request.method) && request.method !== "OPTIONS";
    if (!write || !request.principal || reply.statusCode >= 400) return payload;
    if (!request.url.startsWith("/api/")) return payload; // GraphQL says it in extensions
    const token = await reads.writeToken().catch((err: unknown) => {
      // Committed, but the position cannot be read: without a token the client's next read may
      // go to any replica within the lag bound, so say so in the log.
      request.log.warn({ err }, "could not read the consistency token of a write");
      return null;
    });
    if (token) reply.header(CONSISTENCY_HEADER, token);
    return payload;
  });
}
