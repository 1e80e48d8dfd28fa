// A Prisma-compatible migration applier. Prisma's own `migrate deploy` needs a native engine that
// cannot be downloaded everywhere, so the service applies prisma/migrations itself, keeping
// Prisma's bookkeeping (the _prisma_migrations table, sha256 checksums of migration.sql) so that
// either tool can take over. One transaction per migration; a session advisory lock (the key
// Prisma Migrate uses) makes concurrent starts of several replicas apply each migration once.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { migrationsDir } from "../paths.js";
import { PRISMA_MIGRATE_LOCK_KEY } from "./locks.js";

const CREATE_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

/** The migrations shipped with this build, oldest first. */
export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies every pending migration; safe to call from several processes at once. */
export async function migrate(databaseUrl: string, dir = migrationsDir): Promise<MigrationReport> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_BOOKKEEPING);
    const done = await appliedChecksums(client);
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const m of migrations) {
      const checksum = done.get(m.name);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) {
          throw new Error(`migration ${m.name} was changed after it was applied`);
        }
        report.alreadyApplied.push(m.name);
        continue;
      }
      await applyOne(client, m);
      report.applied.push(m.name);
    }
    return report;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export interface MigrationStatus {
  /** Shipped with this build, not applied to the database. */
  pending: string[];
  /** Applied to the database, unknown to this build (a newer version ran against it). */
  unknown: string[];
}

/** How the database's migrations compare with the ones shipped with this build. */
export async function migrationStatus(
  query: (sql: string) => Promise<{ migration_name: string }[]>,
): Promise<MigrationStatus> {
  const shipped = new Set((await readMigrations()).map((m) => m.name));
  const rows = await query(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return {
    pending: [...shipped].filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !shipped.has(name)).sort(),
  };
}

async function appliedChecksums(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
  }>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const unfinished = rows.find((r) => r.finished_at === null);
  if (unfinished) {
    throw new Error(
      `migration ${unfinished.migration_name} failed earlier; resolve it before starting`,
    );
  }
  return new Map(rows.map((r) => [r.migration_name, r.checksum]));
}

async function applyOne(client: pg.Client, m: Migration): Promise<void> {
  const id = randomUUID();
  await client.query("BEGIN");
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
      [id, m.checksum, m.name],
    );
    await client.query(m.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
