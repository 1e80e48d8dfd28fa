// The API's surface as the served documents describe it: every REST operation of the OpenAPI
// document and every GraphQL root field and argument-taking field of the schema, with the inputs
// of each that name something (ids, codes, barcodes, cursors, idempotency keys). Sweeps that
// must cover the whole surface (isolation, fuzzing) enumerate it from here, so an operation or
// field added later is swept or the sweep fails.
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import type { TestApp } from "./app.js";
import type { OpenApiDocument } from "./contract.js";

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

/** A JSON schema as the OpenAPI document holds it (3.1: plain JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** A path, query or header parameter of an operation. */
export interface RestParameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** One REST operation: "GET /skus/{id}" (the path without the /api/v1 prefix). */
export interface RestOperation {
  key: string;
  method: string;
  /** The path template, without /api/v1. */
  path: string;
  operationId: string;
  parameters: RestParameter[];
  /** Media type → schema of the request body, when the operation takes one. */
  body?: Record<string, JsonSchema>;
  /** The statuses the document lists for the operation. */
  statuses: number[];
}

const PREFIX = "/api/v1";

interface DocumentOperation {
  operationId?: string;
  parameters?: RestParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

/** Every operation of the served OpenAPI document (hidden routes are not in it). */
export function restOperations(doc: OpenApiDocument): RestOperation[] {
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    METHODS.filter((m) => ops[m]).map((m) => {
      const path = template.startsWith(PREFIX) ? template.slice(PREFIX.length) : template;
      const op = ops[m] as unknown as DocumentOperation;
      const content = op.requestBody?.content;
      return {
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        operationId: op.operationId ?? `${m} ${path}`,
        parameters: op.parameters ?? [],
        ...(content
          ? { body: Object.fromEntries(Object.entries(content).map(([t, c]) => [t, c.schema])) }
          : {}),
        statuses: Object.keys(op.responses).map(Number),
      };
    }),
  );
}

/**
 * Whether an input names something a caller could take from another account: an id (`id`,
 * `…_id`, `…Ids`), a code or barcode, a cursor, a delivery, an idempotency key.
 */
export const namesSomething = (name: string): boolean =>
  /^(id|ids|code|barcode|barcodes|cursor|after|delivery|idempotency-key|idempotencyKey)$|(_id|_ids|Id|Ids)$/.test(
    name,
  );

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  in: string;
  name: string;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/**
 * An operation's inputs that name something: "path:id", "query:sku_id",
 * "header:idempotency-key", "body:/lines/*\/id" (array items as *).
 */
export function restIdInputs(doc: OpenApiDocument, op: RestOperation): string[] {
  const operation = (doc.paths[PREFIX + op.path] ?? doc.paths[op.path])?.[
    op.method.toLowerCase()
  ] as OperationObject | undefined;
  if (!operation) return [];
  const found = new Set<string>();
  for (const p of operation.parameters ?? []) {
    if (namesSomething(p.name) || p.in === "path") found.add(`${p.in}:${p.name}`);
  }
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const resolve = (s: Schema | undefined): Schema | undefined => {
    let current = s;
    for (let i = 0; current?.$ref && i < 20; i++) current = schemas[current.$ref.split("/").pop()!];
    return current;
  };
  const walk = (s: Schema | undefined, pointer: string, depth: number) => {
    const schema = resolve(s);
    if (!schema || depth > 8) return;
    for (const k of ["oneOf", "anyOf", "allOf"] as const) {
      for (const part of schema[k] ?? []) walk(part, pointer, depth + 1);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (namesSomething(name)) found.add(`body:${pointer}/${name}`);
      walk(property, `${pointer}/${name}`, depth + 1);
    }
    if (schema.items) walk(schema.items, `${pointer}/*`, depth + 1);
  };
  for (const media of Object.values(operation.requestBody?.content ?? {}))
    walk(media.schema, "", 0);
  return [...found].sort();
}

/** The GraphQL surface: fields to sweep and the inputs of each that name something. */
export interface GraphqlSurface {
  /** "Query.sku", "Mutation.createSku", "Subscription.stockChanged", and every field of another
   * type that takes arguments ("Sku.movements"). */
  fields: string[];
  /** "Query.sku(id)", "Mutation.bulkAdjustStock(input.lines.id)", "Sku.movements(after)". */
  idInputs: string[];
}

/** Every root field and argument-taking field of the schema, and their naming inputs. */
export function graphqlSurface(schema: GraphQLSchema): GraphqlSurface {
  const fields: string[] = [];
  const idInputs = new Set<string>();
  const roots = new Set(
    [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
      .filter((t) => t)
      .map((t) => t!.name),
  );
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (!roots.has(type.name) && field.args.length === 0) continue;
      const name = `${type.name}.${field.name}`;
      fields.push(name);
      for (const arg of field.args) {
        for (const path of namingPaths(arg.type, [arg.name], new Set())) {
          idInputs.add(`${name}(${path})`);
        }
      }
    }
  }
  return { fields: fields.sort(), idInputs: [...idInputs].sort() };
}

/** Paths (dotted, lists transparent) to the inputs within `type` that name something. */
function namingPaths(type: GraphQLInputType, path: string[], seen: Set<string>): string[] {
  const out: string[] = [];
  const last = path[path.length - 1]!;
  if (namesSomething(last)) out.push(path.join("."));
  let inner: GraphQLInputType = getNullableType(type);
  while (isListType(inner)) inner = getNullableType(inner.ofType);
  const named = getNamedType(inner);
  if (isInputObjectType(named) && !seen.has(named.name)) {
    const next = new Set(seen).add(named.name);
    for (const f of Object.values(named.getFields())) {
      out.push(...namingPaths(f.type, [...path, f.name], next));
    }
  }
  return out;
}

/** The schema the server serves, read by introspection (introspection is on in test apps). */
export async function servedSchema(t: Pick<TestApp, "baseUrl">): Promise<GraphQLSchema> {
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const { data } = (await response.json()) as { data: IntrospectionQuery };
  return buildClientSchema(data);
}

/** A root field of Query or Mutation, as an operation of its own. */
export interface GraphqlOperation {
  kind: "query" | "mutation";
  field: GraphQLField<unknown, unknown>;
  name: string;
  args: readonly GraphQLArgument[];
}

/** Every root field of Query and Mutation (subscriptions run over WebSocket, not POST). */
export function graphqlOperations(schema: GraphQLSchema): GraphqlOperation[] {
  const roots = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const;
  return roots.flatMap(([kind, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({
      kind,
      field,
      name: field.name,
      args: field.args,
    })),
  );
}
