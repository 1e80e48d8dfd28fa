import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { createSite, getSite, listSites, updateSite, type UpdateSite } from "./site.schemas.js";
import * as sites from "./site.service.js";
import type { SiteChanges } from "./site.types.js";

const changes = (b: UpdateSite): SiteChanges => ({
  code: b.code,
  name: b.name,
  timezone: b.timezone,
  active: b.active,
  isDefault: b.is_default,
});

/** /api/v1/sites: the account's stores, warehouses and vans. */
export async function siteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = requireScope("read");
  const manage = requireScope("sites");

  app.get("/sites", { ...rowPricedScope("read"), schema: listSites }, async (request) =>
    toRestPage(await sites.listSites(ctxOf(request), request.query)),
  );

  app.get("/sites/:id", { onRequest: read, schema: getSite }, async (request) =>
    toRest(await sites.getSite(ctxOf(request), request.params.id)),
  );

  app.post("/sites", { onRequest: manage, schema: createSite }, async (request, reply) => {
    const { is_default, ...body } = request.body;
    return sendIdempotent(
      reply,
      201,
      await sites.createSite(
        ctxOf(request),
        { ...body, isDefault: is_default },
        idempotencyKeyOf(request),
      ),
    );
  });

  app.patch("/sites/:id", { onRequest: manage, schema: updateSite }, async (request) =>
    toRest(await sites.updateSite(ctxOf(request), request.params.id, changes(request.body))),
  );
}
