import { print } from "graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/http/app.js";
import type { PrismaClient } from "../../src/db/client.js";
import { testDb } from "./db.js";

export interface TestApp {
  db: PrismaClient;
  baseUrl: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

/** The real HTTP app on an ephemeral port, over the test database (or the client given). */
export async function startTestApp(client?: PrismaClient): Promise<TestApp> {
  const db = client ?? (await testDb());
  const app = await buildApp({
    db,
    config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    db,
    app,
    baseUrl: address,
    close: async () => {
      await app.close();
      await db.$disconnect();
    },
  };
}

// Untyped by default: tests read JSON bodies field by field and assert on them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface RestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** One REST call; `body` is sent as JSON unless `raw` is given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function rest<T = any>(
  t: TestApp,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<RestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(`${t.baseUrl}/api/v1${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export interface GqlResponse<T> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string }; path?: string[] }[];
}

/** One GraphQL operation, typed by its document (test/api/operations, typed by codegen). */
export async function gql<T, V>(
  t: TestApp,
  document: TypedDocumentNode<T, V>,
  variables: V,
  token?: string,
): Promise<GqlResponse<T>> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({ query: print(document), variables }),
  });
  return { status: response.status, ...((await response.json()) as object) } as GqlResponse<T>;
}
