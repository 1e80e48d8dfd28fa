// Read-your-writes over GraphQL: a mutation's response carries the consistency token in
// `extensions.consistency` (and the Countpoint-Consistency header); a query that sends it back,
// in that header or in the request's `extensions.consistency`, reads from a replica that has
// replayed past it, else from the primary.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import type { ReadRouting } from "../db/replicas.js";
import { isRetryableConflict } from "../db/transaction.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { AppError } from "../errors.js";
import { CONSISTENCY_HEADER } from "../db/replicas.js";
import type { GraphQLContext } from "./context.js";

export function consistencyPlugin(reads: ReadRouting): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, operation, contextValue }) {
          if (operation?.operation !== "query" || !contextValue.principal) return;
          const sent =
            request.http?.headers.get(CONSISTENCY_HEADER) ?? request.extensions?.consistency;
          const token = sent === undefined || sent === null ? undefined : sent;
          try {
            if (token !== undefined && typeof token !== "string") {
              throw new AppError("INVALID_PARAMETER", "extensions.consistency must be a string");
            }
            contextValue.read = await reads.reader(token);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            throw new GraphQLError(error.message, {
              originalError: error,
              extensions: { http: { status: error.status } },
            });
          }
        },
        async didEncounterErrors({ errors, contextValue }) {
          // The next queries avoid a replica that failed this one; this one's error says retry.
          const replica = contextValue.read;
          if (!replica || replica === contextValue.db) return;
          const causes = errors.map((e) => e.originalError ?? e);
          if (causes.some((c) => isDatabaseUnavailable(c) || isRetryableConflict(c))) {
            reads.failed(replica);
          }
        },
        async willSendResponse({ operation, response, contextValue }) {
          if (!reads.hasReplicas || operation?.operation !== "mutation" || !contextValue.principal)
            return;
          const token = await reads.writeToken().catch(() => null);
          if (!token) return;
          response.http.headers.set(CONSISTENCY_HEADER, token);
          if (response.body.kind === "single") {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, consistency: token };
          }
        },
      };
    },
  };
}
