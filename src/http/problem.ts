import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RETRY_AFTER_SECONDS, unavailableMessage } from "../db/unavailable.js";
import {
  AppError,
  ERROR_CATALOG,
  listedErrors,
  type ErrorCode,
  type FieldError,
} from "../errors.js";
import { settleDeferred } from "./auth.js";
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

/** What the router refuses before any route runs, as problems like any other. */
const ROUTER_PROBLEMS: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_BAD_URL: {
    code: "MALFORMED_REQUEST",
    detail: "the path is not valid percent-encoded UTF-8",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: "INVALID_PARAMETER",
    detail: "a path parameter is longer than 100 characters",
  },
};

function problem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  errors: ProblemItem[] = [],
): Problem {
  const { status, title } = ERROR_CATALOG[code];
  return {
    type: `https://countpoint.dev/problems/${code.toLowerCase().replaceAll("_", "-")}`,
    title,
    status,
    detail,
    code,
    // Every problem lists what is wrong, at least the problem itself, so every error has one shape.
    errors: errors.length > 0 ? errors : [{ code, message: detail }],
    request_id: requestId,
  };
}

/** Headers a service knows by their GraphQL input field's name. */
const HEADER_FIELDS: Record<string, string> = {
  idempotencyKey: "Idempotency-Key",
  consistency: "Countpoint-Consistency",
};

/** A path already in the REST names (from the schema check) as a JSON pointer. */
const rawPointer = (path: (string | number)[]): string =>
  path.map((p) => `/${String(p).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/**
 * Field errors as problem items: a JSON pointer into the body, or the name of a parameter.
 * `pointerOf` turns a path into a pointer: service paths are camelCase, schema paths as sent.
 */
function toItems(
  errors: FieldError[],
  inBody: boolean,
  pointerOf: (path: (string | number)[]) => string = toPointer,
): ProblemItem[] {
  return listedErrors(errors).map(({ path, code, message }) => {
    const header = typeof path[0] === "string" ? HEADER_FIELDS[path[0]] : undefined;
    if (path.length === 0) return { code, message };
    if (header) return { parameter: header, code, message };
    return inBody
      ? { pointer: pointerOf(path), code, message }
      : { parameter: pointerOf(path).slice(1), code, message };
  });
}

/** ajv's errors as field errors in the REST names, in the one error policy's order. */
function fromSchemaErrors(
  validation: NonNullable<FastifyError["validation"]>,
  where: string,
): AppError {
  const fields = validation
    // "if" only says that its "then" (the items of a list of allowed length) failed: noise.
    .filter((v) => v.keyword !== "if")
    .map((v): FieldError => {
      const params = (v.params ?? {}) as {
        missingProperty?: string;
        additionalProperty?: string;
      };
      const name = params.missingProperty ?? params.additionalProperty;
      const path: (string | number)[] = v.instancePath
        .split("/")
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replaceAll("~1", "/").replaceAll("~0", "~")));
      if (name) path.push(name);
      const code = schemaErrorCode(v);
      const message = params.additionalProperty
        ? "is not a known field"
        : (v.message ?? "is invalid");
      return { path, code, message };
    });
  const error = AppError.fromFields(
    fields.length > 0 ? fields : [{ path: [], code: "INVALID_PARAMETER", message: "is invalid" }],
  );
  const first = error.fieldErrors[0];
  const subject = first ? rawPointer(first.path) : "";
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : "";
  const named = where === "body" ? subject : subject.slice(1);
  return new AppError(
    error.code,
    `${where}${named ? ` ${named}` : ""}: ${first?.message ?? "is invalid"}${more}`,
    error.fieldErrors,
  );
}

/**
 * The code of a schema violation: INVALID_PARAMETER, unless the property's schema names another
 * for the failed keyword (`x-error-codes`, see src/server/openapi-schemas.ts).
 */
function schemaErrorCode(error: NonNullable<FastifyError["validation"]>[number]): ErrorCode {
  const parent = (error as { parentSchema?: Record<string, unknown> }).parentSchema;
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const property =
    error.keyword === "required" && missing
      ? (parent?.properties as Record<string, Record<string, unknown>> | undefined)?.[missing]
      : parent;
  const codes = property?.["x-error-codes"] as Record<string, ErrorCode> | undefined;
  return codes?.[error.keyword] ?? "INVALID_PARAMETER";
}

/**
 * What the static file servers (the counting app's, the explorer's, the docs page's) refuse: a
 * path with dot segments or other non-canonical forms, a folder, a Range or precondition the file
 * cannot meet. The client's doing, so a 4xx and nothing logged as a fault; a refused path is 404
 * like a file that is not there, so the answer tells nothing about what lies outside the folder.
 */
function fileRefusal(error: unknown, request: FastifyRequest): Problem | undefined {
  const { code, statusCode, expose } = error as {
    code?: string;
    statusCode?: number;
    expose?: boolean;
  };
  // @fastify/static's own refusal, and @fastify/send's http-errors (the only ones marked expose).
  const fromFiles = code === "FST_STATIC_FORBIDDEN_PATH" || expose === true;
  if (!fromFiles || statusCode === undefined || statusCode < 400 || statusCode >= 500) {
    return undefined;
  }
  const id = String(request.id);
  if (statusCode === 403 || statusCode === 404) {
    return problem("ROUTE_NOT_FOUND", `no endpoint ${request.method} ${pathOf(request)}`, id);
  }
  const reason = `${statusCode} ${STATUS_CODES[statusCode] ?? ""}`.trim();
  return problem("MALFORMED_REQUEST", `the request cannot be met as asked (${reason})`, id);
}

const pathOf = (request: FastifyRequest): string => request.url.split("?")[0] ?? "/";

/** Turns anything thrown while serving a request into a problem document. */
export function toProblem(error: unknown, request: FastifyRequest): Problem {
  const id = String(request.id);
  if (error instanceof AppError) {
    // A request without a body (GET) can only be wrong in its query parameters; an empty path
    // is about the request as a whole (or its URL), with nothing to point at.
    const inBody = request.method !== "GET" && request.method !== "HEAD";
    return problem(error.code, error.message, id, toItems(error.fieldErrors, inBody));
  }
  const fastifyError = error as FastifyError & { validationContext?: string };
  if (fastifyError.validation) {
    const where = fastifyError.validationContext ?? "body";
    const schemaError = fromSchemaErrors(fastifyError.validation, where);
    return problem(
      schemaError.code,
      schemaError.message,
      id,
      toItems(schemaError.fieldErrors, where === "body", rawPointer),
    );
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return problem(mapped, fastifyError.message, id);
  const refused = fileRefusal(error, request);
  if (refused) return refused;
  if (fastifyError.statusCode === 400 || error instanceof SyntaxError) {
    return problem("MALFORMED_REQUEST", "the request could not be read", id);
  }
  const unavailable = unavailableMessage(error);
  if (unavailable) return problem("SERVICE_UNAVAILABLE", unavailable, id);
  return problem("INTERNAL", "an unexpected error occurred; it has been logged", id);
}

/**
 * The most of a refused body the server reads, to discard it, so that the client reads the answer
 * and may send its next request on the same connection (as HTTP servers linger on a close).
 */
export const DISCARD_LIMIT_BYTES = 1024 * 1024;

/**
 * Whether a request is refused before its body was read (401, 413, 429 in the hooks) with more
 * body to come than the server discards: then the connection is closed after the answer rather
 * than the megabytes a client may still be sending read for nothing. A client still sending may
 * then see the connection reset instead of the answer.
 */
function refusedUnread({ raw, headers }: FastifyRequest): boolean {
  if (raw.complete) return false;
  const declared = headers["content-length"];
  if (declared !== undefined) return Number(declared) > DISCARD_LIMIT_BYTES;
  return headers["transfer-encoding"] !== undefined;
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  if (refusedUnread(reply.request)) reply.header("connection", "close");
  if (body.status === 401) reply.header("www-authenticate", 'Bearer realm="countpoint"');
  if (body.status === 503) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  return reply.status(body.status).type("application/problem+json").send(body);
}

/** Marks the routes guardFixedPaths adds: they answer 405, they are not methods of their path. */
const METHOD_GUARD = "methodGuard";

interface MethodTable {
  /** The methods a path supports (OPTIONS included), empty for a path no route takes. */
  methodsOf(path: string): string[];
  /** Each fixed path's methods that a parametric sibling would take in its place. */
  shadowed(): { path: string; methods: string[] }[];
}

/** Each app's table, for the handlers Fastify calls with the app alone (clientErrorHandler). */
const TABLES = new WeakMap<FastifyInstance, MethodTable>();

/**
 * The methods each route pattern answers, collected as routes are added, so a known path called
 * with another method is told what it supports (405 with Allow) rather than "no such endpoint".
 * A fixed path (/skus/bulk) is a resource of its own, not an id of its parametric sibling
 * (/skus/{id}): it supports its own routes' methods only.
 */
function methodTable(app: FastifyInstance): MethodTable {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  const fixed = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    if ((route.config as Record<string, unknown> | undefined)?.[METHOD_GUARD]) return;
    const source = route.url
      .split("/")
      .map((part) =>
        part.startsWith(":")
          ? "[^/]+"
          : part === "*"
            ? ".*"
            : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: new RegExp(`^${source}$`), methods });
    if (!/[:*]/.test(route.url)) {
      const own = fixed.get(route.url) ?? new Set<string>();
      for (const method of methods) own.add(method);
      fixed.set(route.url, own);
    }
  });
  const matching = (path: string) =>
    new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods));
  return {
    methodsOf: (path) => {
      const allowed = new Set(fixed.get(path) ?? matching(path));
      if (allowed.size > 0) allowed.add("OPTIONS");
      return [...allowed].sort();
    },
    shadowed: () =>
      [...fixed].map(([path, own]) => ({
        path,
        methods: [...matching(path)].filter((m) => !own.has(m) && m !== "OPTIONS").sort(),
      })),
  };
}

const methodNotAllowed = (path: string, method: string, allowed: string[], id: string) =>
  problem(
    "METHOD_NOT_ALLOWED",
    `${path} does not support ${method}; it supports ${allowed.join(", ")}`,
    id,
  );

/** 405 with Allow, or 204 with Allow for OPTIONS, which asks what a path supports. */
function wrongMethod(request: FastifyRequest, reply: FastifyReply, allowed: string[]) {
  reply.header("allow", allowed.join(", "));
  if (request.method === "OPTIONS") return reply.status(204).send();
  return sendProblem(
    reply,
    methodNotAllowed(pathOf(request), request.method, allowed, String(request.id)),
  );
}

/**
 * The router picks a parametric route for a fixed path's other methods (PATCH /skus/bulk would
 * be PATCH /skus/{id} with the id "bulk"): a route of the fixed path for each such method answers
 * 405 instead, before its body is read. Call once every route is added.
 */
export function guardFixedPaths(app: FastifyInstance): void {
  const table = TABLES.get(app);
  if (!table) throw new Error("guardFixedPaths needs registerErrorHandling first");
  for (const { path, methods } of table.shadowed()) {
    if (methods.length === 0) continue;
    app.route({
      method: methods,
      url: path,
      exposeHeadRoute: false,
      config: { [METHOD_GUARD]: true },
      schema: { hide: true },
      onRequest: async (request, reply) => wrongMethod(request, reply, table.methodsOf(path)),
      handler: async () => undefined,
    });
  }
}

/**
 * The errors the router raises before a route is found (Fastify's `frameworkErrors` option): a
 * path that is not UTF-8 (`/skus/%C0%80`), or a parameter past the router's length limit.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const known = ROUTER_PROBLEMS[error.code];
  const id = String(request.id);
  // No route, so no route hooks: the header every other answer gets in onSend.
  reply.header("x-request-id", id);
  return sendProblem(
    reply,
    known ? problem(known.code, known.detail, id) : toProblem(error, request),
  );
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`
 * option, called with the app as `this`): written straight to the socket, as problems. A request
 * line and headers over Node's limit (16 KB; a long URL counts) is 431 HEADERS_TOO_LARGE; a
 * method the parser does not know (FOO) is 405 with Allow on a known path, as any method its
 * routes do not take, and 404 elsewhere; anything else unreadable is 400.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    // The client did not send its request in time: no request to answer, as Node does.
    if (socket.writable) socket.write("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    socket.destroy(error);
    return;
  }
  const id = randomUUID();
  const headers: Record<string, string> = {};
  let body: Problem;
  const line = error.code === "HPE_INVALID_METHOD" ? REQUEST_LINE.exec(rawPacket(error)) : null;
  if (line) {
    const [, method, target] = line as unknown as [string, string, string];
    const path = target.split("?")[0] ?? "/";
    const allowed = TABLES.get(this)?.methodsOf(path) ?? [];
    if (allowed.length > 0) {
      headers.Allow = allowed.join(", ");
      body = methodNotAllowed(path, method, allowed, id);
    } else {
      body = problem("ROUTE_NOT_FOUND", `no endpoint ${method} ${path}`, id);
    }
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    body = problem(
      "HEADERS_TOO_LARGE",
      "the request line and headers are larger than the server accepts (16 KB)",
      id,
    );
  } else {
    body = problem("MALFORMED_REQUEST", "the request could not be read as HTTP", id);
  }
  const text = JSON.stringify(body);
  if (socket.writable) {
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${id}\r\n${extra.join("")}Connection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/** What the parser had read when it failed (Node's `rawPacket`, a Buffer). */
const rawPacket = (error: unknown): string => {
  const raw = (error as { rawPacket?: unknown }).rawPacket;
  return Buffer.isBuffer(raw) ? raw.subarray(0, 4096).toString("latin1") : "";
};

/** An HTTP/1 request line in origin form: its method (any token) and its target. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) (\/[\x21-\x7e]*) HTTP\/1\.[01]\r\n/;

export function registerErrorHandling(app: FastifyInstance): void {
  const table = methodTable(app);
  TABLES.set(app, table);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const allowed = table.methodsOf(path);
    // A route of this method that found nothing (a static file that does not exist) is a 404 too.
    const found = request.method !== "OPTIONS" && allowed.includes(request.method);
    if (allowed.length === 0 || found) {
      return sendProblem(
        reply,
        problem("ROUTE_NOT_FOUND", `no endpoint ${request.method} ${path}`, String(request.id)),
      );
    }
    return wrongMethod(request, reply, allowed);
  };
  app.setErrorHandler(async (error, request, reply) => {
    // A request whose token was left to be checked with its work (requireScope's `inline`) and
    // failed before it: the token decides first, as it does for every other request.
    if (request.deferred && !request.deferred.settled) {
      error = await settleDeferred(request, reply).then(
        () => error,
        (refusal: unknown) => refusal as typeof error,
      );
    }
    // No route takes the request, and reading its body failed first (QUERY without a
    // Content-Type, say): its path and method decide, as for any other request.
    if (request.is404 && isBodyError(error)) return notFound(request, reply);
    const body = toProblem(error, request);
    if (body.status >= 500) request.log.error({ err: error }, "request failed");
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler(notFound);
}

/** An error of reading a request's body (Fastify's content-type parsing). */
const isBodyError = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === "string" &&
    (code.startsWith("FST_ERR_CTP_") || code === "FST_ERR_ROUTE_MISSING_CONTENT_TYPE")
  );
};
