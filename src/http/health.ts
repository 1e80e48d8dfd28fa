import type { FastifyInstance } from "fastify";
import { pendingMigrations } from "../db/migrate.js";
import { AppError } from "../errors.js";

/** /healthz: the process answers. /readyz: the database answers and every migration is applied. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async () => {
    let pending: string[];
    try {
      pending = await pendingMigrations((sql) => app.db.$queryRawUnsafe(sql));
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE", "the database is unreachable or not migrated");
    }
    if (pending.length > 0) {
      throw new AppError("SERVICE_UNAVAILABLE", `migrations not applied: ${pending.join(", ")}`);
    }
    return { status: "ready" };
  });
}
