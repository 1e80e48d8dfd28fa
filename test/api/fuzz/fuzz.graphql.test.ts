// Property-based fuzzing of every GraphQL query and mutation of the served schema: generated
// variables (valid shapes with mutated fields; wrong types, huge strings, odd unicode, NaN-ish
// and overlong numbers, deep nesting, huge and repeated lists, unknown and repeated keys), some
// written inline as literals. Never 5xx; top-level errors and userErrors carry known codes; a
// refused mutation or any query wrote nothing. See test/helpers/fuzz-graphql.ts.
import { ledgerProblems } from "../../helpers/stock.js";
import {
  FUZZ_RUNS,
  FUZZ_SEED,
  startFuzzWorld,
  WORLD_SETUP_MS,
  type FuzzWorld,
} from "../../helpers/fuzz-world.js";
import { ERROR_CATALOG } from "../../../src/errors.js";
import { LIST_BOUNDS } from "../../../src/graphql/list-bounds.js";
import {
  fuzzField,
  GRAPHQL_GENERATORS,
  oversizeCases,
  sendGraphqlCase,
} from "../../helpers/fuzz-graphql.js";
import { graphqlOperations, servedSchema, type GraphqlOperation } from "../../helpers/routes.js";

let world: FuzzWorld;
let operations: GraphqlOperation[];
const answers = new Map<string, number>();

beforeAll(async () => {
  console.info(`fuzz seed ${FUZZ_SEED}, ${FUZZ_RUNS} cases per field (FUZZ_SEED, FUZZ_RUNS)`);
  world = await startFuzzWorld();
  operations = graphqlOperations(await servedSchema(world.t));
}, WORLD_SETUP_MS);
afterAll(async () => {
  if (process.env.FUZZ_VERBOSE) {
    console.info(
      [...answers]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join("\n"),
    );
  }
  await world?.t.close();
});

it("has a generator for every query and mutation of the served schema, and none for another", () => {
  const served = operations.map((o) => o.name).sort();
  expect(Object.keys(GRAPHQL_GENERATORS).sort()).toEqual(served);
});

it.each(Object.keys(GRAPHQL_GENERATORS))(
  "%s: known codes only, never 5xx, nothing written when refused",
  async (name) => {
    const op = operations.find((o) => o.name === name);
    if (!op) throw new Error(`${name} is not a query or mutation of the served schema`);
    for (const [k, n] of await fuzzField(world, op)) answers.set(`${name} ${k}`, n);
  },
);

it("refuses every list one past its declared maximum, and far past it, with its code, writing nothing", async () => {
  const cases = oversizeCases(world, operations, LIST_BOUNDS);
  // Every bounded list of a query or mutation, twice (an object type's field arguments, such as
  // Sku.levels(siteIds:), are not a root field's: their own tests send them past their bound).
  const nested = (c: string) => c.includes("(") && !/^(Query|Mutation)\./.test(c);
  const lists = Object.keys(LIST_BOUNDS).filter(
    (c) => !c.startsWith("Subscription.") && !nested(c),
  );
  expect(cases.length).toBeGreaterThanOrEqual(2 * lists.length);
  const answered: string[] = [];
  const expected: string[] = [];
  for (const c of cases) {
    // sendGraphqlCase also checks that neither account changed.
    answered.push(`${c.label}: ${await sendGraphqlCase(world, c.op, c.case)}`);
    expected.push(`${c.label}: ${ERROR_CATALOG[c.code].status} ${c.code}`);
  }
  expect(answered).toEqual(expected);
}, 120_000);

it("leaves a ledger that verifies", async () => {
  expect(await ledgerProblems(world.t.db, world.mine.accountId)).toEqual([]);
  expect(await ledgerProblems(world.t.db, world.theirs.accountId)).toEqual([]);
});
