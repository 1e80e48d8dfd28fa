import { startTestApp, type TestApp } from "../../helpers/app.js";

// What a request may carry, the OpenAPI document states (item 12 of issue 39): a client generated
// from it knows every bound. This walks every request body and parameter of the served document,
// through the named schemas they use, and fails on
// - a string without maxLength (an enum or a const is bounded by its values),
// - an array without maxItems,
// - a query parameter without a constraint beyond its type: an enum, a const, a format, a
//   pattern, minLength, or numeric bounds (a boolean is constrained by its type).
// A text/csv body as a whole is bounded by the body limit (413 PAYLOAD_TOO_LARGE), not by a
// schema, so its string is not held to maxLength; its rows are described in words.
// Responses are out of scope: they say what the service answers, not what it accepts.

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const QUERY_CONSTRAINTS = [
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
];

/** Where `doc`'s requests are left unbounded, one line each. */
function unboundedRequests(doc: Document): string[] {
  const found: string[] = [];
  const named = (ref: string): Schema => doc.components.schemas[ref.split("/").pop() ?? ""] ?? {};
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(named(schema.$ref)) : schema);
  const walk = (schema: Schema, where: string, seen: Set<string>): void => {
    if (schema.$ref) {
      if (seen.has(schema.$ref)) return;
      return walk(named(schema.$ref), `${where} (${schema.$ref})`, new Set([...seen, schema.$ref]));
    }
    const types = [schema.type ?? []].flat();
    const bounded = schema.enum !== undefined || schema.const !== undefined;
    if (types.includes("string") && schema.maxLength === undefined && !bounded) {
      found.push(`${where}: a string without maxLength`);
    }
    if (types.includes("array") && schema.maxItems === undefined) {
      found.push(`${where}: an array without maxItems`);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      walk(property, `${where}/${name}`, seen);
    }
    if (schema.items) walk(schema.items, `${where}/items`, seen);
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      for (const [i, sub] of ((schema[key] as Schema[] | undefined) ?? []).entries()) {
        walk(sub, `${where}/${key}/${i}`, seen);
      }
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        const where = `${op} ${parameter.in} ${parameter.name}`;
        walk(parameter.schema, where, new Set());
        const schema = resolve(parameter.schema);
        const constrained =
          schema.type === "boolean" || QUERY_CONSTRAINTS.some((k) => schema[k] !== undefined);
        if (parameter.in === "query" && !constrained) {
          found.push(`${where}: a query parameter constrained by its type alone`);
        }
      }
      for (const [media, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        const whole = resolve(schema);
        if (media === "text/csv" && whole.type === "string") continue;
        walk(schema, `${op} body ${media}`, new Set());
      }
    }
  }
  return found;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as Document;
});
afterAll(() => t.close());

describe("the OpenAPI document states what a request may carry", () => {
  it("bounds every string and list of every request, and constrains every query parameter", () => {
    expect(unboundedRequests(doc)).toEqual([]);
  });

  it("finds what it looks for", () => {
    const probe: Document = {
      components: {
        schemas: {
          Body: {
            type: "object",
            properties: { tags: { type: "array", items: { type: "string" } } },
          },
        },
      },
      paths: {
        "/things": {
          get: {
            parameters: [{ name: "q", in: "query", schema: { type: "string", maxLength: 9 } }],
          },
          post: {
            requestBody: {
              content: { "application/json": { schema: { $ref: "#/components/schemas/Body" } } },
            },
          },
        },
      },
    };
    expect(unboundedRequests(probe)).toEqual([
      "GET /things query q: a query parameter constrained by its type alone",
      "POST /things body application/json (#/components/schemas/Body)/tags: an array without maxItems",
      "POST /things body application/json (#/components/schemas/Body)/tags/items: a string without maxLength",
    ]);
  });

  it("declares the rules the service checks, so a generated client knows them", () => {
    const schema = (name: string): Schema => doc.components.schemas[name] ?? {};
    const property = (name: string, field: string): Schema =>
      schema(name).properties?.[field] ?? {};
    const matches = (pattern: unknown, text: string) => new RegExp(String(pattern), "u").test(text);
    const code = property("CreateSku", "code");
    expect(code).toMatchObject({ minLength: 1, maxLength: 64 });
    expect(matches(code.pattern, "   ")).toBe(false);
    expect(matches(code.pattern, "A\u0000")).toBe(false);
    expect(matches(code.pattern, " BOLT-M6 ")).toBe(true);
    expect(property("CreateSku", "opening_on_hand")).toMatchObject({
      minimum: 0,
      exclusiveMaximum: 1e11,
    });
    // Decimals in words only: a floating-point multipleOf would refuse 0.043 in generated clients.
    expect(property("CreateSku", "opening_on_hand")).not.toHaveProperty("multipleOf");
    expect(property("SkuImport", "rows")).toMatchObject({ minItems: 1 });
    expect(property("StockTakeCounts", "counts")).toMatchObject({ minItems: 1 });
    expect(schema("SkuUpdate")).toMatchObject({ minProperties: 1 });
    expect(property("CreateWebhook", "url")).toMatchObject({ format: "uri" });
    expect(matches(property("CreateToken", "name").pattern, "Scanner\t3")).toBe(false);
    const lines = doc.paths["/api/v1/stock-takes/{id}/lines"]?.get?.parameters ?? [];
    expect(lines.find((p) => p.name === "state")?.schema.enum).toEqual([
      "uncounted",
      "counted",
      "accepted",
      "applied",
    ]);
  });
});
