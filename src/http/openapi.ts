import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";

/** OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, and a docs page at /api/v1/docs (assets served locally). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Countpoint REST API",
        version: "1",
        description:
          "Stock takes, absolute stock adjustments and an append-only stock ledger. Errors are application/problem+json with a stable `code`.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/v1/docs",
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
