// GraphQL subscriptions over graphql-ws on the /graphql route's WebSocket upgrade. The token
// comes in connectionParams.authorization ("Bearer …" or the token alone); a connection without
// a valid one is closed with 4403 before any operation runs. Only subscriptions are served here
// (queries and mutations go over HTTP, where Apollo's limits and cost checks apply), with the
// same size and depth limits, and at most MAX_SUBSCRIPTIONS per connection.
import { makeHandler } from "graphql-ws/use/@fastify/websocket";
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from "graphql";
import type { PrismaClient } from "../db/client.js";
import type { Principal } from "../context.js";
import { parseBearer } from "../http/auth.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import type { EventHub } from "../modules/event/event.hub.js";
import { createContext } from "./context.js";
import { formatError } from "./errors.js";
import { costRefusal, depthLimit, MAX_DEPTH, MAX_TOKENS } from "./limits.js";

/** Subscriptions one connection may hold at once. */
export const MAX_SUBSCRIPTIONS = 100;

const refusal = (message: string) =>
  new GraphQLError(message, { extensions: { code: "INVALID_PARAMETER" } });

/** connectionParams.authorization: `Bearer <token>`, as the header, or the token alone. */
const bearer = (value: unknown): string | null => {
  if (typeof value !== "string" || value.length > 512) return null;
  return parseBearer(value) ?? (/^\S+$/.test(value) ? value : null);
};

/** The /graphql route's WebSocket handler. */
export function subscriptionHandler(
  schema: GraphQLSchema,
  db: PrismaClient,
  limiter: RateLimiter,
  hub: EventHub,
  tokenRecheckMs: number,
) {
  return makeHandler<Record<string, unknown>, { principal: Principal }>({
    schema,
    onConnect: async (ctx) => {
      const token = bearer(ctx.connectionParams?.authorization);
      // Connecting costs one unit of the token's rate limit; its subscriptions cost nothing more.
      const auth = token ? await limiter.authenticate(token, 1) : null;
      if (!auth?.principal) return false; // 4403 Forbidden
      if (auth.decision && !auth.decision.granted) {
        const retry = auth.decision.retryAfterSeconds;
        ctx.extra.socket.close(4429, `Too many requests: retry after ${retry} s`);
        return false;
      }
      ctx.extra.principal = auth.principal;
      // A token revoked, or expiring, while connected stops working within tokenRecheckMs.
      const recheck = setInterval(() => {
        limiter.authenticate(token!, 0).then(
          (still) => {
            if (!still.principal) ctx.extra.socket.close(4403, `Forbidden: ${still.problem}`);
          },
          () => {}, // the database away for a moment: try again at the next check
        );
      }, tokenRecheckMs);
      recheck.unref();
      ctx.extra.socket.once("close", () => clearInterval(recheck));
      return true;
    },
    // Parsed and validated here (the operation chosen must be a subscription), so the document
    // is read once, with the limits.
    onSubscribe: (ctx, _id, payload) => {
      // graphql-ws has registered this one already when it asks.
      if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS) {
        return [refusal(`at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`)];
      }
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: MAX_TOKENS });
      } catch (error) {
        return [error instanceof GraphQLError ? error : refusal("the query does not parse")];
      }
      const operation = getOperationAST(document, payload.operationName);
      if (operation && operation.operation !== OperationTypeNode.SUBSCRIPTION) {
        return [
          refusal(
            "only subscriptions are served over WebSocket: send queries and mutations over HTTP",
          ),
        ];
      }
      const errors = validate(schema, document, [...specifiedRules, depthLimit(MAX_DEPTH)], {
        maxErrors: 10,
      });
      if (errors.length > 0) return errors;
      if (operation) {
        const tooCostly = costRefusal(
          schema,
          document,
          operation,
          payload.operationName,
          payload.variables ?? {},
        );
        if (tooCostly) return [tooCostly];
      }
      return {
        schema,
        document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue: { ...createContext(db, ctx.extra.principal ?? null, null), events: hub },
      };
    },
    onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatError(e.toJSON(), e)),
    onNext: (_ctx, _id, _payload, _args, result) =>
      result.errors
        ? { ...result, errors: result.errors.map((e) => formatError(e.toJSON(), e)) }
        : undefined,
  });
}
