// The counting app's browser suites: the built server (serving /app) on its own port, the test
// database, and an account with an admin token (every scope, as the command line makes one).
import type { PrismaClient } from "../../src/db/client.js";
import type { Scope } from "../../src/auth/principal.js";
import { createToken } from "../../src/modules/token/token.store.js";
import { newAccount, testDb, type TestAccount } from "./db.js";
import { startServer, stopProcess, type Server } from "./server.js";

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
