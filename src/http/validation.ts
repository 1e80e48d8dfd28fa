import { Type } from "typebox";
import {
  cursorParam,
  filterDate,
  integerId,
  pageLimit,
  serviceRules,
} from "./openapi-primitives.js";
import { IDEMPOTENCY_KEY_PATTERN } from "../db/idempotency.js";
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// JSON bodies are checked strictly: no type coercion ("12" is not a number), unknown fields are
// rejected rather than silently dropped, and every problem is reported, not just the first
// (the answer lists the first 100).
// Query strings and path parameters are text by nature, so there numbers are coerced.
// `verbose` keeps each error's schema, where src/http/problem.ts finds `x-error-codes`.
const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  verbose: true,
};

/** The request validator, knowing the shared schemas (src/server/openapi-schemas.ts). */
export function buildValidatorCompiler(
  externalSchemas: Record<string, unknown> = {},
): FastifySchemaCompiler<object> {
  const make = (coerceTypes: boolean) => {
    const ajv = addFormats.default(new Ajv({ ...common, coerceTypes }));
    for (const schema of Object.values(externalSchemas)) {
      ajv.addSchema(itemsWithinBounds(relaxed(schema)) as object);
    }
    return ajv;
  };
  const bodyAjv = make(false);
  const paramsAjv = make(true);
  return ({ schema, httpPart }) =>
    (httpPart === "body" ? bodyAjv : paramsAjv).compile(
      itemsWithinBounds(relaxed(schema)) as object,
    );
}

/** The validator of a route schema that uses no shared schemas. */
export const validatorCompiler = buildValidatorCompiler();

/**
 * A copy of a schema without the constraints the service checks itself (`x-service-checked`
 * properties keep their JSON type but lose `enum`, and with `true` their place in `required`
 * too; with `"enum"` their presence is still checked here), and without the keywords an
 * `x-service-rules` list names (openapi-primitives.ts, serviceRules).
 */
export function relaxed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relaxed);
  if (schema === null || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = relaxed(value);
  if ("x-service-checked" in copy) delete copy.enum;
  if (Array.isArray(copy["x-service-rules"])) {
    for (const keyword of copy["x-service-rules"] as string[]) delete copy[keyword];
  }
  const properties = copy.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties && Array.isArray(copy.required)) {
    copy.required = copy.required.filter(
      (name) => properties[name]?.["x-service-checked"] !== true,
    );
  }
  return copy;
}

/**
 * With allErrors, ajv checks every item of an array even when the array is already longer than
 * its maxItems: 131,000 bad lines would cost 131,000 sets of errors. Validating the items only
 * when the length is within bounds (if/then) keeps a hostile list at the price of one error.
 * The published schema keeps the plain maxItems + items.
 */
export function itemsWithinBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(itemsWithinBounds);
  if (!schema || typeof schema !== "object") return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, itemsWithinBounds(v)]),
  );
  if (typeof node.maxItems !== "number" || node.items === undefined) return node;
  const { items, ...rest } = node;
  return { ...rest, if: { maxItems: node.maxItems }, then: { items } };
}

/** `/things/{id}`: a positive integer id. */
export const idParams = Type.Object({ id: integerId }, { additionalProperties: false });

/** `?limit=&cursor=` of a keyset-paginated list. */
export const pageQuery = Type.Object(
  { limit: Type.Optional({ ...pageLimit, default: 100 }), cursor: Type.Optional(cursorParam) },
  { additionalProperties: false },
);

/** `?from=&to=` of a list: dates in the account's time zone, or RFC 3339 timestamps. */
export const windowQuery = {
  from: Type.Optional(
    filterDate("YYYY-MM-DD (the start of that day in the account's time zone) or RFC 3339."),
  ),
  to: Type.Optional(
    filterDate(
      "YYYY-MM-DD (that whole day included) or RFC 3339 (that instant included); default now.",
    ),
  ),
};

/** The Idempotency-Key header of a write, checked like any other parameter. */
export const idempotencyHeaders = {
  type: "object",
  properties: {
    // The pattern bounds the length already: maxLength only says it to the document's readers.
    "idempotency-key": serviceRules(
      {
        type: "string",
        pattern: IDEMPOTENCY_KEY_PATTERN,
        description:
          "Any unique string (1-255 visible ASCII characters); retries with it replay the first response.",
      },
      { maxLength: 255 },
    ),
  },
} as const;
