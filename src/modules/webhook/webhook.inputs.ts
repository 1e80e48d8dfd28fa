import { ArrayMaxSize, IsOptional, Max, MaxLength, Min } from "class-validator";
import { SafeIntResolver } from "graphql-scalars";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { PageArgs } from "../../graphql/connection.js";
import { WebhookDeliveryStatus } from "../../graphql/enums.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { EVENT_TYPES } from "../event/event.types.js";
import { atMost, LIST_BOUNDS } from "../../graphql/list-bounds.js";
import {
  MAX_DESCRIPTION,
  MAX_PREVIOUS_SECRETS,
  ROTATION_OVERLAP_HOURS,
} from "./webhook.service.js";
import { MAX_URL_LENGTH } from "./webhook.url.js";

// Lengths and sizes are checked here, as REST's schema does; whether a URL may be used and which
// event types exist are the service's to say (INVALID_WEBHOOK_URL, INVALID_PARAMETER).

const URL_RULE =
  "Where deliveries are POSTed: https:// (in development also http:// to a loopback address, for a local receiver); never a link-local, metadata or, in production, private or loopback address (else INVALID_WEBHOOK_URL). Redirects are not followed.";
const EVENT_TYPES_RULE = `At least one of ${EVENT_TYPES.join(", ")} (an unknown one is INVALID_PARAMETER).`;
const SITE_IDS_RULE =
  "Only the events of these sites (SITE_NOT_FOUND for one the account does not have); events naming no site, the catalog's, are always delivered.";
const DESCRIPTION_RULE = `Your note on what it is for; at most ${MAX_DESCRIPTION} characters.`;

@InputType({ description: "A new webhook endpoint." })
export class CreateWebhookInput {
  @Field({ description: URL_RULE })
  @MaxLength(MAX_URL_LENGTH)
  url!: string;

  @Field(() => [String], {
    description: `The event types it receives. ${EVENT_TYPES_RULE} ${atMost("CreateWebhookInput.eventTypes")}`,
  })
  @ArrayMaxSize(LIST_BOUNDS["CreateWebhookInput.eventTypes"].max)
  @MaxLength(64, { each: true })
  eventTypes!: string[];

  @Field(() => [Int], {
    nullable: true,
    description: `${SITE_IDS_RULE} Null or absent: every site. ${atMost("CreateWebhookInput.siteIds")}`,
  })
  @IsOptional()
  @ArrayMaxSize(LIST_BOUNDS["CreateWebhookInput.siteIds"].max)
  siteIds?: number[] | null;

  @Field(() => String, { nullable: true, description: DESCRIPTION_RULE })
  @MaxLength(MAX_DESCRIPTION)
  description?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: true,
    description: "false registers it paused: its deliveries wait until it is activated.",
  })
  active?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description:
      "Whether its stock.changed events carry unit_cost and value_change (a valued movement's); true needs the costs scope (403 FORBIDDEN).",
  })
  includeValues?: boolean | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Changes to a webhook; a field left out stays as it is." })
export class UpdateWebhookInput {
  @Field(() => Int, { description: "The webhook to change." })
  @Min(1)
  id!: number;

  @Field(() => String, { nullable: true, description: URL_RULE })
  @IsOptional()
  @MaxLength(MAX_URL_LENGTH)
  url?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: `The whole new set of event types. ${EVENT_TYPES_RULE} ${atMost("UpdateWebhookInput.eventTypes")}`,
  })
  @IsOptional()
  @ArrayMaxSize(LIST_BOUNDS["UpdateWebhookInput.eventTypes"].max)
  @MaxLength(64, { each: true })
  eventTypes?: string[] | null;

  @Field(() => [Int], {
    nullable: true,
    description: `The whole new set of sites. ${SITE_IDS_RULE} Null: every site again; left out: unchanged. ${atMost("UpdateWebhookInput.siteIds")}`,
  })
  @IsOptional()
  @ArrayMaxSize(LIST_BOUNDS["UpdateWebhookInput.siteIds"].max)
  siteIds?: number[] | null;

  @Field(() => String, { nullable: true, description: `${DESCRIPTION_RULE} null clears it.` })
  @IsOptional()
  @MaxLength(MAX_DESCRIPTION)
  description?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "false pauses deliveries; true resumes them, also after the service disabled the webhook (from the delivery where they stopped).",
  })
  active?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Whether its stock.changed events carry unit_cost and value_change (a valued movement's); true needs the costs scope (403 FORBIDDEN). Left out: unchanged.",
  })
  includeValues?: boolean | null;
}

@InputType({ description: "The webhook to delete, with its deliveries." })
export class DeleteWebhookInput {
  @Field(() => Int, { description: "The webhook to delete." })
  @Min(1)
  id!: number;
}

@InputType({ description: "The webhook to give a new secret." })
export class RotateWebhookSecretInput {
  @Field(() => Int, { description: "The webhook." })
  @Min(1)
  id!: number;

  @Field(() => Int, {
    nullable: true,
    description: `How long the old secret keeps signing too (one more signature in webhook-signature), 0 to ${ROTATION_OVERLAP_HOURS.max} hours; ${ROTATION_OVERLAP_HOURS.default} when absent. Earlier secrets keep signing until the end of their own overlap; with ${MAX_PREVIOUS_SECRETS} of them still signing, only 0 is taken (INVALID_PARAMETER).`,
  })
  @IsOptional()
  @Min(0)
  @Max(ROTATION_OVERLAP_HOURS.max)
  overlapHours?: number | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "A delivery to send again." })
export class RedeliverWebhookDeliveryInput {
  @Field(() => Int, { description: "The webhook the delivery belongs to." })
  @Min(1)
  webhookId!: number;

  @Field(() => SafeIntResolver, { description: "The delivery (WebhookDelivery.id)." })
  @Min(1)
  deliveryId!: number;
}

@ArgsType()
export class WebhookDeliveriesArgs extends PageArgs {
  @Field(() => WebhookDeliveryStatus, {
    nullable: true,
    description: "Only deliveries of this status.",
  })
  status?: string | null;
}
