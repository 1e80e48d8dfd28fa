import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "../config.js";
import type { PrismaClient } from "../db/client.js";
import { ReadRouting } from "../db/replicas.js";
import type { RateLimit } from "../rate-limit/bucket.js";
import { createRateLimiter } from "../auth/limiter.js";
import { registerGraphql } from "./graphql.js";
import { registerCountingApp } from "../http/counting-app.js";
import { logOptions } from "../log.js";
import { adjustmentRoutes } from "../modules/adjustment/adjustment.rest.js";
import { catalogRoutes } from "../modules/catalog/rest/catalog.rest.js";
import { editRoutes } from "../modules/adjustment/adjustment.edit.rest.js";
import { movementRoutes } from "../modules/movement/movement.rest.js";
import { eventRoutes } from "../modules/event/event.rest.js";
import { webhookRoutes } from "../modules/webhook/webhook.rest.js";
import { tokenRoutes } from "../modules/token/token.rest.js";
import { siteRoutes } from "../modules/site/site.rest.js";
import { accountRoutes } from "../modules/account/account.rest.js";
import { costRoutes } from "../modules/catalog/rest/catalog.costs.rest.js";
import { transferRoutes } from "../modules/transfer/transfer.rest.js";
import { stockTakeRoutes } from "../modules/stock-take/rest/stock-take.rest.js";
import { cycleCountRoutes } from "../modules/cycle-count/cycle-count.rest.js";
import { reportRoutes } from "../modules/report/report.rest.js";
import { limitSmallBodies } from "../http/body-limit.js";
import { registerReadRouting } from "../http/consistency.js";
import { registerCors } from "../http/cors.js";
import { healthRoutes } from "../http/health.js";
import { metricsRoutes } from "../http/metrics.js";
import { registerOpenApi } from "../http/openapi.js";
import {
  clientErrorHandler,
  frameworkErrors,
  guardFixedPaths,
  registerErrorHandling,
} from "../http/problem.js";
import { registerRequestTimeout } from "../http/request-timeout.js";
import { registerSharedSchemas } from "./openapi-schemas.js";
import { registerSecurityHeaders } from "../http/security.js";
import { lazySerializers } from "../http/serializers.js";
import { buildValidatorCompiler } from "../http/validation.js";
import { acceptJsonBodies } from "../http/json-body.js";

declare module "fastify" {
  interface FastifyInstance {
    db: PrismaClient;
  }
}

export interface AppDeps {
  db: PrismaClient;
  /** Where reads go; without it, everything is read from `db`. */
  reads?: ReadRouting;
  config: Pick<Config, "logLevel" | "bodyLimit" | "graphqlIntrospection"> &
    Partial<
      Pick<
        Config,
        | "subscriptionPollMs"
        | "subscriptionTokenRecheckMs"
        | "subscriptionConnectionsPerToken"
        | "subscriptionsPerToken"
        | "subscriptionPoolSize"
        | "subscriptionEventTimeoutMs"
        | "corsOrigins"
        | "publicUrl"
        | "requestTimeoutMs"
        | "graphqlExplorer"
      >
    > & {
      /** Tokens' default rate limit; absent: unlimited (tokens with a limit of their own keep it). */
      rateLimit?: RateLimit;
      /** Accounts' default budget; absent: none (accounts with one of their own keep it). */
      accountRateLimit?: RateLimit;
      /** The share of each account's budget this process spends (1 / worker processes). */
      accountRateShare?: number;
      /** Where the rate-limit buckets live; absent: in PostgreSQL. */
      redisUrl?: string | undefined;
    };
  /**
   * The pool subscribers' events are resolved on (a small one of its own: `serve` makes it);
   * absent, they share `db`.
   */
  subscriptionDb?: PrismaClient;
  /** Where the log goes (standard output by default). */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The whole HTTP surface in one Fastify instance: /graphql, /api/v1, docs, health and metrics. */
export async function buildApp({
  db,
  config,
  reads,
  subscriptionDb,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...logOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimit,
    // A caller's x-request-id is kept (when sane) so logs can be joined across services.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors,
    clientErrorHandler,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    schemaController: lazySerializers(),
  });
  app.decorate("db", db);
  app.decorate(
    "limiter",
    createRateLimiter(db, {
      rateLimit: config.rateLimit,
      accountRateLimit: config.accountRateLimit,
      accountShare: config.accountRateShare,
      redisUrl: config.redisUrl,
      log: app.log,
    }),
  );
  await app.limiter.start();
  app.addHook("onClose", async () => app.limiter.close());
  app.decorateRequest("principal", null);
  app.decorateRequest("deferred", null);
  app.decorateRequest("rateBucket", null);
  app.decorateRequest("rateTaken", 0);
  // First, so every answer carries them, errors and 404s included.
  registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins ?? []);
  registerSharedSchemas(app);
  app.setValidatorCompiler(buildValidatorCompiler(app.getSchemas()));
  // Fastify parses text/plain by default; the API speaks JSON, so other media types are 415.
  app.removeContentTypeParser("text/plain");
  acceptJsonBodies(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);
  // Before the other hooks: whatever they read from the database is the request's work too.
  registerRequestTimeout(app, config.requestTimeoutMs ?? 0);
  registerReadRouting(
    app,
    reads ?? new ReadRouting(db, null, [], { maxLagMs: 0, pollMs: 1000, log: app.log }),
  );

  // Not app.register: a registered plugin's onResponse hook would only see its own /metrics route.
  await metricsRoutes(app);
  await app.register(healthRoutes);
  await registerOpenApi(app);
  limitSmallBodies(app);
  await app.register(catalogRoutes, { prefix: "/api/v1" });
  await app.register(editRoutes, { prefix: "/api/v1" });
  await app.register(adjustmentRoutes, { prefix: "/api/v1" });
  await app.register(movementRoutes, { prefix: "/api/v1" });
  await app.register(eventRoutes, { prefix: "/api/v1" });
  await app.register(webhookRoutes, { prefix: "/api/v1" });
  await app.register(tokenRoutes, { prefix: "/api/v1" });
  await app.register(siteRoutes, { prefix: "/api/v1" });
  await app.register(accountRoutes, { prefix: "/api/v1" });
  await app.register(costRoutes, { prefix: "/api/v1" });
  await app.register(transferRoutes, { prefix: "/api/v1" });
  await app.register(stockTakeRoutes, { prefix: "/api/v1" });
  await app.register(cycleCountRoutes, { prefix: "/api/v1" });
  await app.register(reportRoutes, { prefix: "/api/v1" });
  await registerCountingApp(app, config.publicUrl ?? null);
  await registerGraphql(app, {
    introspection: config.graphqlIntrospection,
    explorer: config.graphqlExplorer,
    subscriptionPollMs: config.subscriptionPollMs,
    tokenRecheckMs: config.subscriptionTokenRecheckMs,
    subscriptions: {
      db: subscriptionDb ?? db,
      connectionsPerToken: config.subscriptionConnectionsPerToken,
      perToken: config.subscriptionsPerToken,
      concurrency: config.subscriptionPoolSize,
      eventTimeoutMs: config.subscriptionEventTimeoutMs,
    },
  });
  // Last: it reads every route's methods.
  guardFixedPaths(app);
  return app;
}
