import { Field, ID, Int, ObjectType } from "type-graphql";
import { DateTimeResolver, SafeIntResolver } from "graphql-scalars";
import type { WebhookDeliveryStatus as Status } from "../../generated/prisma/enums.js";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";
import { WebhookDeliveryStatus } from "../../graphql/enums.js";
import { EVENT_TYPES } from "../event/event.types.js";

/** A webhook endpoint as the API shows it (never its secret, except when made or rotated). */
@ObjectType({
  description:
    "An endpoint receiving the account's events, signed (Standard Webhooks), in feed order. Its secret is shown only by createWebhook and rotateWebhookSecret.",
})
export class Webhook {
  @Field(() => Int, { description: "The webhook's id." })
  id!: number;

  @Field({ description: "Where deliveries are POSTed." })
  url!: string;

  @Field(() => [String], {
    description: `The event types it receives (of ${EVENT_TYPES.join(", ")}).`,
  })
  eventTypes!: string[];

  @Field(() => [Int], {
    nullable: true,
    description:
      "The sites whose events it receives (events naming no site, the catalog's, always); null: every site.",
  })
  siteIds!: number[] | null;

  @Field(() => String, { nullable: true, description: "Your note on what it is for." })
  description!: string | null;

  @Field({ description: "Deliveries are made only while active; pending ones wait." })
  active!: boolean;

  /** Why the service disabled it: "gone" (it answered 410) or "failing" (3 days of failures). */
  @Field(() => String, {
    nullable: true,
    description:
      "Why the service disabled it: gone (it answered 410) or failing (a delivery failed for 3 days); updateWebhook with active: true resumes where deliveries stopped.",
  })
  disabledReason!: string | null;

  /** Until when the secret before the last rotation still signs deliveries. */
  @Field(() => DateTimeResolver, {
    nullable: true,
    description:
      "After a rotation: until when the secret it replaced still signs deliveries too; null when it no longer does. Secrets replaced before keep signing until the end of their own overlap.",
  })
  previousSecretExpiresAt!: Date | null;

  @Field({
    description:
      "Whether its stock.changed events carry unitCost and valueChange as unit_cost and value_change (asked for by a token with the costs scope).",
  })
  includeValues!: boolean;

  @Field(() => DateTimeResolver, { description: "When it was created." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, { description: "When it was last changed, rotated or disabled." })
  updatedAt!: Date;
}

/** A webhook with its signing secret: the answer of a create or a rotation, the only ones. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

@ObjectType({ description: "One try of a delivery: what the receiver answered, or why not." })
export class WebhookAttempt {
  @Field(() => DateTimeResolver, { description: "When the request was sent." })
  attemptedAt!: Date;

  /** The receiver's status; null when it did not answer. */
  @Field(() => Int, {
    nullable: true,
    description: "The receiver's HTTP status; null when it did not answer.",
  })
  statusCode!: number | null;

  @Field(() => String, { nullable: true, description: "Why it failed; null when delivered." })
  error!: string | null;

  @Field(() => Int, { description: "How long the request took, in milliseconds." })
  durationMs!: number;
}

@ObjectType({
  description:
    "One event sent to one endpoint. Pending deliveries are sent one at a time in feed order: a failing one is retried with exponential backoff (or after Retry-After) and the later ones wait for it.",
})
export class WebhookDelivery {
  @Field(() => SafeIntResolver, { description: "The delivery's id." })
  id!: number;

  /** The event's id, also the delivery's webhook-id header. */
  @Field(() => ID, { description: "The event's id (evt_…): the webhook-id header." })
  eventId!: string;

  @Field({ description: "The event's type." })
  eventType!: string;

  @Field(() => WebhookDeliveryStatus, { description: "PENDING, DELIVERED or FAILED." })
  status!: Status;

  @Field(() => [WebhookAttempt], { description: "Every attempt, oldest first." })
  attempts!: WebhookAttempt[];

  /** When it is tried next; null unless pending. */
  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When it is tried next; null unless PENDING.",
  })
  nextAttemptAt!: Date | null;

  @Field(() => DateTimeResolver, {
    nullable: true,
    description: "When the receiver accepted it; null until then.",
  })
  deliveredAt!: Date | null;

  @Field(() => DateTimeResolver, { description: "When the event was queued for the endpoint." })
  createdAt!: Date;
}

export const WebhookDeliveryConnection = ConnectionType(WebhookDelivery, "WebhookDelivery");

export interface WebhookInput {
  url?: string | null;
  eventTypes?: string[] | null;
  /** Only the events of these sites (and those naming none); null: every site. */
  siteIds?: number[] | null;
  description?: string | null;
  active?: boolean | null;
  /** Whether its stock.changed deliveries carry money (needs the costs scope to turn on). */
  includeValues?: boolean | null;
}

const SECRET =
  "The signing secret, whsec_…: verifies the webhook-signature header of every delivery (Standard Webhooks; the standardwebhooks libraries take it as is). Keep it: it is not shown again. Null with userErrors.";

@PayloadType("createWebhook")
export class CreateWebhookPayload {
  @Field(() => Webhook, { nullable: true, description: "The new webhook; null with userErrors." })
  webhook?: Webhook | null;

  @Field(() => String, { nullable: true, description: SECRET })
  secret?: string | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("updateWebhook")
export class UpdateWebhookPayload {
  @Field(() => Webhook, {
    nullable: true,
    description: "The webhook as changed; null with userErrors.",
  })
  webhook?: Webhook | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("deleteWebhook")
export class DeleteWebhookPayload {
  @Field(() => Int, {
    nullable: true,
    description: "The id of the webhook deleted; null with userErrors.",
  })
  deletedId?: number | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("rotateWebhookSecret")
export class RotateWebhookSecretPayload {
  @Field(() => Webhook, {
    nullable: true,
    description:
      "The webhook, previousSecretExpiresAt set to when the old secret stops signing; null with userErrors.",
  })
  webhook?: Webhook | null;

  @Field(() => String, { nullable: true, description: `The new secret. ${SECRET}` })
  secret?: string | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("redeliverWebhookDelivery")
export class RedeliverWebhookDeliveryPayload {
  @Field(() => WebhookDelivery, {
    nullable: true,
    description: "The delivery, PENDING again; null with userErrors.",
  })
  delivery?: WebhookDelivery | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
