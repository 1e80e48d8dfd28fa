// Monthly partitions made ahead of time, and the DEFAULT partition that catches a row no month
// holds: a write never fails for a missing month, the strays are reported by /readyz and
// /metrics, and they move to their month once it is created. Each test has a database of its
// own, since it drops or adds months.
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { ensurePartitions } from "../../src/db/partitions.js";
import { rest, startTestApp, type TestApp } from "../helpers/app.js";
import { newAccount } from "../helpers/db.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";
import { createSku } from "../helpers/stock.js";

const opened: { fresh: FreshDatabase; sql: pg.Client; db: PrismaClient }[] = [];

/** A migrated database of its own, a plain connection and a Prisma client on it. */
async function migrated() {
  const fresh = await createFreshDatabase();
  await migrate(fresh.url);
  const sql = new pg.Client({ connectionString: fresh.url });
  await sql.connect();
  const db = createPrismaClient(fresh.url, 2);
  opened.push({ fresh, sql, db });
  return { fresh, sql, db };
}
afterAll(async () => {
  for (const { fresh, sql, db } of opened) {
    await sql.end();
    await db.$disconnect();
    await fresh.drop();
  }
});

/** The first instant of the UTC month `offset` months from this one. */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const monthName = (d: Date) =>
  `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The monthly partitions of a table, oldest first, by name. */
async function months(sql: pg.Client, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    `SELECT partition::text AS name FROM countpoint_partitions($1)
     WHERE range_start IS NOT NULL ORDER BY range_start`,
    [table],
  );
  return rows.map((r) => r.name);
}

const expectedMonths = (table: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${table}_p${monthName(monthStart(from + i))}`);

interface Ready {
  status: string;
  partitions: Record<string, { default_rows: number; covered_until: string | null }>;
}

/** /readyz and /metrics of an app over the database. */
async function health(url: string) {
  const t: TestApp = await startTestApp(createPrismaClient(url, 1));
  try {
    const ready = await fetch(`${t.baseUrl}/readyz`);
    const metrics = await (await fetch(`${t.baseUrl}/metrics`)).text();
    return { status: ready.status, body: (await ready.json()) as Ready, metrics };
  } finally {
    await t.close();
  }
}

const defaultRowsMetric = (metrics: string, table: string) =>
  Number(
    new RegExp(`^countpoint_partition_default_rows\\{table="${table}"\\} (\\d+)$`, "m").exec(
      metrics,
    )?.[1],
  );

describe("partitions ahead", () => {
  it("exist for this month and the next three after migrating, with a DEFAULT partition each", async () => {
    const { sql } = await migrated();
    for (const table of ["stock_movements", "events"]) {
      expect(await months(sql, table)).toEqual(expectedMonths(table, 0, 3));
      const { rows } = await sql.query(
        `SELECT partition::text AS name FROM countpoint_partitions($1) WHERE range_start IS NULL`,
        [table],
      );
      expect(rows).toEqual([{ name: `${table}_default` }]);
    }
  });

  it("are created once when two processes ask at once, and asking again creates none", async () => {
    const { fresh, sql } = await migrated();
    const other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
    try {
      const ask = (client: pg.Client) =>
        client
          .query<{ created: number }>(`SELECT countpoint_ensure_partitions(6) AS created`)
          .then((r) => r.rows[0]!.created);
      const created = await Promise.all([ask(sql), ask(other)]);
      // Months 4, 5 and 6 of both tables, each made by one of the two.
      expect(created.reduce((a, b) => a + b, 0)).toBe(6);
      expect(await ask(other)).toBe(0);
    } finally {
      await other.end();
    }
    for (const table of ["stock_movements", "events"]) {
      expect(await months(sql, table)).toEqual(expectedMonths(table, 0, 6));
    }
    // A month made ahead takes TRUNCATE's refusal along (row triggers come from the table).
    await expect(
      sql.query(`TRUNCATE stock_movements_p${monthName(monthStart(6))}`),
    ).rejects.toThrow(/append-only/);
    const { rows } = await sql.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1`,
      [`stock_movements_p${monthName(monthStart(6))}`],
    );
    expect(rows).toEqual([
      { tgname: "stock_movements_no_truncate" },
      { tgname: "stock_movements_no_update_delete" },
    ]);
  });
});

describe("the DEFAULT partition", () => {
  it("catches rows no month holds; /readyz and /metrics report them; they move to their month once it is created", async () => {
    const { fresh, sql, db } = await migrated();
    const [account] = (
      await sql.query(`INSERT INTO accounts (name) VALUES ('strays') RETURNING id`)
    ).rows as { id: number }[];
    const ahead = new Date(monthStart(8).getTime() + 3 * 86_400_000);
    const strays = await sql.query<{ id: string; at: Date }>(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id)
       VALUES ($1, $2, 'sku', 1, 0, 2, 2, 'found', 'adjustment', 'clock', (SELECT id FROM sites WHERE account_id = $1 AND is_default)),
              ($1, '2999-06-01T00:00:00Z', 'sku', 1, 2, 3, 1, 'found', 'adjustment', 'clock',
               (SELECT id FROM sites WHERE account_id = $1 AND is_default))
       RETURNING id, occurred_at AS at`,
      [account!.id, ahead.toISOString()],
    );
    await sql.query(
      `INSERT INTO events (account_id, type, occurred_at, data) VALUES ($1, 'stock.changed', $2, '{}')`,
      [account!.id, ahead.toISOString()],
    );
    const where = async (table: string) =>
      (
        await sql.query<{ p: string; n: number }>(
          `SELECT tableoid::regclass::text AS p, count(*)::int AS n FROM ${table}
           WHERE account_id = $1 GROUP BY 1 ORDER BY 1`,
          [account!.id],
        )
      ).rows;
    expect(await where("stock_movements")).toEqual([{ p: "stock_movements_default", n: 2 }]);
    expect(await where("events")).toEqual([{ p: "events_default", n: 1 }]);

    const reported = await health(fresh.url);
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({
      status: "ready",
      partitions: {
        stock_movements: { default_rows: 2, covered_until: day(monthStart(4)) },
        events: { default_rows: 1, covered_until: day(monthStart(4)) },
      },
    });
    expect(defaultRowsMetric(reported.metrics, "stock_movements")).toBe(2);
    expect(defaultRowsMetric(reported.metrics, "events")).toBe(1);
    expect(reported.metrics).toMatch(
      /^countpoint_partition_ahead_seconds\{table="stock_movements"\} \d+/m,
    );

    // The months up to the stray's are created: it moves there, unchanged; the year 2999 stays.
    const before = await sql.query(`SELECT * FROM stock_movements WHERE id = $1`, [
      strays.rows[0]!.id,
    ]);
    expect(await ensurePartitions(db, 8)).toBe(10);
    const month = `stock_movements_p${monthName(monthStart(8))}`;
    expect(await where("stock_movements")).toEqual([
      { p: "stock_movements_default", n: 1 },
      { p: month, n: 1 },
    ]);
    expect(await where("events")).toEqual([{ p: `events_p${monthName(monthStart(8))}`, n: 1 }]);
    expect((await sql.query(`SELECT * FROM ${month}`)).rows).toEqual(before.rows);
    // Moved, it is as append-only as before.
    await expect(sql.query(`DELETE FROM ${month}`)).rejects.toThrow(/append-only/);
    await expect(sql.query(`TRUNCATE ${month}`)).rejects.toThrow(/append-only/);

    const after = await health(fresh.url);
    expect(after.body.partitions).toEqual({
      stock_movements: { default_rows: 1, covered_until: day(monthStart(9)) },
      events: { default_rows: 0, covered_until: day(monthStart(9)) },
    });
    expect(defaultRowsMetric(after.metrics, "stock_movements")).toBe(1);
    expect(defaultRowsMetric(after.metrics, "events")).toBe(0);

    // However many strays there are, the check counts 10,001 at most (that figure: more).
    await sql.query(
      `INSERT INTO events (account_id, type, occurred_at, data)
       SELECT $1, 'stock.changed', '2999-01-01T00:00:00Z', '{}' FROM generate_series(1, 12000)`,
      [account!.id],
    );
    expect((await health(fresh.url)).body.partitions.events?.default_rows).toBe(10_001);
  });

  it("takes the service's writes when this month's partition is missing, and gives them up when it is made", async () => {
    const { fresh, sql, db } = await migrated();
    // As if the months ahead had never been made (a database restored from before them).
    await sql.query(`DROP TABLE stock_movements_p${monthName(monthStart(0))}`);
    await sql.query(`DROP TABLE events_p${monthName(monthStart(0))}`);

    const t = await startTestApp(createPrismaClient(fresh.url, 2));
    let skuId: number;
    let token: string;
    try {
      ({ token } = await newAccount(t.db));
      skuId = await createSku(t, token, 5);
      const adjusted = await rest(t, "PATCH", `/skus/${skuId}`, {
        token,
        body: { on_hand: 7, reason: "received" },
      });
      expect(adjusted.status).toBe(200);
    } finally {
      await t.close();
    }
    const reported = await health(fresh.url);
    expect(reported.status).toBe(200);
    expect(reported.body.partitions.stock_movements).toEqual({
      default_rows: 2,
      covered_until: null,
    });
    expect(reported.body.partitions.events?.default_rows).toBeGreaterThanOrEqual(3);

    expect(await ensurePartitions(db, 3)).toBe(2);
    const { rows } = await sql.query(
      `SELECT tableoid::regclass::text AS p, quantity_before::int AS before,
         quantity_after::int AS after FROM stock_movements WHERE sku_id = $1 ORDER BY id`,
      [skuId],
    );
    const month = `stock_movements_p${monthName(monthStart(0))}`;
    expect(rows).toEqual([
      { p: month, before: 0, after: 5 },
      { p: month, before: 5, after: 7 },
    ]);
    const after = await health(fresh.url);
    expect(after.body.partitions).toEqual({
      stock_movements: { default_rows: 0, covered_until: day(monthStart(4)) },
      events: { default_rows: 0, covered_until: day(monthStart(4)) },
    });
    // The history reads as before.
    const t2 = await startTestApp(createPrismaClient(fresh.url, 1));
    try {
      const history = await rest(t2, "GET", `/stock/movements?sku_id=${skuId}`, { token });
      expect(history.body.data.map((m: { quantity_after: number }) => m.quantity_after)).toEqual([
        7, 5,
      ]);
    } finally {
      await t2.close();
    }
  });
});
