import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { AppError, ERROR_CATALOG, type ErrorCode } from "../errors.js";
import { toPointer } from "./serialize.js";

// The one place errors become HTTP: RFC 9457 application/problem+json with a stable code.
// Nothing about the server's insides (stack traces, SQL) ever reaches a client.

interface ProblemItem {
  pointer?: string;
  parameter?: string;
  code: ErrorCode;
  message: string;
}

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: ProblemItem[];
  request_id: string;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "MALFORMED_REQUEST",
  FST_ERR_CTP_EMPTY_JSON_BODY: "MALFORMED_REQUEST",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "MALFORMED_REQUEST",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_TYPE: "UNSUPPORTED_MEDIA_TYPE",
};

function problem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  errors?: ProblemItem[],
): Problem {
  const { status, title } = ERROR_CATALOG[code];
  return {
    type: `https://countpoint.dev/problems/${code.toLowerCase().replaceAll("_", "-")}`,
    title,
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
    request_id: requestId,
  };
}

/** Turns anything thrown while serving a request into a problem document. */
export function toProblem(error: unknown, request: FastifyRequest): Problem {
  const id = String(request.id);
  if (error instanceof AppError) {
    // A request without a body (GET) can only be wrong in its query parameters; an empty path
    // is about the request as a whole (or its URL), with nothing to point at.
    const inQuery = request.method === "GET" || request.method === "HEAD";
    const items = error.fieldErrors.map((f) =>
      f.path.length === 0
        ? { code: f.code, message: f.message }
        : inQuery
          ? { parameter: toPointer(f.path).slice(1), code: f.code, message: f.message }
          : { pointer: toPointer(f.path), code: f.code, message: f.message },
    );
    return problem(error.code, error.message, id, items);
  }
  const fastifyError = error as FastifyError & { validationContext?: string };
  if (fastifyError.validation) {
    const where = fastifyError.validationContext ?? "body";
    const items: ProblemItem[] = fastifyError.validation.map((v) => {
      const missing = (v.params as { missingProperty?: string; additionalProperty?: string }) ?? {};
      const name = missing.missingProperty ?? missing.additionalProperty;
      const path = v.instancePath + (name ? `/${name}` : "");
      const message = missing.additionalProperty
        ? "is not a known field"
        : (v.message ?? "is invalid");
      return where === "body"
        ? { pointer: path || "/", code: "INVALID_PARAMETER", message }
        : { parameter: path.replace(/^\//, "") || where, code: "INVALID_PARAMETER", message };
    });
    const first = items[0];
    const subject = first?.pointer ?? first?.parameter ?? where;
    return problem(
      "INVALID_PARAMETER",
      `${where} ${subject}: ${first?.message ?? "is invalid"}`,
      id,
      items,
    );
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return problem(mapped, fastifyError.message, id);
  if (fastifyError.statusCode === 400 || error instanceof SyntaxError) {
    return problem("MALFORMED_REQUEST", "the request could not be read", id);
  }
  if (isDatabaseUnavailable(error)) {
    return problem("SERVICE_UNAVAILABLE", "the database is unavailable; try again shortly", id);
  }
  return problem("INTERNAL", "an unexpected error occurred; it has been logged", id);
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  if (body.status === 401) reply.header("www-authenticate", 'Bearer realm="countpoint"');
  if (body.status === 503) reply.header("retry-after", "5");
  return reply.status(body.status).type("application/problem+json").send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toProblem(error, request);
    if (body.status >= 500) request.log.error({ err: error }, "request failed");
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem(
        "ROUTE_NOT_FOUND",
        `no endpoint ${request.method} ${request.url.split("?")[0]}`,
        String(request.id),
      ),
    ),
  );
}
