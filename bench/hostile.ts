// A hostile account's worst requests, one class each (issue 24's classes), for the fairness
// scenario (N1) and for anyone who wants one of them alone. Each class builds its bodies when it
// is made (before anything is measured), then start() sends them in loops paced by a shared
// client-side bucket at the token's rate limit, and stop() ends them and answers what came back.
// Any answer is a normal outcome: a refusal (4xx, 429, a close code) is what a bounded server
// gives, and is counted like the rest.
import { setMaxListeners } from "node:events";
import { Agent, createServer, request, type Server } from "node:http";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

/** The hostile account as the classes see it: its server, token and data. */
export interface HostileTarget {
  baseUrl: string;
  /** The hostile account's token, limited as an ordinary client's is. */
  token: string;
  /** The account's SKUs (at least 1,000 for the lists at limit=1000). */
  skuIds: number[];
  /** An open stock take of the account's SKUs (thousands of lines), for heavy selections. */
  stockTakeId: number;
}

/** What one class got back, by outcome ("400", "429", "error", "close 4429", …). */
export interface ClassStats {
  name: string;
  sent: number;
  outcomes: Record<string, number>;
  /** Each HTTP request's time, in milliseconds. */
  ms: number[];
  /** Anything else worth printing (subscriptions: events received). */
  notes: string[];
}

export interface HostileClass {
  name: HostileName;
  /** Starts sending; stop() ends every loop and connection and answers the stats. */
  start: (pacer: Pacer) => { stop: () => Promise<ClassStats> };
}

export const HOSTILE_NAMES = [
  "variables",
  "bodies",
  "csv",
  "reads",
  "subscriptions",
  "webhooks",
  "pool",
  "walks",
  "tokens",
  "unauthenticated",
] as const;
/**
 * Not hostile: a flood of the cheapest request there is, `GET /healthz`, as `unauthenticated`
 * sends its made-up tokens (64 connections, unpaced), to weigh a refusal against. Run only when
 * named (`--only=healthz`).
 */
export const REFERENCE_NAMES = ["healthz"] as const;
export type HostileName = (typeof HOSTILE_NAMES)[number] | (typeof REFERENCE_NAMES)[number];

/** Loops per HTTP class sending at once (three senders sufficed to stall the issue's build). */
const SENDERS = 3;

/**
 * A client-side token bucket: `perSecond` units, at most `burst` saved. The hostile client sends
 * at its token's limit and no faster, so what it costs the server is what the limit lets through.
 */
export class Pacer {
  private level: number;
  private at = performance.now();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.level = burst;
  }
  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.level = Math.min(this.burst, this.level + ((now - this.at) / 1000) * this.perSecond);
      this.at = now;
      if (this.level >= 1) {
        this.level -= 1;
        return;
      }
      await sleep(((1 - this.level) / this.perSecond) * 1000);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newStats(name: string): ClassStats {
  return { name, sent: 0, outcomes: {}, ms: [], notes: [] };
}
const count = (stats: ClassStats, outcome: string) =>
  (stats.outcomes[outcome] = (stats.outcomes[outcome] ?? 0) + 1);

/** The status, with a GraphQL answer's first error code (a small answer's: lists are large). */
function outcome(status: number, body: string): string {
  const code = body.length < 65_536 ? /"code":"([A-Z_]+)"/.exec(body)?.[1] : undefined;
  return code ? `${status} ${code}` : String(status);
}

interface Shot {
  method: string;
  path: string;
  contentType?: string;
  body?: Uint8Array;
  /** false: sent without the token (an unauthenticated client). */
  auth?: boolean;
  /** Sent with this token instead of the hostile account's (one it issued, or a made-up one). */
  token?: string;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const graphql = (query: string, variables: unknown, auth = true): Shot => ({
  method: "POST",
  path: "/graphql",
  contentType: "application/json",
  body: json({ query, variables }),
  auth,
});

/**
 * Sends a shot with node's own HTTP client: its body in one write, the answer's bytes decoded only
 * when small (outcome reads no larger). Cheap on purpose: the client shares the bench machine's
 * two cores with the server, and every core-millisecond it spends is one the server and
 * PostgreSQL lose, whatever its priority (an idle-priority busy loop beside P2 took a third of
 * its throughput). fetch spent ~10 ms of CPU per megabytes-long body; N1 measures the server.
 * Answers the status even when the server closes the connection mid-body after answering (as it
 * does when it refuses a body unread).
 */
function send(
  target: HostileTarget,
  shot: Shot,
  agent: Agent,
  signal: AbortSignal,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      "content-length": shot.body?.byteLength ?? 0,
    };
    if (shot.auth !== false) headers.authorization = `Bearer ${shot.token ?? target.token}`;
    if (shot.contentType) headers["content-type"] = shot.contentType;
    let answered: number | undefined;
    const req = request(
      `${target.baseUrl}${shot.path}`,
      { method: shot.method, headers, agent, signal },
      (res) => {
        answered = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes < 65_536) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: answered!,
            body: bytes < 65_536 ? Buffer.concat(chunks).toString() : "",
          }),
        );
        res.on("error", () => resolve({ status: answered!, body: "" }));
        // Aborted mid-answer at stop: the answer closes without an end or an error.
        res.on("close", () => resolve({ status: answered!, body: "" }));
      },
    );
    req.on("error", (error) =>
      answered !== undefined && !signal.aborted
        ? resolve({ status: answered, body: "" })
        : reject(error),
    );
    req.end(
      shot.body
        ? Buffer.from(shot.body.buffer, shot.body.byteOffset, shot.body.byteLength)
        : undefined,
    );
  });
}

/**
 * `senders` loops sending `shots` round robin, each request paced; stop() aborts what is in
 * flight (not counted) and answers the stats.
 */
function fire(
  target: HostileTarget,
  name: HostileName,
  shots: Shot[] | ((i: number) => Shot),
  senders = SENDERS,
  paced = true,
): HostileClass {
  const shotAt = typeof shots === "function" ? shots : (i: number) => shots[i % shots.length]!;
  return {
    name,
    start: (tokenPacer) => {
      // An unpaced class sends as fast as its senders can: no token limits what it sends.
      const pacer = paced ? tokenPacer : new Pacer(1e9, 1e9);
      const stats = newStats(name);
      const abort = new AbortController();
      // Each request in flight listens for the abort: as many as there are senders.
      setMaxListeners(senders + 10, abort.signal);
      const agent = new Agent({ keepAlive: true, maxSockets: senders });
      let next = 0;
      const loop = async () => {
        while (!abort.signal.aborted) {
          await pacer.take();
          if (abort.signal.aborted) break;
          const shot = shotAt(next++);
          const started = performance.now();
          stats.sent++;
          try {
            const { status, body } = await send(target, shot, agent, abort.signal);
            count(stats, outcome(status, body));
            stats.ms.push(performance.now() - started);
          } catch {
            count(stats, abort.signal.aborted ? "unanswered at stop" : "error");
          }
        }
      };
      const loops = Array.from({ length: senders }, loop);
      return {
        stop: async () => {
          abort.abort();
          await Promise.all(loops);
          agent.destroy();
          return stats;
        },
      };
    },
  };
}

/** (a) GraphQL without a token, a list variable of 1,000,000 short strings. */
export function variables(target: HostileTarget): HostileClass {
  const types = Array.from({ length: 1_000_000 }, () => "x");
  const query =
    "query Hostile($types: [String!]) { events(types: $types, first: 1) { edges { cursor } } }";
  return fire(target, "variables", [graphql(query, { types }, false)]);
}

/** A bulk adjustment's lines over the account's SKUs, `n` of them. */
const lines = (target: HostileTarget, n: number, key: "new_qty" | "newQty", type: string) =>
  Array.from({ length: n }, (_, i) => ({
    type,
    id: target.skuIds[i % target.skuIds.length]!,
    [key]: i % 7,
  }));

/**
 * (b) Huge JSON inputs with a token: POST /skus with 600,000 barcodes, a 120,000-line bulk
 * adjustment over REST and over GraphQL.
 */
export function bodies(target: HostileTarget): HostileClass {
  const barcodes = Array.from({ length: 600_000 }, (_, i) => i % 10);
  return fire(target, "bodies", [
    {
      method: "POST",
      path: "/api/v1/skus",
      contentType: "application/json",
      body: json({ code: "HOSTILE-1", name: "Hostile", barcodes }),
    },
    {
      method: "POST",
      path: "/api/v1/stock-adjustments/bulk",
      contentType: "application/json",
      body: json({ reason: "correction", lines: lines(target, 120_000, "new_qty", "sku") }),
    },
    graphql(
      "mutation Hostile($input: BulkAdjustStockInput!) { bulkAdjustStock(input: $input) { userErrors { code } } }",
      { input: { reason: "CORRECTION", lines: lines(target, 120_000, "newQty", "SKU") } },
    ),
  ]);
}

/** (c) 500,000-row CSV bodies: a catalog import and a stock take's counts. */
export function csv(target: HostileTarget): HostileClass {
  const rows = 500_000;
  const catalog = "code,name\n" + "x,y\n".repeat(rows);
  const counts = "type,id,counted_qty\n" + `sku,${target.skuIds[0]},1\n`.repeat(rows);
  const encode = (text: string) => new TextEncoder().encode(text);
  return fire(target, "csv", [
    { method: "POST", path: "/api/v1/skus/bulk", contentType: "text/csv", body: encode(catalog) },
    {
      method: "POST",
      path: `/api/v1/stock-takes/${target.stockTakeId}/input`,
      contentType: "text/csv",
      body: encode(counts),
    },
  ]);
}

/** Sends a GraphQL query with the token and answers the first error's code, if any. */
async function errorCode(target: HostileTarget, query: string): Promise<string | undefined> {
  for (;;) {
    const res = await fetch(`${target.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    const code = body.errors?.[0]?.extensions?.code;
    // The bucket is spent (setup ran at the same limit): wait for it, it says nothing of the query.
    if (res.status === 429 || code === "RATE_LIMITED") await sleep(1000);
    else return code;
  }
}

/** The first of `sizes` (largest first) whose query the server does not refuse as too costly. */
async function costliest<T>(
  target: HostileTarget,
  sizes: T[],
  query: (size: T) => string,
): Promise<T> {
  for (const size of sizes) {
    const code = await errorCode(target, query(size));
    if (code !== "QUERY_TOO_COMPLEX" && code !== "QUERY_TOO_DEEP") return size;
  }
  return sizes[sizes.length - 1]!;
}

/** A page of `skus` SKUs, each with its last `movements` movements (a page of its own each). */
const skuPage = ([skus, movements]: [
  number,
  number,
]) => `query Hostile { skus(first: ${skus}) { edges { node {
  id code name onHand barcodes active createdAt updatedAt
  movements(first: ${movements}) { edges { node { id occurredAt change quantityBefore quantityAfter reason note actor { name } } } }
} } } }`;

/** SKU pages with their movements, the most round trips and rows first. */
const SKU_PAGES: [number, number][] = [
  [1000, 40],
  [1000, 3],
  [1000, 1],
  [500, 1],
  [200, 5],
  [200, 1],
  [150, 1],
  [100, 10],
  [100, 1],
  [50, 1],
  [1000, 0],
];

/**
 * (d) The costliest GraphQL query the cost limit allows (found by asking the server, costliest
 * candidate first) and REST lists at limit=1000, in a loop.
 */
export async function reads(target: HostileTarget): Promise<HostileClass> {
  const query = skuPage(await costliest(target, SKU_PAGES, skuPage));
  const get = (path: string): Shot => ({ method: "GET", path });
  return fire(target, "reads", [
    graphql(query, {}),
    get("/api/v1/skus?limit=1000"),
    get(
      `/api/v1/stock/movements?limit=1000&from=${new Date(Date.now() - 86_400_000).toISOString()}`,
    ),
    get("/api/v1/events?limit=1000"),
    get(`/api/v1/stock-takes/${target.stockTakeId}/lines?limit=1000`),
  ]);
}

/** One page of 1,000 stock take lines after each cursor, each line with most of its fields. */
const linesSelection = (cursors: (string | null)[]) =>
  cursors
    .map(
      (after, i) => `l${i}: lines(first: 1000, after: ${JSON.stringify(after)}) { edges { node {
      id type code name supplier expectedQty countedQty difference state countedAt countedBy movedSinceFreeze recountRequested
    } } }`,
    )
    .join("\n");

/** The cursors starting the stock take's pages of 1,000 lines (null: the first), up to `pages`. */
async function lineCursors(target: HostileTarget, pages: number): Promise<(string | null)[]> {
  const cursors: (string | null)[] = [null];
  while (cursors.length < pages) {
    const res = await fetch(`${target.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        query: `query Pages($id: Int!, $after: String) { stockTake(id: $id) {
          lines(first: 1000, after: $after) { pageInfo { hasNextPage endCursor } } } }`,
        variables: { id: target.stockTakeId, after: cursors[cursors.length - 1] },
      }),
    });
    const body = (await res.json()) as {
      data?: { stockTake: { lines: { pageInfo: { hasNextPage: boolean; endCursor: string } } } };
    };
    if (res.status === 429) await sleep(1000);
    else if (!body.data) throw new Error(`the stock take's lines answered ${res.status}`);
    else if (!body.data.stockTake.lines.pageInfo.hasNextPage) break;
    else cursors.push(body.data.stockTake.lines.pageInfo.endCursor);
  }
  return cursors;
}

/** Connections of subscriptions with heavy selections, and the subscription spammer's rate. */
const SUBSCRIPTION_CONNECTIONS = 5;
const SUBSCRIPTIONS_PER_CONNECTION = 20;
const SPAM_PER_SECOND = 1000;

interface Message {
  type: string;
  id?: string;
  payload?: { extensions?: { code?: string } }[];
}
const errorOf = (m: Message) => m.payload?.[0]?.extensions?.code ?? "";

/** A graphql-ws connection with the token, acknowledged, or the close code it got instead. */
function connect(
  target: HostileTarget,
  stats: ClassStats,
  stopped: () => boolean,
  onMessage: (message: Message) => void = () => {},
): Promise<WebSocket | null> {
  const url = target.baseUrl.replace(/^http/, "ws") + "/graphql";
  const socket = new WebSocket(url, "graphql-transport-ws");
  return new Promise((resolve) => {
    socket.on("open", () =>
      socket.send(
        JSON.stringify({
          type: "connection_init",
          payload: { authorization: `Bearer ${target.token}` },
        }),
      ),
    );
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.type === "connection_ack") resolve(socket);
      else if (message.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else onMessage(message);
    });
    // Closes the client makes when it stops are not outcomes.
    socket.on("close", (code) => {
      if (!stopped()) count(stats, `close ${code}`);
      resolve(null);
    });
    socket.on("error", () => {
      if (!stopped()) count(stats, "error");
      resolve(null);
    });
  });
}

/**
 * (e) Many graphql-ws subscriptions to the stock take's progress, each selecting thousands of
 * lines (as many 1,000-line pages as the cost limit lets a query select), a count submitted at
 * the pace of the rate limit so every subscription re-runs its selection, and subscribe
 * messages spammed on a connection of their own (subscribed and completed at once).
 */
export async function subscriptions(target: HostileTarget): Promise<HostileClass> {
  const cursors = await lineCursors(target, 8);
  // The query's stockTake takes the id; the subscription's payload field has none.
  const stockTake = (pages: number, args = "") =>
    `stockTake${args} { ${linesSelection(cursors.slice(0, pages))} }`;
  const pages = await costliest(
    target,
    cursors.map((_, i) => cursors.length - i),
    (n) => `query Hostile { ${stockTake(n, `(id: ${target.stockTakeId})`)} }`,
  );
  const heavy = `subscription Hostile { stockTakeProgress(id: ${target.stockTakeId}) { eventType ${stockTake(pages)} } }`;
  const counting = fire(target, "subscriptions", [
    {
      method: "POST",
      path: `/api/v1/stock-takes/${target.stockTakeId}/input`,
      contentType: "application/json",
      body: json({ counts: [{ type: "sku", id: target.skuIds[0], counted_qty: 1 }] }),
    },
  ]);
  return {
    name: "subscriptions",
    start: (pacer) => {
      const stats = newStats("subscriptions");
      let stopped = false;
      let events = 0;
      const sockets: WebSocket[] = [];
      const subscribe = async () => {
        const socket = await connect(
          target,
          stats,
          () => stopped,
          (m) => {
            if (m.type === "next") events++;
            else count(stats, m.type === "error" ? `error ${errorOf(m)}` : m.type);
          },
        );
        if (!socket) return;
        sockets.push(socket);
        for (let i = 0; i < SUBSCRIPTIONS_PER_CONNECTION; i++) {
          socket.send(
            JSON.stringify({ id: `h${i}`, type: "subscribe", payload: { query: heavy } }),
          );
          stats.sent++;
        }
      };
      const spam = async () => {
        let n = 0;
        while (!stopped) {
          const socket = await connect(
            target,
            stats,
            () => stopped,
            (m) => {
              if (m.type === "error") count(stats, `spam error ${errorOf(m)}`);
            },
          );
          if (!socket) {
            await sleep(1000);
            continue;
          }
          sockets.push(socket);
          // Ten messages every 10 ms while the connection stays open.
          while (!stopped && socket.readyState === WebSocket.OPEN) {
            for (let i = 0; i < SPAM_PER_SECOND / 100; i++, n++) {
              socket.send(
                JSON.stringify({
                  id: `s${n}`,
                  type: "subscribe",
                  payload: {
                    query:
                      "subscription Spam($ids: [Int!]) { stockChanged(skuIds: $ids) { skuId } }",
                    variables: { ids: [target.skuIds[n % target.skuIds.length]] },
                  },
                }),
              );
              socket.send(JSON.stringify({ id: `s${n}`, type: "complete" }));
              stats.sent++;
            }
            await sleep(10);
          }
        }
      };
      const opened = Promise.all(Array.from({ length: SUBSCRIPTION_CONNECTIONS }, subscribe));
      const spamming = spam();
      const writes = counting.start(pacer);
      return {
        stop: async () => {
          stopped = true;
          const written = await writes.stop();
          await opened;
          for (const socket of sockets) socket.terminate();
          await spamming;
          stats.ms = written.ms;
          for (const [outcome, n] of Object.entries(written.outcomes))
            stats.outcomes[`count ${outcome}`] = n;
          stats.notes.push(
            `${written.sent} counts submitted, ${events} events received by ${SUBSCRIPTION_CONNECTIONS}×${SUBSCRIPTIONS_PER_CONNECTION} subscriptions`,
          );
          return stats;
        },
      };
    },
  };
}

/** Endpoints of the hostile account and how late each answers. */
const SLOW_ENDPOINTS = 20;
const SLOW_ANSWER_MS = 8000;

/** A receiver answering 200 after `delayMs`; close() drops what it still holds. */
async function slowReceiver(delayMs: number): Promise<{ url: string; close: () => void }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    const timer = setTimeout(() => response.end("ok"), delayMs);
    response.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * (f) Slow webhook receivers: the account registers endpoints answering after several seconds
 * (the server must allow loopback receivers: any NODE_ENV but production) and writes at its
 * rate limit, so each write queues a slow delivery to every endpoint.
 */
export async function webhooks(target: HostileTarget): Promise<HostileClass> {
  const receiver = await slowReceiver(SLOW_ANSWER_MS);
  for (let i = 0; i < SLOW_ENDPOINTS;) {
    const res = await fetch(`${target.baseUrl}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: `${receiver.url}/hook/${i}`, event_types: ["stock.changed"] }),
    });
    await res.arrayBuffer();
    // The setup shares the token's bucket with the other classes' setups: wait when it is spent.
    if (res.status === 429) await sleep(1000);
    else if (res.status !== 201) throw new Error(`registering a webhook answered ${res.status}`);
    else i++;
  }
  const writes = fire(
    target,
    "webhooks",
    target.skuIds.slice(0, 100).map((id, i) => ({
      method: "PATCH",
      path: `/api/v1/skus/${id}`,
      contentType: "application/json",
      body: json({ on_hand: 100 + i, reason: "correction" }),
    })),
    1,
  );
  return {
    name: "webhooks",
    start: (pacer) => {
      const running = writes.start(pacer);
      return {
        stop: async () => {
          const stats = await running.stop();
          receiver.close();
          stats.notes.push(
            `${SLOW_ENDPOINTS} endpoints answering after ${SLOW_ANSWER_MS / 1000} s, a delivery to each per write`,
          );
          return stats;
        },
      };
    },
  };
}

/** A body of JSON for a POST of the stock take's. */
const post = (path: string, body: unknown): Shot => ({
  method: "POST",
  path,
  contentType: "application/json",
  body: json(body),
});

/**
 * (1) Requests that wait on the account's own locks, many at once: 12 senders starting stock
 * takes over every SKU (the open stock take holds them all: each waits for the start lock, then
 * is refused) and previewing the open stock take's reconcile. Each is priced by what it walks;
 * what is tested is that their waits hold no more than the account's share of the pool.
 */
export function pool(target: HostileTarget): HostileClass {
  return fire(
    target,
    "pool",
    [
      post("/api/v1/stock-takes/start", {}),
      post(`/api/v1/stock-takes/${target.stockTakeId}/reconcile`, { dry_run: true }),
    ],
    12,
  );
}

/**
 * (2) Heavy work for a request: a reconcile's dry run, a review accepting every line within a
 * wide tolerance, and a start over the whole catalog (refused: the open stock take holds it),
 * each over the account's whole stock take, each priced by the lines it walks.
 */
export function walks(target: HostileTarget): HostileClass {
  const id = target.stockTakeId;
  return fire(target, "walks", [
    post(`/api/v1/stock-takes/${id}/reconcile`, { dry_run: true }),
    post(`/api/v1/stock-takes/${id}/accept-lines`, {
      safe: true,
      tolerance: { abs: 100, pct: 100 },
    }),
    post("/api/v1/stock-takes/start", {}),
  ]);
}

/** Reads a token the hostile account issues spends before it issues another. */
const READS_PER_ISSUED_TOKEN = 50;

/**
 * (3) Tokens multiplying the account's limit: the account issues a token (paced, one request),
 * then spends it on lists of 1,000 SKUs as fast as it can, unpaced: each fresh token would bring
 * a full bucket of its own but for the account's budget, which all its tokens draw from.
 */
export async function tokens(target: HostileTarget): Promise<HostileClass> {
  const issued: string[] = [];
  const issue = async () => {
    const res = await fetch(`${target.baseUrl}/api/v1/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: `issued ${issued.length + 1}`,
        scopes: ["read"],
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    const body = (await res.json()) as { token?: string };
    if (body.token) issued.push(body.token);
  };
  // Issued before anything is timed (the issuing is the paced part; the spending is the attack).
  for (let i = 0; i < 20; i++) await issue();
  if (issued.length === 0) throw new Error("the hostile account could not issue a token");
  return fire(
    target,
    "tokens",
    (i) => ({
      method: "GET",
      path: "/api/v1/skus?limit=1000",
      token: issued[Math.floor(i / READS_PER_ISSUED_TOKEN) % issued.length]!,
    }),
    SENDERS,
    false,
  );
}

/**
 * (9) An unauthenticated flood: 64 connections sending made-up tokens, each new (so no memory of
 * a refused token spares the server its check), as fast as they can.
 */
export function unauthenticated(target: HostileTarget): HostileClass {
  const made = (i: number) =>
    `cp_1_${Buffer.from(`${i}`.padStart(24, "x")).toString("base64url").slice(0, 32)}`;
  return fire(
    target,
    "unauthenticated",
    (i) => ({ method: "GET", path: `/api/v1/skus/${target.skuIds[0]}`, token: made(i) }),
    64,
    false,
  );
}

/** The reference for (9): the same flood of `GET /healthz`, which needs no token. */
export function healthz(target: HostileTarget): HostileClass {
  return fire(target, "healthz", [{ method: "GET", path: "/healthz", auth: false }], 64, false);
}

/** Makes the classes named (all the hostile ones when none is), building their bodies now. */
export async function hostileClasses(
  target: HostileTarget,
  names: readonly HostileName[] = HOSTILE_NAMES,
): Promise<HostileClass[]> {
  const makers: Record<HostileName, (t: HostileTarget) => HostileClass | Promise<HostileClass>> = {
    variables,
    bodies,
    csv,
    reads,
    subscriptions,
    webhooks,
    pool,
    walks,
    tokens,
    unauthenticated,
    healthz,
  };
  return Promise.all(names.map((name) => makers[name](target)));
}
