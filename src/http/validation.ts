import { IDEMPOTENCY_KEY_PATTERN } from "../db/idempotency.js";
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// JSON bodies are checked strictly: no type coercion ("12" is not a number), unknown fields are
// rejected rather than silently dropped, and every problem is reported, not just the first
// (the answer lists the first 100).
// Query strings and path parameters are text by nature, so there numbers are coerced.
const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};
const bodyAjv = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
const paramsAjv = addFormats.default(new Ajv({ ...common, coerceTypes: true }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const codes = new Map<string, string>();
  const validate = (httpPart === "body" ? bodyAjv : paramsAjv).compile(
    itemsWithinBounds(schema, "#", codes) as object,
  );
  // Marks a too-long list with the code its schema names (TOO_MANY_LINES), for the problem.
  const checked = (data: unknown) => {
    const valid = validate(data);
    for (const e of validate.errors ?? []) {
      const code = codes.get(e.schemaPath);
      if (code) e.params = { ...e.params, code };
    }
    checked.errors = validate.errors;
    return valid;
  };
  checked.errors = validate.errors;
  return checked;
};

/**
 * With allErrors, ajv checks every item of an array even when the array is already longer than
 * its maxItems: 131,000 bad lines would cost 131,000 sets of errors. Validating the items only
 * when the length is within bounds (if/then) keeps a hostile list at the price of one error.
 * The published schema keeps the plain maxItems + items.
 */
function itemsWithinBounds(schema: unknown, at: string, codes: Map<string, string>): unknown {
  if (Array.isArray(schema)) return schema.map((s, i) => itemsWithinBounds(s, `${at}/${i}`, codes));
  if (!schema || typeof schema !== "object") return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, itemsWithinBounds(v, `${at}/${k}`, codes)]),
  );
  if (typeof node.maxItems !== "number") return node;
  if (typeof node["x-error-code"] === "string") codes.set(`${at}/maxItems`, node["x-error-code"]);
  if (node.items === undefined) return node;
  const { items, ...rest } = node;
  return { ...rest, if: { maxItems: node.maxItems }, then: { items } };
}

/** A list of lines in a body: at most `max` items; a longer list is TOO_MANY_LINES. */
export const linesSchema = <T extends object>(items: T, max: number, description: string) =>
  ({
    type: "array",
    maxItems: max,
    "x-error-code": "TOO_MANY_LINES",
    description,
    items,
  }) as const;

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
