import "reflect-metadata";
import { createPrismaClient, type PoolOptions, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import type { ServiceContext } from "../../src/context.js";
import { SCOPES, type Scope } from "../../src/auth/principal.js";
import { authenticate, createAccount } from "../../src/modules/account/account.service.js";
import { createToken } from "../../src/modules/token/token.store.js";

export const databaseUrl = (): string => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the tests with npm test");
  return url;
};

let migrated: Promise<unknown> | undefined;

/** A Prisma client on the test database, migrated. Disconnect it in afterAll. */
export async function testDb(options: PoolOptions = {}): Promise<PrismaClient> {
  migrated ??= migrate(databaseUrl());
  await migrated;
  return createPrismaClient(databaseUrl(), 5, options);
}

export interface TestAccount {
  accountId: number;
  token: string;
}

let counter = 0;

/** A fresh account of its own and a token with the given scopes (all by default). */
export async function newAccount(
  db: PrismaClient,
  options: { scopes?: Scope[]; timezone?: string } = {},
): Promise<TestAccount> {
  const account = await createAccount(db, {
    name: `test-${process.pid}-${++counter}`,
    timezone: options.timezone,
  });
  const { token } = await createToken(db, {
    accountId: account.id,
    name: "test-token",
    scopes: options.scopes ?? [...SCOPES],
  });
  return { accountId: account.id, token };
}

/** A fresh account's service context (its token authenticated), as a request of it has. */
export async function newAccountContext(
  db: PrismaClient,
  options: Parameters<typeof newAccount>[1] = {},
): Promise<ServiceContext> {
  const account = await newAccount(db, options);
  const principal = await authenticate(db, account.token);
  if (!principal) throw new Error("the test token does not authenticate");
  return { db, principal };
}

/**
 * Waits until a statement whose text contains `text` waits on a lock in PostgreSQL (a test holds
 * the lock, so the statement stands still where the test wants it); throws after 5 s.
 */
export async function untilWaitingOnLock(db: PrismaClient, text: string): Promise<void> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    const [row] = await db.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND strpos(query, ${text}) > 0 AND pid <> pg_backend_pid()`;
    if (row!.waiting > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no statement containing ${text} came to wait on a lock`);
}
