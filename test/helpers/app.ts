import { print } from "graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "../../src/server/app.js";
import type { PrismaClient } from "../../src/db/client.js";
import { Contract, serialisationMismatch, type OpenApiDocument } from "./contract.js";
import { testDb } from "./db.js";

export interface TestApp {
  db: PrismaClient;
  baseUrl: string;
  app: FastifyInstance;
  close: () => Promise<void>;
  /** The served OpenAPI document every rest() response is checked against. */
  contract: Contract;
  /** What handlers returned before serialisation, by the request's CONTRACT_HEADER. */
  payloads: Map<string, unknown>;
}

/** Tags a rest() request so its handler's payload can be compared with the body received. */
const CONTRACT_HEADER = "x-test-contract-id";
let requests = 0;

/**
 * The rate limit of test apps' tokens: on, so every request goes through the limiter and answers
 * its headers, but too large for any test to reach (test/api/limits/rate-limit.test.ts sets its own).
 */
export const TEST_RATE_LIMIT = { perSecond: 1_000_000, burst: 1_000_000 };

/**
 * The real HTTP app on an ephemeral port, over the test database (or the client given), with
 * the test configuration unless `options.config` says otherwise.
 */
export async function startTestApp(
  client?: PrismaClient,
  options: {
    config?: Partial<AppDeps["config"]>;
    logStream?: AppDeps["logStream"];
    subscriptionDb?: AppDeps["subscriptionDb"];
  } = {},
): Promise<TestApp> {
  const db = client ?? (await testDb());
  const app = await buildApp({
    db,
    config: {
      logLevel: "silent",
      bodyLimit: 1024 * 1024,
      graphqlIntrospection: true,
      // A revoked token's subscriptions end within this (10 s in production).
      subscriptionTokenRecheckMs: 200,
      rateLimit: TEST_RATE_LIMIT,
      ...options.config,
    },
    logStream: options.logStream,
    subscriptionDb: options.subscriptionDb,
  });
  return {
    db,
    app,
    ...(await listenWithContract(app)),
    close: async () => {
      await app.close();
      await db.$disconnect();
    },
  };
}

/** Listens on an ephemeral port, recording payloads for rest()'s contract checks. */
export async function listenWithContract(
  app: FastifyInstance,
): Promise<Pick<TestApp, "baseUrl" | "contract" | "payloads">> {
  const payloads = new Map<string, unknown>();
  app.addHook("preSerialization", async (request, _reply, payload) => {
    const id = request.headers[CONTRACT_HEADER];
    if (typeof id === "string") payloads.set(id, payload);
    return payload;
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
  return { baseUrl, contract: new Contract((await response.json()) as OpenApiDocument), payloads };
}

// Untyped by default: tests read JSON bodies field by field and assert on them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface RestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * One REST call; `body` is sent as JSON unless `raw` is given. The response must conform to the
 * OpenAPI document (status, content type, body) and carry every field its handler returned.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function rest<T = any>(
  t: TestApp,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    /** A body as it is: text, or bytes (a file in some other encoding, say). */
    raw?: string | Uint8Array;
    headers?: Record<string, string>;
  } = {},
): Promise<RestResponse<T>> {
  const contractId = String(++requests);
  const headers: Record<string, string> = { [CONTRACT_HEADER]: contractId, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Uint8Array | undefined = options.raw;
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
  const mismatches = t.contract.check(method, `/api/v1${path}`, {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body,
    text,
  });
  if (t.payloads.has(contractId)) {
    const changed = serialisationMismatch(t.payloads.get(contractId), body);
    t.payloads.delete(contractId);
    if (changed) mismatches.push(`${method} ${path}: ${changed}`);
  }
  if (mismatches.length > 0) {
    throw new Error(`the response breaks the OpenAPI contract:\n${mismatches.join("\n")}`);
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

/** A GraphQL request as a hostile client may send it: any query text, variables, or a raw body. */
export async function postGraphql(
  t: TestApp,
  request: { query?: string; variables?: unknown; raw?: string },
  token?: string,
): Promise<GqlResponse<unknown> & { bytes: number; headers: Headers }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers,
    body: request.raw ?? JSON.stringify({ query: request.query, variables: request.variables }),
  });
  const text = await response.text();
  return {
    status: response.status,
    bytes: text.length,
    headers: response.headers,
    ...(JSON.parse(text) as object),
  };
}
