import { IDEMPOTENCY_KEY_PATTERN } from "../db/idempotency.js";
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// JSON bodies are checked strictly: no type coercion ("12" is not a number), unknown fields are
// rejected rather than silently dropped, and every problem is reported, not just the first.
// Query strings and path parameters are text by nature, so there numbers are coerced.
const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};
const bodyAjv = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
const paramsAjv = addFormats.default(new Ajv({ ...common, coerceTypes: true }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === "body" ? bodyAjv : paramsAjv).compile(schema);

/** `/things/{id}`: a positive integer id. */
export const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "integer", minimum: 1, maximum: 2147483647 } },
  additionalProperties: false,
} as const;

/** `?limit=&cursor=` of a keyset-paginated list. */
export const pageQuery = {
  type: "object",
  properties: {
    limit: { type: "integer", minimum: 1, maximum: 1000, default: 100 },
    cursor: { type: "string", minLength: 1, maxLength: 512 },
  },
  additionalProperties: false,
} as const;

/** `?from=&to=` of a list: dates in the account's time zone, or RFC 3339 timestamps. */
export const windowQuery = {
  from: {
    type: "string",
    maxLength: 64,
    description: "YYYY-MM-DD (the start of that day in the account's time zone) or RFC 3339.",
  },
  to: {
    type: "string",
    maxLength: 64,
    description:
      "YYYY-MM-DD (that whole day included) or RFC 3339 (that instant included); default now.",
  },
} as const;

/** A quantity in a JSON body: a number; range and precision are checked by the services. */
export const quantitySchema = {
  type: "number",
  description: "0 <= q < 10^11, at most 3 decimal places",
} as const;

/** The Idempotency-Key header of a write, checked like any other parameter. */
export const idempotencyHeaders = {
  type: "object",
  properties: {
    "idempotency-key": {
      type: "string",
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        "Any unique string (1-255 visible ASCII characters); retries with it replay the first response.",
    },
  },
} as const;
