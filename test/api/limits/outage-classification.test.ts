import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

// Whether the database is unavailable is decided by the error's type and code, never by text a
// client can choose: names that spell out outage words are answered as the client errors they are.

const OUTAGE_WORDS = "too_many_clients_ECONNREFUSED_Connection_terminated_P1001";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

async function graphql(query: string) {
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${acct.token}` },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
}

describe("client text that reads like a database outage", () => {
  it.each([
    ["an unknown field", `{ ${OUTAGE_WORDS} }`],
    ["an unknown argument", `{ skus(${OUTAGE_WORDS}: 1) { edges { node { id } } } }`],
    ["an unknown type in a fragment", `{ ...on ${OUTAGE_WORDS} { __typename } }`],
  ])("GraphQL: %s is a validation error, not SERVICE_UNAVAILABLE", async (_label, query) => {
    const body = await graphql(query);

    expect(body.errors?.length).toBeGreaterThan(0);
    for (const error of body.errors ?? []) {
      expect(error.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    }
  });

  it("GraphQL: a syntax error around the words is a parse error", async () => {
    const body = await graphql(`{ ${OUTAGE_WORDS} (`);

    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(["GRAPHQL_PARSE_FAILED"]);
  });

  it.each([
    ["an unknown body field", "POST", "/skus", { code: "A", name: "B", [OUTAGE_WORDS]: 1 }],
    ["a code full of the words", "POST", "/skus", { code: OUTAGE_WORDS.repeat(20), name: "B" }],
    ["an unknown query parameter", "GET", `/skus?${OUTAGE_WORDS}=1`, undefined],
    ["a bad cursor", "GET", `/skus?cursor=${OUTAGE_WORDS}`, undefined],
    ["an unknown path", "GET", `/${OUTAGE_WORDS}`, undefined],
  ])("REST: %s is a 4xx, not 503", async (_label, method, path, body) => {
    const response = await rest(t, method, path, { token: acct.token, body });

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.code).not.toBe("SERVICE_UNAVAILABLE");
    expect(response.headers.get("retry-after")).toBeNull();
  });
});
