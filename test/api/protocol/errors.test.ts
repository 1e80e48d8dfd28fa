import { connect } from "node:net";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { rest, startTestApp, type RestResponse, type TestApp } from "../../helpers/app.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
  const seeded = await rest(t, "POST", "/skus", {
    token: acct.token,
    body: { code: "ERR-TAKEN", name: "Taken", opening_on_hand: 1 },
  });
  expect(seeded.status).toBe(201);
});
afterAll(() => t.close());

async function counts() {
  const where = { accountId: acct.accountId };
  const [skus, supplierItems, movements] = await Promise.all([
    t.db.sku.count({ where }),
    t.db.supplierItem.count({ where }),
    t.db.stockMovement.count({ where }),
  ]);
  return { skus, supplierItems, movements };
}

/** A stack frame line, or a path into the server's source or node_modules. */
const INTERNALS =
  /\n\s+at |\bat .*\(.*:\d+:\d+\)|\/(src|dist|node_modules|work|home|usr)\/|\.(ts|js|mjs):\d+/;

/** Asserts the RFC 9457 problem shape every error response has. */
function expectProblem(res: RestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(res.body).toEqual(
    expect.objectContaining({
      type: expect.stringMatching(/^https?:\/\//),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
      request_id: expect.any(String),
    }),
  );
  expect(res.body.request_id).toBe(res.headers.get("x-request-id"));
  expect(JSON.stringify(res.body)).not.toMatch(INTERNALS);
}

/** A failed create: the problem shape, and the account's catalog and ledger unchanged. */
async function failedCreate(
  path: string,
  options: Parameters<typeof rest>[3],
  status: number,
  code: string,
) {
  const before = await counts();
  const res = await rest(t, "POST", path, { token: acct.token, ...options });
  expectProblem(res, status, code);
  expect(await counts()).toEqual(before);
  return res;
}

describe("problem+json for bad request bodies", () => {
  it("answers malformed JSON with 400 MALFORMED_REQUEST", async () => {
    await failedCreate("/skus", { raw: '{"code": "X", "name": ' }, 400, "MALFORMED_REQUEST");
  });

  it("answers an empty JSON body with 400 MALFORMED_REQUEST", async () => {
    await failedCreate(
      "/skus",
      { raw: "", headers: { "content-type": "application/json" } },
      400,
      "MALFORMED_REQUEST",
    );
  });

  it("answers wrong field types with 400 INVALID_PARAMETER pointing at each field", async () => {
    const res = await failedCreate(
      "/skus",
      { body: { code: 5, name: "Typed", opening_on_hand: "12" } },
      400,
      "INVALID_PARAMETER",
    );
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/code", "/opening_on_hand"]));
    expect(res.body.errors.every((e: { code: string }) => e.code === "INVALID_PARAMETER")).toBe(
      true,
    );
  });

  it("answers an unknown field with 400 INVALID_PARAMETER naming it", async () => {
    const res = await failedCreate(
      "/skus",
      { body: { code: "ERR-COLOUR", name: "Colour", colour: "red" } },
      400,
      "INVALID_PARAMETER",
    );
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/colour", code: "INVALID_PARAMETER" }),
    ]);
    expect(res.body.detail).toContain("colour");
  });

  it("reports several bad fields together, not just the first", async () => {
    const res = await failedCreate(
      "/supplier-items",
      { body: { supplier: 1, code: false, name: "Many", sku_id: "x", extra: 1 } },
      400,
      "INVALID_PARAMETER",
    );
    expect(res.body.errors.length).toBeGreaterThan(1);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(["/supplier", "/code", "/sku_id", "/extra"]),
    );
  });

  it("names missing required fields", async () => {
    const res = await failedCreate("/skus", { body: {} }, 400, "INVALID_PARAMETER");
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(["/code", "/name"]),
    );
  });

  it("answers a body that is not an object with 400 INVALID_PARAMETER", async () => {
    await failedCreate(
      "/skus",
      { body: [{ code: "ERR-ARRAY", name: "Array" }] },
      400,
      "INVALID_PARAMETER",
    );
  });

  it.each([
    ["negative", -1],
    ["more than 3 decimal places", 1.0001],
    ["10^11 or more", 1e11],
  ])(
    "answers a %s opening quantity with 422 INVALID_QUANTITY at /opening_on_hand",
    async (_label, qty) => {
      const res = await failedCreate(
        "/skus",
        { body: { code: `ERR-Q-${qty}`, name: "Quantity", opening_on_hand: qty } },
        422,
        "INVALID_QUANTITY",
      );
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/opening_on_hand", code: "INVALID_QUANTITY" }),
      ]);
    },
  );

  it("answers a blank name with 400 INVALID_PARAMETER at /name", async () => {
    const res = await failedCreate(
      "/skus",
      { body: { code: "ERR-BLANK", name: "  " } },
      400,
      "INVALID_PARAMETER",
    );
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/name" })]);
  });

  it("answers a duplicate code with 409 DUPLICATE_CODE", async () => {
    await failedCreate(
      "/skus",
      { body: { code: "ERR-TAKEN", name: "Again", opening_on_hand: 2 } },
      409,
      "DUPLICATE_CODE",
    );
  });

  it("answers a body over the size limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const name = "x".repeat(1024 * 1024 + 10);
    await failedCreate("/skus", { body: { code: "ERR-BIG", name } }, 413, "PAYLOAD_TOO_LARGE");
  });

  it("answers a text/plain body with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    await failedCreate(
      "/skus",
      {
        raw: JSON.stringify({ code: "ERR-TEXT", name: "Text" }),
        headers: { "content-type": "text/plain" },
      },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  it("answers an unknown content type with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    await failedCreate(
      "/skus",
      { raw: "<sku/>", headers: { "content-type": "application/xml" } },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });
});

describe("problem+json for routes and parameters", () => {
  it("answers an unknown route with 404 ROUTE_NOT_FOUND", async () => {
    const res = await rest(t, "GET", "/no-such-thing", { token: acct.token });
    expectProblem(res, 404, "ROUTE_NOT_FOUND");
  });

  it("answers a missing SKU with 404 SKU_NOT_FOUND", async () => {
    expectProblem(
      await rest(t, "GET", "/skus/2147483647", { token: acct.token }),
      404,
      "SKU_NOT_FOUND",
    );
  });

  it("answers a bad limit with 400 INVALID_PARAMETER", async () => {
    expectProblem(
      await rest(t, "GET", "/skus?limit=abc", { token: acct.token }),
      400,
      "INVALID_PARAMETER",
    );
  });

  it("answers an unknown query parameter with 400 INVALID_PARAMETER naming it", async () => {
    const res = await rest(t, "GET", "/skus?colour=red", { token: acct.token });
    expectProblem(res, 400, "INVALID_PARAMETER");
    expect(res.body.errors).toEqual([expect.objectContaining({ parameter: "colour" })]);
  });

  it("answers a bad cursor with 400 INVALID_CURSOR", async () => {
    expectProblem(
      await rest(t, "GET", "/skus?cursor=%21%21", { token: acct.token }),
      400,
      "INVALID_CURSOR",
    );
  });

  it.each(["/skus", "/supplier-items"])(
    "answers a forged %s cursor pointing past the id range with 400 INVALID_CURSOR, not 500",
    async (path) => {
      const kind = path === "/skus" ? "sku" : "supplier_item";
      for (const id of [2147483648, Number.MAX_SAFE_INTEGER]) {
        const forged = Buffer.from(JSON.stringify([kind, id])).toString("base64url");
        expectProblem(
          await rest(t, "GET", `${path}?cursor=${forged}`, { token: acct.token }),
          400,
          "INVALID_CURSOR",
        );
      }
    },
  );

  it("answers an id beyond the integer range with 400 INVALID_PARAMETER, not 500", async () => {
    expectProblem(
      await rest(t, "GET", "/skus/99999999999999999999", { token: acct.token }),
      400,
      "INVALID_PARAMETER",
    );
  });

  // The three below were found by the fuzzer (test/api/fuzz.rest-*.test.ts): the router and
  // Node's HTTP parser answered them with JSON of their own, or 500.
  it("answers a path that is not percent-encoded UTF-8 with 400 MALFORMED_REQUEST", async () => {
    for (const path of ["/skus/%C0%80", "/stock-takes/%FF/lines"]) {
      const res = await rest(t, "GET", path, { token: acct.token });
      expectProblem(res, 400, "MALFORMED_REQUEST");
      expect(res.body.detail).toBe("the path is not valid percent-encoded UTF-8");
    }
  });

  it("answers a path parameter over 100 characters with 400 INVALID_PARAMETER, not 500", async () => {
    const before = await counts();
    for (const [method, path] of [
      ["GET", `/skus/${"9".repeat(101)}`],
      ["POST", `/webhooks/${"%20".repeat(150)}/rotate-secret`],
    ] as const) {
      const res = await rest(t, method, path, { token: acct.token });
      expectProblem(res, 400, "INVALID_PARAMETER");
      expect(res.body.detail).toBe("a path parameter is longer than 100 characters");
    }
    expect(await counts()).toEqual(before);
  });

  it("answers a request line and headers over 16 kB with 431 HEADERS_TOO_LARGE", async () => {
    const res = await rest(t, "GET", `/skus?q=${"a".repeat(17_000)}`, { token: acct.token });
    expectProblem(res, 431, "HEADERS_TOO_LARGE");
  });

  it("answers a request that is not HTTP with 400 MALFORMED_REQUEST as a problem", async () => {
    const { port } = new URL(t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("GET /api/v1/skus HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(JSON.parse(body!)).toEqual(
      expect.objectContaining({ status: 400, code: "MALFORMED_REQUEST" }),
    );
  });

  it("answers a missing token with 401 and a forbidden scope with 403 in the same shape", async () => {
    expectProblem(await rest(t, "GET", "/skus"), 401, "UNAUTHENTICATED");
    const reader = await newAccount(t.db, { scopes: ["read"] });
    expectProblem(
      await rest(t, "POST", "/skus", { token: reader.token, body: { code: "X", name: "X" } }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("request ids", () => {
  it("echoes a caller's x-request-id in the header and the problem", async () => {
    const res = await rest(t, "GET", "/skus/2147483647", {
      token: acct.token,
      headers: { "x-request-id": "abc-123" },
    });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect(res.body.request_id).toBe("abc-123");
  });

  it("replaces an unusable x-request-id with one of its own", async () => {
    const res = await rest(t, "GET", "/skus/2147483647", {
      token: acct.token,
      headers: { "x-request-id": "bad id with spaces" },
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9._:-]+$/);
    expect(res.body.request_id).toBe(id);
  });

  it("gives every request its own id when the caller sends none", async () => {
    const a = await rest(t, "GET", "/skus", { token: acct.token });
    const b = await rest(t, "GET", "/skus", { token: acct.token });
    expect(a.headers.get("x-request-id")).toEqual(expect.any(String));
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });
});
