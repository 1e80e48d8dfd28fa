import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";

/**
 * OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, and a docs page at
 * /api/v1/docs (assets served locally). Route conventions: src/http/openapi-schemas.ts.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Countpoint REST API",
        version: "1",
        description:
          "Stock takes, absolute stock adjustments and an append-only stock ledger. Authenticate with `Authorization: Bearer <token>`. Errors are application/problem+json with a stable `code`. Writes take an `Idempotency-Key` header.",
      },
      tags: [
        { name: "catalog", description: "SKUs and supplier items." },
        { name: "adjustments", description: "Set stock to absolute quantities." },
        { name: "movements", description: "The append-only stock ledger." },
        { name: "events", description: "The change feed, oldest first, never skipping an event." },
        {
          name: "webhooks",
          description:
            "Endpoints that receive events as signed POSTs (Standard Webhooks), in feed order, with every attempt recorded.",
        },
        {
          name: "stock takes",
          description: "Freeze, count, review and reconcile stock takes; counts also as CSV.",
        },
      ],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas (app.addSchema) become components named by their $id, not def-0, def-1, ….
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === "string" ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/v1/docs",
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
