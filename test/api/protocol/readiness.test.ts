import { randomUUID } from "node:crypto";
import { createPrismaClient } from "../../../src/db/client.js";
import { migrate } from "../../../src/db/migrate.js";
import { startTestApp } from "../../helpers/app.js";
import {
  createFreshDatabase,
  queryRows,
  type FreshDatabase,
} from "../../helpers/fresh-database.js";

// /readyz tells a load balancer whether this build can serve the database it is pointed at.

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await createFreshDatabase();
  await migrate(fresh.url);
});
afterAll(() => fresh.drop());

async function readyz(): Promise<{ status: number; body: { status?: string; detail?: string } }> {
  const t = await startTestApp(createPrismaClient(fresh.url, 1));
  try {
    const response = await fetch(`${t.baseUrl}/readyz`);
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  } finally {
    await t.close();
  }
}

it("is ready when the database has exactly this build's migrations", async () => {
  // …and says how the partitioned tables stand: no strays, months made three ahead.
  const now = new Date();
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 4, 1));
  const months = { default_rows: 0, covered_until: until.toISOString().slice(0, 10) };
  expect(await readyz()).toEqual({
    status: 200,
    body: { status: "ready", partitions: { stock_movements: months, events: months } },
  });
});

it("is not ready, and says why, when the database has a migration this build does not know", async () => {
  const newer = "29990101000000_from_a_newer_version";
  await queryRows(
    fresh.url,
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 1)`,
    [randomUUID(), "0".repeat(64), newer],
  );

  const { status, body } = await readyz();

  expect(status).toBe(503);
  expect(body.detail).toContain(newer);
  expect(body.detail).toMatch(/does not know/);
  // Applying migrations again neither fails nor hides it.
  await migrate(fresh.url);
  expect((await readyz()).status).toBe(503);
});
