// A noisy neighbour over subscriptions: one account opens more connections than a token may
// hold, fills them with the heaviest selections a subscription may make (and tries heavier
// ones), spams subscribe messages, and makes events with its writes, against a server of its
// own; meanwhile a second account's ordinary requests (a list and a write) are timed. The
// hostile side is refused with the documented codes (its events' summaries too, once its bucket
// is spent), the neighbour's p99 stays bounded with no 5xx, and the fan-out never holds more
// connections than its pool's.
import type { Client } from "graphql-ws";
import type { PrismaClient } from "../../../src/db/client.js";
import { SUBSCRIPTION_POOL_NAME } from "../../../src/graphql/subscriptions.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { alone, besideNeighbour } from "../../helpers/neighbour.js";
import { call, startServer, stopProcess, type Server } from "../../helpers/server.js";
import { seedSkus } from "../../helpers/stock.js";
import { subscribe, within, wsConnect, type Stream } from "../../helpers/subscriptions.js";

const POOL = 2;
const CONNECTIONS = 20;
const HOSTILE_MS = 8_000;

let db: PrismaClient;
let server: Server;
let hostile: TestAccount;
let neighbour: TestAccount;
/** The hostile account's WebSocket token: 5 units a second, bursts of 300 (its connections and subscriptions take about 220). */
let wsToken: string;
let stockTakeId: number;
let hostileSkus: number[];
let neighbourSkus: number[];
const clients: Client[] = [];

beforeAll(async () => {
  db = await testDb();
  hostile = await newAccount(db);
  neighbour = await newAccount(db);
  wsToken = (
    await createToken(db, {
      accountId: hostile.accountId,
      name: "screens",
      rateLimit: { perSecond: 5, burst: 300 },
    })
  ).token;
  hostileSkus = await seedSkus(db, hostile.accountId, 2_000, { prefix: "HOST" });
  neighbourSkus = await seedSkus(db, neighbour.accountId, 50, { prefix: "NEXT" });
  server = await startServer([], {
    env: { SUBSCRIPTION_POOL_SIZE: String(POOL), SUBSCRIPTION_POLL_MS: "100" },
  });
  const started = await call(server, "POST", "/stock-takes/start", hostile.token, {
    scope: { sku_ids: hostileSkus },
  });
  expect(started.status).toBe(201);
  stockTakeId = started.body.id;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  if (server) await stopProcess(server);
  await db.$disconnect();
});

function connect(): Client {
  const client = wsConnect(server.base, `Bearer ${wsToken}`);
  clients.push(client);
  return client;
}

/** The heaviest a subscription may select (a page of 100 lines: about 600). */
const ALLOWED = `subscription ($id: Int!) {
  stockTakeProgress(id: $id) {
    eventId
    stockTake { id status summary { counted uncounted } lines(first: 100) { edges { node { id countedQty expectedQty difference } } } }
  }
}`;
/** A whole stock take's lines at every event: refused. */
const WHOLE = ALLOWED.replace("first: 100", "first: 1000");

const codes = (why: unknown): string =>
  Array.isArray(why)
    ? why.map((e: { extensions?: { code?: string } }) => e.extensions?.code).join(",")
    : String((why as { code?: number }).code ?? why);

interface Hostile {
  /** How each subscription beyond a connection's first answered within 2 s ("open" when served). */
  extraStates: unknown[];
  refusedConnections: string[];
  tooComplex: string;
  served: Stream<unknown>[];
  rateLimited: number;
  closedTooFast: number;
  writes: number[];
  fanoutConnections: number[];
  busyFanoutConnections: number[];
}

async function hostileRun(): Promise<Hostile> {
  // More connections than a token may hold: the first subscription on each tells which stayed.
  const opened = Array.from({ length: CONNECTIONS + 4 }, () => connect());
  const firsts = opened.map((c) => subscribe(c, ALLOWED, { id: stockTakeId }));
  const states = await Promise.all(firsts.map((s) => within(s, 2_000)));
  const open = opened.filter((_, i) => states[i] === "open");
  const refusedConnections = states.filter((s) => s !== "open").map(codes);
  const tooComplex = codes(await subscribe(open[0]!, WHOLE, { id: stockTakeId }).ended);
  // Four more on every connection but the last, which spams.
  const spamFrom = open.pop()!;
  const served = firsts.filter((_, i) => states[i] === "open" && opened[i] !== spamFrom);
  const extra = open.flatMap((c) =>
    [1, 2, 3, 4].map(() => subscribe(c, ALLOWED, { id: stockTakeId })),
  );
  // Open before the spam starts: sent beside it, one of them could find the token's bucket
  // emptied by the spam, be refused, and never deliver (the spam shares the token).
  const extraStates = await Promise.all(extra.map((s) => within(s, 2_000)));
  served.push(...extra);
  const until = Date.now() + HOSTILE_MS;
  let rateLimited = 0;
  let closedTooFast = 0;
  const spam = async () => {
    let client = spamFrom;
    while (Date.now() < until) {
      // Twenty at a time, not waiting for Retry-After.
      const batch = Array.from({ length: 20 }, () =>
        within(subscribe(client, ALLOWED, { id: stockTakeId }), 300),
      );
      const whys = (await Promise.all(batch)).map(codes);
      rateLimited += whys.filter((c) => c === "RATE_LIMITED").length;
      if (whys.includes("4429")) {
        closedTooFast++;
        client = connect();
      }
    }
  };
  const writes: number[] = [];
  const write = async () => {
    for (let i = 0; Date.now() < until; i++) {
      const counts = hostileSkus
        .slice((i * 20) % 2_000, ((i * 20) % 2_000) + 20)
        .map((id) => ({ type: "sku", id, counted_qty: i }));
      const res = await call(server, "POST", `/stock-takes/${stockTakeId}/input`, hostile.token, {
        counts,
      });
      writes.push(res.status);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const fanoutConnections: number[] = [];
  const busyFanoutConnections: number[] = [];
  const watch = async () => {
    while (Date.now() < until + 2_000) {
      // Listed, and in use (running a statement or inside a transaction): a connection the pool
      // closed stays listed, idle, until its backend exits, which under load outlasts a sample.
      const [row] = await db.$queryRaw<{ listed: number; busy: number }[]>`
        SELECT count(*)::int AS listed, (count(*) FILTER (WHERE state <> 'idle'))::int AS busy
        FROM pg_stat_activity
        WHERE application_name = ${SUBSCRIPTION_POOL_NAME} AND datname = current_database()`;
      fanoutConnections.push(row!.listed);
      busyFanoutConnections.push(row!.busy);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await Promise.all([spam(), write(), watch()]);
  return {
    extraStates,
    refusedConnections,
    tooComplex,
    served,
    rateLimited,
    closedTooFast,
    writes,
    fanoutConnections,
    busyFanoutConnections,
  };
}

/** The neighbour's ordinary requests, a list and a write by turns: the status each answered. */
let turn = 0;
async function ordinary(): Promise<number> {
  turn++;
  if (turn % 2 === 0) {
    return (await call(server, "GET", "/skus?limit=20", neighbour.token)).status;
  }
  const id = neighbourSkus[turn % neighbourSkus.length]!;
  return (
    await call(server, "PATCH", `/skus/${id}`, neighbour.token, {
      on_hand: turn,
      reason: "correction",
    })
  ).status;
}

it("refuses a subscription flood with its codes while another account's requests stay fast", async () => {
  const quiet = await alone(ordinary, 20);
  const beside = await besideNeighbour(hostileRun, ordinary, { minProbes: 40, maxMs: 60_000 });
  const h = beside.hostile;

  // The hostile side: refused with the documented codes.
  expect(h.refusedConnections).toEqual(["4429", "4429", "4429", "4429"]);
  expect(h.extraStates.map(codes)).toEqual(h.extraStates.map(() => "open"));
  expect(h.tooComplex).toBe("QUERY_TOO_COMPLEX");
  expect(h.rateLimited).toBeGreaterThan(0);
  expect(h.closedTooFast).toBeGreaterThan(0);
  expect(h.writes.every((s) => s === 200)).toBe(true);
  // Its subscribers are served, slowed down (coalesced: fewer messages than events), not dropped;
  // each event's summary is charged to their token, so under this flood most events carry a
  // RATE_LIMITED error for it instead of data (its lines unread), and the subscriptions go on.
  const delivered = () => h.served.filter((s) => s.results.length > 0).length;
  for (let wait = 0; wait < 150 && delivered() < h.served.length; wait++) {
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(delivered()).toBe(h.served.length);
  const messages = h.served.flatMap((s) => s.results);
  const refusedEvent = (r: (typeof messages)[number]) =>
    !r.data && !!r.errors?.length && r.errors.every((e) => e.extensions?.code === "RATE_LIMITED");
  expect(messages.every((r) => r.data || refusedEvent(r))).toBe(true);
  expect(messages.some(refusedEvent)).toBe(true);
  expect(Math.max(...h.served.map((s) => s.results.length))).toBeLessThan(h.writes.length);
  // The fan-out ran, on its own pool, and never used more than that pool's connections at once.
  // A connection the pool replaced is listed, idle, beside its replacement until its backend
  // exits (CI saw 3 of 2 listed over two samples): only those in use are counted against the pool.
  expect(Math.max(...h.fanoutConnections)).toBeGreaterThan(0);
  expect(Math.max(...h.busyFanoutConnections)).toBeLessThanOrEqual(POOL);

  // The neighbour: no 5xx, p99 bounded.
  expect([...quiet.statuses, ...beside.statuses].every((s) => s === 200)).toBe(true);
  console.log(
    `neighbour alone p50 ${quiet.p50.toFixed(0)} p99 ${quiet.p99.toFixed(0)} ms; beside the flood p50 ${beside.p50.toFixed(0)} p99 ${beside.p99.toFixed(0)} ms over ${beside.latencies.length} requests`,
  );
  expect(beside.p99).toBeLessThan(1_000);
}, 180_000);
