import { loadConfig } from "../config.js";
import { createPrismaClient } from "../db/client.js";
import { buildApp } from "./app.js";

/**
 * The document the service serves at /api/v1/openapi.json, built without a database (for
 * `countpoint openapi` and the OpenAPI lint): the app is built on the default configuration with
 * a pool that is never used, so nothing connects anywhere.
 */
export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({ LOG_LEVEL: "silent" });
  const db = createPrismaClient("postgresql://unused@127.0.0.1:1/unused", 1);
  const app = await buildApp({ db, config });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.$disconnect();
  }
}
