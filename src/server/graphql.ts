import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import websocket from "@fastify/websocket";
import { EventHub } from "../modules/event/index.js";
import { bindAccount } from "../db/request-scope.js";
import { AppError } from "../errors.js";
import { bodyPrice, resolvePrincipal } from "../auth/request.js";
import { applyDecision, sendRateLimitHeaders } from "../http/rate-limit.js";
import type { Authentication } from "../auth/tokens.js";
import { landingPagePolicy } from "../http/security.js";
import { registerExplorer, wantsPage, withOfflineHint } from "../graphql/explorer.js";
import { consistencyPlugin } from "../graphql/consistency.js";
import { createContext, type GraphQLContext } from "../graphql/context.js";
import { contextFailure, formatError, unavailablePlugin } from "../graphql/errors.js";
import { admissionPlugin } from "../graphql/admission.js";
import { deferrable, deferredPlugin } from "../graphql/deferred.js";
import { rememberToken } from "../auth/recent-tokens.js";
import { rateLimitedError } from "../graphql/rate-limit.js";
import { depthLimit, MAX_DEPTH, MAX_SELECTIONS, MAX_TOKENS } from "../graphql/limits.js";
import { buildGraphqlSchema } from "../graphql/schema.js";
import {
  SUBSCRIPTION_DEFAULTS,
  subscriptionHandler,
  type SubscriptionOptions,
  type SubscriptionStats,
} from "../graphql/subscriptions.js";

declare module "fastify" {
  interface FastifyInstance {
    /** What /metrics shows of this process's subscriptions. */
    subscriptionStats?: () => SubscriptionStats;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** A large GraphQL request's authentication, decided before its body was read. */
    graphqlAuth: Authentication | null;
  }
}

/**
 * The largest body a GraphQL request without a valid token may send: an introspection query
 * (Apollo Sandbox's is about 2 KB) fits many times over. A larger one is authenticated before its
 * body is read, so a client without a token cannot make the server parse megabytes of JSON.
 */
export const UNAUTHENTICATED_BODY_LIMIT = 64 * 1024;

/** The units a GraphQL request's authentication takes: its first, when that costs no round trip. */
const authenticationCost = (app: FastifyInstance) => (app.limiter.atAuthentication ? 1 : 0);

/**
 * POST hook: a body larger than UNAUTHENTICATED_BODY_LIMIT (or of unknown length) is
 * authenticated, and rate-limited, before it is read; refused as REST refuses (problem+json 401
 * or 429), the body unread. Smaller requests are authenticated with their context, as before.
 */
function authenticateLargeBodies(app: FastifyInstance): onRequestHookHandler {
  return async (request: FastifyRequest, reply) => {
    if (request.method !== "POST") return;
    const chunked = request.headers["transfer-encoding"] !== undefined;
    if (!chunked && Number(request.headers["content-length"] ?? 0) <= UNAUTHENTICATED_BODY_LIMIT) {
      return;
    }
    // The body's bytes are paid for before they are read: a padded operation is refused unread.
    const cost = Math.max(authenticationCost(app), bodyPrice(request));
    const auth = await resolvePrincipal(request, cost);
    if (!auth.principal) {
      throw new AppError(
        "UNAUTHENTICATED",
        `${auth.problem} (without a valid token a request may send at most ${UNAUTHENTICATED_BODY_LIMIT} bytes)`,
      );
    }
    if (auth.bucket && auth.decision) applyDecision(reply, auth.bucket, auth.decision, cost);
    request.graphqlAuth = auth;
    request.rateTaken = cost;
  };
}

/**
 * Serves /graphql: Apollo Sandbox on GET (when introspection is on), operations on POST, and
 * subscriptions over a WebSocket upgrade of GET (graphql-ws).
 */
export async function registerGraphql(
  app: FastifyInstance,
  options: {
    introspection: boolean;
    /** The explorer a browser gets at /graphql while introspection is on (Sandbox unless said). */
    explorer?: "sandbox" | "graphiql";
    subscriptionPollMs?: number;
    tokenRecheckMs?: number;
    subscriptions?: Partial<SubscriptionOptions>;
  },
): Promise<void> {
  const schema = await buildGraphqlSchema();
  // Messages are operations: a few KB; the limit stops a client from making the server buffer more.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const hub = new EventHub(app.db, options.subscriptionPollMs ?? 250, app.log);
  app.addHook("onClose", async () => hub.close());
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: options.introspection,
    formatError,
    includeStacktraceInErrorResponses: false,
    // Compact JSON: Apollo indents answers by default, a third more bytes and CPU on a large page.
    stringifyResult: (value) => JSON.stringify(value),
    // Said explicitly (it is Apollo's default): a GET, or a POST a plain HTML form or a
    // no-preflight fetch could send, needs a header only a preflighted request can carry.
    csrfPrevention: true,
    // Apollo's own messages go to the service's log, redacted like the rest.
    logger: app.log,
    // Size first (tokens while parsing, then selections), so later checks see bounded documents.
    parseOptions: { maxTokens: MAX_TOKENS },
    maxRecursiveSelections: MAX_SELECTIONS,
    validationRules: [depthLimit(MAX_DEPTH)],
    plugins: [
      fastifyApolloDrainPlugin(app),
      // Token, list sizes, cost, then the charge: before variables are coerced or anything runs.
      admissionPlugin(schema, app.limiter),
      // A token left unchecked by the context is checked before its answer goes out.
      deferredPlugin,
      consistencyPlugin(app.reads),
      unavailablePlugin,
      // No field carries a cache hint; the default plugin would still wrap every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      options.introspection && options.explorer !== "graphiql"
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })
        : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  const handler = fastifyApolloHandler(apollo, {
    // Apollo answers an error thrown here (our 429) before it parses the document. With the
    // buckets in Redis the operation is charged once, all of it, when it is known (the plugin).
    context: async (request, reply): Promise<GraphQLContext> => {
      const cost = authenticationCost(app);
      const early = request.graphqlAuth;
      // A single adjustment from a token this process knows: checked with its work (deferred.ts).
      const candidate = early ? null : deferrable(app, request);
      if (candidate?.principal) {
        bindAccount(candidate.principal.accountId);
        const context = createContext(app.db, candidate.principal, null);
        context.deferred = {
          token: candidate.token,
          digest: candidate.digest,
          limiter: app.limiter,
          check: null,
          headers: null,
          settled: false,
          inFlight: false,
        };
        return context;
      }
      const auth =
        early ??
        (await resolvePrincipal(request, cost).catch((error: unknown) => {
          throw contextFailure(error);
        }));
      if (!auth.principal) return createContext(app.db, null, auth.problem);
      if (auth.bucket && auth.decision && !early) {
        sendRateLimitHeaders(reply, auth.decision);
        if (!auth.decision.granted) throw rateLimitedError(auth.bucket, auth.decision, 1);
      }
      if (candidate) rememberToken(candidate.digest, auth.principal);
      bindAccount(auth.principal.accountId);
      return createContext(
        app.db,
        auth.principal,
        null,
        auth.bucket,
        early ? request.rateTaken : cost,
      );
    },
  });
  const subscriptions = subscriptionHandler(
    schema,
    app.limiter,
    hub,
    options.tokenRecheckMs ?? 10_000,
    {
      db: options.subscriptions?.db ?? app.db,
      connectionsPerToken:
        options.subscriptions?.connectionsPerToken ?? SUBSCRIPTION_DEFAULTS.connectionsPerToken,
      perToken: options.subscriptions?.perToken ?? SUBSCRIPTION_DEFAULTS.perToken,
      concurrency: options.subscriptions?.concurrency ?? SUBSCRIPTION_DEFAULTS.concurrency,
      eventTimeoutMs: options.subscriptions?.eventTimeoutMs ?? SUBSCRIPTION_DEFAULTS.eventTimeoutMs,
    },
  );
  app.decorate("subscriptionStats", subscriptions.stats);
  const explorerPage =
    options.introspection && options.explorer === "graphiql" ? await registerExplorer(app) : null;
  // A WebSocket upgrade is a GET: that route alone carries the subscription handler.
  app.route({
    url: "/graphql",
    method: "GET",
    schema: { hide: true },
    wsHandler: subscriptions.handler,
    onSend: [withOfflineHint, landingPagePolicy],
    // A browser opening /graphql gets the bundled explorer; operations go on to Apollo.
    preHandler: explorerPage
      ? async (request, reply) => {
          if (wantsPage(request)) return reply.type("text/html").send(explorerPage);
        }
      : undefined,
    handler,
  });
  app.decorateRequest("graphqlAuth", null);
  app.route({
    url: "/graphql",
    method: ["POST", "OPTIONS"],
    schema: { hide: true },
    onRequest: authenticateLargeBodies(app),
    handler,
  });
}
