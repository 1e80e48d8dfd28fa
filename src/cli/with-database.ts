// The database a command works on: the configured one, opened for the command and released after.
import { loadConfig } from "../config.js";
import { createPrismaClient } from "../db/client.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";

/** Runs a command that needs the database (migrated first unless told not to), then releases it. */
export async function withDatabase<T>(
  work: (db: ReturnType<typeof createPrismaClient>) => Promise<T>,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (migrated) await migrate(database.url);
    const db = createPrismaClient(database.url, 2);
    try {
      return await work(db);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await database.release();
  }
}
