// A database made by some of the migrations (those before the one a test runs on data), and the
// snapshot a migration test compares before and after it: per table, its rows and their digest.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrate } from "../../src/db/migrate.js";
import { migrationsDir } from "../../src/paths.js";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database.js";

export interface DatabaseBefore {
  fresh: FreshDatabase;
  /** A client on it, for the test's own rows and checks. */
  sql: pg.Client;
  /** Runs the migration named, alone, on the database (a later one stays unapplied). */
  apply(migration: string): ReturnType<typeof migrate>;
  /** Ends the client, drops the database and the copy of the migrations. */
  close(): Promise<void>;
}

/** A fresh database made by the migrations whose folder names `keep` takes, in order. */
export async function databaseBefore(
  keep: (migration: string) => boolean,
): Promise<DatabaseBefore> {
  const fresh = await createFreshDatabase();
  const dir = await mkdtemp(join(tmpdir(), "countpoint-migrations-before-"));
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && keep(e.name))
    .map((e) => e.name);
  for (const name of names)
    await cp(join(migrationsDir, name), join(dir, name), { recursive: true });
  await migrate(fresh.url, dir);
  const sql = new pg.Client({ connectionString: fresh.url });
  await sql.connect();
  return {
    fresh,
    sql,
    apply: async (migration) => {
      await cp(join(migrationsDir, migration), join(dir, migration), { recursive: true });
      return migrate(fresh.url, dir);
    },
    close: async () => {
      await sql.end();
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The database before `migration` (made by every migration named before it) for a test file:
 * made before its tests, dropped after them.
 */
export function useDatabaseBefore(migration: string): Omit<DatabaseBefore, "close"> {
  let base: DatabaseBefore | undefined;
  beforeAll(async () => {
    base = await databaseBefore((name) => name < migration);
  });
  afterAll(async () => {
    await base?.close();
  });
  const made = (): DatabaseBefore => {
    if (!base) throw new Error("the database before the migration is made in beforeAll");
    return base;
  };
  return {
    get fresh() {
      return made().fresh;
    },
    get sql() {
      return made().sql;
    },
    apply: (name) => made().apply(name),
  };
}

/**
 * Two accounts (Store and Warehouse), made as an account is at sites' version, the first with a
 * second site (VAN) besides its default, on which a migration must put nothing. Their ids.
 */
export async function twoAccountsWithVan(sql: pg.Client): Promise<number[]> {
  const accounts: number[] = [];
  for (const name of ["Store", "Warehouse"]) {
    const { rows } = await sql.query<{ id: number }>(
      "INSERT INTO accounts (name) VALUES ($1) RETURNING id",
      [name],
    );
    accounts.push(rows[0]!.id);
  }
  await sql.query("INSERT INTO sites (account_id, code, name) VALUES ($1, 'VAN', 'Van')", [
    accounts[0],
  ]);
  return accounts;
}

/**
 * tableSnapshot's columns for the tables the movement_sites migration gives a site_id: those they
 * had before it.
 */
export const COLUMNS_BEFORE_SITES = {
  stock_movements:
    "t.account_id, t.id, t.occurred_at, t.entity_type, t.sku_id, t.supplier_item_id, t.quantity_before, t.quantity_after, t.change, t.reason, t.note, t.reference, t.source, t.adjustment_id, t.stock_take_id, t.actor_name, t.actor_token_id",
  stock_takes:
    "t.account_id, t.id, t.status, t.frozen_at, t.reference, t.note, t.blind, t.basis, t.scope, t.actor_name, t.actor_token_id, t.reconciled_at, t.cancelled_at, t.created_at, t.line_count",
};

/**
 * Per table of the schema: its row count and an md5 of every row's text, in order. `columns`
 * names, for a table a migration gives a column, the columns it had before (`t.a, t.b`).
 */
export async function tableSnapshot(
  sql: pg.Client,
  columns: Record<string, string> = {},
): Promise<Record<string, string>> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname <> '_prisma_migrations' ORDER BY 1`,
  );
  const shot: Record<string, string> = {};
  for (const { name } of tables) {
    const row = columns[name] ? `(${columns[name]})` : "t";
    const { rows } = await sql.query<{ n: string; digest: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(${row}::text, E'\\n' ORDER BY ${row}::text)) AS digest
       FROM "${name}" AS t`,
    );
    shot[name] = `${rows[0]!.n} rows, ${rows[0]!.digest}`;
  }
  return shot;
}

/** A stock take being counted at the account's default site, as a start writes its row: its id. */
export async function countingStockTake(sql: pg.Client, accountId: number): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO stock_takes (account_id, scope, actor_name, site_id, status)
     VALUES ($1, '{"all": true}', 'erp',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default), 'counting')
     RETURNING id`,
    [accountId],
  );
  return rows[0]!.id;
}
