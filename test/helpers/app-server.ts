// The counting app's browser suites: the built server (serving /app) on its own port, the test
// database, and an account with an admin token (every scope, as the command line makes one).
import type { PrismaClient } from "../../src/db/client.js";
import type { Scope } from "../../src/auth/principal.js";
import { createToken } from "../../src/modules/token/token.store.js";
import { newAccount, testDb, type TestAccount } from "./db.js";
import { call, startServer, stopProcess, type Server } from "./server.js";

export interface AppServer {
  server: Server;
  db: PrismaClient;
  account: TestAccount;
}

/** Starts the server before the suite's tests and stops it after; its parts once started. */
export function appServer(): AppServer {
  const app = {} as AppServer;
  beforeAll(async () => {
    app.db = await testDb();
    app.server = await startServer();
    app.account = await newAccount(app.db);
  }, 120_000);
  afterAll(async () => {
    await stopProcess(app.server);
    await app.db.$disconnect();
  });
  return app;
}

/** A token of the account for one counting device (read and count by default), expiring. */
export async function deviceToken(
  app: AppServer,
  {
    name = "Scanner",
    scopes = ["read", "count"],
    hours = 12,
  }: {
    name?: string;
    scopes?: Scope[];
    hours?: number;
  } = {},
): Promise<string> {
  const made = await createToken(app.db, {
    accountId: app.account.accountId,
    name,
    scopes,
    expiresAt: new Date(Date.now() + hours * 3600_000),
  });
  return made.token;
}

/**
 * SKUs of these codes ("Item CODE", 10 on hand each) and a stock take of them called `reference`,
 * each line counted as `counts` says (by the account's admin token) when given: its id and the
 * SKUs' ids, in the codes' order.
 */
export async function countedStockTake(
  app: AppServer,
  codes: string[],
  reference: string,
  counts?: number[],
): Promise<{ id: number; ids: number[] }> {
  const rows = codes.map((code) => ({ code, name: `Item ${code}`, opening_on_hand: 10 }));
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
  expect(made.status).toBe(200);
  const ids: number[] = made.body.ids.map((r: { id: number }) => r.id);
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: ids },
    reference,
  });
  expect(started.status).toBe(201);
  const id: number = started.body.id;
  if (counts) {
    const counted = await call(app.server, "POST", `/stock-takes/${id}/input`, app.account.token, {
      counts: counts.map((q, i) => ({ type: "sku", id: ids[i], counted_qty: q })),
    });
    expect(counted.status).toBe(200);
  }
  return { id, ids };
}
