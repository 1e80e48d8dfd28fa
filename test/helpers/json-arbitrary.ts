// fast-check arbitraries from JSON schemas (the OpenAPI document's), and the hostile values the
// fuzz tests mix into them: most generated requests have a valid shape with a few fields
// mutated (so they reach the services), the rest are hostile in size, nesting, repetition,
// characters or numbers. Values are written as JSON text by jsonText(), which can also carry
// what JSON.stringify cannot: numbers of any spelling (1e400, -0, 1000 digits) and repeated keys.
import fc from "fast-check";

/** JSON text taken as it is: a number spelt any way, or text that is not JSON at all. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written with its entries in order, keys possibly repeated. */
export class DuplicateKeys {
  constructor(readonly entries: [string, unknown][]) {}
}

/** A value as JSON text, RawJson and DuplicateKeys included. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKeys) return `{${value.entries.map(member).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).map(member).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
const member = ([key, value]: [string, unknown]) => `${JSON.stringify(key)}:${jsonText(value)}`;

// ---- hostile values ------------------------------------------------------------------------

/** Strings that break naive code: NUL, lone surrogates, direction marks, look-alike values. */
export const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udc00\ud800",
  "\u202eevil\u202c",
  "\u200f\u200e\u061c",
  "\ufeffBOM",
  "e\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦",
  "\u0085\u2028\u2029",
  "\r\n",
  "\t",
  "null",
  "NaN",
  "Infinity",
  "-0",
  "1e400",
  "0x1F",
  "١٢٣",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "%00",
  "%",
  "../../etc/passwd",
  "\\",
  "__proto__",
  "constructor",
  "$where",
  "2026-02-30",
  "+275760-09-13T00:00:00Z",
  "2026-01-01T24:00:00Z",
];

const longString = fc
  .tuple(
    fc.constantFrom("a", "é", "😀", "\u0000", "\ud800", " ", "9"),
    fc.constantFrom(63, 64, 65, 199, 200, 201, 255, 256, 1000, 1001, 2048, 2049, 10_000, 100_000),
  )
  .map(([unit, n]) => unit.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: longString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 8 }))
      .map(([odd, s]) => s + odd + s),
  },
);

/** Numbers as a client may spell them; JSON.parse turns many into Infinity, 0 or -0. */
export const ODD_NUMBERS = [
  "-0",
  "-0.0",
  "0e0",
  "1e400",
  "-1e400",
  "1e-400",
  `0.${"0".repeat(999)}1`,
  `1${"0".repeat(1000)}`,
  `${"9".repeat(400)}.${"9".repeat(400)}`,
  "0.1234567890123456789",
  "99999999999.999",
  "99999999999.9995",
  "100000000000",
  "-1",
  "-0.001",
  "0.0005",
  "1.0005",
  "12.50",
  "1E3",
  "1.5e-7",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "-9223372036854775809",
  "1e21",
].map((text) => new RawJson(text));

/** Not JSON at all, in the place of a value: the whole body becomes malformed. */
const NOT_JSON = ["NaN", "Infinity", "-Infinity", "01", "1.", "+1", ".5", "undefined", "'a'"].map(
  (text) => new RawJson(text),
);

const wrongType = fc.constantFrom<unknown>(true, false, null, {}, [], "1", 1, 1.5, [1], { a: 1 });

/** Arrays or objects nested thousands deep. */
const deepNesting = fc
  .tuple(fc.integer({ min: 2, max: 5000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson("[".repeat(depth) + "]".repeat(depth))
      : new RawJson('{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
  );

/** Any hostile value in the place of another. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 4, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom(...NOT_JSON) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

// ---- valid values from a schema ------------------------------------------------------------

export type JsonSchema = Record<string, unknown>;

export interface SchemaContext {
  /** The schema a `$ref` names. */
  resolve: (ref: string) => JsonSchema;
  /** A realistic arbitrary for a property by its name (the account's ids, codes), if any. */
  hint: (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
  /**
   * Properties of which an object holds exactly one, where it has two or more of them (and the
   * properties that go only with one of them).
   */
  exclusive?: { keys: string[]; companions: Record<string, string[]> };
  /** Properties the services require though the schema leaves them optional. */
  wanted?: string[];
  /** Now and then an odd value of the right type (odd text, numbers, integers) in a leaf. */
  odd?: boolean;
}

const WORDS = ["Bolt M6", "nut", "ACME", "PO-1042", "alice", "Aisle 4", "x"];

/** Values that conform to `schema` (its types, enums, bounds and required properties). */
export function validValue(
  schema: JsonSchema,
  ctx: SchemaContext,
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string")
    return validValue(ctx.resolve(schema.$ref), ctx, name, depth);
  const hinted = name ? ctx.hint(name, schema) : undefined;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const plain = hinted
    ? hinted
    : Array.isArray(schema.enum)
      ? fc.constantFrom(...(schema.enum as unknown[]))
      : types.length === 1
        ? ofType(types[0], schema, ctx, name, depth)
        : fc.oneof(...types.map((type) => ofType(type, schema, ctx, name, depth)));
  // Odd values of the right type pass the schema's types and reach the services.
  const odd = ctx.odd ? types.map((type) => ODD_OF_TYPE[type]).filter((a) => a !== undefined) : [];
  if (odd.length === 0) return plain;
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: fc.oneof(...odd) });
}

/** Integers at and past the edges of what an id or a count may be. */
export const ODD_INTEGERS = fc.constantFrom<unknown>(
  0,
  -1,
  2147483647,
  ...["2147483648", "-2147483649", "9007199254740993", "1e3", "1.0", "-0"].map(
    (t) => new RawJson(t),
  ),
);

/** Numbers no quantity is: too many digits, out of range, underflowing, negative zero. */
export const ODD_NUMBER = fc.oneof(
  fc.constantFrom<unknown>(...ODD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const ODD_OF_TYPE: Record<string, fc.Arbitrary<unknown>> = {
  string: hostileString,
  integer: ODD_INTEGERS,
  number: ODD_NUMBER,
};

function ofType(
  type: string | undefined,
  schema: JsonSchema,
  ctx: SchemaContext,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = (schema.minimum as number | undefined) ?? 0;
      const max = Math.min((schema.maximum as number | undefined) ?? 1000, min + 1000);
      return fc.integer({ min, max });
    }
    case "number":
      // Quantities: whole or with up to three decimals, within what a warehouse holds.
      return fc.oneof(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500_000 }).map((n) => n / 1000),
      );
    case "string": {
      if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 40);
      const minLength = (schema.minLength as number | undefined) ?? 0;
      return fc.oneof(
        fc.constantFrom(...WORDS.filter((w) => w.length <= maxLength && w.length >= minLength)),
        fc.string({ minLength, maxLength }),
      );
    }
    case "array": {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      // Lists of objects (lines, counts, rows) hold one at least; the services ask for it.
      const itemType = typeof items.$ref === "string" ? ctx.resolve(items.$ref).type : items.type;
      const objects = itemType === "object";
      const minLength = (schema.minItems as number | undefined) ?? (objects ? 1 : 0);
      const maxLength = Math.min(
        (schema.maxItems as number | undefined) ?? 4,
        Math.max(minLength, 4),
      );
      return fc.array(validValue(items, ctx, singular(name), depth + 1), { minLength, maxLength });
    }
    case "object": {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, sub]) => [key, validValue(sub, ctx, key, depth + 1)]),
      );
      return objectOf(model, required, ctx);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Objects of a model: the required properties (and the ones the context wants) always, others
 * now and then, and exactly one of the context's exclusive properties where there are several.
 */
export function objectOf(
  model: Record<string, fc.Arbitrary<unknown>>,
  required: string[],
  ctx: Pick<SchemaContext, "exclusive" | "wanted">,
): fc.Arbitrary<Record<string, unknown>> {
  const requiredKeys = [...required, ...(ctx.wanted ?? [])].filter((key) => key in model);
  const record = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  const exclusive = (ctx.exclusive?.keys ?? []).filter((key) => key in model);
  const companions = ctx.exclusive?.companions ?? {};
  if (exclusive.length < 2) return record;
  const named = fc
    .constantFrom(...exclusive)
    .chain((key) => model[key]!.map((value) => [key, value] as const));
  return fc.tuple(record, named).map(([value, [key, name]]) => {
    const kept: Record<string, unknown> = { ...value };
    for (const other of exclusive) {
      delete kept[other];
      if (other !== key) for (const companion of companions[other] ?? []) delete kept[companion];
    }
    return { ...kept, [key]: name };
  });
}

/** The items of `sku_ids` are hinted as `sku_id`, of `lines` as `line`. */
const singular = (name: string) => name.replace(/ids$/, "id").replace(/s$/, "");

// ---- mutations -----------------------------------------------------------------------------

type Path = (string | number)[];

type Mutation =
  | { kind: "replace"; at: number; value: unknown }
  | { kind: "delete"; at: number }
  | { kind: "extra"; at: number; key: string; value: unknown }
  | { kind: "repeat"; at: number; times: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("replace"), at: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete"), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extra"),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom("__proto__", "constructor", "Id", " id", "ID", ""),
        fc.string(),
      ),
      value: fc.oneof(hostileValue, wrongType),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("repeat"),
      at: fc.nat(),
      times: fc.constantFrom(2, 3, 50, 1000, 10_001),
    }),
  },
);

/** `valid`'s values with up to `max` mutations: a field replaced, dropped, added or repeated. */
export function mutated(valid: fc.Arbitrary<unknown>, max = 3): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: max }))
    .map(([value, mutations]) => mutations.reduce(apply, value));
}

function apply(value: unknown, m: Mutation): unknown {
  // A field, not the whole value, is what a mutation changes (hostileValue replaces the whole).
  const all = nodes(value);
  const paths = m.kind === "replace" && all.length > 1 ? all.slice(1) : all;
  const path = paths[m.at % paths.length]!;
  switch (m.kind) {
    case "replace":
      return updateAt(value, path, () => m.value);
    case "delete":
      if (path.length === 0) return value;
      return updateAt(value, path.slice(0, -1), (parent) => without(parent, path.at(-1)!));
    case "extra":
      return updateAt(value, path, (node) =>
        isPlainObject(node) ? new DuplicateKeys([...Object.entries(node), [m.key, m.value]]) : node,
      );
    case "repeat":
      return updateAt(value, path, (node) => {
        if (Array.isArray(node) && node.length > 0) {
          return [...node, ...Array.from({ length: m.times - 1 }, () => node[0])];
        }
        // An object's keys each twice: JSON.parse keeps the last.
        if (isPlainObject(node)) {
          const entries = Object.entries(node);
          return new DuplicateKeys([...entries, ...entries]);
        }
        return node;
      });
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  !(v instanceof RawJson) &&
  !(v instanceof DuplicateKeys);

/** Every path into a value, the value itself first. */
function nodes(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    // Repeated items are one item as far as mutations go: 10,000 copies are not 10,000 targets.
    value.slice(0, 8).forEach((item, i) => nodes(item, [...path, i], out));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) nodes(item, [...path, key], out);
  }
  return out;
}

function updateAt(value: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = updateAt(copy[head as number], rest, change);
    return copy;
  }
  if (isPlainObject(value)) {
    return { ...value, [head as string]: updateAt(value[head as string], rest, change) };
  }
  return value;
}

function without(parent: unknown, key: string | number): unknown {
  if (Array.isArray(parent)) return parent.filter((_, i) => i !== key);
  if (isPlainObject(parent)) {
    const copy = { ...parent };
    delete copy[key as string];
    return copy;
  }
  return parent;
}

// ---- oversize lists ------------------------------------------------------------------------

/** A list a body may carry, where it is (["rows", 0, "barcodes"]) and its schema's maximum. */
export interface BoundedList {
  path: Path;
  maxItems: number;
  items: JsonSchema;
}

/** Every list a value of `schema` may carry that has a maxItems, with where it is. */
export function boundedLists(
  schema: JsonSchema,
  ctx: SchemaContext,
  path: Path = [],
): BoundedList[] {
  if (typeof schema.$ref === "string") return boundedLists(ctx.resolve(schema.$ref), ctx, path);
  if (path.length > 8) return [];
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const found: BoundedList[] = [];
  if (types.includes("array") && schema.items) {
    const items = schema.items as JsonSchema;
    if (typeof schema.maxItems === "number") {
      found.push({ path, maxItems: schema.maxItems, items });
    }
    found.push(...boundedLists(items, ctx, [...path, 0]));
  }
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  for (const [key, sub] of Object.entries(properties)) {
    found.push(...boundedLists(sub, ctx, [...path, key]));
  }
  return found;
}

/**
 * The sizes an oversize case of a list takes: one past its maximum (the bound itself), and a much
 * larger list (what a hostile client sends; past the body limit for the largest lists).
 */
export const oversizeLengths = (maxItems: number): number[] => [
  maxItems + 1,
  Math.min(maxItems * 10, 1_000_000),
];

/** `valid` values with the list at `list.path` made `length` items long (one valid item, repeated). */
export function oversized(
  valid: fc.Arbitrary<unknown>,
  list: BoundedList,
  length: number,
  ctx: SchemaContext,
): fc.Arbitrary<unknown> {
  const name = String(list.path.findLast((p) => typeof p === "string") ?? "");
  return fc.tuple(valid, validValue(list.items, ctx, singular(name))).map(([value, item]) =>
    placeAt(
      value,
      list.path,
      Array.from({ length }, () => item),
    ),
  );
}

/** `value` with `leaf` at `path`, creating the objects and the first items on the way. */
function placeAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const copy = Array.isArray(value) && value.length > 0 ? [...value] : [{}];
    copy[0] = placeAt(copy[0], rest, leaf);
    return copy;
  }
  const base = isPlainObject(value) ? value : {};
  return { ...base, [head as string]: placeAt(base[head as string], rest, leaf) };
}
