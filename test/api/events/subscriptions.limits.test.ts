// What a subscription costs and may hold, over a real graphql-ws connection: each subscribe
// message is charged to the token's rate limit, its document meets the query limits and the
// subscription cost cap, a token holds a bounded number of connections and subscriptions, a
// subscriber whose event cannot be resolved in time is ended, and GraphQL's own errors answer the
// codes HTTP answers.
import type { Client } from "graphql-ws";
import WebSocket from "ws";
import { createPrismaClient, type PrismaClient } from "../../../src/db/client.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { buildApp } from "../../../src/server/app.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { loggingClient, type LoggedApp } from "../../helpers/movements.js";
import { databaseUrl, newAccount, untilWaitingOnLock, type TestAccount } from "../../helpers/db.js";
import { count, skus, stockTakeClient } from "../../helpers/stock-takes.js";
import {
  liveSubscribers,
  subscribe,
  untilSubscribers as untilLive,
  within,
  wsConnect,
  type Stream,
} from "../../helpers/subscriptions.js";

let t: TestApp;
/** The pool subscribers' events are resolved on: one connection, so a test can hold it. */
let fanout: PrismaClient;
let acct: TestAccount;
const clients: Client[] = [];

const CONNECTIONS = 3;
const PER_TOKEN = 5;
const EVENT_TIMEOUT_MS = 6_000;

beforeAll(async () => {
  fanout = createPrismaClient(databaseUrl(), 1);
  t = await startTestApp(undefined, {
    subscriptionDb: fanout,
    config: {
      subscriptionPollMs: 100,
      subscriptionConnectionsPerToken: CONNECTIONS,
      subscriptionsPerToken: PER_TOKEN,
      subscriptionEventTimeoutMs: EVENT_TIMEOUT_MS,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fanout.$disconnect();
});
beforeEach(async () => {
  acct = await newAccount(t.db);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  // The server lets go of them as it reads the closes: the next test counts its own from none.
  await untilSubscribers(0);
});

function connect(token: string): Client {
  const client = wsConnect(t.baseUrl, `Bearer ${token}`);
  clients.push(client);
  return client;
}

const STOCK_CHANGED = "subscription { stockChanged { skuId quantityAfter } }";
const PROGRESS = `subscription ($id: Int!) {
  stockTakeProgress(id: $id) { eventId stockTake { id summary { counted } } }
}`;

const codesOf = (why: unknown) =>
  Array.isArray(why) ? why.map((e: { extensions?: { code?: string } }) => e.extensions?.code) : why;
const closeCode = async (stream: Stream<unknown>) =>
  ((await stream.ended) as { code?: number }).code;
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server holds exactly `n` live subscriptions. */
const untilSubscribers = (n: number) => untilLive(t.baseUrl, n);

/** A token of the account with a rate limit of its own: `burst` units, refilled slowly. */
const limitedToken = async (burst: number) =>
  (
    await createToken(t.db, {
      accountId: acct.accountId,
      name: "screen",
      rateLimit: { perSecond: 1 / 60, burst },
    })
  ).token;

describe("the rate limit", () => {
  it("charges each subscribe message, answers RATE_LIMITED for one it cannot pay, and keeps the connection", async () => {
    // Connecting takes 1 unit, each subscription 1: 1 + 3 = 4.
    const token = await limitedToken(4);
    const client = connect(token);
    const served = [1, 2, 3].map(() => subscribe(client, STOCK_CHANGED));
    // Each paid for and in place before the fourth is sent: subscribe messages are taken as they
    // come, so one sent early may be charged before one of them (then it is served, and one of
    // the three refused).
    await untilSubscribers(3);
    const refused = subscribe(client, STOCK_CHANGED);
    const why = await refused.ended;
    expect(codesOf(why)).toEqual(["RATE_LIMITED"]);
    expect((why as { message: string }[])[0]!.message).toMatch(/retry after \d+ s/);
    // The connection and its three subscriptions live on: following the feed before the change
    // (a fixed wait was not always enough on a loaded machine: the change came first, and the
    // test waited for an event that would never come).
    await untilSubscribers(3);
    const [sku] = await skus(t, acct.token, 1);
    for (const s of served) expect(await s.next(1)).toHaveLength(1);
    expect(served[0]!.results[0]!.data).toEqual({
      stockChanged: { skuId: sku!.id, quantityAfter: 1 },
    });
  });

  it("closes a connection that keeps subscribing while rate limited (4429)", async () => {
    const token = await limitedToken(2);
    const client = connect(token);
    const served = subscribe(client, STOCK_CHANGED);
    await untilSubscribers(1); // paid for before the others are sent
    // A client sending subscribe after subscribe, not waiting for Retry-After.
    const ends: unknown[] = [];
    for (let i = 0; i < 60 && !(ends.at(-1) as { code?: number } | undefined)?.code; i++) {
      ends.push(await subscribe(client, STOCK_CHANGED).ended);
    }
    const limited = ends.filter((e) => JSON.stringify(codesOf(e)) === '["RATE_LIMITED"]');
    // The first is paid for; the next 49 are answered RATE_LIMITED; the 50th closes the connection.
    expect(limited).toHaveLength(49);
    expect(ends.at(-1)).toEqual(expect.objectContaining({ code: 4429 }));
    expect(await closeCode(served)).toBe(4429);
  });
});

/** A raw graphql-ws connection: open once acknowledged (code null), or the code it was closed with. */
function rawConnect(
  baseUrl: string,
  token: string,
): Promise<{ code: number | null; socket: WebSocket }> {
  const socket = new WebSocket(baseUrl.replace(/^http/, "ws") + "/graphql", "graphql-transport-ws");
  return new Promise((resolve) => {
    socket.on("open", () =>
      socket.send(
        JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }),
      ),
    );
    socket.on("message", (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === "connection_ack") {
        resolve({ code: null, socket });
      }
    });
    socket.on("close", (code) => resolve({ code, socket }));
  });
}

describe("a token refused for its rate limit", () => {
  it("has its reconnects refused (4429) without a round trip until Retry-After, even once its last connection closed", async () => {
    // An app of its own whose database client records what it sends: the token lookups it makes.
    const queries: LoggedApp["queries"] = [];
    const appDb = loggingClient(queries);
    const app = await buildApp({
      db: appDb,
      config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: false },
    });
    const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
    const lookups = () => queries.filter((q) => q.sql.includes("api_tokens")).length;
    try {
      const token = await limitedToken(1);
      const first = await rawConnect(baseUrl, token);
      expect(first.code).toBeNull();
      // The bucket is empty: the next connection is refused by the bucket, one lookup.
      let before = lookups();
      expect((await rawConnect(baseUrl, token)).code).toBe(4429);
      expect(lookups() - before).toBe(1);
      // Then refused as it is known to be, asking nothing, also once its last connection closed.
      before = lookups();
      expect((await rawConnect(baseUrl, token)).code).toBe(4429);
      first.socket.close();
      await settle(100);
      expect((await rawConnect(baseUrl, token)).code).toBe(4429);
      expect(lookups() - before).toBe(0);
    } finally {
      await app.close();
      await appDb.$disconnect();
    }
  });
});

describe("what one token may hold", () => {
  it(`opens at most ${CONNECTIONS} connections per token (4429), and another once one closes`, async () => {
    const open = Array.from({ length: CONNECTIONS }, () => connect(acct.token));
    const streams = open.map((c) => subscribe(c, STOCK_CHANGED));
    await settle();
    const extra = subscribe(connect(acct.token), STOCK_CHANGED);
    expect(await closeCode(extra)).toBe(4429);
    // Another token of the same account has connections of its own.
    const other = await limitedToken(100);
    expect(await within(subscribe(connect(other), STOCK_CHANGED), 400)).toBe("open");
    for (const s of streams) expect(await within(s, 0)).toBe("open");
    await open[0]!.dispose();
    await settle(200);
    expect(await within(subscribe(connect(acct.token), STOCK_CHANGED), 400)).toBe("open");
  });

  it(`holds at most ${PER_TOKEN} subscriptions per token over its connections, and frees one that ends`, async () => {
    const [a, b] = [connect(acct.token), connect(acct.token)];
    const held = [a, a, a, b, b].map((c) => subscribe(c, STOCK_CHANGED));
    await settle();
    const refused = subscribe(b, STOCK_CHANGED);
    const why = await refused.ended;
    expect(codesOf(why)).toEqual(["INVALID_PARAMETER"]);
    expect((why as { message: string }[])[0]!.message).toMatch(/at most 5 subscriptions/);
    // The client completes one: its place is free again.
    held[0]!.stop();
    await settle(200);
    expect(await within(subscribe(a, STOCK_CHANGED), 400)).toBe("open");
    expect(codesOf(await subscribe(a, STOCK_CHANGED).ended)).toEqual(["INVALID_PARAMETER"]);
  });
});

describe("the document's limits", () => {
  it("counts selections as queries do (aliases, and each spread of a fragment)", async () => {
    const client = connect(acct.token);
    const aliases = Array.from({ length: 1_001 }, (_, i) => `a${i}: skuId`).join(" ");
    const aliased = subscribe(client, `subscription { stockChanged { ${aliases} } }`);
    const fragment = `fragment F on StockChanged { ${Array.from({ length: 110 }, (_, i) => `b${i}: skuId`).join(" ")} }`;
    const spread = subscribe(
      client,
      `subscription { stockChanged { ${Array.from({ length: 10 }, () => "...F").join(" ")} } } ${fragment}`,
    );
    for (const s of [aliased, spread]) {
      const why = (await s.ended) as { message: string; extensions: { code: string } }[];
      expect(why).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/more than 1000 selections/),
          extensions: { code: "QUERY_TOO_COMPLEX" },
        }),
      ]);
    }
  });

  it("refuses a selection a query may make but a subscription may not (the subscription cap)", async () => {
    const [a] = await skus(t, acct.token, 1);
    const id = (await stockTakeClient(t, acct.token).start({ scope: { sku_ids: [a!.id] } })).body
      .id as number;
    const whole = `stockTake(id: ${id}) { lines(first: 1000) { edges { node { id countedQty } } } }`;
    const asQuery = await postGraphql(t, { query: `{ ${whole} }` }, acct.token);
    expect(asQuery.errors).toBeUndefined();
    const stream = subscribe(
      connect(acct.token),
      `subscription { stockTakeProgress(id: ${id}) { ${whole.replace(/^stockTake\(id: \d+\)/, "stockTake")} } }`,
    );
    expect(await stream.ended).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/the limit for subscriptions is 1250/),
        extensions: { code: "QUERY_TOO_COMPLEX" },
      }),
    ]);
  });

  it("answers a syntax error, an unknown field and a bad variable with the codes HTTP answers", async () => {
    const client = connect(acct.token);
    const cases = [
      { ws: "subscription { stockChanged { skuId ", http: "{ skus { edges { node { id " },
      {
        ws: "subscription { stockChanged { nope } }",
        http: "{ skus { edges { node { nope } } } }",
      },
      {
        ws: "subscription ($id: Int!) { stockTakeProgress(id: $id) { eventId } }",
        http: "query ($id: Int!) { stockTake(id: $id) { id } }",
        variables: { id: "seven" },
      },
    ];
    for (const c of cases) {
      const overHttp = await postGraphql(t, { query: c.http, variables: c.variables }, acct.token);
      const overWs = await subscribe(client, c.ws, c.variables).ended;
      const code = overHttp.errors![0]!.extensions!.code;
      expect(code).toMatch(/^(GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED|BAD_USER_INPUT)$/);
      expect(codesOf(overWs)).toEqual([code]);
    }
  });
});

describe("events resolved on a budget", () => {
  /** Holds the subscribers' pool's one connection for `ms`. */
  const holdPool = (ms: number) =>
    fanout.$queryRawUnsafe(`SELECT 1 AS slept FROM pg_sleep(${ms / 1000})`);

  async function followedStockTake() {
    const refs = await skus(t, acct.token, 1, 1, 1, 1, 1);
    const api = stockTakeClient(t, acct.token);
    const id = (await api.start({ scope: { sku_ids: refs.map((r) => r.id) } })).body.id as number;
    const before = await subscribers();
    const stream = subscribe<{
      stockTakeProgress: { stockTake: { summary: { counted: number } } };
    }>(connect(acct.token), PROGRESS, { id });
    // Following the feed once /metrics counts it (a fixed wait lost to a loaded machine).
    for (const until = Date.now() + 15_000; (await subscribers()) <= before; await settle(50)) {
      if (Date.now() > until) throw new Error("the subscription never started following");
    }
    // And its first polls done: whatever the feed held before the test's counts has been sent.
    await settle();
    return { refs, id, stream };
  }

  const subscribers = () => liveSubscribers(t.baseUrl);

  it("sends a busy subscriber only the latest of the events that came meanwhile", async () => {
    const { refs, id, stream } = await followedStockTake();
    // The pool's one connection waits for a lock the test holds until the five counts are in.
    let counted!: () => void;
    const allCounted = new Promise<void>((resolve) => (counted = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = t.db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(424242)");
        locked();
        await allCounted;
      },
      { timeout: 30_000 },
    );
    await isLocked;
    // Prisma runs a query only once it is awaited (or then'd): started now, and waited for until
    // it waits on the lock, so the pool's one connection is taken before the first count.
    const held = fanout
      .$queryRawUnsafe("SELECT 1 AS held FROM pg_advisory_xact_lock(424242)")
      .then((rows) => rows);
    await untilWaitingOnLock(t.db, "pg_advisory_xact_lock(424242)");
    for (const ref of refs) {
      await rest(t, "POST", `/stock-takes/${id}/input`, {
        token: acct.token,
        body: { counts: [count(ref, 1)] },
      });
    }
    // Every count's event read by the hub (it polls every 100 ms) while the subscriber is still
    // busy with the first: else the last could come after the queued one was taken, a third.
    await settle(400);
    counted();
    await Promise.all([lock, held]);
    await settle(800);
    // Of the events the five counts made (an event from before them, nothing counted, may come
    // first when the account was followed already): at most the first (waiting for the pool) and
    // the latest are sent.
    const sent = stream.results
      .map((r) => r.data?.stockTakeProgress.stockTake.summary.counted)
      .filter((counted) => counted !== 0);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.at(-1)).toBe(5);
  });

  it("ends a subscriber whose event cannot be resolved in time (SERVICE_UNAVAILABLE), and /metrics counts it", async () => {
    const { refs, id, stream } = await followedStockTake();
    const before = await dropped();
    const held = holdPool(EVENT_TIMEOUT_MS + 1_000).catch(() => {});
    await rest(t, "POST", `/stock-takes/${id}/input`, {
      token: acct.token,
      body: { counts: [count(refs[0]!, 1)] },
    });
    const why = await stream.ended;
    expect(codesOf(why)).toEqual(["SERVICE_UNAVAILABLE"]);
    expect((why as { message: string }[])[0]!.message).toMatch(/within 6 s/);
    expect(await dropped()).toBe(before + 1);
    await held;
    // The requests' own pool was never in the way.
    expect((await rest(t, "GET", "/skus", { token: acct.token })).status).toBe(200);
  });

  it("shows connections and subscribers in /metrics", async () => {
    const client = connect(acct.token);
    const before = await subscribers();
    subscribe(client, STOCK_CHANGED);
    subscribe(client, STOCK_CHANGED);
    for (const until = Date.now() + 15_000; (await subscribers()) < before + 2; await settle(50)) {
      if (Date.now() > until) break;
    }
    const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
    expect(
      Number(/^countpoint_subscription_connections (\d+)/m.exec(text)?.[1]),
    ).toBeGreaterThanOrEqual(1);
    expect(Number(/^countpoint_subscribers (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
  });

  async function dropped(): Promise<number> {
    const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
    return Number(
      /^countpoint_subscribers_dropped_total\{reason="deadline"\} (\d+)/m.exec(text)?.[1],
    );
  }
});
