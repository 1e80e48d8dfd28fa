import { createPrismaClient, type PrismaClient } from "../../../src/db/client.js";
import { isServiceUnavailable } from "../../../src/db/unavailable.js";
import { answerOf, type Answer, type Call } from "../../helpers/answers.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { runCountpoint } from "../../helpers/cli.js";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { holdLock } from "../../helpers/locks.js";
import { frozenProxy, throughProxy } from "../../helpers/proxy.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { AdjAdjustSkuStockDocument } from "../generated/graphql.js";

// Each timeout answers 503 SERVICE_UNAVAILABLE with Retry-After instead of hanging, and leaves
// nothing behind: no change written, no connection busy, the next request served. Requests are
// made to wait on a row lock the test holds.

let setup: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  setup = await startTestApp();
  acct = await newAccount(setup.db);
});
afterAll(() => setup.close());

/** An app with a pool of two and the given settings. */
async function appWith(
  pool: Parameters<typeof createPrismaClient>[2],
  requestTimeoutMs?: number,
): Promise<TestApp> {
  return startTestApp(createPrismaClient(databaseUrl(), 2, pool), { config: { requestTimeoutMs } });
}

const lockSku = (skuId: number) =>
  holdLock(databaseUrl(), "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE", [
    acct.accountId,
    skuId,
  ]);

/** Writes to the SKU every way a client can: REST single and bulk, GraphQL. */
const writes = (skuId: number): Call[] => [
  { method: "PATCH", path: `/api/v1/skus/${skuId}`, body: { on_hand: 3, reason: "found" } },
  {
    method: "POST",
    path: "/api/v1/stock-adjustments/bulk",
    body: { reason: "found", lines: [{ type: "sku", id: skuId, new_qty: 4 }] },
  },
  {
    graphql: AdjAdjustSkuStockDocument,
    variables: { input: { skuId, onHand: 5, reason: "FOUND" } },
  },
];

const expectUnavailable = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", retryAfter: "5" });

it("DATABASE_STATEMENT_TIMEOUT_MS: a statement waiting past it answers 503 with Retry-After over REST and GraphQL, and writes nothing", async () => {
  const t = await appWith({ statementTimeoutMs: 300 });
  try {
    const skuId = await createSku(setup, acct.token, 10);
    const before = await ledgerState(setup.db, acct.accountId);
    const lock = await lockSku(skuId);
    let answers: Answer[];
    try {
      answers = await Promise.all(writes(skuId).map((w) => answerOf(t.baseUrl, w, acct.token)));
    } finally {
      await lock.release();
    }

    for (const answer of answers) expectUnavailable(answer);
    expect(answers[0]!.body.detail).toBe("the database did not finish in time; try again shortly");
    expect(await ledgerState(setup.db, acct.accountId)).toEqual(before);
    const next = await answerOf(t.baseUrl, writes(skuId)[0]!, acct.token);
    expect(next.status).toBe(200);
  } finally {
    await t.close();
  }
});

it("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: the server ends a transaction left idle past it; nothing of it is kept, the error is a 503, the pool serves on", async () => {
  const db: PrismaClient = createPrismaClient(databaseUrl(), 1, {
    idleInTransactionTimeoutMs: 200,
  });
  try {
    const name = `idle-${Date.now()}`;
    const failure = await db
      .$transaction(async (tx) => {
        await tx.account.create({ data: { name } });
        await new Promise((r) => setTimeout(r, 700)); // the service stalled mid-transaction
        await tx.account.count();
      })
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(isServiceUnavailable(failure)).toBe(true);
    expect(await db.account.count({ where: { name } })).toBe(0);
    expect(await db.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  } finally {
    await db.$disconnect();
  }
});

describe("REQUEST_TIMEOUT_MS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({}, 500);
  });
  afterAll(() => t.close());

  it("answers a request still running after it 503 with Retry-After, cancels its statement at once, writes nothing, and serves the next requests", async () => {
    const skuId = await createSku(setup, acct.token, 10);
    const other = await createSku(setup, acct.token, 1);
    const before = await ledgerState(setup.db, acct.accountId);
    const lock = await lockSku(skuId);
    try {
      // Two writes hold both pooled connections, waiting on the lock, until the timeout.
      const answers = await Promise.all(
        [writes(skuId)[0]!, writes(skuId)[2]!].map((w) => answerOf(t.baseUrl, w, acct.token)),
      );

      for (const answer of answers) expectUnavailable(answer);
      // Said by the timeout itself, which knows nothing was changed (the token's bookkeeping aside).
      expect(answers[0]!.body.detail).toMatch(/did not finish within 500 ms; nothing was changed/);
      expect(answers[1]!.body.errors[0].message).toMatch(
        /did not finish within 500 ms; nothing was changed/,
      );
      // Cancelled, not left waiting: the lock is still held, yet no session waits on it…
      await lock.waiters(0);
      // …and the pool's connections serve other requests meanwhile.
      const reads = await Promise.all(
        [1, 2, 3].map(() =>
          answerOf(t.baseUrl, { method: "GET", path: `/api/v1/skus/${other}` }, acct.token),
        ),
      );
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
    } finally {
      await lock.release();
    }
    // Had the writes only been answered, they would have gone on once the lock was free.
    await new Promise((r) => setTimeout(r, 200));
    expect(await ledgerState(setup.db, acct.accountId)).toEqual(before);
    expect((await answerOf(t.baseUrl, writes(skuId)[0]!, acct.token)).status).toBe(200);
  });

  it("answers 503 when the database stops answering at all (a network gone silent), closes the connection stuck on it, and serves once the network is back", async () => {
    const proxy = await frozenProxy(new URL(databaseUrl()));
    const url = throughProxy(databaseUrl(), proxy);
    // One connection: were it left waiting on the silent network, nothing would be served again.
    const silent = await startTestApp(createPrismaClient(url, 1, { maxWaitMs: 1_000 }), {
      config: { requestTimeoutMs: 500 },
    });
    try {
      const skuId = await createSku(setup, acct.token, 10);
      const read: Call = { method: "GET", path: `/api/v1/skus/${skuId}` };
      expect((await answerOf(silent.baseUrl, read, acct.token)).status).toBe(200);

      proxy.freeze();
      const answers = await Promise.all(
        [read, writes(skuId)[0]!].map((c) => answerOf(silent.baseUrl, c, acct.token)),
      );
      for (const answer of answers) expectUnavailable(answer);

      proxy.thaw();
      let after = await answerOf(silent.baseUrl, read, acct.token);
      for (let tries = 0; after.status !== 200 && tries < 20; tries++) {
        await new Promise((r) => setTimeout(r, 250));
        after = await answerOf(silent.baseUrl, read, acct.token);
      }
      expect(after.status).toBe(200);
      expect(after.body.on_hand).toBe(10);
    } finally {
      await silent.close();
      proxy.close();
    }
  });
});

it("leaves the command line's own work alone: countpoint verify runs under settings that would cut every statement off", async () => {
  const result = await runCountpoint(
    databaseUrl(),
    ["verify", "--account", String(acct.accountId)],
    {
      DATABASE_STATEMENT_TIMEOUT_MS: "1",
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "1",
      REQUEST_TIMEOUT_MS: "1",
    },
  );

  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ ok: true });
});
