import { createServer } from "node:net";
import { createPrismaClient } from "../../../src/db/client.js";
import { buildApp } from "../../../src/server/app.js";

// With the database gone, the service says so (503 with Retry-After) instead of failing with a
// 500, and /healthz still answers: the process is alive, only not ready.

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 1;
}

describe("when the database is unreachable", () => {
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const db = createPrismaClient(
      `postgresql://postgres:none@127.0.0.1:${await closedPort()}/none`,
      1,
    );
    const app = await buildApp({
      db,
      config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
    });
    baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
    close = async () => {
      await app.close();
      await db.$disconnect();
    };
  });
  afterAll(() => close());

  it("answers API calls with 503 SERVICE_UNAVAILABLE and Retry-After", async () => {
    const response = await fetch(`${baseUrl}/api/v1/skus`, {
      headers: { authorization: "Bearer cp_1_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe("SERVICE_UNAVAILABLE");
    expect(body.detail).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/);
  });

  it("answers GraphQL with a SERVICE_UNAVAILABLE error, 503 and Retry-After", async () => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: "Bearer cp_1_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      },
      body: JSON.stringify({ query: "{ skus { edges { node { id } } } }" }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
    // As over REST: 503 with Retry-After, not a 500.
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("reports not ready on /readyz but alive on /healthz", async () => {
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });
});
