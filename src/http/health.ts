import type { FastifyInstance } from "fastify";
import { migrationStatus, type MigrationStatus } from "../db/migrate.js";
import { partitionStatus, type PartitionStatus } from "../db/partitions.js";
import { AppError } from "../errors.js";

/**
 * /healthz: the process answers. /readyz: the database answers, every migration of this build is
 * applied, and the database has none this build does not know (a newer version migrated it: this
 * build may not understand its tables). The problem's detail says which. When ready, it also
 * says how the partitioned tables stand: rows their DEFAULT partition caught (stray times no
 * month holds; they do not make the service unready) and how far their months reach.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async () => {
    let status: MigrationStatus;
    try {
      status = await migrationStatus((sql) => app.db.$queryRawUnsafe(sql));
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE", "the database is unreachable or not migrated");
    }
    if (status.pending.length > 0) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `migrations not applied: ${status.pending.join(", ")}`,
      );
    }
    if (status.unknown.length > 0) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `the database has migrations this build does not know (a newer version migrated it): ${status.unknown.join(", ")}`,
      );
    }
    let partitions: PartitionStatus;
    try {
      partitions = await partitionStatus(app.db);
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE", "the database is unreachable");
    }
    const ready = { status: "ready", partitions: partitionDetails(partitions) };
    // Replicas are reported, not required: without them every read goes to the primary.
    if (!app.reads.hasReplicas) return ready;
    return {
      ...ready,
      replicas: app.reads.status().map((r) => ({
        name: r.name,
        state: r.state,
        lag_ms: r.lagMs,
        replay_lsn: r.replayLsn,
      })),
    };
  });
}

/** The partitions' state as /readyz shows it (snake_case like the rest of the HTTP API). */
const partitionDetails = (status: PartitionStatus) =>
  Object.fromEntries(
    Object.entries(status).map(([table, t]) => [
      table,
      { default_rows: t.defaultRows, covered_until: t.coveredUntil },
    ]),
  );
