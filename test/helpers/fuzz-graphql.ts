// Generated GraphQL requests for every query and mutation of the served schema, and the
// properties every answer must have. Each operation is one root field with every argument a
// variable; the variables are built from the argument types (with the world's real ids mixed in)
// and then mutated: wrong types, huge or odd strings, NaN-ish and overlong numbers, deep nesting,
// huge and repeated lists, unknown and repeated keys. Some cases write the arguments inline as
// literals instead, which GraphQL reads differently (a Quantity literal keeps all its digits).
import { appendFileSync } from "node:fs";
import fc from "fast-check";
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  isLeafType,
  isObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from "graphql";
import { ERROR_CATALOG, type ErrorCode } from "../../src/errors.js";
import { operationList } from "../../src/operations.js";
import { ids, ODD_DATES, realistic, SERVICE_RULES } from "./fuzz-rest.js";
import {
  fingerprintChanges,
  refreshPools,
  worldFingerprint,
  FUZZ_RUNS,
  POOL_OF,
  seedOf,
  type FuzzWorld,
  type Pools,
} from "./fuzz-world.js";
import {
  DuplicateKeys,
  hostileString,
  jsonText,
  mutated,
  objectOf,
  ODD_INTEGERS,
  ODD_NUMBER,
  RawJson,
} from "./json-arbitrary.js";
import type { GraphqlOperation } from "./routes.js";

/**
 * Every query and mutation declared (src/operations.ts), with the pool its `id` argument (or its
 * input's `id`) names; a field of the schema not declared has no generator, and the fuzz test
 * fails until it is.
 */
export const GRAPHQL_GENERATORS: Record<string, keyof Pools | null> = Object.fromEntries(
  operationList().flatMap((o) =>
    o.graphql ? [[o.graphql, o.graphqlId ? POOL_OF[o.graphqlId] : null]] : [],
  ),
);

/** The REST list whose cursors a GraphQL connection takes. */
const LISTS: Record<string, string> = {
  skus: "/skus",
  supplierItems: "/supplier-items",
  stockAdjustments: "/stock-adjustments",
  stockMovements: "/stock/movements",
  stockTakes: "/stock-takes",
  events: "/events",
  apiTokens: "/tokens",
};

// ---- the document ---------------------------------------------------------------------------

/**
 * The fields to select of a type: leaves, and objects a few levels down; not the fields that take
 * arguments (nested connections), which would page through data the variables do not choose.
 */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (!isObjectType(named)) return "{ __typename }";
  const fields = Object.values((named as GraphQLObjectType).getFields())
    .filter((f) => f.args.length === 0)
    .map((f) => {
      if (isLeafType(getNamedType(f.type))) return f.name;
      return depth < 3 ? `${f.name} ${selection(f.type, depth + 1)}` : "";
    })
    .filter(Boolean);
  return `{ __typename ${fields.join(" ")} }`;
}

/** The operation, with every argument a variable (or written inline, from `literals`). */
function documentOf(op: GraphqlOperation, literals?: Record<string, string>): string {
  const declared = op.args
    .filter((a) => !literals?.[a.name])
    .map((a) => `$${a.name}: ${String(a.type)}`);
  const passed = op.args.map((a) => `${a.name}: ${literals?.[a.name] ?? `$${a.name}`}`);
  const vars = declared.length > 0 ? `(${declared.join(", ")})` : "";
  const args = passed.length > 0 ? `(${passed.join(", ")})` : "";
  return `${op.kind} Fuzz${vars} { ${op.name}${args} ${selection(op.field.type, 0)} }`;
}

// ---- variables ------------------------------------------------------------------------------

/** The pool an `id` (or `…Id`) names, by the field or input that holds it. */
function idPool(name: string, owner: string, rootPool: keyof Pools | null): keyof Pools | null {
  if (name === "id") {
    // An argument of the field itself, or the input of an update, link, webhook or token mutation.
    if (/^[a-z]/.test(owner) || /^(Update|Link|Unlink|Delete|Rotate|Revoke)/.test(owner)) {
      return rootPool;
    }
    return null; // a line or count: any entity
  }
  const byName: Record<string, keyof Pools> = {
    skuId: "skus",
    skuIds: "skus",
    supplierItemId: "supplierItems",
    supplierItemIds: "supplierItems",
    stockTakeId: "stockTakes",
    adjustmentId: "adjustments",
    webhookId: "webhooks",
  };
  return byName[name] ?? null;
}

/**
 * Values of a GraphQL input type that coerce (with real names and ids where a field has them);
 * with `odd`, leaves are now and then odd values of their own type (odd text, edge integers,
 * numbers no quantity is, impossible dates), which coerce too and so reach the services.
 */
function inputValue(
  world: FuzzWorld,
  type: GraphQLInputType,
  name: string,
  owner: string,
  rootPool: keyof Pools | null,
  odd: boolean,
): fc.Arbitrary<unknown> {
  const nested = (t: GraphQLInputType, n: string, o: string) =>
    inputValue(world, t, n, o, rootPool, odd);
  if (type instanceof GraphQLNonNull) return nested(type.ofType, name, owner);
  if (type instanceof GraphQLList) {
    return fc.array(nested(type.ofType, name.replace(/s$/, ""), owner), {
      minLength: 1,
      maxLength: 4,
    });
  }
  if (type instanceof GraphQLInputObjectType) {
    const fields = Object.values(type.getFields());
    const model = Object.fromEntries(
      fields.map((f) => [f.name, nested(f.type, f.name, type.name)]),
    );
    const required = fields
      .filter((f) => f.type instanceof GraphQLNonNull && f.defaultValue === undefined)
      .map((f) => f.name);
    return objectOf(model, required, SERVICE_RULES);
  }
  if (type instanceof GraphQLEnumType)
    return fc.constantFrom(...type.getValues().map((v) => v.name));
  const scalar = (type as GraphQLScalarType).name;
  const plain = leafValue(world, scalar, name, owner, rootPool);
  // Never an odd token id: one (1.0 is 1) can name the world's own token, which every later case
  // sends, and a revoke of it would refuse them all.
  const strange =
    odd && idPool(name, owner, rootPool) !== "tokens" ? ODD_LEAVES[scalar] : undefined;
  return strange
    ? fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: strange })
    : plain;
}

const ODD_LEAVES: Record<string, fc.Arbitrary<unknown>> = {
  String: hostileString,
  Int: ODD_INTEGERS,
  SafeInt: ODD_INTEGERS,
  Float: ODD_NUMBER,
  Quantity: ODD_NUMBER,
  DateTime: fc.oneof(ODD_DATES, hostileString),
};

/** A scalar's realistic values: the world's ids and names where the field has them. */
function leafValue(
  world: FuzzWorld,
  scalar: string,
  name: string,
  owner: string,
  rootPool: keyof Pools | null,
): fc.Arbitrary<unknown> {
  const pool = idPool(name, owner, rootPool);
  if (pool) return ids(world, (p) => (p[pool] as (number | string)[]) ?? []);
  if (name === "id") return ids(world, (p) => [...p.skus, ...p.supplierItems]);
  if (name === "deliveryId") return ids(world, (p) => p.deliveries.map((d) => Number(d.id)));
  if (name === "after") return realistic(world, "cursor", LISTS[owner])!;
  const hinted = realistic(world, snake(name));
  if (hinted && scalar === "String") return hinted;
  switch (scalar) {
    case "Int":
    case "SafeInt":
      return fc.integer({ min: 0, max: 100 });
    case "Float":
    case "Quantity":
      return fc.oneof(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500_000 }).map((n) => n / 1000),
      );
    case "Boolean":
      return fc.boolean();
    case "DateTime":
      return realistic(world, name === "expiresAt" ? "expires_at" : "counted_at")!;
    case "JSONObject":
      return fc.object({ maxDepth: 1 });
    default:
      return fc.oneof(fc.constantFrom("Bolt M6", "ACME", "x"), fc.string({ maxLength: 20 }));
  }
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value as a GraphQL literal of its type; strings in enum positions become enum values. */
function literal(value: unknown, type: GraphQLInputType): string {
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKeys) {
    const fields = inner instanceof GraphQLInputObjectType ? inner.getFields() : {};
    return `{${value.entries.map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? inner)}`).join(", ")}}`;
  }
  if (Array.isArray(value)) {
    const item = inner instanceof GraphQLList ? inner.ofType : inner;
    return `[${value.map((v) => literal(v, item)).join(", ")}]`;
  }
  if (value !== null && typeof value === "object") {
    const fields = inner instanceof GraphQLInputObjectType ? inner.getFields() : {};
    return `{${Object.entries(value)
      .map(
        ([k, v]) =>
          `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(k) ? k : "x"}: ${literal(v, fields[k]?.type ?? inner)}`,
      )
      .join(", ")}}`;
  }
  if (
    inner instanceof GraphQLEnumType &&
    typeof value === "string" &&
    /^[_A-Za-z]\w*$/.test(value)
  ) {
    return value;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return "null";
  return JSON.stringify(value) ?? "null";
}

export interface GraphqlCase {
  query: string;
  /** The variables, RawJson and DuplicateKeys allowed (they are written as JSON text). */
  variables: Record<string, unknown>;
  authorization?: string;
}

/** Requests for one root field. */
export function graphqlCases(world: FuzzWorld, op: GraphqlOperation): fc.Arbitrary<GraphqlCase> {
  if (!(op.name in GRAPHQL_GENERATORS)) throw new Error(`no generator for ${op.kind} ${op.name}`);
  const rootPool = GRAPHQL_GENERATORS[op.name] ?? null;
  const model = Object.fromEntries(
    op.args.map((a) => [a.name, inputValue(world, a.type, a.name, op.name, rootPool, false)]),
  );
  const oddModel = Object.fromEntries(
    op.args.map((a) => [a.name, inputValue(world, a.type, a.name, op.name, rootPool, true)]),
  );
  const required = op.args.filter((a) => a.type instanceof GraphQLNonNull).map((a) => a.name);
  const valid = fc.record(model, { requiredKeys: required });
  const variables = fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: fc.record(oddModel, { requiredKeys: required }) },
    { weight: 2, arbitrary: mutated(valid) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const own = `Bearer ${world.mine.token}`;
  const authorization = fc.oneof(
    { weight: 20, arbitrary: fc.constant(own) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        undefined,
        `Bearer ${world.readOnly}`,
        `Bearer ${world.theirs.token}`,
        `Basic ${world.mine.token}`,
        `Bearer ${world.mine.token}x`,
      ),
    },
  );
  return fc
    .record({
      variables,
      authorization,
      inline: fc.oneof(
        { weight: 5, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    })
    .map(({ variables, authorization, inline }) => {
      const vars =
        variables &&
        typeof variables === "object" &&
        !Array.isArray(variables) &&
        !(variables instanceof RawJson) &&
        !(variables instanceof DuplicateKeys)
          ? variables
          : null;
      if (inline && vars) {
        // Arguments written into the document: GraphQL's literal parsing instead of JSON's.
        const literals = Object.fromEntries(
          op.args.filter((a) => a.name in vars).map((a) => [a.name, literal(vars[a.name], a.type)]),
        );
        const rest = Object.fromEntries(Object.entries(vars).filter(([k]) => !(k in literals)));
        return { query: documentOf(op, literals), variables: rest, authorization };
      }
      return {
        query: documentOf(op),
        variables: variables as Record<string, unknown>,
        authorization,
      };
    });
}

// ---- the properties -------------------------------------------------------------------------

/** What GraphQL itself answers a request it cannot run (Apollo's codes), besides ours. */
const GRAPHQL_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
]);
const CLIENT_CODES = new Set(
  (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((c) => ERROR_CATALOG[c].status < 500),
);

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: unknown } }[];
  code?: string;
  status?: number;
}

/**
 * Sends one case and checks it: never 5xx; top-level errors carry a known code (ours, or
 * GraphQL's own for requests it cannot run), never INTERNAL; userErrors carry catalogue codes;
 * and when anything was refused (or the operation is a query), neither account changed.
 */
export async function sendGraphqlCase(
  world: FuzzWorld,
  op: GraphqlOperation,
  c: GraphqlCase,
): Promise<string> {
  const before = world.last ?? (await worldFingerprint(world));
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (c.authorization) headers.authorization = c.authorization;
  const body = `{"query":${JSON.stringify(c.query)},"variables":${jsonText(c.variables)}}`;
  const started = Date.now();
  const response = await fetch(`${world.t.baseUrl}/graphql`, { method: "POST", headers, body });
  const text = await response.text();
  const took = Date.now() - started;
  const after = await worldFingerprint(world);
  world.last = after;
  const problems: string[] = [];
  let parsed: GraphqlBody = {};
  try {
    parsed = JSON.parse(text) as GraphqlBody;
  } catch {
    problems.push(`the answer is not JSON: ${text.slice(0, 200)}`);
  }
  const { status } = response;
  if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
  let outcome: string;
  if (response.headers.get("content-type")?.startsWith("application/problem+json")) {
    // Refused before GraphQL reads it (unreadable JSON, too large), as REST refuses it: a
    // problem whose code is the catalogue's for that status.
    const code = parsed.code as ErrorCode;
    if (
      parsed.status !== status ||
      !CLIENT_CODES.has(code) ||
      ERROR_CATALOG[code].status !== status
    ) {
      problems.push(`a ${status} that is not a problem of that status: ${text.slice(0, 200)}`);
    }
    outcome = `problem ${parsed.code}`;
  } else {
    const codes = (parsed.errors ?? []).map((e) => String(e.extensions?.code));
    // A refusal before anything ran carries its code's status (401, 422...); else 200 or 400.
    const refusedWith = codes.length === 1 && CLIENT_CODES.has(codes[0] as ErrorCode);
    const expected = refusedWith ? ERROR_CATALOG[codes[0] as ErrorCode].status : undefined;
    if (status !== 200 && status !== 400 && status !== expected) {
      problems.push(`answered HTTP ${status}`);
    }
    for (const code of codes) {
      if (!CLIENT_CODES.has(code as ErrorCode) && !GRAPHQL_CODES.has(code)) {
        problems.push(
          `a top-level error with code ${code}: ${parsed.errors?.find((e) => String(e.extensions?.code) === code)?.message}`,
        );
      }
    }
    const payload = parsed.data?.[op.name] as
      { userErrors?: { code?: unknown }[] } | null | undefined;
    const userCodes = (payload?.userErrors ?? []).map((e) => String(e.code));
    for (const code of userCodes) {
      if (!CLIENT_CODES.has(code as ErrorCode)) problems.push(`a userError with code ${code}`);
    }
    outcome = codes[0] ?? userCodes[0] ?? (payload ? "data" : "no data");
    if (codes.length === 0 && userCodes.length === 0 && !payload)
      problems.push("no data and no error");
  }
  if (process.env.FUZZ_TRACE) {
    const line = `${op.name} ${status} ${took} ms ${outcome} ${body.slice(0, 600)} => ${text.slice(0, 300)}`;
    appendFileSync(process.env.FUZZ_TRACE, `${line.replaceAll("\n", " ")}\n`);
  }
  const refused = outcome !== "data";
  if (refused || op.kind === "query") {
    const changes = fingerprintChanges(before, after);
    if (changes.length > 0) problems.push(`answered ${outcome} but wrote: ${changes.join("; ")}`);
  }
  if (problems.length > 0) {
    const shown = body.length > 800 ? `${body.slice(0, 800)}… (${body.length} chars)` : body;
    throw new Error(
      `POST /graphql ${shown}\nauthorization: ${c.authorization}\n${problems.join("\n")}`,
    );
  }
  return `${status} ${outcome}`;
}

/** Runs FUZZ_RUNS cases of one root field; returns how they were answered. */
export async function fuzzField(
  world: FuzzWorld,
  op: GraphqlOperation,
): Promise<Map<string, number>> {
  await refreshPools(world);
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(graphqlCases(world, op), async (c) => {
      const outcome = await sendGraphqlCase(world, op, c);
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    }),
    { numRuns: FUZZ_RUNS, seed: seedOf(op.name), endOnFailure: true },
  );
  return seen;
}

// ---- oversize lists -------------------------------------------------------------------------

/** A request carrying one list past its declared maximum, and what it must be answered. */
export interface OversizeCase {
  label: string;
  op: GraphqlOperation;
  case: GraphqlCase;
  code: ErrorCode;
}

/** Each bounded list inside a root field's arguments: its path there and its coordinate. */
function boundedLists(op: GraphqlOperation): { path: (string | number)[]; coordinate: string }[] {
  const found: { path: (string | number)[]; coordinate: string }[] = [];
  const walk = (type: GraphQLInputType, path: (string | number)[], coordinate: string) => {
    const inner = type instanceof GraphQLNonNull ? type.ofType : type;
    if (inner instanceof GraphQLList) {
      found.push({ path, coordinate });
      walk(inner.ofType, [...path, 0], coordinate);
    } else if (inner instanceof GraphQLInputObjectType && path.length < 6) {
      for (const field of Object.values(inner.getFields())) {
        walk(field.type, [...path, field.name], `${inner.name}.${field.name}`);
      }
    }
  };
  const root = op.kind === "query" ? "Query" : "Mutation";
  for (const arg of op.args) walk(arg.type, [arg.name], `${root}.${op.name}(${arg.name}:)`);
  return found;
}

/** Sets `value` at `path` inside `target`, making the objects on the way that are missing. */
function setAt(
  target: Record<string | number, unknown>,
  path: (string | number)[],
  value: unknown,
) {
  let at = target;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== "object" || at[key] === null) at[key] = {};
    at = at[key] as Record<string | number, unknown>;
  }
  at[path.at(-1)!] = value;
}

/** The type at `path` inside an argument of `op` (list entries by index). */
function typeAt(op: GraphqlOperation, path: (string | number)[]): GraphQLInputType {
  let type = op.args.find((a) => a.name === path[0])!.type;
  for (const key of path.slice(1)) {
    const inner = type instanceof GraphQLNonNull ? type.ofType : type;
    type =
      inner instanceof GraphQLList
        ? inner.ofType
        : (inner as GraphQLInputObjectType).getFields()[key as string]!.type;
  }
  return type;
}

/** Bodies stay under the test app's body limit (1 MB), so the list itself is what is refused. */
const BODY_BUDGET = 900_000;

/**
 * For every bounded list of every root field: the list one past its declared maximum and far
 * past it (ten times, or as many as the body limit lets through), the rest of the request valid.
 */
export function oversizeCases(
  world: FuzzWorld,
  operations: GraphqlOperation[],
  bounds: Record<string, { max: number; code: ErrorCode }>,
): OversizeCase[] {
  const cases: OversizeCase[] = [];
  for (const op of operations) {
    const rootPool = GRAPHQL_GENERATORS[op.name] ?? null;
    for (const { path, coordinate } of boundedLists(op)) {
      const bound = bounds[coordinate];
      if (!bound) throw new Error(`${coordinate} has no declared maximum`);
      const sample = <T>(arbitrary: fc.Arbitrary<T>): T =>
        fc.sample(arbitrary, { numRuns: 1, seed: seedOf(coordinate) })[0]!;
      const variables = Object.fromEntries(
        op.args.map((a) => [
          a.name,
          sample(inputValue(world, a.type, a.name, op.name, rootPool, false)),
        ]),
      );
      const listType = typeAt(op, path);
      const itemType = (
        (listType instanceof GraphQLNonNull
          ? listType.ofType
          : listType) as GraphQLList<GraphQLInputType>
      ).ofType;
      const name = String(path.at(-1)).replace(/s$/, "");
      const item = sample(inputValue(world, itemType, name, op.name, rootPool, false));
      // Sizes in bytes, as the body limit counts them: a sampled text may hold characters of
      // several bytes each.
      const size = Buffer.byteLength(JSON.stringify(item)) + 1;
      // What the rest of the body takes (the document, the other variables as sampled, which
      // vary with the seed): the list gets what is left of the budget.
      const budget =
        BODY_BUDGET - Buffer.byteLength(JSON.stringify({ query: documentOf(op), variables }));
      const far = Math.max(bound.max + 2, Math.min(bound.max * 10, Math.floor(budget / size)));
      for (const length of [bound.max + 1, far]) {
        // An entry too large for the body budget: an empty one (the list is refused unread).
        const entry = length * size > budget ? (typeof item === "object" ? {} : 0) : item;
        const sent = structuredClone(variables) as Record<string, unknown>;
        setAt(
          sent,
          path,
          Array.from({ length }, () => entry),
        );
        cases.push({
          label: `${op.name} ${path.join(".")} × ${length}`,
          op,
          case: {
            query: documentOf(op),
            variables: sent,
            authorization: `Bearer ${world.mine.token}`,
          },
          code: bound.code,
        });
      }
    }
  }
  return cases;
}
