// Building blocks of the named schemas (src/http/openapi-schemas.ts and the modules' schema
// files it registers), kept apart so those files can share them without importing each other.

import { Type, type Static, type TSchema } from "typebox";
import { MAX_CURSOR_LENGTH, MAX_ID, MAX_PAGE_SIZE } from "../limits.js";

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
/** A quantity in a JSON body: a number; range and precision are checked by the services. */
export const QUANTITY_RULE =
  "0 <= q < 10^11, at most 3 decimal places (else 422 INVALID_QUANTITY).";
export const quantitySchema = Type.Number({ description: QUANTITY_RULE });
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
