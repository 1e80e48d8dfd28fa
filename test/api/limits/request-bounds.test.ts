import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { EVENT_TYPES } from "../../../src/modules/event/event.types.js";
import {
  MAX_BARCODES,
  MAX_WEBHOOK_EVENT_TYPES,
  SMALL_BODY_LIMIT_BYTES,
} from "../../../src/limits.js";

// Bounds before work: every list a request may carry has a documented maximum that the request
// validator checks before it reads the list's items, and a route reads no more of a body than
// its largest honest body needs.

type Schema = {
  $ref?: string;
  type?: string | string[];
  maxItems?: number;
  description?: string;
  items?: Schema | Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  prefixItems?: Schema[];
};
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; schema: Schema }[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
let account: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as Document;
  account = await newAccount(t.db);
});
afterAll(() => t.close());

/** Every array schema reachable from `schema`, with where it is. */
function arrays(schema: Schema, where: string, seen = new Set<string>()): [string, Schema][] {
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    if (seen.has(name)) return [];
    return arrays(doc.components.schemas[name]!, `${where}→${name}`, new Set([...seen, name]));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const found: [string, Schema][] = types.includes("array") ? [[where, schema]] : [];
  const children: [string, Schema][] = [
    ...Object.entries(schema.properties ?? {}).map(([k, s]): [string, Schema] => [
      `${where}.${k}`,
      s,
    ]),
    ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []).map(
      (s): [string, Schema] => [`${where}[]`, s],
    ),
    ...[
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
      ...(schema.prefixItems ?? []),
    ].map((s): [string, Schema] => [where, s]),
    ...(typeof schema.additionalProperties === "object"
      ? [[`${where}.*`, schema.additionalProperties] as [string, Schema]]
      : []),
  ];
  return [...found, ...children.flatMap(([w, s]) => arrays(s, w, seen))];
}

/** Every array of every request body and query parameter of the served document. */
function requestArrays(): [string, Schema][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => [
      ...Object.entries(op.requestBody?.content ?? {}).flatMap(([media, { schema }]) =>
        arrays(schema, `${method} ${path} ${media}`),
      ),
      ...(op.parameters ?? []).flatMap((p) =>
        arrays(p.schema, `${method} ${path} ${p.in} ${p.name}`),
      ),
    ]),
  );
}

const spelled = (n: number) => [String(n), n.toLocaleString("en-US")];

describe("the lists of the REST requests", () => {
  it("each have a maxItems, said in their description", () => {
    const lists = requestArrays();
    // The walk finds the lists there are (a broken walk would pass vacuously).
    expect(lists.map(([where]) => where)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("post /api/v1/skus application/json→CreateSku.barcodes"),
        expect.stringContaining("SkuImport.rows[].barcodes"),
        expect.stringContaining("BulkStockAdjustment.lines"),
        expect.stringContaining("StartStockTake.scope.sku_ids"),
      ]),
    );
    const unbounded = lists
      .filter(([, s]) => typeof s.maxItems !== "number")
      .map(([where]) => where);
    expect(unbounded).toEqual([]);
    const undocumented = lists
      .filter(([, s]) => !spelled(s.maxItems!).some((n) => s.description?.includes(n)))
      .map(([where, s]) => `${where} (maxItems ${s.maxItems}): ${s.description}`);
    expect(undocumented).toEqual([]);
  });

  it("give a webhook as many event types as there are", () => {
    expect(MAX_WEBHOOK_EVENT_TYPES).toBe(EVENT_TYPES.length);
  });

  it("refuse an oversize list with one problem, the one its maximum documents", async () => {
    // Far over the limit, every item wrong: one problem, not one per item.
    const barcodes = Array.from({ length: 5_000 }, (_, i) => i);
    const created = await rest(t, "POST", "/skus", {
      token: account.token,
      body: { code: "OVER-1", name: "Over", barcodes },
    });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({
      code: "INVALID_BARCODE",
      errors: [{ pointer: "/barcodes", code: "INVALID_BARCODE" }],
    });
    expect(created.body.errors).toHaveLength(1);

    // A nested list: one row's barcodes.
    const rows = [
      { code: "OVER-2", name: "Over", barcodes: Array.from({ length: MAX_BARCODES + 1 }, () => 7) },
      { code: "OVER-3", name: "Over", barcodes: Array.from({ length: 5_000 }, () => 7) },
    ];
    const imported = await rest(t, "POST", "/skus/bulk", {
      token: account.token,
      body: { rows },
    });
    expect(imported.status).toBe(422);
    expect(imported.body.errors).toEqual([
      expect.objectContaining({ pointer: "/rows/0/barcodes", code: "INVALID_BARCODE" }),
      expect.objectContaining({ pointer: "/rows/1/barcodes", code: "INVALID_BARCODE" }),
    ]);

    const lines = Array.from({ length: 10_001 }, () => ({ type: 1, id: "x", new_qty: "y" }));
    const bulk = await rest(t, "POST", "/stock-adjustments/bulk", {
      token: account.token,
      body: { reason: "received", lines },
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body).toMatchObject({ code: "TOO_MANY_LINES" });
    expect(bulk.body.errors).toHaveLength(1);

    const listed = await rest(t, "GET", "/skus?code=OVER-1", { token: account.token });
    expect(listed.body.data).toEqual([]);
  });
});

describe("the body limit of a route", () => {
  it("is the small one where one entity's fields are the largest honest body", async () => {
    const name = "x".repeat(SMALL_BODY_LIMIT_BYTES);
    const created = await rest(t, "POST", "/skus", {
      token: account.token,
      body: { code: "BIG-1", name },
    });
    expect(created.status).toBe(413);
    expect(created.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("is the server's for bulk bodies", async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      code: `BIG-ROW-${i}`,
      name: "A row long enough to make the body larger than a single entity's".repeat(2),
    }));
    const body = JSON.stringify({ rows });
    expect(body.length).toBeGreaterThan(SMALL_BODY_LIMIT_BYTES);
    const imported = await rest(t, "POST", "/skus/bulk", { token: account.token, raw: body });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(2_000);
  });
});
