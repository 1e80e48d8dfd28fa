// Generated REST requests for any operation of the OpenAPI document. A request is built from the
// operation's own schemas (path, query, headers, a body in each media type it takes) with the
// world's real ids and names mixed in. Each case turns hostile on one side at most (its body, its
// path, its query or its headers), or on all at once now and then, so that most cases are valid
// but for the one thing under test and reach the services rather than stop at the validator.
import fc from "fast-check";
import { POOL_OF, type FuzzWorld, type Pools } from "./fuzz-world.js";
import {
  boundedLists,
  hostileString,
  hostileValue,
  jsonText,
  mutated,
  oversized,
  oversizeLengths,
  validValue,
  type JsonSchema,
  type SchemaContext,
} from "./json-arbitrary.js";
import type { RestOperation } from "./routes.js";
import { operationList } from "../../src/operations.js";

/** Which of the world's pools a path parameter draws from, per operation. */
export type PathPools = Record<string, keyof Pools>;

/**
 * Every REST operation declared (src/operations.ts), with the pools its path parameters draw
 * from: an operation of the document not declared has no generator, and the fuzz test fails
 * until it is.
 */
export const REST_GENERATORS: Record<string, PathPools> = Object.fromEntries(
  operationList().flatMap((o) =>
    o.rest
      ? [
          [
            o.rest,
            Object.fromEntries(
              Object.entries(o.restIds ?? {}).map(([param, kind]) => [param, POOL_OF[kind]]),
            ),
          ],
        ]
      : [],
  ),
);

export interface RestCase {
  /** Path under /api/v1, parameters filled in and encoded. */
  path: string;
  /** The query string without "?", as sent (possibly not well-formed). */
  query: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

// ---- realistic values by name ---------------------------------------------------------------

/** Mostly this account's ids, some of the other account's, some that exist nowhere. */
export function ids(
  world: FuzzWorld,
  pick: (p: Pools) => (number | string)[],
): fc.Arbitrary<unknown> {
  const mine = pick(world.pools.mine);
  const theirs = pick(world.pools.theirs);
  // Ids that exist nowhere, of the pool's kind (codes and barcodes are text): past any id a test
  // database reaches, since fast-check favours small integers, and a small one can be an id of
  // the world's own (a revoke drawing the world's token would refuse every later request).
  const nowhere =
    typeof [...mine, ...theirs][0] === "string"
      ? fc.string({ minLength: 1, maxLength: 16 })
      : fc.integer({ min: 1_000_000_000, max: 2147483647 });
  const choices: fc.WeightedArbitrary<unknown>[] = [{ weight: 1, arbitrary: nowhere }];
  if (mine.length > 0) choices.push({ weight: 8, arbitrary: fc.constantFrom(...mine) });
  if (theirs.length > 0) choices.push({ weight: 1, arbitrary: fc.constantFrom(...theirs) });
  return fc.oneof(...choices);
}

/** Instants of the last year and a half, none in the future. */
const recent = fc.date({
  min: new Date(Date.now() - 550 * 86_400_000),
  max: new Date(Date.now() - 60_000),
  noInvalidDate: true,
});
const TIMESTAMPS = recent.map((d) => d.toISOString());
/** An issued token's expiry: mostly within the year allowed, some past or too far ahead. */
const EXPIRIES = fc
  .integer({ min: -2 * 86_400, max: 400 * 86_400 })
  .map((seconds) => new Date(Date.now() + seconds * 1000).toISOString());
const DATES = fc.oneof(
  TIMESTAMPS,
  recent.map((d) => d.toISOString().slice(0, 10)),
);

/** Dates a parser may choke on: impossible, out of range, ambiguous, not dates at all. */
export const ODD_DATES = fc.constantFrom(
  "2026-02-30",
  "2026-13-01",
  "0000-01-01",
  "9999-12-31T23:59:59.999Z",
  "+275760-09-13T00:00:00Z",
  "-271821-04-20",
  "2026-01-01T00:00:00+25:00",
  "2026-01-01T24:00:00Z",
  "2026-03-29T02:30:00",
  "now",
  "2026-W01",
  "1767225600",
);

const URLS = fc.constantFrom(
  "http://127.0.0.1:9/hooks",
  "https://erp.example.com/hooks/countpoint",
  "http://169.254.169.254/latest/meta-data",
  "https://metadata.google.internal/",
  "http://[::1]:9/x",
  "https://user:secret@example.com/",
  "https://example.com/#frag",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "https://0x7f.1/",
  "https://[fe80::1]/",
  "http://localhost./",
  `https://example.com/${"a".repeat(2100)}`,
);

const EVENT_TYPES = ["stock.changed", "sku.created", "stock_take.started", "nope", ""];

/**
 * Realistic values for the properties and parameters the API names alike everywhere; `list` is
 * the path template whose cursors fit (any list's when not given).
 */
function hints(world: FuzzWorld, list?: string): SchemaContext["hint"] {
  const all = (p: Pools) => Object.values(p.cursors).flat();
  const own = (p: Pools) => (list ? (p.cursors[list] ?? []) : all(p));
  const mine = own(world.pools.mine);
  const fitting = mine.length > 0 ? mine : all(world.pools.mine).concat("x");
  const cursor = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fitting) },
    { weight: 1, arbitrary: fc.constantFrom(...all(world.pools.theirs).concat(fitting)) },
    { weight: 1, arbitrary: fc.constantFrom(...fitting).map((c) => c.slice(0, -2) + "AA") },
    { weight: 1, arbitrary: fc.base64String({ maxLength: 64 }) },
  );
  const table: Record<string, fc.Arbitrary<unknown>> = {
    id: fc.oneof(
      ids(world, (p) => p.skus),
      ids(world, (p) => p.supplierItems),
    ),
    sku_id: ids(world, (p) => p.skus),
    supplier_item_id: ids(world, (p) => p.supplierItems),
    stock_take_id: ids(world, (p) => p.stockTakes),
    adjustment_id: ids(world, (p) => p.adjustments),
    site_id: ids(world, (p) => p.sites),
    barcode: fc.oneof(
      ids(world, (p) => p.barcodes),
      fc.constantFrom("4006381333931", "4006381333932", "0036000291452"),
    ),
    code: fc.oneof(
      ids(world, (p) => p.codes),
      fc.string({ minLength: 1, maxLength: 12 }),
    ),
    supplier: fc.oneof(
      ids(world, (p) => p.suppliers),
      fc.string({ maxLength: 10 }),
    ),
    type: fc.constantFrom("sku", "supplier_item"),
    counted_at: TIMESTAMPS,
    expires_at: EXPIRIES,
    from: DATES,
    to: DATES,
    updated_since: DATES,
    cursor,
    after: cursor,
    url: URLS,
    status: fc.constantFrom("open", "counting", "reconciled", "cancelled", "pending", "failed"),
    state: fc.constantFrom("uncounted", "counted", "accepted", "applied"),
    types: fc
      .array(fc.constantFrom(...EVENT_TYPES), { minLength: 1, maxLength: 3 })
      .map((t) => t.join(",")),
  };
  return (name) => table[name];
}

/**
 * What the services ask of objects beyond their schemas: a line names its entity by exactly one
 * of id, code or barcode (a supplier only with a code); rows and entities need a code and a name.
 */
export const SERVICE_RULES: Pick<SchemaContext, "exclusive" | "wanted"> = {
  exclusive: { keys: ["id", "code", "barcode"], companions: { code: ["supplier"] } },
  wanted: ["code", "name", "supplier"],
};

/**
 * The realistic values of a property or parameter named so (snake_case), if the API has one;
 * cursors of the list at `list` (a REST path template).
 */
export const realistic = (world: FuzzWorld, name: string, list?: string) =>
  hints(world, list)(name, {});

function context(world: FuzzWorld, op?: RestOperation): SchemaContext {
  const schemas = world.t.contract.document.components.schemas as Record<string, JsonSchema>;
  return {
    resolve: (ref) => {
      const schema = schemas[ref.replace("#/components/schemas/", "")];
      if (!schema) throw new Error(`no schema ${ref}`);
      return schema;
    },
    hint: hints(world, op?.path),
    ...SERVICE_RULES,
  };
}

// ---- path and query -------------------------------------------------------------------------

/** A path segment or query value as a client may send it, even one URL encoding cannot spell. */
function encode(value: string): string {
  if (value === "." || value === "..") return "..."; // a URL would resolve them away
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: sent as the bytes an encoder of UTF-16 would write (not UTF-8 at all).
    return [...Buffer.from(value, "utf16le")]
      .map((b) => `%${b.toString(16).padStart(2, "0")}`)
      .join("");
  }
}

/** Percent-encodings that are not UTF-8, or not percent-encodings at all. */
const RAW_ENCODED = fc.constantFrom(
  "%",
  "%zz",
  "%C0%80",
  "%ED%A0%80",
  "%FF%FE",
  "%00",
  "a%2F..%2Fb",
  "%E2%80%AE",
  "+",
);

const HOSTILE_ID = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "2147483648",
    "99999999999999999999",
    "1.5",
    "1e3",
    "abc",
    " 1",
    "0x10",
    "+1",
    "١",
    "1;2",
    "9".repeat(1000),
  ),
  hostileString.filter((s) => s.length > 0 && s.length < 5000).map(encode),
  RAW_ENCODED,
);

function pathOf(
  op: RestOperation,
  world: FuzzWorld,
  pools: PathPools,
  hostile: boolean,
): fc.Arbitrary<string> {
  const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const values = params.map((name) => {
    const pool = pools[name];
    if (!pool) throw new Error(`${op.operationId}: no generator for the path parameter ${name}`);
    const real = ids(world, (p) =>
      pool === "deliveries" ? p.deliveries.map((d) => d.id) : (p[pool] as (number | string)[]),
    ).map((v) => encode(String(v)));
    return hostile ? fc.oneof(real, HOSTILE_ID) : real;
  });
  return fc
    .tuple(...values)
    .map((filled) =>
      params.reduce((path, name, i) => path.replace(`{${name}}`, filled[i]!), op.path),
    );
}

const HOSTILE_QUERY_VALUE = fc.oneof(
  hostileString.filter((s) => s.length < 20_000).map(encode),
  ODD_DATES,
  RAW_ENCODED,
);

const QUERY_EXTRAS = fc.oneof(
  fc.constantFrom(
    "unknown=1",
    "limit=1&limit=2",
    "limit",
    "=",
    "&&",
    "sku_id[]=1",
    "__proto__=x",
    "a=%",
  ),
  fc.tuple(hostileString, hostileString).map(([k, v]) => `${encode(k)}=${encode(v)}`),
);

function queryOf(op: RestOperation, ctx: SchemaContext, hostile: boolean): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === "query");
  const pairs = params.map((p) => {
    const valid = validValue(p.schema, ctx, p.name).map((v) => encode(String(v)));
    const value = hostile ? fc.oneof({ weight: 2, arbitrary: valid }, HOSTILE_QUERY_VALUE) : valid;
    return fc.option(
      value.map((v) => `${p.name}=${v}`),
      { freq: 2 },
    );
  });
  const extras = hostile ? fc.array(QUERY_EXTRAS, { maxLength: 2 }) : fc.constant([]);
  return fc
    .tuple(fc.tuple(...pairs), extras)
    .map(([given, extra]) => [...given.filter((p): p is string => p !== null), ...extra].join("&"));
}

// ---- headers --------------------------------------------------------------------------------

/** What an HTTP header can carry: visible Latin-1 and tabs (fetch refuses NUL, CR and LF). */
const latin1 = fc
  .string({
    unit: fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0xa0, max: 0xff }),
        fc.constant(9),
      )
      .map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 300,
  })
  .map((s) => s.trim() || "x");

interface Headers {
  authorization?: string;
  key?: string;
  consistency?: string;
  accept?: string;
}

/** Headers a client sends; hostile ones as clients get them wrong, valid ones otherwise. */
function headersOf(world: FuzzWorld, op: RestOperation, hostile: boolean): fc.Arbitrary<Headers> {
  const own = world.mine.token;
  const tokens = fc.oneof(
    { weight: 18, arbitrary: fc.constant(`Bearer ${own}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${world.readOnly}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${world.theirs.token}`) },
  );
  const validKey = fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom("fuzz-key-1", "fuzz-key-2", "fuzz-key-3") },
    { weight: 2, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,40}$/) },
  );
  const validAccept = fc.constantFrom(
    undefined,
    undefined,
    "application/json",
    "*/*",
    "application/problem+json",
    "text/csv",
  );
  if (!hostile) {
    return fc.record({
      authorization: tokens,
      key: op.method === "GET" ? fc.constant(undefined) : validKey,
      consistency: fc.constant(undefined),
      accept: validAccept,
    });
  }
  const authorization = fc.oneof(
    { weight: 4, arbitrary: tokens },
    fc.constantFrom(
      undefined,
      "",
      "Bearer",
      "Bearer ",
      `bearer ${own}`,
      `Bearer  ${own}  `,
      `Basic ${Buffer.from(`x:${own}`).toString("base64")}`,
      `Bearer ${own}x`,
      `Bearer ${own.slice(0, -1)}`,
      `Bearer ${own} ${own}`,
      "Bearer cp_99999999999999999999_x",
      "Bearer cp_-1_x",
      `Bearer cp_${world.mine.accountId}_${"A".repeat(3000)}`,
      `Token ${own}`,
    ),
    latin1.map((s) => `Bearer ${s}`),
  );
  const key = fc.oneof(
    validKey,
    fc.constantFrom("k".repeat(256), "a b", "\u00e9t\u00e9", "x\ty", "k".repeat(255), ""),
    latin1,
  );
  const consistency = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      "0/0",
      "0/1",
      "FFFFFFFF/FFFFFFFF",
      "0/16B3748",
      "1/",
      "/1",
      "0/0/0",
      "g/1",
      "000000000/1",
    ),
    latin1,
  );
  const accept = fc.oneof(
    validAccept,
    fc.constantFrom(
      "application/xml",
      "text/html;q=0.9, text/csv",
      "text/*",
      "application/json;q=0",
      "image/png",
    ),
    latin1,
  );
  return fc.record({ authorization, key, consistency, accept });
}

// ---- bodies ---------------------------------------------------------------------------------

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/json, text/csv",
  "application/vnd.api+json",
  "text/csv; charset=utf-8",
  "a/b/c",
  "",
];

/** Raw bodies no schema describes: bad bytes, wrong encodings, cut-off or oversize text. */
const RAW_BODIES: fc.Arbitrary<string | Uint8Array> = fc.constantFrom<string | Uint8Array>(
  "",
  " ",
  "null",
  "[]",
  "0",
  '"a"',
  "{",
  '{"a":1',
  "{}{}",
  '{"a":1}x',
  "\ufeff{}",
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
  `{"x":"${"a".repeat(1_100_000)}"}`,
);

/** The list of objects a JSON body schema carries (rows, counts), for its CSV twin's columns. */
function rowsSchema(schema: JsonSchema, ctx: SchemaContext) {
  const resolved = typeof schema.$ref === "string" ? ctx.resolve(schema.$ref) : schema;
  const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, property] of Object.entries(properties)) {
    if (property.type === "array" && property.items) {
      const items = property.items as JsonSchema;
      return {
        key,
        items,
        maxItems: property.maxItems as number | undefined,
        resolved: typeof items.$ref === "string" ? ctx.resolve(items.$ref) : items,
      };
    }
  }
  return undefined;
}

const cell = (value: unknown) => {
  const text = Array.isArray(value)
    ? value.join("|")
    : value === null || value === undefined
      ? ""
      : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Ways to break a CSV text: quotes, BOM, extra or missing cells, NUL, size, repetition. */
const CSV_BREAKAGE = fc.constantFrom(
  (s: string) => s.replace(",", ',"'),
  (s: string) => `\ufeff${s}`,
  (s: string) => s + "a,b,c,d,e,f,g,h\r\n",
  (s: string) => s.replace(/\r?\n/, ",extra\r\n"),
  (s: string) => s.replaceAll(",", ";"),
  (s: string) => s + `${"x,".repeat(50_000)}\r\n`,
  (s: string) => s.split(/\r?\n/)[0]! + "\r\n" + s.split(/\r?\n/)[0]!,
  (s: string) => s.slice(0, Math.floor(s.length / 2)),
  () => "",
  (s: string) => s.replace(/,/, "\u0000,"),
  (s: string) => s.repeat(2000),
);

/** CSV with the columns of the JSON body's rows: valid, or broken. */
function csvBody(op: RestOperation, ctx: SchemaContext, hostile: boolean): fc.Arbitrary<string> {
  const json = op.body?.["application/json"];
  const rows = json ? rowsSchema(json, ctx) : undefined;
  if (!rows) throw new Error(`${op.operationId}: no generator for text/csv without a JSON twin`);
  const columns = Object.keys((rows.resolved.properties ?? {}) as object);
  const row = validValue(rows.items, { ...ctx, odd: hostile }, rows.key.replace(/s$/, ""));
  const text = fc
    .tuple(
      fc.shuffledSubarray(columns, { minLength: 1 }),
      fc.array(row, { minLength: 1, maxLength: 5 }),
      fc.constantFrom("\r\n", "\n"),
    )
    .map(([chosen, values, eol]) => {
      // Valid: the columns the first row has (each row names its entity the same way).
      const first = Object.keys(values[0] as object);
      const header = hostile ? chosen : columns.filter((c) => first.includes(c));
      const lines = values.map((v) =>
        header.map((c) => cell((v as Record<string, unknown>)[c])).join(","),
      );
      return [header.join(","), ...lines].join(eol) + eol;
    });
  if (!hostile) return text;
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(text, CSV_BREAKAGE).map(([s, f]) => f(s)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, hostileString)
        .map(([s, odd]) => s.replace(/,([^,\r\n]*)/, `,${cell(odd)}`)),
    },
  );
}

interface Body {
  type?: string;
  body?: string | Uint8Array;
}

function bodyOf(op: RestOperation, ctx: SchemaContext, hostile: boolean): fc.Arbitrary<Body> {
  const wrongType = fc.constantFrom(...WRONG_CONTENT_TYPES);
  const raw = fc.record({
    type: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...Object.keys(op.body ?? { "application/json": {} })),
      wrongType,
    ),
    body: RAW_BODIES,
  });
  if (!op.body) {
    // Operations without a body, sent one anyway when hostile (GET cannot carry one in fetch).
    if (op.method === "GET" || !hostile) return fc.constant({});
    return fc.oneof(
      raw,
      fc.record({
        type: fc.constantFrom("application/json", ...WRONG_CONTENT_TYPES),
        body: hostileValue.map(jsonText),
      }),
    );
  }
  const media = Object.entries(op.body).map(([type, schema]): fc.Arbitrary<Body> => {
    if (type === "application/json") {
      const valid = validValue(schema, ctx);
      if (!hostile) {
        return fc.record({
          type: fc.constantFrom(type, "application/json; charset=utf-8"),
          body: valid.map(jsonText),
        });
      }
      const odd = validValue(schema, { ...ctx, odd: true });
      return fc.oneof(
        { weight: 4, arbitrary: fc.record({ type: fc.constant(type), body: odd.map(jsonText) }) },
        {
          weight: 4,
          arbitrary: fc.record({ type: fc.constant(type), body: mutated(valid).map(jsonText) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ type: fc.constant(type), body: hostileValue.map(jsonText) }),
        },
        { weight: 1, arbitrary: fc.record({ type: wrongType, body: valid.map(jsonText) }) },
      );
    }
    if (type === "text/csv") {
      return fc.record({ type: fc.constant(type), body: csvBody(op, ctx, hostile) });
    }
    throw new Error(`${op.operationId}: no generator for a ${type} body`);
  });
  return hostile
    ? fc.oneof({ weight: 6, arbitrary: fc.oneof(...media) }, { weight: 1, arbitrary: raw })
    : fc.oneof(...media);
}

// ---- oversize lists -------------------------------------------------------------------------

export interface OversizeCase {
  /** Which list, how long: "rows[0].barcodes × 51 (application/json)". */
  name: string;
  arbitrary: fc.Arbitrary<RestCase>;
}

/**
 * For every list of the operation's body that has a maxItems (JSON lists, nested ones included,
 * and a CSV body's rows), a valid request but for that list: one item past its maximum, and far
 * past it. Each must be refused with a documented 4xx, nothing written.
 */
export function oversizeCases(
  op: RestOperation,
  world: FuzzWorld,
  pools: PathPools,
): OversizeCase[] {
  const ctx = context(world, op);
  const json = op.body?.["application/json"];
  if (!json) return [];
  const cases: OversizeCase[] = [];
  const send = (name: string, type: string, body: fc.Arbitrary<string>) =>
    cases.push({
      name: `${name} (${type})`,
      arbitrary: fc.record({ path: pathOf(op, world, pools, false), body }).map((c) => ({
        path: c.path,
        query: "",
        headers: { authorization: `Bearer ${world.mine.token}`, "content-type": type },
        body: c.body,
      })),
    });
  const valid = validValue(json, ctx);
  for (const list of boundedLists(json, ctx)) {
    for (const length of oversizeLengths(list.maxItems)) {
      const where = list.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("");
      send(
        `${where.slice(1)} × ${length}`,
        "application/json",
        oversized(valid, list, length, ctx).map(jsonText),
      );
    }
  }
  const rows = rowsSchema(json, ctx);
  if (op.body?.["text/csv"] && rows?.maxItems !== undefined) {
    for (const length of oversizeLengths(rows.maxItems)) {
      const text = csvBody(op, ctx, false).map((csv) => {
        const [header, row] = csv.split(/\r?\n/);
        return `${header}\r\n${`${row}\r\n`.repeat(length)}`;
      });
      send(`CSV rows × ${length}`, "text/csv", text);
    }
  }
  return cases;
}

// ---- cases ----------------------------------------------------------------------------------

type Side = "none" | "path" | "query" | "headers" | "body" | "all";

/** Requests for one operation: valid, or hostile on one side (sometimes on all). */
export function restCases(
  op: RestOperation,
  world: FuzzWorld,
  pools: PathPools,
): fc.Arbitrary<RestCase> {
  const ctx = context(world, op);
  const known = new Set(["idempotency-key", "countpoint-consistency"]);
  for (const p of op.parameters) {
    if (p.in === "header" && !known.has(p.name)) {
      throw new Error(`${op.operationId}: no generator for the header ${p.name}`);
    }
  }
  const sides: fc.WeightedArbitrary<Side>[] = [
    { weight: 5, arbitrary: fc.constant("none") },
    { weight: 2, arbitrary: fc.constant("headers") },
    { weight: 1, arbitrary: fc.constant("all") },
  ];
  if (op.path.includes("{")) sides.push({ weight: 1, arbitrary: fc.constant("path") });
  if (op.parameters.some((p) => p.in === "query")) {
    sides.push({ weight: op.method === "GET" ? 4 : 1, arbitrary: fc.constant("query") });
  }
  if (op.method !== "GET") sides.push({ weight: op.body ? 5 : 1, arbitrary: fc.constant("body") });
  const arbitraries = new Map<string, fc.Arbitrary<RestCase>>();
  const forSide = (side: Side) => {
    const hostile = (part: Side) => side === part || side === "all";
    return fc
      .record({
        path: pathOf(op, world, pools, hostile("path")),
        query: queryOf(op, ctx, hostile("query")),
        headers: headersOf(world, op, hostile("headers")),
        body: bodyOf(op, ctx, hostile("body")),
      })
      .map(({ path, query, headers: h, body }) => {
        const headers: Record<string, string> = {};
        if (h.authorization !== undefined) headers.authorization = h.authorization;
        if (h.key !== undefined) headers["idempotency-key"] = h.key;
        if (h.consistency !== undefined) headers["countpoint-consistency"] = h.consistency;
        if (h.accept !== undefined) headers.accept = h.accept;
        if (body.type !== undefined) headers["content-type"] = body.type;
        return { path, query, headers, ...(body.body !== undefined ? { body: body.body } : {}) };
      });
  };
  return fc.oneof(...sides).chain((side) => {
    let arbitrary = arbitraries.get(side);
    if (!arbitrary) arbitraries.set(side, (arbitrary = forSide(side)));
    return arbitrary;
  });
}
