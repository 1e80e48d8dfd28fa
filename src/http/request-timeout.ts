import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RequestScope, runInScope } from "../db/request-scope.js";
import { RETRY_AFTER_SECONDS } from "../db/unavailable.js";
import { AppError } from "../errors.js";
import { sendProblem, toProblem } from "./problem.js";

// REQUEST_TIMEOUT_MS: a request still running that long after it arrived has its database work
// stopped (src/db/request-scope.ts: running statements cancelled, transactions rolled back) and
// is answered 503 SERVICE_UNAVAILABLE with Retry-After (a problem over REST, a top-level error
// over GraphQL), which then means nothing was changed. A request whose write committed all the
// same (PostgreSQL lets a commit that is under way finish) goes on and answers what it did: a
// 503 would hide a change that was made, and a retry without an idempotency key repeat it.

const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * Gives every request (but WebSocket upgrades, which last as long as their connection) its
 * database scope, and puts it under the timeout (none: 0). The scope exists without a timeout too:
 * its connections count in its account's share of the pool (src/db/pool-share.ts).
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const scopes = new WeakMap<FastifyRequest, RequestScope>();
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers.upgrade !== undefined) return done();
    const scope = new RequestScope();
    scopes.set(request, scope);
    if (timeoutMs > 0) {
      timers.set(
        request,
        setTimeout(() => void expire(request, reply, scope, timeoutMs), timeoutMs),
      );
    }
    runInScope(scope, done);
  });
  // Reading the body leaves the request's async context; the handler runs in it again.
  app.addHook("preHandler", (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) runInScope(scope, done);
    else done();
  });
  if (timeoutMs <= 0) return;
  app.addHook("onResponse", (request, _reply, done) => {
    clearTimeout(timers.get(request));
    done();
  });
}

const answered = (reply: FastifyReply) => reply.sent || reply.raw.headersSent;

async function expire(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: RequestScope,
  timeoutMs: number,
): Promise<void> {
  if (answered(reply)) return;
  if (scope.committed) {
    // It has already committed: stopping it now would answer a change made with a 503 that
    // invites the client to make it again. It answers what it did.
    request.log.warn(
      { timeoutMs },
      "request ran past its timeout after it committed; finishing it",
    );
    return;
  }
  scope.stop();
  // A write that was under way ends now, one way or the other: which decides the answer.
  await scope.commitsSettled();
  if (answered(reply)) return;
  if (scope.committed) {
    scope.resume();
    request.log.warn(
      { timeoutMs },
      "request ran past its timeout after it committed; finishing it",
    );
    return;
  }
  request.log.warn({ timeoutMs }, "request timed out; its database work was cancelled");
  const outcome = scope.inDoubt
    ? "the database stopped answering, so whether it was applied is unknown; retry with the same Idempotency-Key"
    : "nothing was changed; try again";
  const detail = `the request did not finish within ${timeoutMs} ms; ${outcome}`;
  if (request.routeOptions.url === "/graphql") {
    reply
      .code(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .type("application/json; charset=utf-8")
      .send({ errors: [{ message: detail, extensions: { code: "SERVICE_UNAVAILABLE" } }] });
    return;
  }
  sendProblem(reply, toProblem(new AppError("SERVICE_UNAVAILABLE", detail), request));
}
