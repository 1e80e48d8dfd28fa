// The load generator of P2 and P3, run in a process of its own (so it does not share a CPU budget
// with the bench's raw SQL baseline): autocannon sending single adjustments over REST or GraphQL
// to random SKUs of a list, absolute quantities, reason correction. Prints one JSON result.
import autocannon from "autocannon";

export interface LoadSpec {
  baseUrl: string;
  token: string;
  /** A token for each connection (a counting device each), in place of `token` for all. */
  tokens?: string[];
  skuIds: number[];
  /** rest and graphql adjust stock; rest-read reads a SKU (GET /skus/{id}). */
  transport: "rest" | "graphql" | "rest-read";
  connections: number;
  seconds: number;
  /** The site the adjustments name (site_id, siteId); none: the default site. */
  siteId?: number;
}

export interface LoadResult {
  /** Changes answered 2xx (GraphQL: without errors or userErrors) per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not a success, and connection errors. */
  failures: number;
  /** Requests sent, the ones still unanswered when the run ended too (not for raw SQL). */
  sent?: number;
}

const GRAPHQL_ADJUST = `mutation Adjust($input: AdjustSkuStockInput!) {
  adjustSkuStock(input: $input) { sku { id onHand } userErrors { code } }
}`;

async function run(spec: LoadSpec): Promise<LoadResult> {
  const pick = () => spec.skuIds[Math.floor(Math.random() * spec.skuIds.length)]!;
  const quantity = () => Math.floor(Math.random() * 1000);
  const site = spec.siteId === undefined ? {} : { site_id: spec.siteId };
  const siteArg = spec.siteId === undefined ? {} : { siteId: spec.siteId };
  let failedBodies = 0;
  // autocannon's context is per connection: each takes the next of `tokens` for all its requests.
  let nextToken = 0;
  const auth = (context: object) => {
    if (!spec.tokens?.length) return {};
    const own = context as { token?: string };
    own.token ??= spec.tokens[nextToken++ % spec.tokens.length];
    return { authorization: `Bearer ${own.token}` };
  };
  const result = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.seconds,
    // BENCH_RATE: requests a second from all connections together, in place of as fast as they
    // can; the server's CPU per change then compares builds at the same load.
    ...(process.env.BENCH_RATE ? { overallRate: Number(process.env.BENCH_RATE) } : {}),
    headers: { authorization: `Bearer ${spec.token}`, "content-type": "application/json" },
    requests: [
      spec.transport === "rest-read"
        ? {
            method: "GET",
            setupRequest: (req, context) => ({
              ...req,
              headers: { ...req.headers, ...auth(context) },
              path: `/api/v1/skus/${pick()}`,
            }),
          }
        : spec.transport === "rest"
          ? {
              method: "PATCH",
              setupRequest: (req, context) => ({
                ...req,
                headers: { ...req.headers, ...auth(context) },
                path: `/api/v1/skus/${pick()}`,
                body: JSON.stringify({ on_hand: quantity(), reason: "correction", ...site }),
              }),
            }
          : {
              method: "POST",
              path: "/graphql",
              setupRequest: (req, context) => ({
                ...req,
                headers: { ...req.headers, ...auth(context) },
                body: JSON.stringify({
                  query: GRAPHQL_ADJUST,
                  variables: {
                    input: { skuId: pick(), onHand: quantity(), reason: "CORRECTION", ...siteArg },
                  },
                }),
              }),
              onResponse: (_status, body) => {
                if (body.includes('"errors"') || !body.includes('"userErrors":[]')) failedBodies++;
              },
            },
    ],
  });
  return {
    perSecond: (result["2xx"] - failedBodies) / spec.seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts + failedBodies,
    sent: result.requests.sent,
  };
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
process.stdout.write(JSON.stringify(await run(spec)) + "\n");
