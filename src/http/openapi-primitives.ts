// Building blocks of the named schemas (src/server/openapi-schemas.ts and the modules' schema
// files it registers), kept apart so those files can share them without importing each other.

import { Type, type Static, type TSchema } from "typebox";
import { DATE_ONLY, TIMESTAMP } from "../dates.js";
import { MAX_CURSOR_LENGTH, MAX_DATE_PARAM_LENGTH, MAX_ID, MAX_PAGE_SIZE } from "../limits.js";
import { MAX_QUANTITY } from "../quantity.js";
import { MAX_BARCODE_LENGTH } from "../modules/catalog/index.js";

// TypeBox schemas (plain JSON schemas too): the modules' schema files derive types from them.
export const integerId = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** A list's `limit`: a page's size. */
export const pageLimit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE });
/** A list's `cursor` (or `after`): where the page starts, as a page before answered it. */
export const cursorParam = Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH });
/** A string that is one of `values` (`type: string` kept, as the OpenAPI document shows it). */
export const stringEnum = <const T extends string>(
  values: readonly T[],
  options: { description?: string; [extension: `x-${string}`]: unknown } = {},
) => Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
/**
 * `schema` with `rules` the document states but the service checks, with its own codes and
 * pointers and among the request's other problems (a blank code is 400 INVALID_PARAMETER at
 * /rows/3/code, a bad quantity 422 INVALID_QUANTITY): the request validator drops the keywords
 * `x-service-rules` lists (src/http/validation.ts, relaxed), so a generated client knows the rules
 * and the service still answers as it always has.
 */
export function serviceRules<T extends object>(schema: T, rules: Record<string, unknown>): T {
  return { ...schema, ...rules, "x-service-rules": Object.keys(rules) };
}

// Text the service refuses, as patterns: NUL anywhere (src/text.ts checkText), blank (white space
// only, catalog fields are trimmed), and in a one-line text (checkLine) any control character.
const NO_NUL = "[^\\u0000]";
const NO_CONTROL = "[^\\u0000-\\u001f\\u007f-\\u009f]";
/** Text without NUL: a filter. */
export const NUL_FREE_PATTERN = `^${NO_NUL}*$`;
/** Text without control characters: a counter's name in a query. */
export const NO_CONTROL_PATTERN = `^${NO_CONTROL}*$`;
/** Some visible text without NUL: a code, a name, a supplier. */
export const TEXT_PATTERN = `^${NO_NUL}*[^\\s\\u0000]${NO_NUL}*$`;
/** One line of visible text: a token's or a counter's name. */
export const LINE_PATTERN = `^${NO_CONTROL}*[^\\s\\u0000-\\u001f\\u007f-\\u009f]${NO_CONTROL}*$`;

/**
 * A required text of at most `max` characters, not blank, without NUL: the rules are the
 * service's (`maxChecked`: the request validator checks the length too, as it did before).
 */
export const requiredText = (max: number, options: object = {}, maxChecked = true) =>
  Type.String(
    serviceRules(
      { ...(maxChecked ? { maxLength: max } : {}), ...options },
      { minLength: 1, pattern: TEXT_PATTERN, ...(maxChecked ? {} : { maxLength: max }) },
    ),
  );

/**
 * A required one-line text (a name shown as an actor, a site's code or name) of at most `max`
 * characters: not blank, no control characters; the rules past the length are the service's.
 */
export const requiredLine = (max: number, description: string) =>
  Type.String({
    maxLength: max,
    ...serviceRules({}, { minLength: 1, pattern: LINE_PATTERN }),
    description,
  });

/** A barcode as sent: the service checks it (INVALID_BARCODE, INVALID_PARAMETER where it is). */
export const barcodeText = (description?: string) =>
  Type.String(
    serviceRules(description ? { description } : {}, {
      minLength: 1,
      maxLength: MAX_BARCODE_LENGTH,
      pattern: TEXT_PATTERN,
    }),
  );

/** A date or an RFC 3339 timestamp in a query (`from`, `to`, `updated_since`): src/dates.ts. */
export const filterDate = (description: string) =>
  Type.String(
    serviceRules(
      { maxLength: MAX_DATE_PARAM_LENGTH, description },
      { pattern: `${DATE_ONLY.source}|${TIMESTAMP.source}` },
    ),
  );

/** A quantity in a JSON body: a number; range and precision are checked by the services. */
export const QUANTITY_RULE =
  "0 <= q < 10^11, at most 3 decimal places (else 422 INVALID_QUANTITY).";
/**
 * The range of a quantity, as JSON Schema says it. Its precision (3 decimals) is said in words
 * only: `multipleOf: 0.001` is judged in binary floating point by validators such as Ajv, which
 * then refuse valid quantities (0.043 / 0.001 is 42.99999999999999).
 */
export const QUANTITY_BOUNDS = {
  minimum: 0,
  exclusiveMaximum: MAX_QUANTITY.toNumber(),
};
// The service judges a quantity on its literal text (src/http/json-body.ts): 422, never a 400.
export const quantitySchema = Type.Number(
  serviceRules({ description: QUANTITY_RULE }, QUANTITY_BOUNDS),
);
export const timestamp = { type: "string", format: "date-time" } as const;
export const nullable = <T extends string>(type: T) => ({ type: [type, "null"] }) as const;

/** A reference to a named schema, as route schemas and other named schemas write it. */
export const $ref = (name: string) => ({ $ref: `${name}#` });

/**
 * A reference to a named TypeBox schema, typed as that schema: a route's body written as a `$ref`
 * (as the document shows it) whose handler still gets the body's type.
 */
export function refOf<T extends TSchema>(schema: T) {
  const name = (schema as { $id?: string }).$id;
  if (!name) throw new Error("refOf: the schema has no $id");
  return Type.Unsafe<Static<T>>($ref(name));
}

/** A named string enum. */
export const enumSchema = (name: string, description: string, values: readonly string[]) => ({
  $id: name,
  type: "string",
  description,
  enum: [...values],
});

/** A named page of a keyset-paginated list of `item`. */
export function page(
  name: string,
  item: string,
  description = "One page of a keyset-paginated list.",
) {
  return {
    $id: name,
    type: "object",
    description,
    required: ["data", "next_cursor"],
    properties: {
      data: { type: "array", items: $ref(item) },
      next_cursor: {
        type: ["string", "null"],
        description: "Pass as `cursor` for the next page; null on the last page.",
      },
    },
  } as const;
}
