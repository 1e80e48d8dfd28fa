import { randomBytes } from "node:crypto";
import pg from "pg";
import { databaseUrl } from "./db.js";

export interface FreshDatabase {
  /** Connection string of the new, empty database (same server and credentials as the test database). */
  url: string;
  name: string;
  /** Drops the database, disconnecting whatever still uses it. */
  drop: () => Promise<void>;
}

const withUrlDatabase = (url: string, database: string): string => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withUrlDatabase(databaseUrl(), "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database of its own on the test server, for tests that need a database from scratch. */
export async function createFreshDatabase(): Promise<FreshDatabase> {
  const name = `countpoint_test_${randomBytes(6).toString("hex")}`;
  await onServer((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: withUrlDatabase(databaseUrl(), name),
    drop: () =>
      onServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** Runs one query on its own connection and returns the rows. */
export async function queryRows<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
