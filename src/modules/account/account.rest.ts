import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { SCOPES } from "../../auth/principal.js";
import { ctxOf, requireAnyScope, requireScope } from "../../http/auth.js";
import { toRest } from "../../http/serialize.js";
import { getAccount, getViewer, updateAccount } from "./account.schemas.js";
import * as settings from "./account.settings.js";
import * as viewer from "./account.viewer.js";

/** /api/v1/account: the token's account, and its currency; /api/v1/viewer: the token itself. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/account", { onRequest: requireScope("read"), schema: getAccount }, async (request) =>
    toRest(await settings.getAccount(ctxOf(request))),
  );

  app.get("/viewer", { onRequest: requireAnyScope(SCOPES), schema: getViewer }, async (request) =>
    toRest(await viewer.getViewer(ctxOf(request))),
  );

  app.patch(
    "/account",
    { onRequest: requireScope("costs"), schema: updateAccount },
    async (request) => toRest(await settings.updateAccount(ctxOf(request), request.body)),
  );
}
