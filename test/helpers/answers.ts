// One call to a running service (a test app or a spawned `countpoint serve`) reduced to what a
// client of an unavailable service sees: status, Retry-After, error code and how long it took.
import { print } from "graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";

export interface Answer {
  status: number;
  headers: Headers;
  retryAfter: string | null;
  /** The problem's code (REST) or the first error's extensions.code (GraphQL). */
  code: string | undefined;
  /** Milliseconds from sending the request to having read the whole answer. */
  ms: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on field by field
  body: any;
}

export type Call =
  | { method: string; path: string; body?: unknown; headers?: Record<string, string> }
  | { graphql: TypedDocumentNode<unknown, never> | string; variables?: unknown };

/** Sends `call` to the service at `baseUrl` (a REST path in full: /api/v1/skus, /readyz). */
export async function answerOf(baseUrl: string, call: Call, token?: string): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const started = performance.now();
  let response: Response;
  if ("graphql" in call) {
    const query = typeof call.graphql === "string" ? call.graphql : print(call.graphql);
    response = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ query, variables: call.variables }),
    });
  } else {
    response = await fetch(`${baseUrl}${call.path}`, {
      method: call.method,
      headers: {
        ...headers,
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  }
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const parsed = body as { code?: string; errors?: { extensions?: { code?: string } }[] };
  return {
    status: response.status,
    headers: response.headers,
    retryAfter: response.headers.get("retry-after"),
    code: "graphql" in call ? parsed?.errors?.[0]?.extensions?.code : parsed?.code,
    ms,
    body,
  };
}
