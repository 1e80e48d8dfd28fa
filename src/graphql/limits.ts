import { ApolloServerErrorCode, ApolloServerValidationErrorCode } from "@apollo/server/errors";
// The CommonJS build: its ES module build imports graphql's .mjs files, a second copy of graphql
// that does not recognise the schema's types.
import { getComplexity, type ComplexityEstimator } from "graphql-query-complexity/cjs";
import {
  GraphQLError,
  getVariableValues,
  type GraphQLSchema,
  Kind,
  visit,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type OperationDefinitionNode,
  type ValidationContext,
  type SelectionSetNode,
} from "graphql";
// Thrown by GraphQL's own OverlappingFieldsCanBeMerged rule when comparing fields would take too long.
import { validationAbortedError } from "graphql/validation/validationAbortedError.js";
import { AppError } from "../errors.js";

// What one GraphQL operation may ask for. Every check here runs before any resolver (and before
// authentication), so each is linear in the document: a small hostile document must not cost
// more to refuse than a large honest one costs to serve.

/** Selection levels an operation may nest, fragments followed (introspection's `__` fields are exempt). */
export const MAX_DEPTH = 10;

/**
 * Selections (fields, fragment spreads, inline fragments) one operation may make, each fragment
 * counted every time it is spread; the full introspection query makes about 250. Enforced by
 * Apollo's own rule (maxRecursiveSelections), which also makes Apollo run our rules only on
 * documents that passed it and GraphQL's standard rules (so fragments never cycle there).
 */
export const MAX_SELECTIONS = 1_000;

/** Tokens a document may have: a 10,000-line bulk adjustment written inline still fits. */
export const MAX_TOKENS = 200_000;

/** The most a single operation may cost; a full page of 1000 movements with their SKUs is ~30,000. */
export const MAX_COMPLEXITY = 50_000;

/** A refusal carrying our code; Apollo keeps it as originalError, so formatError answers the code. */
function refusal(
  code: "QUERY_TOO_DEEP" | "QUERY_TOO_COMPLEX" | "INVALID_PARAMETER",
  message: string,
  nodes?: ASTNode | readonly ASTNode[],
): GraphQLError {
  return new GraphQLError(message, {
    nodes,
    originalError: new AppError(code, message),
    extensions: { http: { status: 400 } },
  });
}

/**
 * Rejects operations nested deeper than `max` selection levels (fragments followed), so a
 * client cannot ask for an exponentially expensive tree.
 */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    // Each fragment's depth is computed once: walking a fragment at every spread would take 2^n
    // steps for fragments spread twice on each of n levels.
    const fragmentDepths = new Map<string, number>();
    const fragmentDepth = (name: string): number => {
      const known = fragmentDepths.get(name);
      if (known !== undefined) return known;
      fragmentDepths.set(name, 0); // a cycle (refused by NoFragmentCycles anyway) ends here
      const fragment = context.getFragment(name);
      const depth = fragment ? depthOf(fragment.selectionSet) : 0;
      fragmentDepths.set(name, depth);
      return depth;
    };
    const depthOf = (set: SelectionSetNode): number => {
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, 1 + (sel.selectionSet ? depthOf(sel.selectionSet) : 0));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet));
        } else {
          deepest = Math.max(deepest, fragmentDepth(sel.name.value));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet);
        if (depth > max) {
          context.reportError(
            refusal(
              "QUERY_TOO_DEEP",
              `operation is nested ${depth} levels deep; the limit is ${max}`,
              node,
            ),
          );
        }
      },
    };
  };
}

/**
 * The errors that are our limits although GraphQL or Apollo raised them: a document nested too
 * deeply for the parser's stack, too many selections (Apollo's rule), and fields too costly to
 * compare (GraphQL's own budget).
 */
export function limitRefusal(error: unknown): AppError | undefined {
  if (!(error instanceof GraphQLError)) return undefined;
  if (
    error.extensions.code === ApolloServerErrorCode.GRAPHQL_PARSE_FAILED &&
    causes(error).some((cause) => cause instanceof RangeError)
  ) {
    return new AppError(
      "QUERY_TOO_DEEP",
      `document is nested too deeply to be read; the limit is ${MAX_DEPTH} levels`,
    );
  }
  if (
    error.extensions.validationErrorCode ===
    ApolloServerValidationErrorCode.MAX_RECURSIVE_SELECTIONS_EXCEEDED
  ) {
    return new AppError(
      "QUERY_TOO_COMPLEX",
      `operation makes more than ${MAX_SELECTIONS} selections, the limit (a fragment counts each time it is spread)`,
    );
  }
  if (error.originalError === validationAbortedError) {
    return new AppError(
      "QUERY_TOO_COMPLEX",
      "operation repeats fields too often to be checked; ask for each field once",
    );
  }
  return undefined;
}

/** An error and the errors it wraps, outermost first. */
function causes(error: Error): Error[] {
  const inner = (error as { originalError?: unknown }).originalError;
  return inner instanceof Error && inner !== error ? [error, ...causes(inner)] : [error];
}

/**
 * What a page costs besides its items: a paged field is a query of its own, resolved once per
 * parent (skus(first: 100) { movements } asks for 100 pages). About what four single adjustments
 * cost the server, measured (docs: GraphQL pricing), so a page nested in a page is priced by the
 * round trips it makes rather than by its fields alone.
 */
export const PAGE_COST = 250;

/**
 * Nested pages whose first pages are read for all their parents at once (src/graphql/loaders.ts):
 * without `after`, skus(first: 100) { movements } is one or two statements, not 100 queries.
 */
export const BATCHED_PAGES: ReadonlySet<string> = new Set([
  "Sku.movements",
  "SupplierItem.movements",
]);

/**
 * What a batched first page costs besides its items: no query of its own, but a resolver call
 * and a connection with its cursors per parent, about a fifth of PAGE_COST, measured (docs:
 * GraphQL pricing).
 */
export const BATCHED_PAGE_COST = 50;

/**
 * Fields that aggregate every line of their stock take in a statement of their own, once per
 * parent and per alias: priced as a page is (PAGE_COST), so 500 aliases of `summary` are refused
 * as too complex instead of buying 500 scans of a 100,000-line stock take for one unit.
 */
export const AGGREGATE_FIELDS: ReadonlySet<string> = new Set([
  "StockTake.summary",
  "StockTake.progressByLocation",
  "StockTake.progressByCounter",
]);

/**
 * Each field costs 1 plus its children; an aggregate (AGGREGATE_FIELDS) PAGE_COST plus its
 * children; a paged field costs PAGE_COST (BATCHED_PAGE_COST for a
 * batched first page) plus its children once per requested item (`first`, default 100), so
 * nested pages multiply: skus(first: 1000) { … movements(first: 1000) } is refused before it
 * runs.
 */
const pagedCost: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (AGGREGATE_FIELDS.has(`${type.name}.${field.name}`)) return PAGE_COST + childComplexity;
  const paged = field.args.some((a) => a.name === "first");
  if (!paged) return 1 + childComplexity;
  // Sizes past 1000 are refused by argument validation, with a clearer message than ours.
  const first = typeof args.first === "number" ? Math.min(Math.max(args.first, 0), 1000) : 100;
  const batched = args.after == null && BATCHED_PAGES.has(`${type.name}.${field.name}`);
  return (batched ? BATCHED_PAGE_COST : PAGE_COST) + first * childComplexity;
};

/** An operation's estimated cost, as the limits price it (throws when it cannot be estimated). */
export const operationCost = (
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): number =>
  getComplexity({
    schema,
    query: document,
    operationName: operationName ?? undefined,
    variables,
    estimators: [pagedCost],
  });

/**
 * The variables an operation's cost depends on: page sizes (`first: $n`) and `@include`/`@skip`
 * conditions. Found once per parsed document (Apollo keeps one parsed document per query text).
 */
const costVariablesOf = new WeakMap<DocumentNode, string[]>();
function costVariables(document: DocumentNode): string[] {
  let names = costVariablesOf.get(document);
  if (!names) {
    const found = new Set<string>();
    visit(document, {
      Argument(node, _key, _parent, _path, ancestors) {
        const priced = node.name.value === (isDirective(ancestors.at(-1)) ? "if" : "first");
        if (priced && node.value.kind === Kind.VARIABLE) found.add(node.value.name.value);
      },
    });
    names = [...found];
    costVariablesOf.set(document, names);
  }
  return names;
}

const isDirective = (node: unknown): boolean =>
  (node as ASTNode | undefined)?.kind === Kind.DIRECTIVE;

/**
 * What decides an operation's estimate besides its document: its name, the values of the
 * variables its cost depends on, and which variables are left out or null (a null where a value
 * is needed is refused by the estimate, not by execution; a nested page's `after` decides whether
 * it is batched).
 */
function costKey(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): string | undefined {
  const nulls = (operation.variableDefinitions ?? [])
    .map(({ variable }) => {
      const value = variables[variable.name.value];
      return value === undefined ? "-" : value === null ? "0" : "1";
    })
    .join("");
  const values: unknown[] = [];
  for (const name of costVariables(document)) {
    const value = variables[name] ?? null;
    // A list or object where a number or a condition belongs is priced (and refused) every time.
    if (typeof value === "object" && value !== null) return undefined;
    values.push(value);
  }
  return `${operationName ?? ""}\u0000${nulls}\u0000${JSON.stringify(values)}`;
}

/**
 * What an operation is estimated to cost, or why it may not run for its cost (QUERY_TOO_COMPLEX,
 * or INVALID_PARAMETER for a variable left without a value the estimate needs). Variables that do
 * not fit the operation are left to execution, which coerces them the same way and refuses them
 * before any resolver runs (cost null: checked only here, as coercing a 10,000-line bulk
 * adjustment costs real time).
 */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  max = MAX_COMPLEXITY,
): { cost: number | null; refusal: GraphQLError | null } {
  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      operationName: operationName ?? undefined,
      variables,
      estimators: [pagedCost],
    });
  } catch (error) {
    if (getVariableValues(schema, operation.variableDefinitions ?? [], variables).errors) {
      return { cost: null, refusal: null };
    }
    // An error at a spot in the document is an argument the variables left without a value it
    // needs (null where one is required); anything else is the estimate giving up.
    if (error instanceof GraphQLError && error.nodes?.length) {
      return { cost: null, refusal: refusal("INVALID_PARAMETER", error.message, error.nodes) };
    }
    const why = error instanceof Error ? error.message : String(error);
    return {
      cost: null,
      refusal: refusal("QUERY_TOO_COMPLEX", `operation's cost could not be estimated: ${why}`),
    };
  }
  const tooCostly =
    cost > max
      ? refusal(
          "QUERY_TOO_COMPLEX",
          `operation would cost ${cost}; the limit is ${max} (ask for smaller pages)`,
        )
      : null;
  return { cost, refusal: tooCostly };
}

/** Why an operation may not run for its cost (see estimateCost), or null. */
export const costRefusal = (...args: Parameters<typeof estimateCost>): GraphQLError | null =>
  estimateCost(...args).refusal;

/** Estimates kept per document; a document asked with ever new page sizes stops adding. */
const MAX_ESTIMATES_PER_DOCUMENT = 64;

/** The parts of Apollo's request context an estimate reads. */
export interface EstimatedRequest {
  request: { operationName?: string | null; variables?: Record<string, unknown> };
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/**
 * Estimates operations, refusing those costlier than `max` (QUERY_TOO_COMPLEX) and those whose
 * cost cannot be estimated: nothing runs unpriced. The estimate is kept per document and cost
 * key, so the hundredth call of an operation is not walked again. Answers the estimate (null:
 * the variables do not fit the operation, which execution refuses before anything runs).
 */
export function costEstimator(
  schema: GraphQLSchema,
  max = MAX_COMPLEXITY,
): (operation: EstimatedRequest) => number | null {
  const passed = new WeakMap<DocumentNode, Map<string, number>>();
  return ({ request, document, operation }) => {
    const variables = request.variables ?? {};
    const key = costKey(document, operation, request.operationName, variables);
    const known = passed.get(document);
    const kept = key === undefined ? undefined : known?.get(key);
    if (kept !== undefined) return kept;
    const estimate = estimateCost(
      schema,
      document,
      operation,
      request.operationName,
      variables,
      max,
    );
    if (estimate.refusal) throw estimate.refusal;
    if (key === undefined || estimate.cost === null) return estimate.cost;
    if (!known) passed.set(document, new Map([[key, estimate.cost]]));
    else if (known.size < MAX_ESTIMATES_PER_DOCUMENT) known.set(key, estimate.cost);
    return estimate.cost;
  };
}
