// The isolation sweep: every REST operation of the served OpenAPI document and every GraphQL
// query, mutation, subscription and argument-taking field of the served schema is called with
// account B's token (all scopes) naming account A's things: ids in paths, filters, bodies, bulk
// lines, counts, scopes and GraphQL inputs; A's codes and barcodes; A's cursors; A's
// idempotency keys. Each answer must show nothing of A, must equal the answer to the same call
// naming things that exist nowhere (status, code, headers, body, all but the names themselves),
// and A's rows (counts and a hash of every row) must be as they were. An operation, field or
// naming input without a probe fails the sweep.
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema } from "graphql";
import { postGraphql, startTestApp, type TestApp } from "../../helpers/app.js";
import { fingerprint } from "../../helpers/fingerprint.js";
import {
  callRest,
  difference,
  gqlDifferences,
  leakedValues,
  refusedEarly,
  restDifferences,
  type Answer,
  type GqlProbe,
  type RestProbe,
} from "../../helpers/isolation.js";
import { gqlProbes } from "../../helpers/isolation-gql-probes.js";
import {
  callGraphql,
  callSubscription,
  gqlDocument,
  gqlVariables,
} from "../../helpers/isolation-graphql.js";
import { restProbes } from "../../helpers/isolation-rest-probes.js";
import { buildWorld, type World } from "../../helpers/isolation-world.js";
import {
  graphqlSurface,
  restIdInputs,
  restOperations,
  type RestOperation,
} from "../../helpers/routes.js";

let t: TestApp;
let w: World;
let schema: GraphQLSchema;
let rests: ReturnType<typeof restProbes>;
let gqls: ReturnType<typeof gqlProbes>;
let operations: RestOperation[];

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
  const introspection = await postGraphql(t, { query: getIntrospectionQuery() }, w.b.token);
  schema = buildClientSchema(introspection.data as never);
  operations = restOperations(t.contract.document);
  rests = restProbes(w);
  gqls = gqlProbes(w);
});
afterAll(() => t.close());

/**
 * Runs probes one group at a time (an operation or field), A's fingerprint around each group;
 * within a group those that write nothing in B at once, then the others one by one.
 */
async function sweep<P extends { volatile?: string[] }>(
  probes: P[],
  groupOf: (p: P) => string,
  run: (p: P) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  const groups = new Map<string, P[]>();
  for (const p of probes) groups.set(groupOf(p), [...(groups.get(groupOf(p)) ?? []), p]);
  for (const [group, members] of groups) {
    const before = await fingerprint(t.db, w.a.accountId);
    const found = await Promise.all(members.filter((p) => !p.volatile).map(run));
    for (const p of members.filter((m) => m.volatile)) found.push(await run(p));
    problems.push(...found.flat().map((m) => `${group}: ${m}`));
    const after = await fingerprint(t.db, w.a.accountId);
    const changed = Object.keys(before).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    if (changed.length > 0) problems.push(`${group}: changed A's ${changed.join(", ")}`);
  }
  return problems;
}

/** Rows per table B holds, to tell a write that ran from one replayed or refused. */
const rowsOf = async (accountId: number) =>
  Object.fromEntries(
    Object.entries(await fingerprint(t.db, accountId)).map(([k, v]) => [k, v.rows]),
  );

/** Both sides of a probe, compared; the problems found (none: isolated). */
async function check(
  label: string,
  call: (side: "foreign" | "missing") => Promise<Answer>,
  pairs: [unknown, unknown][],
  options: { volatile?: string[]; positional?: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  // A create that succeeds in B must write as much with A's names (and A's key) as without:
  // a replay of A's stored answer would write nothing.
  const counted = options.volatile?.includes("id") ?? false;
  const rows0 = counted ? await rowsOf(w.b.accountId) : null;
  const foreign = await call("foreign");
  const rows1 = counted ? await rowsOf(w.b.accountId) : null;
  const early = refusedEarly(foreign);
  if (early) problems.push(`${label} was ${early}: the probe tests nothing`);
  const leaked = leakedValues(foreign, w.secrets);
  if (leaked.length > 0) problems.push(`${label} shows A's ${leaked.join(", ")}`);
  if (options.positional) return problems;
  const missing = await call("missing");
  const rows2 = counted ? await rowsOf(w.b.accountId) : null;
  const missingEarly = refusedEarly(missing);
  if (missingEarly) problems.push(`${label} naming nothing was ${missingEarly}`);
  const diff = difference(foreign, missing, pairs, options.volatile);
  if (diff) problems.push(`${label} is told apart from a missing one: ${diff}`);
  if (counted) {
    // Tables in name order: PostgreSQL may answer the fingerprint's UNION ALL in any order.
    const delta = (x: Record<string, number>, y: Record<string, number>) =>
      JSON.stringify(
        Object.fromEntries(
          Object.keys(y)
            .sort()
            .map((k) => [k, y[k]! - (x[k] ?? 0)]),
        ),
      );
    if (delta(rows0!, rows1!) !== delta(rows1!, rows2!)) {
      problems.push(
        `${label} wrote ${delta(rows0!, rows1!)} in B, the call naming nothing ${delta(rows1!, rows2!)}`,
      );
    }
  }
  return problems;
}

function runRest(p: RestProbe): Promise<string[]> {
  const template = p.op.split(" ")[1]!;
  const pairs = [...restDifferences(template, p.foreign, p.missing).pairs, ...(p.names ?? [])];
  const label = `${p.foreign.method} ${p.foreign.path}${p.foreign.query ? `?${new URLSearchParams(p.foreign.query)}` : ""}`;
  return check(label, (side) => callRest(t, w.b.token, p[side]), pairs, p);
}

function runGql(p: GqlProbe): Promise<string[]> {
  const document = gqlDocument(schema, p);
  const { pairs } = gqlDifferences(p);
  const label = `${p.field}${p.nested ? ` ${p.nested.field}` : ""} ${JSON.stringify(p.foreign)}${p.nested ? JSON.stringify(p.nested.foreign) : ""}`;
  const send = p.field.startsWith("Subscription.") ? callSubscription : callGraphql;
  return check(label, (side) => send(t, w.b.token, document, gqlVariables(p, side)), pairs, p);
}

describe("isolation sweep", () => {
  it("has a probe for every REST operation and every input of it that names something", () => {
    const probes = [...rests.reads, ...rests.writes];
    const known = new Set(operations.map((o) => o.key));
    expect(probes.map((p) => p.op).filter((op) => !known.has(op))).toEqual([]);
    const uncovered = operations.flatMap((op) => {
      const mine = probes.filter((p) => p.op === op.key);
      if (mine.length === 0) return [`${op.key}: no probe`];
      const covered = new Set(
        mine.flatMap((p) => [...restDifferences(op.path, p.foreign, p.missing).inputs]),
      );
      return restIdInputs(t.contract.document, op)
        .filter((input) => ![...covered].some((c) => c === input || c.startsWith(`${input}/`)))
        .map((input) => `${op.key}: no probe varies ${input}`);
    });
    expect(uncovered).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(36);
  });

  it("has a probe for every GraphQL root field, argument-taking field and naming input", () => {
    const surface = graphqlSurface(schema);
    const probes = [...gqls.reads, ...gqls.writes];
    const probed = new Set(probes.flatMap((p) => [p.field, ...(p.nested ? [p.nested.field] : [])]));
    expect(surface.fields.filter((f) => !probed.has(f))).toEqual([]);
    const covered = new Set(probes.flatMap((p) => [...gqlDifferences(p).inputs]));
    const uncovered = surface.idInputs.filter((input) => !covered.has(input));
    expect(uncovered).toEqual([]);
  });

  // Reads first: a write B may make (a SKU with one of A's codes, which B may have too) would
  // change what B's later reads rightly answer.
  it("answers B's REST reads naming A's things as if they did not exist", async () => {
    expect(await sweep(rests.reads, (p) => p.op, runRest)).toEqual([]);
  });

  it("answers B's GraphQL queries and subscriptions naming A's things as if they did not exist", async () => {
    expect(await sweep(gqls.reads, (p) => p.field, runGql)).toEqual([]);
  });

  it("answers B's REST writes naming A's things as if they did not exist, changing nothing of A", async () => {
    expect(await sweep(rests.writes, (p) => p.op, runRest)).toEqual([]);
  });

  it("answers B's GraphQL mutations naming A's things as if they did not exist, changing nothing of A", async () => {
    expect(await sweep(gqls.writes, (p) => p.field, runGql)).toEqual([]);
  });

  it("resolves each account's nested SKUs, items and stock takes with its own loaders when both ask at once", async () => {
    // Loaders batch the ids a request names; a batch shared across requests would look one
    // account's ids up in the other's (nulls for one, or the other's rows).
    const query = `query ($from: String) { stockMovements(filter: { from: $from }, first: 1000) {
      edges { node { skuId supplierItemId stockTakeId sku { id } supplierItem { id } stockTake { id } } } } }`;
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const callers = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? w.a : w.b));
    const answers = await Promise.all(
      callers.map((c) => postGraphql(t, { query, variables: { from } }, c.token)),
    );
    const problems = answers.flatMap((answer, i) => {
      const caller = callers[i] === w.a ? "A" : "B";
      type Node = Record<string, number | { id: number } | null>;
      const data = answer.data as { stockMovements: { edges: { node: Node }[] } } | null;
      if (!data) return [`${caller}: ${JSON.stringify(answer.errors)}`];
      return data.stockMovements.edges.flatMap(({ node }) =>
        (["sku", "supplierItem", "stockTake"] as const)
          .filter(
            (f) => (node[`${f}Id`] ?? null) !== ((node[f] as { id: number } | null)?.id ?? null),
          )
          .map(
            (f) =>
              `${caller}: ${f}Id ${String(node[`${f}Id`])} resolved to ${JSON.stringify(node[f])}`,
          ),
      );
    });
    expect(problems).toEqual([]);
    expect(
      answers.every(
        (a) => (a.data as { stockMovements: { edges: unknown[] } }).stockMovements.edges.length > 0,
      ),
    ).toBe(true);
  });
});
