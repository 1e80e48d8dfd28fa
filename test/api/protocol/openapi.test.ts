import { TEXT_LIMITS } from "../../../src/limits.js";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildApp } from "../../../src/server/app.js";
import { ok } from "../../../src/http/openapi-responses.js";
import { ERROR_CATALOG } from "../../../src/errors.js";
import { ADJUSTMENT_REASONS } from "../../../src/reasons.js";
import { Contract, serialisationMismatch, type OpenApiDocument } from "../../helpers/contract.js";
import { listenWithContract, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { runCountpoint } from "../../helpers/cli.js";
import { newAccount, testDb } from "../../helpers/db.js";

// The OpenAPI document describes every operation completely enough to generate a client
// (test/api/protocol/openapi-client.test.ts does), and the checks every API test's responses go through
// (test/helpers/contract.ts) really fail on a response the document does not describe.

interface Media {
  schema: { $ref?: string };
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<
    string,
    { description: string; content?: Record<string, Media>; headers?: Record<string, unknown> }
  >;
}
type Schema = {
  $ref?: string;
  enum?: string[];
  required?: string[];
  examples?: unknown[];
  maxItems?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
};
interface Document {
  openapi: string;
  info: { title: string; contact?: { name?: string; url?: string; email?: string } };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await (await fetch(`${t.baseUrl}/api/v1/openapi.json`)).json()) as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method} ${path}`, method, path, op })),
  );
const schemaName = (media?: Media) => media?.schema.$ref?.replace("#/components/schemas/", "");
const component = (name: string) => doc.components.schemas[name]!;

/** Whether the operation creates (201) and its body takes dry_run: a preview answered with 200. */
const previews = (op: Operation) => {
  const body = schemaName(op.requestBody?.content["application/json"]);
  return "201" in op.responses && !!body && "dry_run" in (component(body).properties ?? {});
};

function exampleValidator() {
  const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ ...doc, $id: "openapi.json" } as object);
  const validators = new Map<string, ValidateFunction>();
  return (name: string, value: unknown) => {
    let validate = validators.get(name);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      validators.set(name, validate);
    }
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the API's operations, and a docs page next to it", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(operations().map((o) => o.op.operationId)).toEqual(
      expect.arrayContaining([
        "createSku",
        "listSkus",
        "getSku",
        "adjustSkuStock",
        "createSupplierItem",
        "listSupplierItems",
        "getSupplierItem",
        "bulkAdjustStock",
        "listStockMovements",
        "startStockTake",
        "listStockTakes",
        "getStockTake",
        "listStockTakeLines",
        "submitStockTakeCounts",
        "acceptStockTakeLines",
        "reconcileStockTake",
        "cancelStockTake",
        "listStockTakeCounts",
      ]),
    );
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const docs = await fetch(`${t.baseUrl}/api/v1/docs/`);
    await docs.arrayBuffer(); // read to the end, or the server's close waits for it
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toContain("text/html");
  });

  it("is what `countpoint openapi` prints (the document the OpenAPI lint checks)", async () => {
    // No database is needed: the URL given is never connected to.
    const printed = await runCountpoint("postgresql://unused@127.0.0.1:1/unused", ["openapi"]);
    expect({ code: printed.code, stderr: printed.stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(printed.stdout)).toEqual(doc);
  });

  it("says where the API is and whose it is: a relative server, and a contact", async () => {
    // Relative to where the document was fetched from: the same server answers the paths.
    expect(doc.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    const resolved = new URL(doc.servers![0]!.url, `${t.baseUrl}/api/v1/openapi.json`);
    expect((await fetch(new URL("healthz", resolved))).status).toBe(200);
    expect(doc.info.contact).toEqual({ name: "Countpoint" });
  });

  it("gives every operation a summary, a description, a tag, and named schemas for its body and success", () => {
    for (const { name, op } of operations()) {
      expect({
        name,
        summary: op.summary?.trim(),
        description: op.description?.trim(),
        tags: op.tags?.length,
      }).toEqual({
        name,
        summary: expect.stringMatching(/./),
        description: expect.stringMatching(/./),
        tags: 1,
      });
      if (op.requestBody) {
        expect({ name, body: schemaName(op.requestBody.content["application/json"]) }).toEqual({
          name,
          body: expect.any(String),
        });
      }
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      // One success; a creation that takes dry_run answers its dry run's own 200 beside its 201.
      expect({ name, successes: success.map(([status]) => status) }).toEqual({
        name,
        successes: previews(op) ? ["200", "201"] : [expect.stringMatching(/^2/)],
      });
      for (const [status, response] of success) {
        // 204 No Content (a DELETE) has no body to name.
        if (status === "204") {
          expect({ name, content: response.content }).toEqual({ name, content: undefined });
          continue;
        }
        expect({ name, schema: schemaName(response.content?.["application/json"]) }).toEqual({
          name,
          schema: expect.any(String),
        });
      }
    }
  });

  it("describes every error response as application/problem+json with the Problem schema", () => {
    for (const { name, op, method } of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      const statuses = errors.map(([status]) => Number(status));
      // Every operation authenticates (and rate-limits), validates its input and needs the database.
      expect({ name, statuses }).toEqual({
        name,
        statuses: expect.arrayContaining([400, 401, 403, 429, 503]),
      });
      if (op.requestBody)
        expect({ name, statuses }).toEqual({ name, statuses: expect.arrayContaining([413, 415]) });
      if (method === "get")
        expect({ name, statuses }).not.toEqual({ name, statuses: expect.arrayContaining([415]) });
      for (const [status, response] of errors) {
        expect({ name, status, content: Object.keys(response.content ?? {}) }).toEqual({
          name,
          status,
          content: ["application/problem+json"],
        });
        expect(schemaName(response.content?.["application/problem+json"])).toBe("Problem");
        // The description names the codes of that status the operation can answer.
        for (const code of response.description.match(/[A-Z][A-Z_]+[A-Z]/g) ?? []) {
          expect({
            name,
            code,
            status: ERROR_CATALOG[code as keyof typeof ERROR_CATALOG]?.status,
          }).toEqual({ name, code, status: Number(status) });
        }
      }
    }
  });

  it("documents the RateLimit headers on every answer to a token, and Retry-After on 429", () => {
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = Object.keys(response.headers ?? {});
        const expected =
          status === "401" ? [] : ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
        expect({ name, status, headers }).toEqual({
          name,
          status,
          headers: expect.arrayContaining(expected),
        });
        if (status === "429")
          expect({ name, headers }).toEqual({
            name,
            headers: expect.arrayContaining(["retry-after"]),
          });
      }
    }
  });

  it("has an example for every request and response, each valid against its schema", () => {
    const problems = exampleValidator();
    for (const { name, op } of operations()) {
      const body = schemaName(op.requestBody?.content["application/json"]);
      if (body) {
        const examples = component(body).examples ?? [];
        expect({ name, examples: examples.length }).toEqual({ name, examples: 1 });
        expect({ name, body, problems: problems(body, examples[0]) }).toEqual({
          name,
          body,
          problems: [],
        });
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          const schema = schemaName(media);
          expect({ name, status, example: media.example !== undefined }).toEqual({
            name,
            status,
            example: true,
          });
          expect({ name, status, problems: problems(schema!, media.example) }).toEqual({
            name,
            status,
            problems: [],
          });
        }
      }
    }
  });

  it("has request examples the server accepts, sent as they are", async () => {
    // Sent in the document's order into an account of their own, each path's {id} naming what
    // an earlier example made. An example still names things of its own (SKU 7, an item the bulk
    // example linked): a 404, a 409 or those two 422s are about this account's data, not the
    // example; a 400 or any other 422 refuses the example itself (a date that has passed, say).
    const account = await newAccount(t.db);
    const DATA_CODES = ["LINKED_SUPPLIER_ITEM", "NOT_IN_STOCK_TAKE"];
    const made: Record<string, number> = {};
    const refused: unknown[] = [];
    let sent = 0;
    for (const { name, method, path, op } of operations()) {
      const kind = path.split("/")[3]!;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const body = schemaName(media);
        const example = media.example ?? (body ? component(body).examples?.[0] : undefined);
        expect({ name, type, example: example !== undefined }).toEqual({
          name,
          type,
          example: true,
        });
        const res = await fetch(`${t.baseUrl}${path.replace("{id}", String(made[kind] ?? 1))}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${account.token}`, "content-type": type },
          body: typeof example === "string" ? example : JSON.stringify(example),
        });
        const answer = (await res.json()) as { id?: number; ids?: { id: number }[]; code?: string };
        sent++;
        const id = answer.id ?? answer.ids?.[0]?.id;
        if (res.ok && id !== undefined) made[kind] ??= id;
        if (name === "post /api/v1/tokens")
          expect({ name, status: res.status }).toEqual({ name, status: 201 });
        if (res.status === 400 || (res.status === 422 && !DATA_CODES.includes(answer.code!))) {
          refused.push({ name, type, status: res.status, answer });
        }
      }
    }
    expect(sent).toBeGreaterThan(20);
    expect(refused).toEqual([]);
  });

  it("names the entities, the bodies and the enums as components", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "Problem",
        "Sku",
        "SupplierItem",
        "StockMovement",
        "StockAdjustment",
        "StockAdjustmentLine",
        "AdjustedSku",
        "SkuPage",
        "StockMovementPage",
        "CreateSku",
        "SkuUpdate",
        "SupplierItemUpdate",
        "BulkStockAdjustment",
        "AdjustmentReason",
        "StockReason",
        "EntityType",
        "MovementSource",
        "AdjustmentLineStatus",
      ]),
    );
    expect(component("AdjustmentReason").enum).toEqual([...ADJUSTMENT_REASONS]);
    expect(component("StockReason").enum).toEqual(
      expect.arrayContaining([...ADJUSTMENT_REASONS, "stock_take", "opening_balance"]),
    );
    expect(component("EntityType").enum).toEqual(["sku", "supplier_item"]);
    expect(component("AdjustmentLineStatus").enum).toEqual(["changed", "unchanged"]);
    expect(component("MovementSource").enum).toEqual(
      expect.arrayContaining(["adjustment", "stock_take", "opening_balance"]),
    );
    const order = doc.paths["/api/v1/stock/movements"]!.get! as unknown as {
      parameters: { name: string; schema: Schema }[];
    };
    expect(order.parameters.find((p) => p.name === "order")?.schema.enum).toEqual(["asc", "desc"]);
  });

  it("requires what the server requires and caps what the server caps", () => {
    for (const body of ["SkuUpdate", "SupplierItemUpdate", "BulkStockAdjustment"]) {
      expect(component(body).properties?.reason?.enum).toEqual([...ADJUSTMENT_REASONS]);
    }
    expect(component("BulkStockAdjustment").required).toContain("reason");
    // A PATCH may send catalog fields, stock fields or both: the service says what is missing.
    expect(component("SkuUpdate").required).toBeUndefined();
    expect(component("SkuUpdate").properties?.code?.maxLength).toBe(TEXT_LIMITS.code);
    expect(component("SupplierItemUpdate").properties?.supplier?.maxLength).toBe(
      TEXT_LIMITS.supplier,
    );
    // A line names its entity by id or by barcode: the service checks that exactly one is given.
    expect(component("StockAdjustmentLineInput").required).toEqual(["type", "new_qty"]);
    // A stock take names entities as adjustment lines do: the same type enum (checked by the
    // service with the other counts' problems), and a count or reference without one is refused.
    const lineTypes = component("StockAdjustmentLineInput").properties?.type?.enum;
    expect(lineTypes).toEqual(["sku", "supplier_item"]);
    for (const body of ["StockTakeEntityRef", "StockTakeCountInput"]) {
      expect({ body, type: component(body).properties?.type?.enum }).toEqual({
        body,
        type: lineTypes,
      });
      expect({ body, required: component(body).required }).toEqual({
        body,
        required: expect.arrayContaining(["type"]),
      });
    }
    expect(component("BulkStockAdjustment").properties?.lines?.maxItems).toBe(10000);
    const sku = component("CreateSku").properties!;
    expect([sku.code?.maxLength, sku.name?.maxLength]).toEqual([
      TEXT_LIMITS.code,
      TEXT_LIMITS.name,
    ]);
    expect(component("CreateSupplierItem").properties?.supplier?.maxLength).toBe(
      TEXT_LIMITS.supplier,
    );
    const header = component("BulkStockAdjustment").properties!;
    expect([header.note?.maxLength, header.reference?.maxLength]).toEqual([
      TEXT_LIMITS.note,
      TEXT_LIMITS.reference,
    ]);
  });

  it("documents the statuses the server answers: 201 for creates and the bulk adjustment", () => {
    const success = (path: string, method: string) =>
      Object.keys(doc.paths[path]![method]!.responses).filter((s) => s.startsWith("2"));
    expect(success("/api/v1/stock-adjustments/bulk", "post")).toEqual(["201"]);
    expect(success("/api/v1/skus", "post")).toEqual(["201"]);
    expect(success("/api/v1/supplier-items", "post")).toEqual(["201"]);
    expect(success("/api/v1/skus/{id}", "patch")).toEqual(["200"]);
    // A start creates (201); its dry run creates nothing (200).
    expect(success("/api/v1/stock-takes/start", "post")).toEqual(["200", "201"]);
  });

  it("documents the stock take CSV bodies and the fields a blind count leaves out", () => {
    const input = doc.paths["/api/v1/stock-takes/{id}/input"]!.post!;
    expect(schemaName(input.requestBody?.content["text/csv"])).toBe("StockTakeCountsCsv");
    expect(schemaName(input.requestBody?.content["application/json"])).toBe("StockTakeCounts");
    const lines = doc.paths["/api/v1/stock-takes/{id}/lines"]!.get!.responses["200"]!;
    expect(Object.keys(lines.content ?? {})).toEqual(["application/json", "text/csv"]);
    expect(schemaName(lines.content?.["text/csv"])).toBe("StockTakeSheet");
    expect(component("StockTakeLine").required).not.toEqual(
      expect.arrayContaining(["expected_qty"]),
    );
    expect(component("StockTakeLine").required).not.toEqual(expect.arrayContaining(["difference"]));
    expect(component("StockTakeSummary").required).not.toEqual(
      expect.arrayContaining(["net_difference"]),
    );
    const codes = (path: string, method: string) =>
      Object.values(doc.paths[path]![method]!.responses)
        .map((r) => r.description)
        .join(" ");
    expect(codes("/api/v1/stock-takes/start", "post")).toEqual(
      expect.stringContaining("STOCK_TAKE_OVERLAP"),
    );
    for (const code of [
      "NOT_IN_STOCK_TAKE",
      "INVALID_QUANTITY",
      "TOO_MANY_LINES",
      "STOCK_TAKE_CLOSED",
      "UNSUPPORTED_MEDIA_TYPE",
    ]) {
      expect(codes("/api/v1/stock-takes/{id}/input", "post")).toContain(code);
    }
  });
});

describe("the contract checks of the API tests", () => {
  const contract = () => new Contract(doc as unknown as OpenApiDocument);
  const sku = {
    id: 1,
    code: "A",
    name: "A",
    on_hand: 1,
    active: true,
    created_at: "2026-11-21T09:30:00.000Z",
    updated_at: "2026-11-21T09:30:00.000Z",
  };
  const json = (
    status: number,
    body: unknown,
    contentType = "application/json; charset=utf-8",
  ) => ({
    status,
    contentType,
    body,
    text: JSON.stringify(body),
  });

  it("accept a response as documented", () => {
    expect(contract().check("GET", "/api/v1/skus/1", json(200, sku))).toEqual([]);
  });

  it("fail on a missing field, a wrong type, an undocumented status or media type", () => {
    const { on_hand: _, ...withoutOnHand } = sku;
    expect(contract().check("GET", "/api/v1/skus/1", json(200, withoutOnHand))).toEqual([
      expect.stringContaining("must have required property 'on_hand'"),
    ]);
    expect(contract().check("GET", "/api/v1/skus/1", json(200, { ...sku, id: "1" }))).toEqual([
      expect.stringContaining("body/id must be integer"),
    ]);
    expect(contract().check("GET", "/api/v1/skus/1", json(500, {}))).toEqual([
      expect.stringContaining("does not list"),
    ]);
    expect(contract().check("GET", "/api/v1/skus/1", json(404, {}, "application/json"))).toEqual([
      expect.stringContaining('as "application/json"'),
    ]);
    expect(contract().check("POST", "/api/v1/skus/1", json(201, sku))).toEqual([
      expect.stringContaining("has no POST"),
    ]);
  });

  it("fail when a response schema drops or changes what the handler returned", () => {
    expect(serialisationMismatch({ ...sku, extra: 1 }, sku)).toContain("changed the body");
    expect(serialisationMismatch({ ...sku, note: null }, { ...sku, note: "" })).toContain(
      "changed the body",
    );
    expect(serialisationMismatch(sku, { ...sku })).toBeUndefined();
  });

  it("catch a field the response schema would drop, through rest()", async () => {
    const db = await testDb();
    const app = await buildApp({
      db,
      config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
    });
    app.get(
      "/api/v1/contract-probe",
      { schema: { summary: "probe", tags: ["probe"], response: { 200: ok("Sku", "A SKU", sku) } } },
      async () => ({ ...sku, added_later: true }),
    );
    const probe = { db, app, close: async () => undefined, ...(await listenWithContract(app)) };
    try {
      const account = await newAccount(db);
      await expect(rest(probe, "GET", "/contract-probe", { token: account.token })).rejects.toThrow(
        /changed the body.*added_later/,
      );
    } finally {
      await app.close();
      await db.$disconnect();
    }
  });
});
