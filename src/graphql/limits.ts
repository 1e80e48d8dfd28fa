import {
  GraphQLError,
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
