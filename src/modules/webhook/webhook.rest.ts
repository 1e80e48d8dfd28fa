import type { FastifyInstance } from "fastify";
import { ctxOf, requireScope, rowPricedScope } from "../../http/auth.js";
import { idempotencyKeyOf, sendIdempotent } from "../../http/idempotency.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
  ref,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { toRest, toRestPage } from "../../http/serialize.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import * as webhooks from "./webhook.service.js";
import type { WebhookInput } from "./webhook.types.js";

interface WebhookBody {
  url?: string;
  event_types?: string[];
  description?: string | null;
  active?: boolean;
}

const input = (b: WebhookBody): WebhookInput => ({
  url: b.url,
  eventTypes: b.event_types,
  description: b.description,
  active: b.active,
});

const example = {
  id: 3,
  url: "https://erp.example.com/hooks/countpoint",
  event_types: ["stock.changed"],
  description: null,
  active: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: "2026-11-24T09:00:00.000Z",
  updated_at: "2026-11-24T09:00:00.000Z",
};
const withSecret = { ...example, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };
const delivery = {
  id: 118,
  event_id: "evt_1042",
  event_type: "stock.changed",
  status: "delivered",
  attempts: [
    {
      attempted_at: "2026-11-24T09:30:00.210Z",
      status_code: 503,
      error: "answered 503",
      duration_ms: 41,
    },
    { attempted_at: "2026-11-24T09:30:31.002Z", status_code: 200, error: null, duration_ms: 38 },
  ],
  next_attempt_at: null,
  delivered_at: "2026-11-24T09:30:31.040Z",
  created_at: "2026-11-24T09:30:00.180Z",
};

const webhookParams = {
  type: "object",
  required: ["id", "delivery"],
  properties: {
    id: idParams.properties.id,
    delivery: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
  additionalProperties: false,
} as const;

const MANAGE = "Needs the webhooks scope.";

/** /api/v1/webhooks: endpoints, their deliveries, secret rotation and redelivery. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const scope = requireScope("webhooks");

  app.post<{ Body: WebhookBody }>(
    "/webhooks",
    {
      onRequest: scope,
      schema: {
        operationId: "createWebhook",
        tags: ["webhooks"],
        summary: "Register a webhook endpoint",
        description: `${MANAGE} Deliveries start with the events after this moment. Each is a POST of {id, type, occurred_at, cursor, data} with the Standard Webhooks headers webhook-id (the event's id, the same on every retry), webhook-timestamp and webhook-signature, signed with the secret in this answer (shown only here). Send an Idempotency-Key header to make retries safe.`,
        headers: idempotencyHeaders,
        body: ref("CreateWebhook"),
        response: {
          201: ok("WebhookWithSecret", "The endpoint and its secret", withSecret, replayHeaders),
          ...problemResponses(...WRITE_PROBLEMS, "INVALID_WEBHOOK_URL", "TOO_MANY_WEBHOOKS"),
        },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        201,
        await webhooks.createWebhook(
          ctxOf(request),
          input(request.body),
          idempotencyKeyOf(request),
        ),
      ),
  );

  app.get(
    "/webhooks",
    {
      // No limit: every endpoint of the account, at most MAX_WEBHOOKS.
      ...rowPricedScope("webhooks", { mostRows: () => webhooks.MAX_WEBHOOKS }),
      schema: {
        operationId: "listWebhooks",
        tags: ["webhooks"],
        summary: "List webhook endpoints",
        description: MANAGE,
        response: {
          200: ok("WebhookList", "The account's endpoints", { data: [example] }),
          ...problemResponses(...READ_PROBLEMS),
        },
      },
    },
    async (request) => toRest({ data: await webhooks.listWebhooks(ctxOf(request)) }),
  );

  app.get<{ Params: { id: number } }>(
    "/webhooks/:id",
    {
      onRequest: scope,
      schema: {
        operationId: "getWebhook",
        tags: ["webhooks"],
        summary: "Get a webhook endpoint",
        description: MANAGE,
        params: idParams,
        response: {
          200: ok("Webhook", "The endpoint", example),
          ...problemResponses(...READ_PROBLEMS, "WEBHOOK_NOT_FOUND"),
        },
      },
    },
    async (request) => toRest(await webhooks.getWebhook(ctxOf(request), request.params.id)),
  );

  app.patch<{ Params: { id: number }; Body: WebhookBody }>(
    "/webhooks/:id",
    {
      onRequest: scope,
      schema: {
        operationId: "updateWebhook",
        tags: ["webhooks"],
        summary: "Change, pause or resume a webhook endpoint",
        description: `${MANAGE} active: true resumes an endpoint the service disabled, from the delivery where it stopped.`,
        params: idParams,
        body: ref("UpdateWebhook"),
        response: {
          200: ok("Webhook", "The endpoint", example),
          ...problemResponses(...WRITE_PROBLEMS, "WEBHOOK_NOT_FOUND", "INVALID_WEBHOOK_URL"),
        },
      },
    },
    async (request) =>
      toRest(await webhooks.updateWebhook(ctxOf(request), request.params.id, input(request.body))),
  );

  app.delete<{ Params: { id: number } }>(
    "/webhooks/:id",
    {
      onRequest: scope,
      schema: {
        operationId: "deleteWebhook",
        tags: ["webhooks"],
        summary: "Delete a webhook endpoint and its deliveries",
        description: MANAGE,
        params: idParams,
        response: {
          204: { description: "Deleted", type: "null" },
          ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "WEBHOOK_NOT_FOUND"),
        },
      },
    },
    async (request, reply) => {
      await webhooks.deleteWebhook(ctxOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: number }; Body: { overlap_hours?: number } | undefined }>(
    "/webhooks/:id/rotate-secret",
    {
      onRequest: scope,
      schema: {
        operationId: "rotateWebhookSecret",
        tags: ["webhooks"],
        summary: "Give a webhook endpoint a new secret",
        description: `${MANAGE} Until previous_secret_expires_at, every delivery carries a signature with each secret, so a receiver verifies with either while it switches over. Send an Idempotency-Key header so a retry answers the secret made rather than rotating again.`,
        params: idParams,
        headers: idempotencyHeaders,
        body: ref("RotateWebhookSecret"),
        response: {
          200: ok(
            "WebhookWithSecret",
            "The endpoint and its new secret",
            { ...withSecret, previous_secret_expires_at: "2026-11-25T09:00:00.000Z" },
            replayHeaders,
          ),
          ...problemResponses(...WRITE_PROBLEMS, "WEBHOOK_NOT_FOUND"),
        },
      },
    },
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

  app.get<{
    Params: { id: number };
    Querystring: { limit?: number; cursor?: string; status?: string };
  }>(
    "/webhooks/:id/deliveries",
    {
      ...rowPricedScope("webhooks"),
      schema: {
        operationId: "listWebhookDeliveries",
        tags: ["webhooks"],
        summary: "List a webhook endpoint's deliveries and their attempts",
        description: `${MANAGE} Newest first.`,
        params: idParams,
        querystring: {
          ...pageQuery,
          properties: {
            ...pageQuery.properties,
            status: { type: "string", enum: ["pending", "delivered", "failed"] },
          },
        },
        response: {
          200: ok("WebhookDeliveryPage", "Deliveries", { data: [delivery], next_cursor: null }),
          ...problemResponses(...READ_PROBLEMS, "WEBHOOK_NOT_FOUND", "INVALID_CURSOR"),
        },
      },
    },
    async (request) =>
      toRestPage(await webhooks.listDeliveries(ctxOf(request), request.params.id, request.query)),
  );

  app.post<{ Params: { id: number; delivery: number } }>(
    "/webhooks/:id/deliveries/:delivery/redeliver",
    {
      onRequest: scope,
      schema: {
        operationId: "redeliverWebhookDelivery",
        tags: ["webhooks"],
        summary: "Send a delivery again",
        description: `${MANAGE} The delivery is pending again and sent next (before the endpoint's other pending deliveries), once the endpoint is active.`,
        params: webhookParams,
        response: {
          202: ok("WebhookDelivery", "The delivery, pending", {
            ...delivery,
            status: "pending",
            next_attempt_at: "2026-11-24T10:00:00.000Z",
            delivered_at: null,
          }),
          ...problemResponses(
            ...READ_PROBLEMS,
            ...BODY_PROBLEMS,
            "WEBHOOK_NOT_FOUND",
            "WEBHOOK_DELIVERY_NOT_FOUND",
          ),
        },
      },
    },
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
