// Probes for the isolation sweep: one call made twice with a second account's token, once naming
// the first account's things and once naming things that exist nowhere, and the answers compared.
// What a probe names is found by comparing its two requests, so the sweep knows which inputs it
// covered; what differs between the answers, once the names themselves are taken out, is a leak.
import { isDeepStrictEqual } from "node:util";
import { rest, type TestApp } from "./app.js";

/** One REST request: the path is the concrete one, without /api/v1. */
export interface RestCall {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is (CSV), with its content-type in headers. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface RestProbe {
  /** The operation probed, as routes.ts names it ("GET /skus/{id}"). */
  op: string;
  foreign: RestCall;
  missing: RestCall;
  /** Keys whose values differ by nature between the two answers (ids of rows each created). */
  volatile?: string[];
  /**
   * A position rather than a name (a cursor), or B's own list as a whole: the two answers need
   * not match, but the foreign one must still show nothing of the other account.
   */
  positional?: boolean;
  /** Names inside a raw body, which the requests' comparison cannot find: [A's, missing]. */
  names?: [unknown, unknown][];
}

type Args = Record<string, unknown>;

export interface GqlProbe {
  /** "Query.sku", "Mutation.createSku", "Subscription.stockChanged". */
  field: string;
  foreign: Args;
  missing: Args;
  /** A field with arguments below the root one ("Sku.movements" under Query.sku). */
  nested?: { field: string; foreign: Args; missing: Args };
  volatile?: string[];
  /** As RestProbe's. */
  positional?: boolean;
}

/** What a client received, in a form two answers can be compared in. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The request as sent (path, query, headers, body), to tell echoes from leaks. */
  sent: string;
}

/** Headers that differ between any two requests. */
const PER_REQUEST_HEADERS = new Set([
  "date",
  "x-request-id",
  "content-length",
  "connection",
  "keep-alive",
  "ratelimit",
  "ratelimit-policy",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
]);

export async function callRest(t: TestApp, token: string, call: RestCall): Promise<Answer> {
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  const res = await rest(t, call.method, call.path + query, {
    token,
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.raw !== undefined ? { raw: call.raw } : {}),
    headers: call.headers ?? {},
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST_HEADERS.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: res.body, sent: JSON.stringify(call) };
}

/** The inputs two REST calls differ in, as routes.ts names them, and the values of each. */
export function restDifferences(template: string, a: RestCall, b: RestCall) {
  const inputs = new Set<string>();
  const pairs: [unknown, unknown][] = [];
  const names = template.split("/");
  const [pa, pb] = [a.path.split("/"), b.path.split("/")];
  names.forEach((segment, i) => {
    if (segment.startsWith("{") && pa[i] !== pb[i]) {
      inputs.add(`path:${segment.slice(1, -1)}`);
      pairs.push([decodeURIComponent(pa[i]!), decodeURIComponent(pb[i]!)]);
    }
  });
  for (const key of new Set([...Object.keys(a.query ?? {}), ...Object.keys(b.query ?? {})])) {
    if (a.query?.[key] !== b.query?.[key]) {
      inputs.add(`query:${key}`);
      pairs.push([a.query?.[key], b.query?.[key]]);
    }
  }
  for (const key of new Set([...Object.keys(a.headers ?? {}), ...Object.keys(b.headers ?? {})])) {
    if (a.headers?.[key] !== b.headers?.[key]) {
      inputs.add(`header:${key.toLowerCase()}`);
      pairs.push([a.headers?.[key], b.headers?.[key]]);
    }
  }
  if (a.raw !== b.raw) inputs.add("body:(raw)");
  for (const [pointer, va, vb] of leafDifferences(a.body, b.body, "")) {
    inputs.add(`body:${pointer.replace(/\/\d+(?=\/|$)/g, "/*")}`);
    pairs.push([va, vb]);
  }
  return { inputs, pairs };
}

/** The GraphQL arguments two probes differ in ("Query.sku(id)") and the values of each. */
export function gqlDifferences(probe: GqlProbe) {
  const inputs = new Set<string>();
  const pairs: [unknown, unknown][] = [];
  const add = (field: string, a: Args, b: Args) => {
    for (const [pointer, va, vb] of leafDifferences(a, b, "")) {
      const path = pointer
        .split("/")
        .slice(1)
        .filter((p) => !/^\d+$/.test(p));
      inputs.add(`${field}(${path.join(".")})`);
      pairs.push([va, vb]);
    }
  };
  add(probe.field, probe.foreign, probe.missing);
  if (probe.nested) add(probe.nested.field, probe.nested.foreign, probe.nested.missing);
  return { inputs, pairs };
}

function leafDifferences(a: unknown, b: unknown, pointer: string): [string, unknown, unknown][] {
  const isObject = (v: unknown) => v !== null && typeof v === "object";
  if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    return [...keys].flatMap((k) =>
      leafDifferences(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${pointer}/${k}`,
      ),
    );
  }
  return isDeepStrictEqual(a, b) ? [] : [[pointer, a, b]];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A value as it may appear in an answer: whole, not inside a longer word or number. */
const occurrence = (value: string) => new RegExp(`(?<![\\w.])${escape(value)}(?![\\w])`, "g");

/**
 * Whether two texts are the same but for the probe's names: the foreign one may have a pair's
 * foreign value wherever the missing one has that pair's missing value ("SKU 12 does not exist"
 * and "SKU 2000000001 does not exist"), and nothing else may differ.
 */
function sameButNames(f: string, m: string, pairs: [string, string][]): boolean {
  const failed = new Set<string>();
  const match = (i: number, j: number): boolean => {
    if (f.slice(i) === m.slice(j)) return true;
    const at = `${i}:${j}`;
    if (failed.has(at)) return false;
    for (const [a, b] of pairs) {
      if (a && f.startsWith(a, i) && m.startsWith(b, j) && match(i + a.length, j + b.length)) {
        return true;
      }
    }
    if (i < f.length && j < m.length && f[i] === m[j] && match(i + 1, j + 1)) return true;
    failed.add(at);
    return false;
  };
  return match(0, 0);
}

/**
 * Where two answers differ once the probe's names are allowed for, keys that differ by nature
 * and request ids left out: a list of JSON paths (empty: indistinguishable).
 */
function differences(
  f: unknown,
  m: unknown,
  pairs: [string, string][],
  volatile: Set<string>,
  path = "",
): string[] {
  if (isDeepStrictEqual(f, m)) return [];
  const isObject = (v: unknown) => v !== null && typeof v === "object";
  if (isObject(f) && isObject(m) && Array.isArray(f) === Array.isArray(m)) {
    const fo = f as Record<string, unknown>;
    const mo = m as Record<string, unknown>;
    if (Array.isArray(f) && f.length !== (m as unknown[]).length) return [`${path} (length)`];
    const keys = new Set([...Object.keys(fo), ...Object.keys(mo)]);
    return [...keys]
      .filter((k) => k !== "request_id" && !volatile.has(k))
      .flatMap((k) => differences(fo[k], mo[k], pairs, volatile, `${path}/${k}`));
  }
  const leaf = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
  const [a, b] = [leaf(f), leaf(m)];
  if (a !== null && b !== null && typeof f === typeof m && sameButNames(a, b, pairs)) return [];
  return [path || "/"];
}

/** How two answers differ once the probe's names are taken out (null: indistinguishable). */
export function difference(
  foreign: Answer,
  missing: Answer,
  pairs: [unknown, unknown][],
  volatile: string[] = [],
): string | null {
  const names = pairs
    .filter(([f, m]) => f !== undefined && f !== null && m !== undefined && m !== null)
    .map(([f, m]) => [String(f), String(m)] as [string, string]);
  const shape = (a: Answer) => ({ status: a.status, headers: a.headers, body: a.body });
  const found = differences(shape(foreign), shape(missing), names, new Set(volatile));
  if (found.length === 0) return null;
  return `they differ at ${found.join(", ")}:\nnaming A's: ${JSON.stringify(shape(foreign))}\nnaming nothing: ${JSON.stringify(shape(missing))}`;
}

/** Codes that say a request was refused before anything was looked up. */
const EARLY = new Set([
  "MALFORMED_REQUEST",
  "INVALID_PARAMETER",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "METHOD_NOT_ALLOWED",
  "ROUTE_NOT_FOUND",
  "QUERY_TOO_DEEP",
  "QUERY_TOO_COMPLEX",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
]);

/**
 * Why an answer proves nothing (the request was refused for its form, its token or a fault,
 * before any name in it was looked up), or null. Two such answers would match whatever the
 * names: a probe must reach the data.
 */
export function refusedEarly(answer: Answer): string | null {
  const codes: string[] = [];
  const walk = (v: unknown, key = ""): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, k);
    } else if (key === "code" && typeof v === "string") codes.push(v);
  };
  walk(answer.body);
  const early = codes.filter((c) => EARLY.has(c));
  if (early.length > 0) return `refused before any lookup (${[...new Set(early)].join(", ")})`;
  if (answer.status >= 500 || [401, 403, 405, 413, 415, 429].includes(answer.status)) {
    return `refused before any lookup (HTTP ${answer.status})`;
  }
  return null;
}

/** The other account's values an answer shows that its request did not send. */
export function leakedValues(answer: Answer, secrets: string[]): string[] {
  const text = JSON.stringify([answer.headers, answer.body]);
  return secrets.filter((s) => occurrence(s).test(text) && !answer.sent.includes(s));
}

/** A cursor with what it belongs to (its first value after the kind) replaced. */
export function reparent(cursor: string, owner: number): string {
  const [kind, , ...rest] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
  return Buffer.from(JSON.stringify([kind, owner, ...rest])).toString("base64url");
}
