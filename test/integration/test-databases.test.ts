// The suite's own isolation: each Jest worker tests on a database of its own (test/global-setup.mjs),
// so files running at once share no rows, sequences, statistics or partitions.
import pg from "pg";
import { databaseUrl } from "../helpers/db.js";

it("runs this worker's files on a database of the worker's own, copied from the migrated template", async () => {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; migrations: number }>(
      `SELECT current_database() AS name,
              (SELECT count(*)::int FROM _prisma_migrations WHERE finished_at IS NOT NULL) AS migrations`,
    );
    expect(rows[0]!.name).toMatch(new RegExp(`_t\\d+_w${process.env.JEST_WORKER_ID ?? "1"}$`));
    expect(rows[0]!.migrations).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
});
