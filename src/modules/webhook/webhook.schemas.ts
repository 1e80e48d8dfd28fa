// The REST contract of webhooks: the named schemas (registered by the OpenAPI registry,
// src/server/openapi-schemas.ts) and each route's schemas, declared once with TypeBox where a
// handler takes its types from them.
import { Type, type Static } from "typebox";
import {
  $ref,
  integerId,
  nullable,
  page,
  refOf,
  serviceRules,
  timestamp,
} from "../../http/openapi-primitives.js";
import {
  BODY_PROBLEMS,
  ok,
  problemResponses,
  READ_PROBLEMS,
  replayHeaders,
  WRITE_PROBLEMS,
} from "../../http/openapi-responses.js";
import { idempotencyHeaders, idParams, pageQuery } from "../../http/validation.js";
import { MAX_WEBHOOK_EVENT_TYPES, MAX_WEBHOOK_SITES } from "../../limits.js";
import { EVENT_TYPES } from "../event/event.types.js";
import {
  MAX_DESCRIPTION,
  MAX_WEBHOOKS,
  MAX_PREVIOUS_SECRETS,
  ROTATION_OVERLAP_HOURS,
} from "./webhook.service.js";
import { MAX_URL_LENGTH } from "./webhook.url.js";

const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;

const url = Type.String({
  maxLength: MAX_URL_LENGTH,
  ...serviceRules({}, { format: "uri" }),
  description:
    "Where deliveries are POSTed: https:// (in development also http:// to a loopback address, for a local receiver); never a link-local, metadata or, in production, private or loopback address (422 INVALID_WEBHOOK_URL). Redirects are not followed.",
  "x-service-checked": true,
});

const eventTypes = Type.Array(Type.Unsafe<string>({ type: "string", enum: [...EVENT_TYPES] }), {
  minItems: 1,
  maxItems: MAX_WEBHOOK_EVENT_TYPES,
  description: `The event types it receives: 1 to ${MAX_WEBHOOK_EVENT_TYPES}, each once.`,
  "x-service-checked": true,
});

const siteIds = Type.Unsafe<number[] | null>({
  type: ["array", "null"],
  items: { type: "integer", minimum: 1, maximum: 2147483647 },
  minItems: 1,
  maxItems: MAX_WEBHOOK_SITES,
  description: `Only the events of these sites (1 to ${MAX_WEBHOOK_SITES} site ids; SITE_NOT_FOUND for one the account does not have); events naming no site, the catalog's, are always delivered. null or absent: every site.`,
});

const description = Type.Unsafe<string | null>({
  type: ["string", "null"],
  maxLength: MAX_DESCRIPTION,
  description: "Your note on what it is for.",
});

const includeValues = (more: string) =>
  Type.Boolean({
    description:
      `Whether its stock.changed events carry unit_cost and value_change (a valued movement's); true needs the costs scope (403 FORBIDDEN). ${more}`.trim(),
  });

/** POST /webhooks's body (named: CreateWebhook). */
export const CreateWebhook = Type.Object(
  {
    url,
    event_types: eventTypes,
    site_ids: Type.Optional(siteIds),
    description: Type.Optional(description),
    active: Type.Optional(Type.Boolean()),
    include_values: Type.Optional(includeValues("false when absent.")),
  },
  {
    $id: "CreateWebhook",
    examples: [{ url: "https://erp.example.com/hooks/countpoint", event_types: ["stock.changed"] }],
    additionalProperties: false,
  },
);
export type CreateWebhook = Static<typeof CreateWebhook>;

/** PATCH /webhooks/{id}'s body (named: UpdateWebhook). */
export const UpdateWebhook = Type.Object(
  {
    url: Type.Optional(url),
    event_types: Type.Optional(eventTypes),
    site_ids: Type.Optional(siteIds),
    description: Type.Optional(description),
    active: Type.Optional(
      Type.Boolean({
        description:
          "false pauses deliveries; true resumes them, also after the service disabled it.",
      }),
    ),
    include_values: Type.Optional(includeValues("")),
  },
  serviceRules(
    {
      $id: "UpdateWebhook",
      examples: [{ active: true }],
      additionalProperties: false,
      description: "Fields left out stay as they are.",
    },
    { minProperties: 1 },
  ),
);
export type UpdateWebhook = Static<typeof UpdateWebhook>;

/** POST /webhooks/{id}/rotate-secret's body (named: RotateWebhookSecret). */
export const RotateWebhookSecret = Type.Object(
  {
    overlap_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: ROTATION_OVERLAP_HOURS.max,
        description: `How long the old secret keeps signing too (one more signature in webhook-signature); ${ROTATION_OVERLAP_HOURS.default} when absent. Earlier secrets keep signing until the end of their own overlap; with ${MAX_PREVIOUS_SECRETS} of them still signing, only 0 is taken (400 INVALID_PARAMETER).`,
      }),
    ),
  },
  { $id: "RotateWebhookSecret", examples: [{ overlap_hours: 24 }], additionalProperties: false },
);
export type RotateWebhookSecret = Static<typeof RotateWebhookSecret>;

const webhookProperties = {
  id: integerId,
  url: { type: "string", description: "Where deliveries are POSTed." },
  event_types: { type: "array", items: { type: "string" }, description: "What it receives." },
  site_ids: {
    type: ["array", "null"],
    items: { type: "integer" },
    description:
      "The sites whose events it receives (events naming no site, the catalog's, always); null: every site.",
  },
  description: nullable("string"),
  active: {
    type: "boolean",
    description: "Deliveries are made only while active; pending ones wait.",
  },
  disabled_reason: {
    type: ["string", "null"],
    enum: ["gone", "failing", null],
    description:
      "Why the service disabled it: gone (it answered 410) or failing (a delivery failed for 3 days); set active: true to resume where deliveries stopped.",
  },
  previous_secret_expires_at: {
    ...nullableTimestamp,
    description:
      "After a rotation: until when the secret it replaced still signs deliveries; null when it no longer does. Secrets replaced before keep signing until the end of their own overlap.",
  },
  include_values: {
    type: "boolean",
    description:
      "Whether its stock.changed events carry unit_cost and value_change (asked for by a token with the costs scope).",
  },
  created_at: timestamp,
  updated_at: timestamp,
} as const;

const attempt = {
  type: "object",
  required: ["attempted_at", "status_code", "error", "duration_ms"],
  properties: {
    attempted_at: timestamp,
    status_code: {
      type: ["integer", "null"],
      description: "null when the receiver did not answer.",
    },
    error: { type: ["string", "null"], description: "Why it failed; null when delivered." },
    duration_ms: { type: "integer" },
  },
} as const;

export const webhookSchemas = {
  Webhook: {
    $id: "Webhook",
    type: "object",
    description: `An endpoint receiving the account's events (at most ${MAX_WEBHOOKS} per account). Its secret is shown only when it is created or rotated.`,
    required: Object.keys(webhookProperties),
    properties: webhookProperties,
  },
  WebhookWithSecret: {
    $id: "WebhookWithSecret",
    type: "object",
    description: "The endpoint with its signing secret: keep it, it is not shown again.",
    required: [...Object.keys(webhookProperties), "secret"],
    properties: {
      ...webhookProperties,
      secret: {
        type: "string",
        description:
          "whsec_…: verifies the webhook-signature header of every delivery (Standard Webhooks; the standardwebhooks libraries take it as is).",
      },
    },
  },
  WebhookList: {
    $id: "WebhookList",
    type: "object",
    description: "The account's webhooks, oldest first.",
    required: ["data"],
    properties: { data: { type: "array", items: $ref("Webhook") } },
  },
  CreateWebhook,
  UpdateWebhook,
  RotateWebhookSecret,
  WebhookDelivery: {
    $id: "WebhookDelivery",
    type: "object",
    description:
      "One event sent to one endpoint. Pending deliveries are sent one at a time in feed order: a failing one is retried with exponential backoff (or after Retry-After) and the later ones wait for it.",
    required: [
      "id",
      "event_id",
      "event_type",
      "status",
      "attempts",
      "next_attempt_at",
      "delivered_at",
      "created_at",
    ],
    properties: {
      id: { type: "integer" },
      event_id: { type: "string", description: "The event's id: the webhook-id header." },
      event_type: { type: "string" },
      status: {
        type: "string",
        enum: ["pending", "delivered", "failed"],
        description: "failed: given up after 3 days, or the receiver answered 410.",
      },
      attempts: { type: "array", items: attempt, description: "Every attempt, oldest first." },
      next_attempt_at: { ...nullableTimestamp, description: "When it is tried next, if pending." },
      delivered_at: nullableTimestamp,
      created_at: timestamp,
    },
  },
  WebhookDeliveryPage: page("WebhookDeliveryPage", "WebhookDelivery", "Deliveries, newest first."),
} as const;

const example = {
  id: 3,
  url: "https://erp.example.com/hooks/countpoint",
  event_types: ["stock.changed"],
  site_ids: null,
  description: null,
  active: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  include_values: false,
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

/** /webhooks/{id}/deliveries/{delivery}: the endpoint's id and the delivery's. */
const DeliveryParams = Type.Object(
  {
    id: idParams.properties.id,
    delivery: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  },
  { additionalProperties: false },
);

/** GET /webhooks/{id}/deliveries's query. */
const DeliveryQuery = Type.Object(
  {
    ...pageQuery.properties,
    status: Type.Optional(
      Type.Unsafe<"pending" | "delivered" | "failed">({
        type: "string",
        enum: ["pending", "delivered", "failed"],
      }),
    ),
  },
  { additionalProperties: false },
);

const MANAGE = "Needs the webhooks scope.";

export const createWebhook = {
  operationId: "createWebhook",
  tags: ["webhooks"],
  summary: "Register a webhook endpoint",
  description: `${MANAGE} Deliveries start with the events after this moment. Each is a POST of {id, type, occurred_at, cursor, data} with the Standard Webhooks headers webhook-id (the event's id, the same on every retry), webhook-timestamp and webhook-signature, signed with the secret in this answer (shown only here). Send an Idempotency-Key header to make retries safe.`,
  headers: idempotencyHeaders,
  body: refOf(CreateWebhook),
  response: {
    201: ok("WebhookWithSecret", "The endpoint and its secret", withSecret, replayHeaders),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "INVALID_WEBHOOK_URL",
      "TOO_MANY_WEBHOOKS",
      "SITE_NOT_FOUND",
    ),
  },
};

export const listWebhooks = {
  operationId: "listWebhooks",
  tags: ["webhooks"],
  summary: "List webhook endpoints",
  description: MANAGE,
  response: {
    200: ok("WebhookList", "The account's endpoints", { data: [example] }),
    ...problemResponses(...READ_PROBLEMS),
  },
};

export const getWebhook = {
  operationId: "getWebhook",
  tags: ["webhooks"],
  summary: "Get a webhook endpoint",
  description: MANAGE,
  params: idParams,
  response: {
    200: ok("Webhook", "The endpoint", example),
    ...problemResponses(...READ_PROBLEMS, "WEBHOOK_NOT_FOUND"),
  },
};

export const updateWebhook = {
  operationId: "updateWebhook",
  tags: ["webhooks"],
  summary: "Change, pause or resume a webhook endpoint",
  description: `${MANAGE} active: true resumes an endpoint the service disabled, from the delivery where it stopped.`,
  params: idParams,
  body: refOf(UpdateWebhook),
  response: {
    200: ok("Webhook", "The endpoint", example),
    ...problemResponses(
      ...WRITE_PROBLEMS,
      "WEBHOOK_NOT_FOUND",
      "INVALID_WEBHOOK_URL",
      "SITE_NOT_FOUND",
    ),
  },
};

export const deleteWebhook = {
  operationId: "deleteWebhook",
  tags: ["webhooks"],
  summary: "Delete a webhook endpoint and its deliveries",
  description: MANAGE,
  params: idParams,
  response: {
    204: { description: "Deleted", type: "null" },
    ...problemResponses(...READ_PROBLEMS, ...BODY_PROBLEMS, "WEBHOOK_NOT_FOUND"),
  },
};

export const rotateWebhookSecret = {
  operationId: "rotateWebhookSecret",
  tags: ["webhooks"],
  summary: "Give a webhook endpoint a new secret",
  description: `${MANAGE} Until previous_secret_expires_at, every delivery carries a signature with each secret, so a receiver verifies with either while it switches over. Send an Idempotency-Key header so a retry answers the secret made rather than rotating again.`,
  params: idParams,
  headers: idempotencyHeaders,
  body: refOf(RotateWebhookSecret),
  response: {
    200: ok(
      "WebhookWithSecret",
      "The endpoint and its new secret",
      { ...withSecret, previous_secret_expires_at: "2026-11-25T09:00:00.000Z" },
      replayHeaders,
    ),
    ...problemResponses(...WRITE_PROBLEMS, "WEBHOOK_NOT_FOUND"),
  },
};

export const listWebhookDeliveries = {
  operationId: "listWebhookDeliveries",
  tags: ["webhooks"],
  summary: "List a webhook endpoint's deliveries and their attempts",
  description: `${MANAGE} Newest first.`,
  params: idParams,
  querystring: DeliveryQuery,
  response: {
    200: ok("WebhookDeliveryPage", "Deliveries", { data: [delivery], next_cursor: null }),
    ...problemResponses(...READ_PROBLEMS, "WEBHOOK_NOT_FOUND", "INVALID_CURSOR"),
  },
};

export const redeliverWebhookDelivery = {
  operationId: "redeliverWebhookDelivery",
  tags: ["webhooks"],
  summary: "Send a delivery again",
  description: `${MANAGE} The delivery is pending again and sent next (before the endpoint's other pending deliveries), once the endpoint is active.`,
  params: DeliveryParams,
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
};
