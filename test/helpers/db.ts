import "reflect-metadata";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { SCOPES, type Scope } from "../../src/context.js";
import { createAccount, createToken } from "../../src/modules/account/account.service.js";

export const databaseUrl = (): string => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the tests with npm test");
  return url;
};

let migrated: Promise<unknown> | undefined;

/** A Prisma client on the test database, migrated. Disconnect it in afterAll. */
export async function testDb(): Promise<PrismaClient> {
  migrated ??= migrate(databaseUrl());
  await migrated;
  return createPrismaClient(databaseUrl(), 5);
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
