// No credential reaches the log: the app runs with its log captured at trace level while real
// HTTP and WebSocket clients send valid, unknown and foreign tokens every way a client might (the
// Authorization header, a query string, a path, GraphQL, subscription connectionParams) and
// create and rotate a webhook secret; the log holds every request line and none of the secrets.
import { randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { REDACTED } from "../../../src/log.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";

let t: TestApp;
let acct: TestAccount;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp(undefined, {
    config: { logLevel: "trace" },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const unknownToken = () => `cp_${acct.accountId}_${randomBytes(24).toString("base64url")}`;
const foreignToken = () => `tok-${randomBytes(12).toString("hex")}`;

async function http(path: string, init: RequestInit = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, init);
  await response.text();
  return response.status;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function graphql(token: string) {
  return http("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(token) },
    body: JSON.stringify({ query: "{ skus(first: 1) { edges { node { id } } } }" }),
  });
}

/** Opens a subscription connection; resolves with how it ended (or "open"). */
async function subscribeWith(authorization: string): Promise<string> {
  return new Promise((resolve) => {
    const client = createClient({
      url: t.baseUrl.replace(/^http/, "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => {},
      on: {
        connected: () => {
          void client.dispose();
          resolve("connected");
        },
        closed: (event) => resolve(`closed ${(event as { code: number }).code}`),
      },
    });
  });
}

describe("the log", () => {
  it("holds every request and no token or webhook secret, whichever way they were sent", async () => {
    const valid = acct.token;
    const unknown = unknownToken();
    const foreign = foreignToken();
    const statuses: number[] = [];

    for (const token of [valid, unknown, foreign]) {
      statuses.push(await http("/api/v1/skus", { headers: bearer(token) }));
      statuses.push(await http(`/api/v1/skus?limit=1&token=${token}`, { headers: bearer(token) }));
      statuses.push(await http(`/api/v1/skus?access_token=${token}`));
      // A token-shaped path segment (a client pasting a token where an id goes).
      if (token !== foreign) {
        statuses.push(await http(`/api/v1/skus/${token}`, { headers: bearer(valid) }));
      }
      statuses.push(await http(`/graphql?query=%7B__typename%7D&token=${token}`));
      statuses.push(await graphql(token));
    }
    statuses.push(
      await http("/api/v1/skus", { headers: { authorization: `Bearer ${valid} extra` } }),
    );
    statuses.push(await http("/api/v1/skus", { headers: { authorization: valid } }));
    expect(statuses).toContain(200);
    expect(statuses).toContain(401);

    expect(await subscribeWith(`Bearer ${valid}`)).toBe("connected");
    expect(await subscribeWith(valid)).toBe("connected");
    expect(await subscribeWith(`Bearer ${unknown}`)).toBe("closed 4403");
    expect(await subscribeWith(foreign)).toBe("closed 4403");

    const created = await rest(t, "POST", "/webhooks", {
      token: valid,
      body: { url: "http://127.0.0.1:9/hook", event_types: ["sku.created"] },
    });
    expect(created.status).toBe(201);
    const rotated = await rest(t, "POST", `/webhooks/${created.body.id}/rotate-secret`, {
      token: valid,
      body: {},
    });
    expect(rotated.status).toBe(200);
    const secrets = [created.body.secret, rotated.body.secret] as string[];
    expect(secrets.every((s) => s.startsWith("whsec_"))).toBe(true);

    const log = lines.join("");
    for (const secret of [valid, unknown, foreign, ...secrets]) {
      expect(log).not.toContain(secret);
    }
    // The requests were logged (with the credentials in their URLs replaced).
    const entries = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
    const urls = entries.filter((e) => e.msg === "incoming request").map((e) => e.req?.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        `/api/v1/skus?limit=1&token=${REDACTED}`,
        `/api/v1/skus?access_token=${REDACTED}`,
        `/api/v1/skus/${REDACTED}`,
        `/graphql?query=%7B__typename%7D&token=${REDACTED}`,
        "/api/v1/webhooks",
      ]),
    );
    const completed = entries.filter((e) => e.msg === "request completed").length;
    expect(completed).toBeGreaterThanOrEqual(statuses.length + 2);
  });
});
