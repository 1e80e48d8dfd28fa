// Rate limits over GraphQL. With the buckets in PostgreSQL the context's authentication takes the
// request's first unit (a refusal there is 429 before the document is even parsed); the rest of
// the operation's price (its estimated cost, or a mutation's lines) is charged once the operation
// is known and before anything runs (admission.ts), so the whole operation is refused or none of
// it, never half of a document's mutations. With the buckets in Redis that charge is the whole
// price, in the request's one call to Redis.
import { HeaderMap } from "@apollo/server";
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import { MAX_SCOPE_IDS } from "../limits.js";
import { AppError, ERROR_CATALOG } from "../errors.js";
import {
  linesTwiceAt,
  operationList,
  walkKey,
  walkedUnits,
  type Operation,
  type Walk,
} from "../operations.js";
import {
  costOfLines,
  rateLimitHeaders,
  refusalMessage,
  type BucketDecision,
  type TokenBucket,
} from "../rate-limit/bucket.js";
import { chargeRemainder, type RateLimiter } from "../auth/limiter.js";
import type { StandingRefusal } from "../rate-limit/refused-walks.js";
import { variableDefaults } from "./bounds.js";
import type { GraphQLContext } from "./context.js";

/** Each GraphQL field's pricing, from its operation's declaration (REST's route prices the same). */
const PRICES = new Map(
  operationList().flatMap((o) =>
    o.graphql && (o.lines || o.baseUnits)
      ? [
          [
            o.graphql,
            {
              lists: o.lines?.lists ?? [],
              amounts: o.lines?.amounts ?? [],
              baseUnits: o.lines?.baseUnits ?? o.baseUnits ?? 0,
              lineWeight: o.lines?.lineWeight ?? 1,
              twiceWhen: o.lines?.twiceWhen,
            },
          ] as const,
        ]
      : [],
  ),
);

/** The most lines one mutation may carry (startStockTake's two scope lists, full): per operation. */
export const MAX_OPERATION_LINES = 2 * MAX_SCOPE_IDS;

/** The top-level error of a refused request: 429 with Retry-After, extensions.code RATE_LIMITED. */
export function rateLimitedError(
  bucket: TokenBucket,
  decision: BucketDecision,
  cost: number,
): GraphQLError {
  const error = new AppError("RATE_LIMITED", refusalMessage(bucket.limit, decision, cost));
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { http: { status: 429, headers: new HeaderMap(rateLimitHeaders(decision)) } },
  });
}

/**
 * Estimated cost one unit pays for, so that a unit of reads costs the server about what a single
 * adjustment (1 unit) does, measured (docs: GraphQL pricing). The estimate of a page of N nodes
 * is about N × (2 + the fields each node selects): a 1000-item page of SKUs with their 8 REST
 * fields is 10,250, 21 units (REST's 1000 rows cost 10, and take about half the server's time);
 * a full page of 1000 movements with their SKU, supplier item and stock take (~30,000) costs 60
 * units; the costliest operation allowed (50,000), 100.
 */
export const COST_PER_UNIT = 500;

/** What an operation estimated at `estimate` costs, in units: at least 1. */
export const costOfEstimate = (estimate: number): number =>
  Math.max(1, Math.ceil(estimate / COST_PER_UNIT));

/**
 * What an operation is priced: its estimate's units, or (a mutation) its lines' units when
 * larger. Null estimate: variables execution refuses before anything runs, 1 unit.
 */
export function operationPrice(estimate: number | null, linesCost: number): number {
  return Math.max(estimate === null ? 1 : costOfEstimate(estimate), linesCost);
}

/**
 * Refuses an operation whose mutations carry more lines in all than the largest single mutation
 * may (aliases may repeat a bulk mutation), whether or not the token is limited.
 */
export function checkOperationLines(lines: number): void {
  if (lines <= MAX_OPERATION_LINES) return;
  const message = `an operation's mutations carry at most ${MAX_OPERATION_LINES} lines in all; got ${lines}`;
  throw new GraphQLError(message, {
    originalError: new AppError("TOO_MANY_LINES", message),
    extensions: { http: { status: ERROR_CATALOG.TOO_MANY_LINES.status } },
  });
}

/**
 * Charges an operation its price, less what its authentication took, before anything runs (one
 * dearer than the bucket passes with it full and leaves it owing the rest); the RateLimit-*
 * headers say the charge. A refusal is 429.
 */
export async function chargeOperation(
  limiter: RateLimiter,
  contextValue: GraphQLContext,
  price: number,
  headers: HeaderMap,
): Promise<void> {
  const bucket = contextValue.rateBucket;
  if (!bucket) return;
  const charged = await chargeRemainder(limiter, bucket, contextValue.rateTaken, price);
  if (!charged) return;
  for (const [name, value] of rateLimitHeaders(charged.decision)) headers.set(name, value);
  if (!charged.decision.granted) throw rateLimitedError(bucket, charged.decision, charged.price);
}

/**
 * Lets the operation's fields charge for work its estimate cannot know (a stock take's summary,
 * by its lines once counted) after the operation's `price`, before that work runs: one charge at
 * a time, as the rest of a price is charged (one dearer than what the bucket holds passes with
 * it full and owes the rest), the RateLimit-* headers saying the last; a refusal is a
 * RATE_LIMITED error on the field.
 */
export function allowFieldCharges(
  limiter: RateLimiter,
  contextValue: GraphQLContext,
  price: number,
  headers: HeaderMap,
): void {
  const bucket = contextValue.rateBucket;
  if (!bucket) return;
  let paid = Math.max(price, contextValue.rateTaken);
  let turn: Promise<unknown> = Promise.resolve();
  const refuse = (refusal: StandingRefusal) => {
    for (const [name, value] of rateLimitHeaders(refusal.decision)) headers.set(name, value);
    if (!refusal.decision.granted) {
      throw new AppError(
        "RATE_LIMITED",
        refusalMessage(bucket.limit, refusal.decision, refusal.price),
      );
    }
  };
  contextValue.chargeMore = (units, walk) => {
    const charge = turn.then(async () => {
      const charged = await chargeRemainder(limiter, bucket, paid, paid + units);
      if (!charged) return;
      if (walk && !charged.decision.granted) limiter.refusedWalks.remember(bucket, walk, charged);
      refuse(charged);
      paid += units;
    });
    turn = charge.catch(() => undefined);
    return charge;
  };
  contextValue.refuseWalkAgain = (walk) => {
    const standing = limiter.refusedWalks.standing(bucket, walk);
    if (standing) refuse(standing);
  };
}

/**
 * What the operation's mutations carry in their priced lists, read without coercing them (a
 * variable left out counts as its default), and what they cost: each top-level field as one
 * request of its own (at least 1 unit, one per started 100 lines, each weighted as over REST), so
 * aliases pay for each copy.
 */
export function mutationCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  given: Record<string, unknown>,
): { lines: number; cost: number } {
  const defaults = variableDefaults(operation);
  const variables: Variables = { given, defaults };
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [],
    ),
  );
  const fields: FieldNode[] = [];
  const seen = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (!included(selection.directives, variables)) continue;
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment);
      }
    }
  };
  collect(operation.selectionSet);
  let lines = 0;
  let cost = 0;
  for (const field of fields) {
    let fieldLines = 0;
    const price = PRICES.get(field.name.value);
    const argumentAt = (name: string | undefined) =>
      field.arguments?.find((a) => a.name.value === name)?.value;
    for (const [argument, ...path] of price?.lists ?? []) {
      fieldLines += listLength(argumentAt(argument), path, variables);
    }
    for (const { path, max, when, absent } of price?.amounts ?? []) {
      const value = valueAt(argumentAt(path[0]), path.slice(1), variables);
      const asked = valueAt(argumentAt(when[0]), when.slice(1), variables) === true;
      fieldLines +=
        typeof value === "number" && Number.isInteger(value)
          ? Math.min(Math.max(value, 0), max)
          : asked
            ? absent
            : 0;
    }
    lines += fieldLines;
    const twice = linesTwiceAt(price, (argument, path) =>
      valueAt(argumentAt(argument), path, variables),
    );
    if (field.name.value !== "__typename") {
      cost +=
        (price?.baseUnits ?? 0) +
        costOfLines(fieldLines * (twice ? 2 : 1) * (price?.lineWeight ?? 1));
    }
  }
  return { lines, cost: Math.max(1, cost) };
}

/** The request's variables, and the operation's defaults for those it leaves out. */
interface Variables {
  given: Record<string, unknown>;
  defaults: Map<string, ValueNode>;
}

/** Whether @skip/@include leave a selection in (a condition not yet known counts as in). */
function included(directives: FieldNode["directives"], { given }: Variables): boolean {
  for (const directive of directives ?? []) {
    const name = directive.name.value;
    if (name !== "skip" && name !== "include") continue;
    const node = directive.arguments?.find((a) => a.name.value === "if")?.value;
    const value =
      node?.kind === Kind.BOOLEAN
        ? node.value
        : node?.kind === Kind.VARIABLE
          ? given[node.name.value]
          : undefined;
    if (typeof value === "boolean" && value === (name === "skip")) return false;
  }
  return true;
}

/** How many entries the list at `path` inside a value (literal or variable) holds. */
function listLength(node: ValueNode | undefined, path: string[], variables: Variables): number {
  if (!node) return 0;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    if (name in variables.given) return valueLength(variables.given[name], path);
    return listLength(variables.defaults.get(name), path, variables);
  }
  if (path.length === 0) {
    return node.kind === Kind.LIST ? node.values.length : node.kind === Kind.NULL ? 0 : 1;
  }
  if (node.kind !== Kind.OBJECT) return 0;
  const [key, ...rest] = path;
  return listLength(node.fields.find((f) => f.name.value === key)?.value, rest, variables);
}

/** The JSON value at `path` inside an argument (inline or from variables); undefined if none. */
function valueAt(node: ValueNode | undefined, path: string[], variables: Variables): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    if (!(name in variables.given)) return valueAt(variables.defaults.get(name), path, variables);
    let current: unknown = variables.given[name];
    for (const key of path) {
      if (typeof current !== "object" || current === null || Array.isArray(current)) return;
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }
  if (path.length === 0) {
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.BOOLEAN) return node.value;
    return undefined;
  }
  if (node.kind !== Kind.OBJECT) return undefined;
  const [key, ...rest] = path;
  return valueAt(node.fields.find((f) => f.name.value === key)?.value, rest, variables);
}

function valueLength(value: unknown, path: string[]): number {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return 0;
    current = (current as Record<string, unknown>)[key];
  }
  if (Array.isArray(current)) return current.length;
  return current === undefined || current === null ? 0 : 1;
}

/**
 * Charges a field for the lines its `walk` walks (its operation's `walks`), counted before that
 * work, beyond what the operation has paid: or RATE_LIMITED on the field. The same walk refused
 * for its price lately is refused again before it is counted (src/rate-limit/refused-walks.ts).
 */
export async function chargeWalk(
  context: GraphQLContext,
  operation: Operation,
  walk: Walk,
): Promise<void> {
  if (!context.chargeMore) return;
  const key = walkKey(operation, walk);
  context.refuseWalkAgain?.(key);
  const units = walkedUnits(operation, await walk.lines());
  if (units > 0) await context.chargeMore(units, key);
}
