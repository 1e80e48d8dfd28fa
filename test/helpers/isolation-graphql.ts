// GraphQL probes as requests: one operation per probe, selecting everything its field answers,
// sent over HTTP, or over graphql-ws for subscriptions.
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import {
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import { AGGREGATE_FIELDS } from "../../src/graphql/limits.js";
import { postGraphql, type TestApp } from "./app.js";
import type { Answer, GqlProbe } from "./isolation.js";

type Args = Record<string, unknown>;

/** The operation of a probe: its root field with every argument given as a variable. */
export function gqlDocument(schema: GraphQLSchema, probe: GqlProbe): string {
  const [typeName, fieldName] = probe.field.split(".") as [string, string];
  const root = rootField(schema, typeName, fieldName);
  const kind =
    typeName === schema.getMutationType()?.name
      ? "mutation"
      : typeName === schema.getSubscriptionType()?.name
        ? "subscription"
        : "query";
  const vars: string[] = [];
  const argList = (field: GraphQLField<unknown, unknown>, prefix: string, args: Args) => {
    const given = field.args.filter((a) => a.name in args);
    for (const a of given) vars.push(`$${prefix}${a.name}: ${String(a.type)}`);
    return given.length ? `(${given.map((a) => `${a.name}: $${prefix}${a.name}`).join(", ")})` : "";
  };
  const rootArgs = argList(root, "r_", { ...probe.foreign, ...probe.missing });
  let selection: string;
  if (probe.nested) {
    const [parent, nestedName] = probe.nested.field.split(".") as [string, string];
    const nested = (
      schema.getType(parent) as { getFields(): Record<string, typeof root> }
    ).getFields()[nestedName]!;
    const nestedArgs = argList(nested, "n_", { ...probe.nested.foreign, ...probe.nested.missing });
    selection = `{ __typename ${nestedName}${nestedArgs} ${selectionOf(nested.type, 1, false)} }`;
  } else {
    // A subscription's selection runs again for every event, so its cost cap is far lower than a
    // query's: no pages below it.
    selection = selectionOf(root.type, 0, kind === "subscription");
  }
  const header = vars.length ? `(${vars.join(", ")})` : "";
  return `${kind} Probe${header} { ${fieldName}${rootArgs} ${selection} }`;
}

/** A probe's variables for one side ("foreign" or "missing"). */
export function gqlVariables(probe: GqlProbe, side: "foreign" | "missing"): Args {
  const prefixed = (prefix: string, args: Args) =>
    Object.fromEntries(Object.entries(args).map(([k, v]) => [`${prefix}${k}`, v]));
  return {
    ...prefixed("r_", probe[side]),
    ...(probe.nested ? prefixed("n_", probe.nested[side]) : {}),
  };
}

function rootField(schema: GraphQLSchema, typeName: string, fieldName: string) {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`no type ${typeName}`);
  const field = type.getFields()[fieldName];
  if (!field) throw new Error(`no field ${typeName}.${fieldName}`);
  return field;
}

/** Deepest selection level generated below a probe's field (within the server's depth limit). */
const MAX_LEVEL = 5;

/**
 * Aggregates selected inside lists as well: a page of stock takes has its summaries read in one
 * statement for all of them, a path of its own to probe. The other aggregates are one statement
 * per stock take, probed outside lists.
 */
const AGGREGATES_IN_LISTS = new Set(["StockTake.summary"]);

/**
 * Every leaf a type answers, following object fields to MAX_LEVEL. Fields with required
 * arguments are left out, and fields with optional ones (pages) and aggregates (each a query of
 * its own) outside lists only, so the cost stays within the server's limit.
 */
function selectionOf(type: GraphQLOutputType, level: number, inList: boolean): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  const listed = inList || isListType(getNullableType(type));
  if (level >= MAX_LEVEL) return "{ __typename }";
  if (isUnionType(named)) {
    const parts = named
      .getTypes()
      .map((t) => `... on ${t.name} ${selectionOf(t, level, listed)}`)
      .join(" ");
    return `{ __typename ${parts} }`;
  }
  if (!isObjectType(named)) return "{ __typename }";
  const aggregate = (f: GraphQLField<unknown, unknown>) => {
    const name = `${named.name}.${f.name}`;
    return AGGREGATE_FIELDS.has(name) && !AGGREGATES_IN_LISTS.has(name);
  };
  const fields = Object.values(named.getFields()).filter(
    (f) =>
      !f.args.some((a) => isNonNullType(a.type)) &&
      ((f.args.length === 0 && !aggregate(f)) || !listed),
  );
  const inner = fields.map((f) => {
    const below = getNamedType(f.type);
    if (isLeafType(below)) return f.name;
    const isPage = isListType(getNullableType(f.type)) || f.args.length > 0;
    return `${f.name} ${selectionOf(f.type, level + 1, listed || isPage)}`;
  });
  return `{ __typename ${inner.join(" ")} }`;
}

export async function callGraphql(
  t: TestApp,
  token: string,
  query: string,
  variables: Args,
): Promise<Answer> {
  const res = await postGraphql(t, { query, variables }, token);
  return {
    status: res.status,
    headers: {},
    body: { data: res.data ?? null, errors: res.errors ?? null },
    sent: JSON.stringify({ query, variables }),
  };
}

/** A subscription's first message (or its error, or "open" when nothing came in `ms`). */
export async function callSubscription(
  t: TestApp,
  token: string,
  query: string,
  variables: Args,
  ms = 1_500,
): Promise<Answer> {
  const client = createClient({
    url: t.baseUrl.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  try {
    const first = await new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve("open"), ms);
      const done = (v: unknown) => {
        clearTimeout(timer);
        resolve(v);
      };
      client.subscribe(
        { query, variables },
        { next: (r) => done({ next: r }), error: (e) => done({ error: e }), complete: () => {} },
      );
    });
    return { status: 0, headers: {}, body: first, sent: JSON.stringify({ query, variables }) };
  } finally {
    await client.dispose();
  }
}
