// What an operation must pass before anything of it runs, once Apollo has parsed and validated
// its document (both bounded by size limits), in order of what each step costs: a token the
// context left unchecked is checked, unless the operation is a single adjustment (deferred.ts);
// a caller without a token may only introspect; lists held to their maxima, read raw; the mutations' lines in all;
// the cost estimate (the first step that coerces variables); then the charge, the operation's
// price. One plugin, as Apollo starts every plugin's didResolveOperation at once: a refusal in
// one would not stop the others from walking the variables.
import type { ApolloServerPlugin } from "@apollo/server";
import {
  Kind,
  type DocumentNode,
  type OperationDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import type { RateLimiter } from "../auth/limiter.js";
import { oversizeListRefusal } from "./bounds.js";
import type { GraphQLContext } from "./context.js";
import { keepDeferred, settleUnlessSingleAdjustment, unauthenticated } from "./deferred.js";
import { costEstimator, MAX_COMPLEXITY } from "./limits.js";
import {
  allowFieldCharges,
  chargeOperation,
  checkOperationLines,
  mutationCost,
  operationPrice,
} from "./rate-limit.js";

/** The fields a caller without a token may ask for: Apollo Sandbox's introspection. */
const OPEN_FIELDS = new Set(["__schema", "__type", "__typename"]);

/** Whether the operation asks for any root field but introspection (fragments followed once). */
function needsToken(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [],
    ),
  );
  const seen = new Set<string>();
  const asks = (set: SelectionSetNode): boolean =>
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return !OPEN_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return asks(selection.selectionSet);
      const name = selection.name.value;
      if (seen.has(name)) return false;
      seen.add(name);
      const fragment = fragments.get(name);
      return fragment ? asks(fragment) : false;
    });
  return operation.operation !== "query" || asks(operation.selectionSet);
}

/** The admission of each operation over HTTP (see the top of this file). */
export function admissionPlugin(
  schema: GraphQLSchema,
  limiter: RateLimiter,
  max = MAX_COMPLEXITY,
): ApolloServerPlugin<GraphQLContext> {
  const estimate = costEstimator(schema, max);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, contextValue, response }) {
          // No operation of that name (or several and no name): execution refuses, running nothing.
          if (!operation) return;
          const headers = response.http.headers;
          await settleUnlessSingleAdjustment(contextValue, operation, headers);
          if (!contextValue.principal && needsToken(document, operation)) {
            throw unauthenticated(contextValue.authProblem);
          }
          const variables = request.variables ?? {};
          const oversize = oversizeListRefusal(schema, document, operation, variables);
          if (oversize) throw oversize;
          const lines =
            operation.operation === "mutation"
              ? mutationCost(document, operation, variables)
              : { lines: 0, cost: 1 };
          checkOperationLines(lines.lines);
          const cost = estimate({ request, document, operation });
          const price = operationPrice(cost, lines.cost);
          await keepDeferred(contextValue, price);
          await chargeOperation(limiter, contextValue, price, headers);
          allowFieldCharges(limiter, contextValue, price, headers);
        },
      };
    },
  };
}
