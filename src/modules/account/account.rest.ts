import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope } from "../../http/auth.js";
import { toRest } from "../../http/serialize.js";
import { getAccount, updateAccount } from "./account.schemas.js";
import * as settings from "./account.settings.js";

/** /api/v1/account: the token's account, and its currency. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/account", { onRequest: requireScope("read"), schema: getAccount }, async (request) =>
    toRest(await settings.getAccount(ctxOf(request))),
  );

  app.patch(
    "/account",
    { onRequest: requireScope("costs"), schema: updateAccount },
    async (request) => toRest(await settings.updateAccount(ctxOf(request), request.body)),
  );
}
