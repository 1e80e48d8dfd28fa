// Events are kept for the configured days and pruned after; the feed's lag is measurable.
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { ledgerHorizon, ledgerHorizons, ledgerLag } from "../../src/ledger/ledger.js";
import { pruneEvents } from "../../src/modules/event/event.retention.js";
import { newAccount, testDb } from "../helpers/db.js";
import { createFreshDatabase, queryRows } from "../helpers/fresh-database.js";

let db: PrismaClient;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.$disconnect();
});

/** `count` events of the account stamped `days` days ago. */
async function eventsAged(accountId: number, days: number, count: number) {
  await db.$executeRaw`
    INSERT INTO events (account_id, type, occurred_at, data)
    SELECT ${accountId}, 'stock.changed', now() - make_interval(days => ${days}), '{}'::jsonb
    FROM generate_series(1, ${count})`;
}

const countOf = async (accountId: number) => db.event.count({ where: { accountId } });

describe("event retention", () => {
  it("prunes every account's events older than the retention, in batches, and keeps the rest", async () => {
    const a = await newAccount(db);
    const b = await newAccount(db);
    // More than one batch of 10,000 for one account.
    await eventsAged(a.accountId, 40, 25_000);
    await eventsAged(a.accountId, 29, 3);
    await eventsAged(b.accountId, 31, 2);
    await eventsAged(b.accountId, 1, 1);
    const pruned = await pruneEvents(db, 30);
    expect(pruned).toBeGreaterThanOrEqual(25_002);
    expect([await countOf(a.accountId), await countOf(b.accountId)]).toEqual([3, 1]);
    expect(await pruneEvents(db, 30)).toBe(0);
  });

  it("drops the months entirely past the retention whole, and deletes the rest row by row", async () => {
    // A database of its own: months are dropped for every account.
    const fresh = await createFreshDatabase();
    const own = createPrismaClient(fresh.url, 2);
    try {
      await migrate(fresh.url);
      const now = new Date();
      const month = (offset: number) =>
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      const name = (d: Date) =>
        `events_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
      // Months 4 and 3 back end at least 59 days ago; the month 2 back may end within 30 days.
      for (const offset of [-4, -3, -2]) {
        await own.$executeRaw`SELECT countpoint_create_partition('events', ${month(offset)}::date)`;
      }
      const [account] = await queryRows<{ id: number }>(
        fresh.url,
        `INSERT INTO accounts (name) VALUES ('retention') RETURNING id`,
      );
      const insert = (at: Date, count: number) =>
        own.$executeRaw`
          INSERT INTO events (account_id, type, occurred_at, data)
          SELECT ${account!.id}, 'stock.changed', ${at.toISOString()}::timestamptz, '{}'::jsonb
          FROM generate_series(1, ${count}::int)`;
      await insert(new Date(month(-4).getTime() + 9 * 86_400_000), 500);
      await insert(new Date(month(-3).getTime() + 9 * 86_400_000), 300);
      await insert(new Date(now.getTime() - 40 * 86_400_000), 7);
      await insert(new Date(now.getTime() - 86_400_000), 2);

      expect(await pruneEvents(own, 30)).toBe(807);
      const months = await queryRows<{ name: string }>(
        fresh.url,
        `SELECT partition::text AS name FROM countpoint_partitions('events') ORDER BY 1`,
      );
      const names = months.map((m) => m.name);
      expect(names).not.toContain(name(month(-4)));
      expect(names).not.toContain(name(month(-3)));
      expect(names).toEqual(expect.arrayContaining(["events_default", name(month(0))]));
      expect(await own.event.count()).toBe(2);
      // The ledger's months are never dropped.
      const ledger = await queryRows<{ n: number }>(
        fresh.url,
        `SELECT count(*)::int AS n FROM countpoint_partitions('stock_movements')`,
      );
      expect(ledger[0]!.n).toBe(5);
    } finally {
      await own.$disconnect();
      await fresh.drop();
    }
  });
});

describe("the feed's lag", () => {
  it("is at least as old as a write held open, whatever account holds it", async () => {
    const a = await newAccount(db);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const writer = db.$transaction(
      async (tx) => {
        // What a ledger write holds from its stamp to its commit.
        await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(19524, ${a.accountId}::int)::text`;
        holding();
        await released;
      },
      { timeout: 30_000 },
    );
    await held;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await ledgerLag(db)).toBeGreaterThanOrEqual(1.2);
    // Several accounts' horizons in one statement agree with each account's own.
    const b = await newAccount(db);
    const both = await ledgerHorizons(db, [a.accountId, b.accountId]);
    const own = await ledgerHorizon(db, a.accountId);
    expect(both.get(a.accountId)).toEqual(own);
    expect(Date.now() - own.getTime()).toBeGreaterThanOrEqual(1_200);
    expect(Date.now() - both.get(b.accountId)!.getTime()).toBeLessThan(1_000);
    release();
    await writer;
  });
});
