import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope, rowPricedScope } from "../../http/auth.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { createToken, listTokens, revokeToken } from "./token.schemas.js";
import * as tokens from "./token.service.js";

/** /api/v1/tokens: issue, list and revoke API tokens (a counting device's, say). */
export async function tokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const scope = requireScope("tokens");

  app.post("/tokens", { onRequest: scope, schema: createToken }, async (request, reply) => {
    const { name, scopes, site_ids, expires_at } = request.body;
    const made = await tokens.createApiToken(ctxOf(request), {
      name,
      scopes,
      siteIds: site_ids,
      expiresAt: expires_at,
    });
    return reply.status(201).send(toRest(made));
  });

  app.get("/tokens", { ...rowPricedScope("tokens"), schema: listTokens }, async (request) =>
    toRestPage(await tokens.listApiTokens(ctxOf(request), request.query)),
  );

  app.delete("/tokens/:id", { onRequest: scope, schema: revokeToken }, async (request, reply) => {
    await tokens.revokeApiToken(ctxOf(request), request.params.id);
    return reply.status(204).send();
  });
}
