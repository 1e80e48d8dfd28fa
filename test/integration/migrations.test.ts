import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { migrate, type MigrationReport } from "../../src/db/migrate.js";
import { migrationsDir, projectRoot } from "../../src/paths.js";
import { createFreshDatabase, queryRows, type FreshDatabase } from "../helpers/fresh-database.js";
import { actualShape, expectedShape } from "../helpers/schema-shape.js";

const run = promisify(execFile);

const fresh: FreshDatabase[] = [];
const tmpDirs: string[] = [];

async function freshDatabase(): Promise<FreshDatabase> {
  const db = await createFreshDatabase();
  fresh.push(db);
  return db;
}

/** A copy of the shipped migrations that a test may edit. */
async function migrationsCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "countpoint-migrations-"));
  tmpDirs.push(dir);
  await cp(migrationsDir, dir, { recursive: true });
  return dir;
}

async function shippedMigrationNames(): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

const migrationRows = (url: string) =>
  queryRows<MigrationRow>(
    url,
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
  );

afterAll(async () => {
  await Promise.all(fresh.map((db) => db.drop()));
  await Promise.all(tmpDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("database migrations", () => {
  it("the migrated database matches schema.prisma", async () => {
    const db = await freshDatabase();
    await migrate(db.url);
    const schema = await readFile(join(projectRoot, "prisma", "schema.prisma"), "utf8");

    const expected = expectedShape(schema);
    const actual = await actualShape(db.url);

    expect(Object.keys(expected.tables).length).toBeGreaterThan(0);
    expect(actual.enums).toEqual(expected.enums);
    expect(actual.tables).toEqual(expected.tables);
    expect(actual.indexes).toEqual(expected.indexes);
    expect(actual.foreignKeys).toEqual(expected.foreignKeys);
  });

  it("two processes starting together apply each migration once", async () => {
    const db = await freshDatabase();
    const names = await shippedMigrationNames();

    const childProcess = run(process.execPath, ["dist/src/cli.js", "migrate"], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: db.url, NODE_OPTIONS: "" },
    }).then(({ stdout }) => JSON.parse(stdout.trim()) as MigrationReport);
    const reports = await Promise.all([migrate(db.url), migrate(db.url), childProcess]);

    // Every migration was applied by exactly one of the three; the others saw it applied.
    const appliedBy = reports.flatMap((r) => r.applied).sort();
    expect(appliedBy).toEqual(names);
    for (const r of reports) expect([...r.applied, ...r.alreadyApplied].sort()).toEqual(names);

    const rows = await migrationRows(db.url);
    const checksums = await Promise.all(
      names.map(async (name) =>
        createHash("sha256")
          .update(await readFile(join(migrationsDir, name, "migration.sql"), "utf8"))
          .digest("hex"),
      ),
    );
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(
      names.map((name, i) => [name, checksums[i]]),
    );
    for (const r of rows) {
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.rolled_back_at).toBeNull();
    }

    await expect(migrate(db.url)).resolves.toEqual({ applied: [], alreadyApplied: names });
  });

  it("refuses to start when an applied migration was changed afterwards", async () => {
    const db = await freshDatabase();
    const dir = await migrationsCopy();
    const shipped = await shippedMigrationNames();
    const [first] = shipped;
    if (!first) throw new Error("no migrations shipped");
    await migrate(db.url, dir);

    const file = join(dir, first, "migration.sql");
    await writeFile(file, (await readFile(file, "utf8")) + "\n-- edited after release\n");

    await expect(migrate(db.url, dir)).rejects.toThrow(new RegExp(`${first}.*changed`));
    const rows = await migrationRows(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(shipped);
  });

  it("a failing migration leaves no trace and can be applied once fixed", async () => {
    const db = await freshDatabase();
    const dir = await migrationsCopy();
    const names = await shippedMigrationNames();
    const broken = "29991231000000_broken";
    await mkdir(join(dir, broken));
    await writeFile(
      join(dir, broken, "migration.sql"),
      `CREATE TABLE "half_done" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n`,
    );

    await expect(migrate(db.url, dir)).rejects.toThrow(new RegExp(`${broken}.*no_such_table`));

    const [table] = await queryRows<{ found: string | null }>(
      db.url,
      `SELECT to_regclass('public.half_done')::text AS found`,
    );
    expect(table?.found).toBeNull();
    const rows = await migrationRows(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const r of rows) expect(r.finished_at).toBeInstanceOf(Date);

    await writeFile(
      join(dir, broken, "migration.sql"),
      `CREATE TABLE "half_done" ("id" INTEGER);\n`,
    );
    await expect(migrate(db.url, dir)).resolves.toEqual({
      applied: [broken],
      alreadyApplied: names,
    });
    const [after] = await queryRows<{ found: string | null }>(
      db.url,
      `SELECT to_regclass('public.half_done')::text AS found`,
    );
    expect(after?.found).toBe("half_done");
  });
});
