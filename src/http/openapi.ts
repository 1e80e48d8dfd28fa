import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { DOCS_CSP } from "./security.js";

interface RouteSchema {
  hide?: boolean;
  headers?: { type?: string; properties?: Record<string, unknown> };
  response?: Record<string, { headers?: Record<string, unknown> }>;
}

const TOKEN = {
  type: "string",
  pattern: "^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$",
  maxLength: 17,
  example: "0/16B3748",
} as const;

/**
 * Every API read takes the Countpoint-Consistency token and every write answers one (when read
 * replicas are configured): documented on each operation rather than repeated in each route.
 */
function withConsistency(schema: RouteSchema, methods: string[]): RouteSchema {
  if (!schema || schema.hide) return schema;
  if (methods.includes("GET")) {
    const headers = schema.headers ?? { type: "object" };
    return {
      ...schema,
      headers: {
        ...headers,
        properties: {
          ...headers.properties,
          "countpoint-consistency": {
            ...TOKEN,
            description:
              "The token of your last write: this read then sees it (it is served by a read replica only once that replica has replayed the write). A malformed token, or one ahead of the database, is 400 INVALID_PARAMETER.",
          },
        },
      },
    };
  }
  const response = Object.fromEntries(
    Object.entries(schema.response ?? {}).map(([status, r]) => [
      status,
      status.startsWith("2")
        ? {
            ...r,
            headers: {
              ...r.headers,
              "countpoint-consistency": {
                ...TOKEN,
                description:
                  "Present when read replicas are configured: send it with your next reads to see this write.",
              },
            },
          }
        : r,
    ]),
  );
  return { ...schema, response };
}

/** The RateLimit-* response headers (draft-ietf-httpapi-ratelimit-headers-06). */
const RATE_LIMIT_HEADERS = {
  "ratelimit-limit": {
    type: "string",
    pattern: "^[0-9]+$",
    description:
      "The size of the token's rate-limit bucket, in units (a request costs 1; one carrying lines 1 per started 100 lines, a bulk adjustment's line counting as 6, an import's row as 10 and a count as 6, a stock take's counts 2 more; a list 1 per started 100 rows, 50 of movements or events).",
  },
  "ratelimit-remaining": {
    type: "string",
    pattern: "^[0-9]+$",
    description: "Whole units left in the bucket after this request.",
  },
  "ratelimit-reset": {
    type: "string",
    pattern: "^[0-9]+$",
    description:
      "Seconds until the bucket is full again (on a 429: until the request can pass, as Retry-After).",
  },
};

/**
 * Every operation authenticates, and every response to an authenticated request says where the
 * token's rate limit stands (absent for an unlimited token, and on a 401).
 */
function withRateLimitHeaders(schema: RouteSchema): RouteSchema {
  if (!schema || schema.hide || !schema.response) return schema;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, r]) => [
      status,
      status === "401" ? r : { ...r, headers: { ...r.headers, ...RATE_LIMIT_HEADERS } },
    ]),
  );
  return { ...schema, response };
}

/**
 * OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, and a docs page at
 * /api/v1/docs (assets served locally). Route conventions: src/server/openapi-schemas.ts.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Countpoint REST API",
        version: "1",
        // The project has no public address of its own to give: its name only.
        contact: { name: "Countpoint" },
        description:
          "Stock takes, absolute stock adjustments and an append-only stock ledger. Authenticate with `Authorization: Bearer <token>`. Errors are application/problem+json with a stable `code`. Writes take an `Idempotency-Key` header. Each token has a rate limit (a token bucket): every response says where it stands in RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset, and a request over it is 429 RATE_LIMITED with Retry-After, refused before its body is read.",
      },
      // Relative: the API is where this document is served from, whatever host, port or proxy
      // the client reached it through (the paths carry /api/v1).
      servers: [{ url: "/", description: "The server this document is served from" }],
      tags: [
        {
          name: "account",
          description: "The token's account: its name, time zone and currency.",
        },
        { name: "catalog", description: "SKUs and supplier items." },
        {
          name: "sites",
          description:
            "The account's stores, warehouses and vans; one is its default, the site a request naming none means.",
        },
        {
          name: "transfers",
          description:
            "Stock sent from one site to another: dispatched, in transit, received (in parts, or closed short) or cancelled.",
        },
        { name: "adjustments", description: "Set stock to absolute quantities." },
        { name: "movements", description: "The append-only stock ledger." },
        { name: "events", description: "The change feed, oldest first, never skipping an event." },
        {
          name: "webhooks",
          description:
            "Endpoints that receive events as signed POSTs (Standard Webhooks), in feed order, with every attempt recorded.",
        },
        {
          name: "tokens",
          description:
            "API tokens issued by the account's admin tokens: a counting device's token, with some of the issuer's scopes, expiring.",
        },
        {
          name: "stock takes",
          description: "Freeze, count, review and reconcile stock takes; counts also as CSV.",
        },
        {
          name: "cycle counts",
          description:
            "Count a little every day: SKUs classed A, B or C by how much they move, and what is due.",
        },
        {
          name: "reports",
          description: "What the stock takes found: inventory record accuracy over time.",
        },
      ],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => ({
      schema: withRateLimitHeaders(withConsistency(schema as RouteSchema, [route.method].flat())),
      url,
    }),
    // Shared schemas (app.addSchema) become components named by their $id, not def-0, def-1, ….
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === "string" ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/v1/docs",
    uiConfig: { validatorUrl: null, deepLinking: true },
    // The docs pages' own policy, in place of the API's (which would block the page).
    staticCSP: DOCS_CSP,
  });
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
