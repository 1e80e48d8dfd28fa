// The app's GraphQL client: urql with graphcache (normalized by id, so a count saved shows
// wherever its stock take is on screen), queries and mutations over HTTP, subscriptions over
// graphql-ws on the same /graphql path, each with the signed-in token; a token the API refuses is
// noticed here, whichever screen sent the operation.
import { cacheExchange } from "@urql/exchange-graphcache";
import { createClient as createWsClient } from "graphql-ws";
import { Client, fetchExchange, mapExchange, subscriptionExchange, type Exchange } from "urql";
import { clockedFetch } from "./clock.js";
import { problemOf } from "./errors.js";

/**
 * Types without an id of their own are kept inside the object holding them. A stock take line's
 * `id` is its SKU's or supplier item's: the same in every stock take counting it, so a line is
 * kept with its stock take, never shared by id.
 */
const EMBEDDED = [
  "StockTakeLine",
  "StockTakeSummary",
  "LocationProgress",
  "PageInfo",
  "StockTakeConnection",
  "StockTakeEdge",
  "StockTakeLineConnection",
  "StockTakeLineEdge",
  "StockTakeProgress",
  "SubmitStockTakeCountsPayload",
  "UserError",
  "Actor",
  "Viewer",
] as const;

/**
 * Tells `refused` the reason, in words, whenever the API answers an operation that the token is
 * not accepted (UNAUTHENTICATED: expired or revoked), judged as the screens judge an error (by its
 * first GraphQL error). Placed after the cache, it sees each answer from the network once.
 */
const refusalExchange = (refused: (reason: string) => void): Exchange =>
  mapExchange({
    onError(error) {
      const problem = problemOf(error);
      if (problem.code === "UNAUTHENTICATED") refused(problem.message);
    },
  });

/**
 * A client sending `token` with every operation; `close` ends its WebSocket. `refused`, when
 * given, is told why each time the API refuses the token (the app signs out; checking a token
 * before signing in gives none).
 */
export function makeClient(
  token: string,
  refused?: (reason: string) => void,
): { client: Client; close: () => void } {
  const ws = createWsClient({
    url: new URL("/graphql", window.location.href).href.replace(/^http/, "ws"),
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: true,
    retryAttempts: Infinity,
  });
  const client = new Client({
    url: "/graphql",
    // POST: the API answers operations sent as JSON bodies (no GET, no cached query URLs).
    preferGetMethod: false,
    fetch: clockedFetch,
    fetchOptions: () => ({ headers: { authorization: `Bearer ${token}` } }),
    // Fresh figures first: a counter's screen shows what the API says now.
    requestPolicy: "cache-and-network",
    exchanges: [
      cacheExchange({ keys: Object.fromEntries(EMBEDDED.map((type) => [type, () => null])) }),
      ...(refused ? [refusalExchange(refused)] : []),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? "" };
          return {
            subscribe(sink) {
              return { unsubscribe: ws.subscribe(input, sink) };
            },
          };
        },
      }),
    ],
  });
  return { client, close: () => void ws.dispose() };
}
