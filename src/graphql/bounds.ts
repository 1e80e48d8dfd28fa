// The lists of an operation held to their maxima (list-bounds.ts) before anything coerces them:
// the raw variables as JSON gave them and the arguments written inline. GraphQL's coercion, the
// cost estimate and class-validator each walk every entry of a list; this walk stops at the first
// list over its maximum and never looks at an entry past a list's maximum.
import {
  getNullableType,
  GraphQLError,
  isInputObjectType,
  isListType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from "graphql";
import { AppError, ERROR_CATALOG } from "../errors.js";
import { listBound, type ListBound } from "./list-bounds.js";

/** The default value of each variable of an operation that declares one. */
export const variableDefaults = (operation: OperationDefinitionNode): Map<string, ValueNode> =>
  new Map(
    (operation.variableDefinitions ?? []).flatMap((d) =>
      d.defaultValue ? [[d.variable.name.value, d.defaultValue] as const] : [],
    ),
  );

/** A list found over its maximum: where (as the operation writes it), its bound and length. */
interface Oversize {
  path: string;
  bound: ListBound;
  length: number;
}

/** Whether values of a type can hold a list anywhere (else the walk need not enter them). */
const holdsListsOf = new WeakMap<GraphQLNamedType, boolean>();
function holdsLists(type: GraphQLInputType): boolean {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return true;
  if (!isInputObjectType(nullable)) return false;
  const known = holdsListsOf.get(nullable);
  if (known !== undefined) return known;
  holdsListsOf.set(nullable, false); // an input type that refers to itself ends here
  const holds = Object.values(nullable.getFields()).some((f) => holdsLists(f.type));
  holdsListsOf.set(nullable, holds);
  return holds;
}

/** Walks one argument's value (inline, variable, or a variable's default) along its type. */
class ListWalk {
  private readonly path: string[] = [];

  constructor(
    private readonly variables: Record<string, unknown>,
    private readonly defaults: Map<string, ValueNode>,
  ) {}

  /** The first oversize list in an argument, or null. */
  argument(name: string, node: ValueNode, type: GraphQLInputType, coordinate: string) {
    this.path.push(name);
    const found = this.node(node, type, coordinate);
    this.path.pop();
    return found;
  }

  private node(node: ValueNode, type: GraphQLInputType, coordinate: string): Oversize | null {
    if (node.kind === Kind.VARIABLE) {
      const name = node.name.value;
      if (Object.hasOwn(this.variables, name))
        return this.raw(this.variables[name], type, coordinate);
      const fallback = this.defaults.get(name);
      return fallback ? this.node(fallback, type, coordinate) : null;
    }
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      // A single value where a list belongs is a list of one.
      const items = node.kind === Kind.LIST ? node.values : [node];
      return this.list(items, nullable.ofType, coordinate, (item, itemType) =>
        this.node(item, itemType, coordinate),
      );
    }
    if (!isInputObjectType(nullable) || node.kind !== Kind.OBJECT) return null;
    const fields = nullable.getFields();
    for (const field of node.fields) {
      const def = fields[field.name.value];
      if (!def || !holdsLists(def.type)) continue;
      this.path.push(def.name);
      const found = this.node(field.value, def.type, `${nullable.name}.${def.name}`);
      this.path.pop();
      if (found) return found;
    }
    return null;
  }

  private raw(value: unknown, type: GraphQLInputType, coordinate: string): Oversize | null {
    if (value === null || value === undefined) return null;
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const items = Array.isArray(value) ? (value as unknown[]) : [value];
      return this.list(items, nullable.ofType, coordinate, (item, itemType) =>
        this.raw(item, itemType, coordinate),
      );
    }
    if (!isInputObjectType(nullable) || typeof value !== "object" || Array.isArray(value)) {
      return null;
    }
    // The type's fields, not the value's keys: a value may carry any number of keys.
    for (const def of Object.values(nullable.getFields())) {
      if (!holdsLists(def.type) || !Object.hasOwn(value, def.name)) continue;
      this.path.push(def.name);
      const found = this.raw(
        (value as Record<string, unknown>)[def.name],
        def.type,
        `${nullable.name}.${def.name}`,
      );
      this.path.pop();
      if (found) return found;
    }
    return null;
  }

  /** A list: over its bound, or else the first oversize list inside its items. */
  private list<T>(
    items: readonly T[],
    itemType: GraphQLInputType,
    coordinate: string,
    walk: (item: T, type: GraphQLInputType) => Oversize | null,
  ): Oversize | null {
    const bound = listBound(coordinate);
    if (bound && items.length > bound.max) {
      return { path: this.path.join("."), bound, length: items.length };
    }
    // A list without a bound is not entered (every list has one: test/unit/graphql-bounds).
    if (!bound || !holdsLists(itemType)) return null;
    for (let i = 0; i < items.length; i++) {
      this.path.push(String(i));
      const found = walk(items[i] as T, itemType);
      this.path.pop();
      if (found) return found;
    }
    return null;
  }
}

/**
 * Whether an operation (or a fragment it may spread) has an argument whose type can hold a list,
 * by operation: Apollo keeps a document parsed once per text, so most requests (a single
 * adjustment, a page of SKUs) find their answer here and skip the walk of their arguments.
 */
const listArguments = new WeakMap<OperationDefinitionNode, boolean>();
function hasListArguments(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  const known = listArguments.get(operation);
  if (known !== undefined) return known;
  let found = false;
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    Argument() {
      const arg = typeInfo.getArgument();
      if (arg && !typeInfo.getDirective() && holdsLists(arg.type)) found = true;
      return false;
    },
  });
  for (const definition of document.definitions) {
    if (definition === operation || definition.kind === Kind.FRAGMENT_DEFINITION) {
      visit(definition, visitor);
    }
  }
  listArguments.set(operation, found);
  return found;
}

/**
 * The refusal of an operation holding a list longer than its maximum (the list's code: 422
 * TOO_MANY_LINES for lines, rows, counts and ids; 400 INVALID_PARAMETER or 422 INVALID_BARCODE for
 * the others), or null. Reads the operation's arguments and the fragments it may spread.
 */
export function oversizeListRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | null {
  if (!hasListArguments(schema, document, operation)) return null;
  const defaults = variableDefaults(operation);
  const walk = new ListWalk(variables, defaults);
  let found: { field: string; oversize: Oversize } | null = null;
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    Argument(node) {
      const arg = typeInfo.getArgument();
      const field = typeInfo.getFieldDef();
      const parent = typeInfo.getParentType();
      if (found || !arg || !field || !parent || typeInfo.getDirective()) return false;
      if (holdsLists(arg.type)) {
        const coordinate = `${parent.name}.${field.name}(${arg.name}:)`;
        const oversize = walk.argument(arg.name, node.value, arg.type, coordinate);
        if (oversize) found = { field: field.name, oversize };
      }
      // Its value is walked above, bounded; the visitor must not walk it again, unbounded.
      return false;
    },
  });
  for (const definition of document.definitions) {
    if (definition === operation || definition.kind === Kind.FRAGMENT_DEFINITION) {
      visit(definition, visitor);
    }
    if (found) break;
  }
  if (!found) return null;
  const { field, oversize } = found as { field: string; oversize: Oversize };
  const { bound, length, path } = oversize;
  const message = `${field}: ${path} may hold at most ${bound.max} entries; got ${length}`;
  return new GraphQLError(message, {
    originalError: new AppError(bound.code, message),
    extensions: { http: { status: ERROR_CATALOG[bound.code].status } },
  });
}
