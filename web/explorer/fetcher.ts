// How the explorer sends an operation: queries and mutations as a POST to /graphql with the
// headers the user typed (the token among them); subscriptions over graphql-ws, the token in the
// connection's first message, as the server expects it.
import type { GraphiQLProps } from "graphiql";
import type { ExecutionResult, FormattedExecutionResult } from "graphql";
import { createClient } from "graphql-ws";

type Fetcher = GraphiQLProps["fetcher"];

const endpoint = new URL("/graphql", window.location.href);

/** The Authorization header the user typed, whatever its case. */
const authorizationOf = (headers: Record<string, unknown> | undefined): string | undefined => {
  const entry = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === "authorization");
  return typeof entry?.[1] === "string" ? entry[1] : undefined;
};

export const fetcher: Fetcher = (params, options) => {
  const headers = (options?.headers ?? {}) as Record<string, string>;
  const isSubscription = options?.documentAST?.definitions.some(
    (d) =>
      d.kind === "OperationDefinition" &&
      d.operation === "subscription" &&
      (params.operationName == null || d.name?.value === params.operationName),
  );
  // GraphiQL types results as graphql-js's ExecutionResult; what arrives over the wire is its
  // formatted form (errors as plain objects), which is what GraphiQL shows.
  if (isSubscription)
    return subscribe(params, authorizationOf(headers)) as AsyncIterable<ExecutionResult>;
  return fetch(endpoint, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(params),
  }).then((response) => response.json());
};

/** A subscription's events as an async iterable; GraphiQL's stop button ends it. */
function subscribe(
  params: Parameters<Fetcher>[0],
  authorization: string | undefined,
): AsyncIterable<FormattedExecutionResult> {
  const url = new URL(endpoint);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const client = createClient({
    url: url.href,
    connectionParams: authorization ? { authorization } : {},
    lazy: true,
    retryAttempts: 0,
  });
  const events = client.iterate<Record<string, unknown>, Record<string, unknown>>({
    query: params.query,
    variables: params.variables ?? undefined,
    operationName: params.operationName ?? undefined,
  });
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => events.next(),
      return: async () => {
        await events.return?.();
        await client.dispose();
        return { done: true, value: undefined };
      },
    }),
  };
}
