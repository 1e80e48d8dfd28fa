// A subscription's document, read and checked once at subscribe with the limits queries have over
// HTTP (tokens, selections, depth, cost) and a tighter cost cap, answering the codes HTTP answers
// for the same document (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT or ours).
import { ApolloServerErrorCode, ApolloServerValidationErrorCode } from "@apollo/server/errors";
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { AppError } from "../errors.js";
import {
  costRefusal,
  depthLimit,
  MAX_COMPLEXITY,
  MAX_DEPTH,
  MAX_SELECTIONS,
  MAX_TOKENS,
  operationCost,
} from "./limits.js";

/**
 * The most a subscription's selection may cost: its selection runs again for every event and
 * every subscriber, so it gets a fortieth of a query's MAX_COMPLEXITY. A stock take's summary
 * (an aggregate, 250 and its fields) and a page of 100 lines with a few fields fit (about
 * 1,100); a whole stock take's lines (`lines(first: 1000)`, 6,000 and more) do not.
 */
export const MAX_SUBSCRIPTION_COST = 1_250;

/** The payload of a graphql-ws subscribe message. */
export interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** A document that passed every check, with its estimated cost. */
export interface CheckedSubscription {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  cost: number;
}

/** The same error with the code HTTP gives it (Apollo's codes for GraphQL's own errors). */
const withCode = (error: GraphQLError, code: string): GraphQLError =>
  new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError ?? undefined,
    extensions: { ...error.extensions, code },
  });

const refusal = (code: "INVALID_PARAMETER" | "QUERY_TOO_COMPLEX", message: string) =>
  new GraphQLError(message, { originalError: new AppError(code, message) });

/**
 * Selections the operation makes, each fragment counted every time it is spread (Apollo's
 * maxRecursiveSelections rule, which HTTP applies): linear, each fragment counted once, a cycle
 * counted as nothing (GraphQL's own rules refuse it next).
 */
function selections(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  }
  const counted = new Map<string, number>();
  const countFragment = (name: string): number => {
    const known = counted.get(name);
    if (known !== undefined) return known;
    counted.set(name, 0);
    const set = fragments.get(name);
    const n = set ? count(set) : 0;
    counted.set(name, n);
    return n;
  };
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const s of set.selections) {
      n += 1;
      if (s.kind === Kind.FRAGMENT_SPREAD) n += countFragment(s.name.value);
      else if (s.selectionSet) n += count(s.selectionSet);
    }
    return n;
  };
  return count(operation.selectionSet);
}

/** A document read before, and what validating it found once it was validated. */
interface ReadDocument {
  document: DocumentNode;
  invalid?: readonly GraphQLError[];
}

/**
 * Documents read before, by their text, per schema: a client subscribing again (or a flood of
 * subscribe messages) sends a few texts many times, each parsed and validated once, as Apollo's
 * document store does for HTTP. Bounded in entries and in the length of a text kept.
 */
const READ_DOCUMENTS = 200;
const KEPT_TEXT_LENGTH = 10_000;
const readDocuments = new WeakMap<GraphQLSchema, Map<string, ReadDocument>>();

/** The document of `query` read before, now the most recently used, or undefined. */
function remembered(schema: GraphQLSchema, query: string): ReadDocument | undefined {
  const documents = readDocuments.get(schema);
  const known = documents?.get(query);
  if (documents && known) {
    // Most recently used last: the first entry is the one to forget.
    documents.delete(query);
    documents.set(query, known);
  }
  return known;
}

/** A document parsed and remembered by its text, or its parse error as HTTP answers it. */
function readDocument(schema: GraphQLSchema, query: string): ReadDocument | GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    // A RangeError (nested too deeply for the parser) becomes QUERY_TOO_DEEP, as over HTTP.
    const syntax =
      error instanceof GraphQLError
        ? error
        : new GraphQLError("the document could not be parsed", {
            originalError: error instanceof Error ? error : undefined,
          });
    return [withCode(syntax, ApolloServerErrorCode.GRAPHQL_PARSE_FAILED)];
  }
  const read: ReadDocument = { document };
  if (query.length <= KEPT_TEXT_LENGTH) {
    let documents = readDocuments.get(schema);
    if (!documents) readDocuments.set(schema, (documents = new Map()));
    documents.set(query, read);
    if (documents.size > READ_DOCUMENTS) documents.delete(documents.keys().next().value!);
  }
  return read;
}

/** The parsed, checked subscription, or the errors its subscriber is answered. */
export function checkSubscription(
  schema: GraphQLSchema,
  payload: SubscribePayload,
): CheckedSubscription | GraphQLError[] {
  const read = remembered(schema, payload.query) ?? readDocument(schema, payload.query);
  if (Array.isArray(read)) return read;
  const { document } = read;
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) {
    const message = payload.operationName
      ? `Unknown operation named "${payload.operationName}".`
      : "Must provide operation name if query contains multiple operations.";
    return [new GraphQLError(message, { extensions: { code: ApolloServerErrorCode.BAD_REQUEST } })];
  }
  if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
    return [
      refusal(
        "INVALID_PARAMETER",
        "only subscriptions are served over WebSocket: send queries and mutations over HTTP",
      ),
    ];
  }
  if (selections(document, operation) > MAX_SELECTIONS) {
    return [
      new GraphQLError("too many selections", {
        extensions: {
          validationErrorCode: ApolloServerValidationErrorCode.MAX_RECURSIVE_SELECTIONS_EXCEEDED,
        },
      }),
    ];
  }
  read.invalid ??= validate(schema, document, [...specifiedRules, depthLimit(MAX_DEPTH)], {
    maxErrors: 10,
  });
  const invalid = read.invalid;
  if (invalid.length > 0) {
    return invalid.map((e) => withCode(e, ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED));
  }
  const variables = payload.variables ?? {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, {
    maxErrors: 10,
  });
  if (coerced.errors) {
    return coerced.errors.map((e) => withCode(e, ApolloServerErrorCode.BAD_USER_INPUT));
  }
  let cost: number;
  try {
    cost = operationCost(schema, document, payload.operationName, variables);
  } catch {
    // The estimate gave up: the query limits say why (a value it needs, or what it could not price).
    const why = costRefusal(schema, document, operation, payload.operationName, variables);
    return [why ?? refusal("QUERY_TOO_COMPLEX", "the subscription's cost could not be estimated")];
  }
  if (cost > MAX_SUBSCRIPTION_COST) {
    return [
      refusal(
        "QUERY_TOO_COMPLEX",
        `subscription would cost ${cost}; the limit for subscriptions is ${MAX_SUBSCRIPTION_COST} (a query's is ${MAX_COMPLEXITY}: a subscription's selection runs again at every event), so ask for smaller pages`,
      ),
    ];
  }
  return { document, operation, cost };
}
