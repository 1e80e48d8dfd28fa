// A graphql-ws client of a test server and its subscriptions' results, as a front end sees them.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

/** A connection to `baseUrl`'s /graphql (http:// or ws://), with `authorization` as the token. */
export function wsConnect(baseUrl: string, authorization?: string): Client {
  return createClient({
    url: baseUrl.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: authorization === undefined ? {} : { authorization },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
  });
}

export interface Stream<T> {
  /** Results received so far. */
  results: { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] }[];
  /** Resolves once `n` results arrived. */
  next(n: number, ms?: number): Promise<Stream<T>["results"]>;
  /** Why the subscription ended, if it did (a close event, errors, or "complete"). */
  ended: Promise<unknown>;
  /** Ends it from the client's side (a Complete message). */
  stop(): void;
}

export function subscribe<T>(
  client: Client,
  query: string,
  variables: object = {},
  operationName?: string,
): Stream<T> {
  const results: Stream<T>["results"] = [];
  let end!: (why: unknown) => void;
  const ended = new Promise<unknown>((resolve) => (end = resolve));
  const stop = client.subscribe<T>(
    { query, variables: variables as Record<string, unknown>, operationName },
    {
      next: (r) => void results.push(r as Stream<T>["results"][number]),
      error: (e) => end(e),
      complete: () => end("complete"),
    },
  );
  return {
    results,
    ended,
    stop,
    async next(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (results.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} results, got ${results.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return results;
    },
  };
}

/**
 * Waits until the server at `baseUrl` holds exactly `n` live subscriptions (its metrics say so),
 * 10 s at most: each is then in place (its start in the feed fixed), so a change made from now on
 * reaches it, however busy the machine.
 */
export async function untilSubscribers(baseUrl: string, n: number): Promise<void> {
  for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
    if ((await liveSubscribers(baseUrl)) === n) return;
    if (Date.now() > until) throw new Error(`the server never held ${n} subscriptions`);
  }
}

/**
 * How many live subscriptions the server at `baseUrl` holds, as its metrics say; throws when the
 * metrics do not answer or do not name them (never read as none).
 */
export async function liveSubscribers(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`);
  const text = await response.text();
  const live = /^countpoint_subscribers (\d+)$/m.exec(text)?.[1];
  if (!response.ok || live === undefined) {
    throw new Error(`the metrics (${response.status}) do not say how many subscriptions are live`);
  }
  return Number(live);
}

/** What a subscription answers within `ms`: how it ended, or "open". */
export const within = (stream: Stream<unknown>, ms: number): Promise<unknown> =>
  Promise.race([stream.ended, new Promise((r) => setTimeout(() => r("open"), ms))]);

/**
 * Makes change after change (`write(n)` for n = 0, 1, …) until every stream has a result: a
 * subscription is in place only once the server has read the feed for it, which takes as long as
 * the machine is busy, so a single write after a fixed wait may come before it and be missed.
 */
export async function writeUntilDelivered(
  streams: Stream<unknown>[],
  write: (n: number) => Promise<void>,
  ms = 30_000,
): Promise<void> {
  const until = Date.now() + ms;
  for (let n = 0; ; n++) {
    await write(n);
    const wait = Date.now() + 500;
    while (Date.now() < wait && streams.some((s) => s.results.length === 0)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (streams.every((s) => s.results.length > 0)) return;
    if (Date.now() > until) throw new Error("a subscription never received a change");
  }
}
