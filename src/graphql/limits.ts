import type { ApolloServerPlugin } from "@apollo/server";
// The CommonJS build: its ES module build imports graphql's .mjs files, a second copy of graphql
// that does not recognise the schema's types.
import { getComplexity, type ComplexityEstimator } from "graphql-query-complexity/cjs";
import {
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type ASTVisitor,
  type ValidationContext,
  type SelectionSetNode,
  type FragmentDefinitionNode,
} from "graphql";

/**
 * Rejects operations nested deeper than `max` selection levels (fragments followed), so a
 * client cannot ask for an exponentially expensive tree. Introspection is exempt.
 */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, sel.selectionSet ? 1 + depthOf(sel.selectionSet, seen) : 1);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet, seen));
        } else {
          const name = sel.name.value;
          const fragment = fragments.get(name);
          if (fragment && !seen.has(name)) {
            deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set([...seen, name])));
          }
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > max) {
          context.reportError(
            new GraphQLError(`operation is nested ${depth} levels deep; the limit is ${max}`, {
              nodes: node,
              extensions: { code: "QUERY_TOO_DEEP" },
            }),
          );
        }
      },
    };
  };
}

/** The most a single operation may cost; a full page of 1000 movements with their SKUs is ~30,000. */
export const MAX_COMPLEXITY = 50_000;

/**
 * Each field costs 1 plus its children; a connection's children count once per requested item
 * (`first`, default 100), so nested pages multiply: skus(first: 1000) { … movements(first: 1000) }
 * is refused before it runs.
 */
const pagedCost: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const paged = field.args.some((a) => a.name === "first");
  // Sizes past 1000 are refused by argument validation, with a clearer message than ours.
  const first = typeof args.first === "number" ? Math.min(Math.max(args.first, 0), 1000) : 100;
  return 1 + (paged ? first : 1) * childComplexity;
};

/** An Apollo plugin refusing operations costlier than MAX_COMPLEXITY (QUERY_TOO_COMPLEX). */
export function complexityLimit(schema: GraphQLSchema, max = MAX_COMPLEXITY): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              operationName: request.operationName ?? undefined,
              variables: request.variables,
              estimators: [pagedCost],
            });
          } catch {
            return; // variables that do not fit the operation: execution reports that error
          }
          if (cost > max) {
            throw new GraphQLError(
              `operation would cost ${cost}; the limit is ${max} (ask for smaller pages)`,
              {
                extensions: { code: "QUERY_TOO_COMPLEX", http: { status: 400 } },
              },
            );
          }
        },
      };
    },
  };
}
