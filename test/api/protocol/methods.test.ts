// A known path called with a method it does not support (one the HTTP parser does not know
// included) is 405 METHOD_NOT_ALLOWED with an Allow header; OPTIONS answers the Allow header
// alone; an unknown path stays 404 ROUTE_NOT_FOUND.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${acct.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

describe("405 METHOD_NOT_ALLOWED", () => {
  it.each([
    ["DELETE", "/api/v1/skus/1", "GET, HEAD, OPTIONS, PATCH"],
    ["POST", "/api/v1/skus/1", "GET, HEAD, OPTIONS, PATCH"],
    ["PUT", "/api/v1/skus", "GET, HEAD, OPTIONS, POST"],
    ["DELETE", "/api/v1/supplier-items/7", "GET, HEAD, OPTIONS, PATCH"],
    ["POST", "/api/v1/stock/movements", "GET, HEAD, OPTIONS"],
    ["PATCH", "/api/v1/stock-adjustments/12/lines", "GET, HEAD, OPTIONS"],
    ["DELETE", "/healthz", "GET, HEAD, OPTIONS"],
  ])("%s %s answers 405 with Allow: %s", async (method, path, allow) => {
    const res = await call(method, path, method === "GET" ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    expect(body.detail).toContain(method);
  });

  it("answers without authentication too: which methods a path takes is public (OpenAPI)", async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/skus/1`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS, PATCH");
  });
});

describe("fixed paths beside an {id} route", () => {
  // Each names a resource of its own, never an id of /{id}: only its own methods are supported.
  const FIXED = [
    "/api/v1/skus/bulk",
    "/api/v1/skus/classify",
    "/api/v1/supplier-items/bulk",
    "/api/v1/stock-adjustments/bulk",
    "/api/v1/stock-takes/start",
  ];
  const cases = FIXED.flatMap((path) =>
    ["GET", "PATCH", "DELETE", "PUT"].map((method) => [method, path] as const),
  );

  it.each(cases)("%s %s answers 405 with Allow: OPTIONS, POST", async (method, path) => {
    const res = await call(method, path, method === "GET" ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("OPTIONS, POST");
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    expect(body.detail).toContain(method);
  });

  it.each(FIXED)("OPTIONS %s advertises the same methods", async (path) => {
    const res = await call("OPTIONS", path);
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("answers 405 without a token, before reading the body", async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/skus/bulk`, {
      method: "PATCH",
      headers: { "content-type": "text/csv" },
      body: "code,name\n",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("OPTIONS, POST");
  });
});

describe("methods no route takes", () => {
  it.each([
    ["QUERY", undefined],
    ["QUERY", {}],
    ["FOO", undefined],
    ["PROPFIND", undefined],
  ])("%s (body %j) answers 405 with Allow on a known path", async (method, body) => {
    for (const [path, allow] of [
      ["/api/v1/skus", "GET, HEAD, OPTIONS, POST"],
      ["/api/v1/skus/1", "GET, HEAD, OPTIONS, PATCH"],
      ["/api/v1/skus/bulk", "OPTIONS, POST"],
    ]) {
      const res = await call(method, path!, body);
      expect({ path, status: res.status, allow: res.headers.get("allow") }).toEqual({
        path,
        status: 405,
        allow,
      });
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.text)).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    }
  });

  it.each(["QUERY", "FOO", "PROPFIND"])(
    "%s answers 404 on a path no route takes",
    async (method) => {
      const res = await call(method, "/api/v1/nothing-here");
      expect(res.status).toBe(404);
      expect(res.headers.get("allow")).toBeNull();
      expect(JSON.parse(res.text).code).toBe("ROUTE_NOT_FOUND");
    },
  );
});

describe("HEAD and OPTIONS", () => {
  it("answers HEAD wherever GET is answered, with no body", async () => {
    const res = await call("HEAD", "/api/v1/skus");
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
  });

  it("answers OPTIONS on a known path with 204 and the Allow header", async () => {
    const res = await call("OPTIONS", "/api/v1/stock-adjustments");
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.text).toBe("");
  });

  it("answers OPTIONS on an unknown path with 404 ROUTE_NOT_FOUND", async () => {
    const res = await call("OPTIONS", "/api/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).code).toBe("ROUTE_NOT_FOUND");
  });
});

describe("unknown paths stay 404", () => {
  it.each([
    ["GET", "/api/v1/no-such-thing"],
    ["DELETE", "/api/v1/skus/1/extra"],
    ["POST", "/api/v2/skus"],
    // A trailing slash is another path: unknown, not a wrong method.
    ["DELETE", "/api/v1/skus/"],
  ])("%s %s answers 404 ROUTE_NOT_FOUND without an Allow header", async (method, path) => {
    const res = await call(method, path, method === "GET" ? undefined : {});
    expect(res.status).toBe(404);
    expect(res.headers.get("allow")).toBeNull();
    expect(JSON.parse(res.text).code).toBe("ROUTE_NOT_FOUND");
  });
});
