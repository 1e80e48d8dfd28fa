// Seeding the benchmarks' data set-based, as a database made over time would hold it.
import type pg from "pg";

/**
 * Runs seeding statements with row triggers off (session_replication_role = replica, which needs
 * a superuser, as the benchmark's own database has): a location seeded on a million levels would
 * otherwise stamp each item and write an updated event for it, work the data being seeded never
 * asked for. Without the privilege the statements run with their triggers, only slower.
 */
export async function withoutTriggers<T>(raw: pg.Client, seed: () => Promise<T>): Promise<T> {
  const quiet = await raw.query("SET session_replication_role = replica").then(
    () => true,
    () => false,
  );
  try {
    return await seed();
  } finally {
    if (quiet) await raw.query("SET session_replication_role = DEFAULT");
  }
}
