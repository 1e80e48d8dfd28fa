import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance } from "fastify";
import { resolvePrincipal } from "../http/auth.js";
import { createContext, type GraphQLContext } from "./context.js";
import { formatError } from "./errors.js";
import { complexityLimit, depthLimit, MAX_DEPTH, MAX_SELECTIONS, MAX_TOKENS } from "./limits.js";
import { buildGraphqlSchema } from "./schema.js";

/** Serves /graphql: Apollo Sandbox on GET (when introspection is on), operations on POST. */
export async function registerGraphql(
  app: FastifyInstance,
  options: { introspection: boolean },
): Promise<void> {
  const schema = await buildGraphqlSchema();
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: options.introspection,
    formatError,
    includeStacktraceInErrorResponses: false,
    // Size first (tokens while parsing, then selections), so later checks see bounded documents.
    parseOptions: { maxTokens: MAX_TOKENS },
    maxRecursiveSelections: MAX_SELECTIONS,
    validationRules: [depthLimit(MAX_DEPTH)],
    plugins: [
      fastifyApolloDrainPlugin(app),
      complexityLimit(schema),
      // No field carries a cache hint; the default plugin would still wrap every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      options.introspection
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })
        : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  app.route({
    url: "/graphql",
    method: ["GET", "POST", "OPTIONS"],
    schema: { hide: true },
    handler: fastifyApolloHandler(apollo, {
      context: async (request): Promise<GraphQLContext> => {
        const auth = await resolvePrincipal(request);
        return createContext(app.db, auth.principal, auth.principal ? null : auth.problem);
      },
    }),
  });
}
