import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
  type CreateWebhook,
  type UpdateWebhook,
} from "./webhook.schemas.js";
import * as webhooks from "./webhook.service.js";
import type { WebhookInput } from "./webhook.types.js";

const input = (b: CreateWebhook | UpdateWebhook): WebhookInput => ({
  url: b.url,
  eventTypes: b.event_types,
  siteIds: b.site_ids,
  description: b.description,
  active: b.active,
  includeValues: b.include_values,
});

/** /api/v1/webhooks: endpoints, their deliveries, secret rotation and redelivery. */
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const scope = requireScope("webhooks");

  app.post("/webhooks", { onRequest: scope, schema: createWebhook }, async (request, reply) =>
    sendIdempotent(
      reply,
      201,
      await webhooks.createWebhook(ctxOf(request), input(request.body), idempotencyKeyOf(request)),
    ),
  );

  app.get(
    "/webhooks",
    {
      // No limit: every endpoint of the account, at most MAX_WEBHOOKS.
      ...rowPricedScope("webhooks", { mostRows: () => webhooks.MAX_WEBHOOKS }),
      schema: listWebhooks,
    },
    async (request) => toRest({ data: await webhooks.listWebhooks(ctxOf(request)) }),
  );

  app.get("/webhooks/:id", { onRequest: scope, schema: getWebhook }, async (request) =>
    toRest(await webhooks.getWebhook(ctxOf(request), request.params.id)),
  );

  app.patch("/webhooks/:id", { onRequest: scope, schema: updateWebhook }, async (request) =>
    toRest(await webhooks.updateWebhook(ctxOf(request), request.params.id, input(request.body))),
  );

  app.delete(
    "/webhooks/:id",
    { onRequest: scope, schema: deleteWebhook },
    async (request, reply) => {
      await webhooks.deleteWebhook(ctxOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/webhooks/:id/rotate-secret",
    { onRequest: scope, schema: rotateWebhookSecret },
    async (request, reply) =>
      sendIdempotent(
        reply,
        200,
        await webhooks.rotateWebhookSecret(
          ctxOf(request),
          request.params.id,
          request.body?.overlap_hours,
          idempotencyKeyOf(request),
        ),
      ),
  );

  app.get(
    "/webhooks/:id/deliveries",
    { ...rowPricedScope("webhooks"), schema: listWebhookDeliveries },
    async (request) =>
      toRestPage(await webhooks.listDeliveries(ctxOf(request), request.params.id, request.query)),
  );

  app.post(
    "/webhooks/:id/deliveries/:delivery/redeliver",
    { onRequest: scope, schema: redeliverWebhookDelivery },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          toRest(
            await webhooks.redeliver(ctxOf(request), request.params.id, request.params.delivery),
          ),
        ),
  );
}
