// Requests from other sites over real HTTP. CORS: origins in CORS_ORIGINS get the CORS headers
// (preflight included, with the API's methods and headers); any other origin, and every origin
// when none is configured, gets none. CSRF: a GraphQL request a page could send without a
// preflight (a simple GET, a form or text/plain POST) runs nothing; a JSON POST runs.
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

const ALLOWED = "https://shop.example.com";
const ALSO_ALLOWED = "http://localhost:5173";
const OTHER = "https://evil.example.net";

let plain: TestApp;
let withCors: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  plain = await startTestApp();
  withCors = await startTestApp(undefined, { config: { corsOrigins: [ALLOWED, ALSO_ALLOWED] } });
  acct = await newAccount(plain.db);
});
afterAll(async () => {
  await withCors.close();
  await plain.close();
});

async function call(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  const response = await fetch(`${t.baseUrl}${path}`, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const corsHeaders = (headers: Headers) =>
  [...headers.keys()].filter((name) => name.startsWith("access-control-"));

const preflight = (t: TestApp, path: string, origin: string, method: string, headers: string) =>
  call(t, "OPTIONS", path, {
    origin,
    "access-control-request-method": method,
    "access-control-request-headers": headers,
  });

describe("CORS with CORS_ORIGINS set", () => {
  it.each([ALLOWED, ALSO_ALLOWED])(
    "answers %s's request with its origin and the headers its script may read",
    async (origin) => {
      const res = await call(withCors, "GET", "/api/v1/skus", {
        origin,
        authorization: `Bearer ${acct.token}`,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      const exposed = res.headers.get("access-control-expose-headers")!.split(/,\s*/);
      for (const name of [
        "Countpoint-Consistency",
        "Idempotent-Replayed",
        "Retry-After",
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        "Link",
      ]) {
        expect(exposed).toContain(name);
      }
      expect(res.headers.get("vary")).toMatch(/origin/i);
    },
  );

  it("answers errors to an allowed origin with the CORS headers too, so its script reads the problem", async () => {
    const res = await call(withCors, "GET", "/api/v1/skus", { origin: ALLOWED });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(JSON.parse(res.text).code).toBe("UNAUTHENTICATED");
  });

  it("answers a preflight for the API's methods and headers, REST and GraphQL", async () => {
    for (const [path, method] of [
      ["/api/v1/stock-adjustments/bulk", "POST"],
      ["/api/v1/skus/1", "PATCH"],
      ["/api/v1/webhooks/1", "DELETE"],
      ["/graphql", "POST"],
    ] as const) {
      const res = await preflight(
        withCors,
        path,
        ALLOWED,
        method,
        "authorization, content-type, idempotency-key, countpoint-consistency",
      );
      expect([path, res.status]).toEqual([path, 204]);
      expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED);
      const methods = res.headers.get("access-control-allow-methods")!.split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PATCH", "DELETE"]));
      const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(
        expect.arrayContaining([
          "authorization",
          "content-type",
          "idempotency-key",
          "countpoint-consistency",
        ]),
      );
      expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    }
  });

  it("gives another origin no CORS header, on requests and preflights alike", async () => {
    const read = await call(withCors, "GET", "/api/v1/skus", {
      origin: OTHER,
      authorization: `Bearer ${acct.token}`,
    });
    expect(read.status).toBe(200); // served (not a browser), but a browser withholds it
    expect(corsHeaders(read.headers)).toEqual([]);
    const pre = await preflight(withCors, "/api/v1/skus", OTHER, "POST", "authorization");
    expect(corsHeaders(pre.headers)).toEqual([]);
    // An origin differing only in scheme or port is another origin.
    for (const near of ["http://shop.example.com", "https://shop.example.com:8443"]) {
      const res = await preflight(withCors, "/api/v1/skus", near, "POST", "authorization");
      expect(corsHeaders(res.headers)).toEqual([]);
    }
  });

  it("keeps OPTIONS without a preflight, unknown paths and other methods as they were", async () => {
    const options = await call(withCors, "OPTIONS", "/api/v1/skus", {});
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    const unknown = await call(withCors, "GET", "/api/v1/nothing-here", { origin: ALLOWED });
    expect([unknown.status, JSON.parse(unknown.text).code]).toEqual([404, "ROUTE_NOT_FOUND"]);
    const method = await call(withCors, "PUT", "/api/v1/skus", { origin: ALLOWED });
    expect([method.status, JSON.parse(method.text).code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
  });
});

describe("CORS without CORS_ORIGINS (the default)", () => {
  it("sends no CORS header to any origin", async () => {
    const read = await call(plain, "GET", "/api/v1/skus", {
      origin: ALLOWED,
      authorization: `Bearer ${acct.token}`,
    });
    expect(read.status).toBe(200);
    expect(corsHeaders(read.headers)).toEqual([]);
    const pre = await preflight(plain, "/api/v1/skus", ALLOWED, "POST", "authorization");
    expect(corsHeaders(pre.headers)).toEqual([]);
    const gql = await preflight(plain, "/graphql", ALLOWED, "POST", "content-type");
    expect(corsHeaders(gql.headers)).toEqual([]);
  });
});

describe("GraphQL CSRF prevention", () => {
  const CREATE = (code: string) =>
    JSON.stringify({
      query: `mutation { createSku(input: { code: "${code}", name: "csrf" }) { sku { id } userErrors { code } } }`,
    });
  const skuCount = (code: string) =>
    plain.db.sku.count({ where: { accountId: acct.accountId, code } });

  it("refuses a simple GET (no preflight-requiring header) with 400 and runs nothing", async () => {
    const res = await call(plain, "GET", "/graphql?query=%7B__typename%7D", {});
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    // The same GET with a header only a preflighted request can carry runs.
    const ok = await call(plain, "GET", "/graphql?query=%7B__typename%7D", {
      "apollo-require-preflight": "true",
    });
    expect([ok.status, JSON.parse(ok.text)]).toEqual([200, { data: { __typename: "Query" } }]);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "refuses a %s POST (what a form or a simple fetch sends) and writes nothing",
    async (type) => {
      const code = `CSRF-${type.split(/[/;]/)[1]}`;
      const res = await call(
        plain,
        "POST",
        "/graphql",
        { "content-type": type, authorization: `Bearer ${acct.token}` },
        CREATE(code),
      );
      expect(res.status).toBe(415);
      expect(JSON.parse(res.text).code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(await skuCount(code)).toBe(0);
    },
  );

  it("runs a JSON POST", async () => {
    const res = await call(
      plain,
      "POST",
      "/graphql",
      { "content-type": "application/json", authorization: `Bearer ${acct.token}` },
      CREATE("CSRF-JSON"),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.createSku.userErrors).toEqual([]);
    expect(await skuCount("CSRF-JSON")).toBe(1);
  });
});
