import { OFFLINE_EXPLORER_HINT } from "../../../src/graphql/explorer.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { ListSkusDocument, SchemaIntrospectionDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db, { scopes: ["read"] });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}${path}`, { headers });

describe("health and metrics", () => {
  it("answers /healthz with 200 {status: ok} without a token", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with 200 {status: ready} when the database is migrated", async () => {
    const res = await get("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      partitions: {
        stock_movements: { default_rows: expect.any(Number), covered_until: expect.any(String) },
        events: { default_rows: expect.any(Number), covered_until: expect.any(String) },
      },
    });
  });

  it("serves Prometheus text at /metrics with the request duration histogram per route", async () => {
    await rest(t, "GET", "/skus", { token: acct.token });
    const res = await get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("# TYPE countpoint_http_request_duration_seconds histogram");
    expect(text).toMatch(
      /countpoint_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/skus"[^}]*\} [1-9]/,
    );
  });

  it("exports the change feed's lag in seconds", async () => {
    const text = await (await get("/metrics")).text();
    expect(text).toContain("# TYPE countpoint_event_feed_lag_seconds gauge");
    expect(text).toMatch(/^countpoint_event_feed_lag_seconds \d+(\.\d+)?(e-\d+)?$/m);
  });
});

describe("REST documentation", () => {
  it("serves an OpenAPI 3.1.0 document listing the catalog paths", async () => {
    const res = await get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/skus",
        "/api/v1/skus/{id}",
        "/api/v1/supplier-items",
        "/api/v1/supplier-items/{id}",
      ]),
    );
    expect(Object.keys(doc.paths["/api/v1/skus"] ?? {})).toEqual(
      expect.arrayContaining(["get", "post"]),
    );
  });

  it("serves the docs page with only local scripts and stylesheets, all of which load", async () => {
    const res = await get("/api/v1/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    const assets = [
      ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=["']([^"']+)["']/gi),
    ].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//i);
    for (const asset of assets) {
      const loaded = await fetch(new URL(asset, `${t.baseUrl}/api/v1/docs/`));
      const body = await loaded.arrayBuffer();
      expect([asset, loaded.status]).toEqual([asset, 200]);
      expect(body.byteLength).toBeGreaterThan(0);
    }
  });
});

describe("GraphQL endpoint", () => {
  it("serves the Apollo Sandbox landing page to a browser", async () => {
    const res = await get("/graphql", { accept: "text/html" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html/i);
    expect(html).toContain("embeddable-sandbox");
    // Where Apollo's CDN is out of reach the page shows its fallback: with how to get an explorer
    // that needs no internet.
    const fallback = /<div class="fallback">([\s\S]*?)<\/div>/.exec(html)?.[1];
    expect(fallback).toContain("Apollo Sandbox cannot be loaded");
    expect(fallback).toContain(OFFLINE_EXPLORER_HINT);
  });

  it("answers introspection without a token, deeper than the depth limit, but keeps data private", async () => {
    const schema = await gql(t, SchemaIntrospectionDocument, {});
    expect(schema.errors).toBeUndefined();
    expect(schema.data?.__schema.queryType.name).toBe("Query");
    expect(schema.data?.__schema.mutationType?.name).toBe("Mutation");
    const query = schema.data?.__schema.types.find((type) => type.name === "Query");
    expect(query?.fields?.map((f) => f.name)).toEqual(
      expect.arrayContaining(["sku", "skus", "supplierItem", "supplierItems"]),
    );

    const data = await gql(t, ListSkusDocument, {});
    expect(data.data ?? null).toBeNull();
    expect(data.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
