// The webhook schemas of the REST contract (conventions: src/http/openapi-schemas.ts, which
// registers these with the others).
import { MAX_WEBHOOK_EVENT_TYPES } from "../limits.js";
import { EVENT_TYPES } from "../modules/event/event.types.js";
import {
  MAX_DESCRIPTION,
  MAX_WEBHOOKS,
  MAX_PREVIOUS_SECRETS,
  ROTATION_OVERLAP_HOURS,
} from "../modules/webhook/webhook.service.js";
import { MAX_URL_LENGTH } from "../modules/webhook/webhook.url.js";
import { $ref, integerId, nullable, page, timestamp } from "./openapi-primitives.js";

const nullableTimestamp = { ...nullable("string"), format: "date-time" } as const;

const url = {
  type: "string",
  maxLength: MAX_URL_LENGTH,
  description:
    "Where deliveries are POSTed: https:// (in development also http:// to a loopback address, for a local receiver); never a link-local, metadata or, in production, private or loopback address (422 INVALID_WEBHOOK_URL). Redirects are not followed.",
  "x-service-checked": true,
} as const;

const eventTypes = {
  type: "array",
  minItems: 1,
  maxItems: MAX_WEBHOOK_EVENT_TYPES,
  items: { type: "string", enum: [...EVENT_TYPES] },
  description: `The event types it receives: 1 to ${MAX_WEBHOOK_EVENT_TYPES}, each once.`,
  "x-service-checked": true,
} as const;

const description = {
  type: ["string", "null"],
  maxLength: MAX_DESCRIPTION,
  description: "Your note on what it is for.",
} as const;

const webhookProperties = {
  id: integerId,
  url: { type: "string", description: "Where deliveries are POSTed." },
  event_types: { type: "array", items: { type: "string" }, description: "What it receives." },
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
  CreateWebhook: {
    $id: "CreateWebhook",
    examples: [{ url: "https://erp.example.com/hooks/countpoint", event_types: ["stock.changed"] }],
    type: "object",
    required: ["url", "event_types"],
    additionalProperties: false,
    properties: { url, event_types: eventTypes, description, active: { type: "boolean" } },
  },
  UpdateWebhook: {
    $id: "UpdateWebhook",
    examples: [{ active: true }],
    type: "object",
    additionalProperties: false,
    description: "Fields left out stay as they are.",
    properties: {
      url,
      event_types: eventTypes,
      description,
      active: {
        type: "boolean",
        description:
          "false pauses deliveries; true resumes them, also after the service disabled it.",
      },
    },
  },
  RotateWebhookSecret: {
    $id: "RotateWebhookSecret",
    examples: [{ overlap_hours: 24 }],
    type: "object",
    additionalProperties: false,
    properties: {
      overlap_hours: {
        type: "integer",
        minimum: 0,
        maximum: ROTATION_OVERLAP_HOURS.max,
        description: `How long the old secret keeps signing too (one more signature in webhook-signature); ${ROTATION_OVERLAP_HOURS.default} when absent. Earlier secrets keep signing until the end of their own overlap; with ${MAX_PREVIOUS_SECRETS} of them still signing, only 0 is taken (400 INVALID_PARAMETER).`,
      },
    },
  },
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
