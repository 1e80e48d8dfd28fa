// Zero-configuration start: embedded PostgreSQL keeps its data in the data folder across
// restarts, and the first start of an empty database gets a demo account and a working token.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { SCOPES } from "../../src/context.js";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { startEmbeddedPostgres } from "../../src/db/embedded.js";
import { migrate } from "../../src/db/migrate.js";
import { authenticate } from "../../src/modules/account/account.service.js";
import { ensureDemoAccount } from "../../src/modules/account/demo.service.js";
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
      for (const i of linked) expect(i.onHand.isZero()).toBe(true);

      // Every opening quantity is an opening_balance movement from 0, and nothing else was written.
      const movements = await db.stockMovement.findMany({ where: { accountId: demo.accountId } });
      const stocked = [
        ...skus.map((s) => ({ key: `sku:${s.id}`, onHand: s.onHand })),
        ...unlinked.map((i) => ({ key: `supplier_item:${i.id}`, onHand: i.onHand })),
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
