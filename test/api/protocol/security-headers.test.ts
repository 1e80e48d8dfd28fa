// Security headers on every answer over real HTTP: the API's strict Content-Security-Policy, and
// the docs page and Apollo Sandbox page with policies that let each load everything it
// references (checked as a browser would: every script, style, icon and frame, inline ones by
// nonce or hash, against the header's policy and the page's own <meta> one).
import { createHash } from "node:crypto";
import { parseCsp } from "../../../src/http/security.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { allows, metaPolicy, pageResources, refused, type Policy } from "../../helpers/csp.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const API_POLICY = {
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const policyOf = (headers: Headers): Policy => parseCsp(headers.get("content-security-policy")!);

function expectHardened(headers: Headers) {
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("strict-transport-security")).toBe("max-age=31536000");
  expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(headers.get("x-powered-by")).toBeNull();
  expect(policyOf(headers)["frame-ancestors"]).toEqual(["'none'"]);
}

describe("API answers", () => {
  it.each([
    ["a REST read", "GET", "/api/v1/skus", true, 200],
    ["a REST 401", "GET", "/api/v1/skus", false, 401],
    ["a REST 404", "GET", "/api/v1/skus/999999999", true, 404],
    ["an unknown path", "GET", "/api/v1/nothing-here", true, 404],
    ["a 405", "DELETE", "/api/v1/skus", true, 405],
    ["a REST write", "POST", "/api/v1/skus", true, 201],
    ["the OpenAPI document", "GET", "/api/v1/openapi.json", false, 200],
    ["/healthz", "GET", "/healthz", false, 200],
    ["/readyz", "GET", "/readyz", false, 200],
    ["/metrics", "GET", "/metrics", false, 200],
  ])(
    "%s carries the strict policy and the hardening headers",
    async (_, method, path, auth, status) => {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: {
          ...(auth ? { authorization: `Bearer ${acct.token}` } : {}),
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        body:
          method === "POST"
            ? JSON.stringify({
                code: `HDR-${createHash("sha1").update(path).digest("hex")}`,
                name: "h",
              })
            : undefined,
      });
      // Read every answer to its end: an unread large body (the OpenAPI document) keeps its
      // connection busy, and the server's close waits for it.
      await response.arrayBuffer();
      expect(response.status).toBe(status);
      expectHardened(response.headers);
      expect(policyOf(response.headers)).toEqual(API_POLICY);
    },
  );

  it("GraphQL answers (POST, and GET with the preflight header) carry the strict policy", async () => {
    const post = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${acct.token}` },
      body: JSON.stringify({ query: "{ skus(first: 1) { edges { node { id } } } }" }),
    });
    await post.arrayBuffer();
    expect(post.status).toBe(200);
    expectHardened(post.headers);
    expect(policyOf(post.headers)).toEqual(API_POLICY);

    const viaGet = await get("/graphql?query=%7B__typename%7D", {
      "apollo-require-preflight": "1",
    });
    expect(viaGet.status).toBe(200);
    expect(JSON.parse(viaGet.text)).toEqual({ data: { __typename: "Query" } });
    expect(policyOf(viaGet.headers)).toEqual(API_POLICY);
  });
});

describe("the REST docs page", () => {
  it.each(["/api/v1/docs", "/api/v1/docs/"])(
    "%s loads every script and stylesheet it references under its policy",
    async (path) => {
      const page = new URL(`${t.baseUrl}${path}`);
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expectHardened(res.headers);
      const policy = policyOf(res.headers);
      expect(policy["default-src"]).toEqual(["'self'"]);
      expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
      expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");

      const resources = pageResources(res.text, page);
      const scripts = resources.filter((r) => r.kind === "script-src");
      expect(scripts.map((r) => r.url?.pathname)).toEqual([
        "/api/v1/docs/static/swagger-ui-bundle.js",
        "/api/v1/docs/static/swagger-ui-standalone-preset.js",
        "/api/v1/docs/static/swagger-initializer.js",
      ]);
      expect(refused([policy], resources, page)).toEqual([]);
      // The API's policy would refuse them all: the page needs its own.
      expect(refused([API_POLICY], scripts, page)).toHaveLength(3);

      // Each resource is served, with the hardening headers too.
      for (const r of resources.filter((x) => x.kind !== "img-src")) {
        const asset = await get(r.url!.pathname);
        expect([r.what, asset.status]).toEqual([r.what, 200]);
        expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
      }
    },
  );

  it("allows the inline styles its scripts create, and the OpenAPI document it fetches", async () => {
    const page = new URL(`${t.baseUrl}/api/v1/docs/`);
    const res = await get("/api/v1/docs/");
    const policy = policyOf(res.headers);
    const scripts = pageResources(res.text, page).filter((r) => r.kind === "script-src");
    // React elements of <style> with literal text (Swagger UI's logo): allowed by their hash.
    const created: string[] = [];
    for (const script of scripts) {
      const code = (await get(script.url!.pathname)).text;
      for (const m of code.matchAll(/createElement\("style",null,"((?:[^"\\]|\\.)*)"\)/g)) {
        created.push(JSON.parse(`"${m[1]}"`) as string);
      }
    }
    expect(created.length).toBeGreaterThan(0);
    for (const inline of created) {
      expect(allows(policy, { kind: "style-src", inline, what: inline }, page)).toBe(true);
    }
    expect(allows(policy, { kind: "style-src", inline: "body{}", what: "other" }, page)).toBe(
      false,
    );

    const initializer = (await get("/api/v1/docs/static/swagger-initializer.js")).text;
    expect(initializer).toContain("resolveUrl('./json')");
    const json = new URL("json", page);
    expect(allows(policy, { kind: "connect-src", url: json, what: "json" }, page)).toBe(true);
    const document = await get(json.pathname);
    expect(JSON.parse(document.text)).toMatchObject({ openapi: "3.1.0" });
  });
});

describe("the Apollo Sandbox page on GET /graphql", () => {
  it("loads its nonce'd scripts and styles and Apollo's CDN under the header and its own policy", async () => {
    const page = new URL(`${t.baseUrl}/graphql`);
    const res = await get("/graphql", { accept: "text/html" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectHardened(res.headers);
    const header = policyOf(res.headers);
    const meta = metaPolicy(res.text);
    expect(meta).not.toBeNull();

    const resources = pageResources(res.text, page);
    const nonces = new Set(resources.map((r) => r.nonce).filter(Boolean));
    expect(nonces.size).toBe(1); // one nonce, made for this answer
    expect(resources.filter((r) => r.kind === "script-src" && r.url)).toHaveLength(1);
    expect(resources.filter((r) => r.inline !== undefined).length).toBeGreaterThanOrEqual(3);
    expect(refused([header, meta!], resources, page)).toEqual([]);
    // The Sandbox itself is an iframe its script adds.
    const sandbox = new URL("https://sandbox.embed.apollographql.com/sandbox/explorer");
    expect(
      refused([header, meta!], [{ kind: "frame-src", url: sandbox, what: "Sandbox" }], page),
    ).toEqual([]);
    // The strict API policy would refuse it all; another answer's nonce is refused too.
    expect(refused([API_POLICY], resources, page)).toHaveLength(resources.length);
    const other = await get("/graphql", { accept: "text/html" });
    expect(
      refused(
        [policyOf(other.headers)],
        resources.filter((r) => r.inline),
        page,
      ).length,
    ).toBeGreaterThan(0);
  });
});
