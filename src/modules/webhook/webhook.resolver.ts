import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  Int,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { keyedValue, serviceContext } from "../../graphql/service-context.js";
import * as webhooks from "./webhook.service.js";
import {
  CreateWebhookInput,
  DeleteWebhookInput,
  RedeliverWebhookDeliveryInput,
  RotateWebhookSecretInput,
  UpdateWebhookInput,
  WebhookDeliveriesArgs,
} from "./webhook.inputs.js";
import {
  CreateWebhookPayload,
  DeleteWebhookPayload,
  RedeliverWebhookDeliveryPayload,
  RotateWebhookSecretPayload,
  UpdateWebhookPayload,
  Webhook,
  WebhookDeliveryConnection,
} from "./webhook.types.js";

const SCOPE = "Needs the webhooks scope.";

@Resolver(() => Webhook)
export class WebhookResolver {
  @Authorized("webhooks")
  @Query(() => [Webhook], {
    description: `The account's webhook endpoints, oldest first (at most ${webhooks.MAX_WEBHOOKS}). ${SCOPE}`,
  })
  webhooks(@Ctx() ctx: GraphQLContext) {
    return webhooks.listWebhooks(serviceContext(ctx));
  }

  @Authorized("webhooks")
  @Query(() => Webhook, {
    description: `A webhook endpoint by id (WEBHOOK_NOT_FOUND if the account has none). ${SCOPE}`,
  })
  webhook(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The webhook's id." }) id: number,
  ) {
    return webhooks.getWebhook(serviceContext(ctx), id);
  }

  @Authorized("webhooks")
  @FieldResolver(() => WebhookDeliveryConnection, {
    description: `The endpoint's deliveries, newest first, each with its attempts. ${SCOPE}`,
  })
  async deliveries(
    @Ctx() ctx: GraphQLContext,
    @Root() webhook: Webhook,
    @Args(() => WebhookDeliveriesArgs) { first, after, status }: WebhookDeliveriesArgs,
  ) {
    return toConnection(
      await webhooks.listDeliveries(serviceContext(ctx), webhook.id, {
        limit: first,
        cursor: after,
        status,
      }),
      after,
    );
  }

  @ScopedMutation(
    "webhooks",
    () => CreateWebhookPayload,
    "Registers a webhook endpoint; its deliveries start with the events after this moment. Each is a POST of {id, type, occurred_at, cursor, data} with the Standard Webhooks headers webhook-id (the event's id, the same on every retry), webhook-timestamp and webhook-signature, signed with the secret in the payload (shown only here).",
  )
  async createWebhook(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateWebhookInput, { description: "The endpoint to register." })
    input: CreateWebhookInput,
  ) {
    const { idempotencyKey, ...data } = input;
    const value = await keyedValue(ctx, idempotencyKey, (service, key) =>
      webhooks.createWebhook(service, data, key),
    );
    return { webhook: value, secret: value.secret };
  }

  @ScopedMutation(
    "webhooks",
    () => UpdateWebhookPayload,
    "Changes, pauses (active: false) or resumes (active: true) a webhook endpoint; resuming one the service disabled starts from the delivery where it stopped.",
  )
  async updateWebhook(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => UpdateWebhookInput, { description: "The webhook and what to change." })
    input: UpdateWebhookInput,
  ) {
    const { id, ...changes } = input;
    const webhook = await webhooks.updateWebhook(serviceContext(ctx), id, changes);
    return { webhook };
  }

  @ScopedMutation(
    "webhooks",
    () => DeleteWebhookPayload,
    "Deletes a webhook endpoint and its deliveries; a delivery under way may still arrive.",
  )
  async deleteWebhook(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => DeleteWebhookInput, { description: "The webhook to delete." })
    input: DeleteWebhookInput,
  ) {
    await webhooks.deleteWebhook(serviceContext(ctx), input.id);
    return { deletedId: input.id };
  }

  @ScopedMutation(
    "webhooks",
    () => RotateWebhookSecretPayload,
    "Gives a webhook endpoint a new secret. Until previousSecretExpiresAt every delivery carries a signature with each secret, so a receiver verifies with either while it switches over.",
  )
  async rotateWebhookSecret(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => RotateWebhookSecretInput, { description: "The webhook to rotate." })
    input: RotateWebhookSecretInput,
  ) {
    const value = await keyedValue(ctx, input.idempotencyKey, (service, key) =>
      webhooks.rotateWebhookSecret(service, input.id, input.overlapHours, key),
    );
    return { webhook: value, secret: value.secret };
  }

  @ScopedMutation(
    "webhooks",
    () => RedeliverWebhookDeliveryPayload,
    "Sends a delivery again, whatever became of it: it is PENDING from now and sent next (before the endpoint's other pending deliveries), once the endpoint is active.",
  )
  async redeliverWebhookDelivery(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => RedeliverWebhookDeliveryInput, { description: "The delivery." })
    input: RedeliverWebhookDeliveryInput,
  ) {
    const delivery = await webhooks.redeliver(
      serviceContext(ctx),
      input.webhookId,
      input.deliveryId,
    );
    return { delivery };
  }
}
