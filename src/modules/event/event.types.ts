import { Field, ID, ObjectType } from "type-graphql";
import { DateTimeResolver, GraphQLJSONObject } from "graphql-scalars";
import { ConnectionType } from "../../graphql/connection.js";

/** Every event type, as `types` filters take them. */
export const EVENT_TYPES = [
  "stock.changed",
  "sku.created",
  "sku.updated",
  "supplier_item.created",
  "supplier_item.updated",
  "stock_take.started",
  "stock_take.counted",
  "stock_take.accepted",
  "stock_take.reconciled",
  "stock_take.cancelled",
  "transfer.dispatched",
  "transfer.received",
  "transfer.cancelled",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What each type's data holds, for the REST and GraphQL documentation alike. */
export const EVENT_DATA_DESCRIPTION =
  "The state after the change, in the same snake_case shape for the feed, webhooks and subscriptions. stock.changed: type and id of the entity, quantity_before, quantity_after, change, reason, source, movement_id, adjustment_id, stock_take_id, site_id (the site whose stock changed), transfer_id (the transfer that made it, else null; absent from events written before transfers), and for a valued movement (its item had a cost) unit_cost and value_change (a decimal string with the currency's digits), shown only to the costs scope and to webhooks with include_values. sku.created and sku.updated: the SKU as GET /skus/{id} shows it; supplier_item.*: the supplier item likewise. stock_take.started, .reconciled, .cancelled: id, status, reference, blind, basis, frozen_at, reconciled_at, cancelled_at, site_id. stock_take.counted: id, counts (how many the request recorded), counter, counted_at, site_id. stock_take.accepted: id, accepted, recount, needs_review (line counts), site_id. transfer.dispatched (made), .received (each receipt, in part or in full, or closed short: status says which), .cancelled: id, status, from_site_id, to_site_id, reference, line_count, created_at, updated_at, closed_at (its quantities are in the stock.changed events naming its transfer_id). No event carries expected quantities.";

/**
 * The sites an event concerns, for filters by site: its site_id; a transfer's two sites; none
 * (null) for the catalog's events, which concern every site. A stock take's events written
 * before they named their site name none here (the feed finds it from the stock take).
 */
export function eventSites(data: Record<string, unknown>): number[] | null {
  if (typeof data.site_id === "number") return [data.site_id];
  if (typeof data.from_site_id === "number" && typeof data.to_site_id === "number") {
    return [data.from_site_id, data.to_site_id];
  }
  return null;
}

/** An event of the feed, as the API shows it. */
@ObjectType({
  description:
    "One change, written in the transaction of the change: the change feed, webhooks and subscriptions all show these.",
})
export class Event {
  @Field(() => ID, { description: "Stable: `evt_` and a number." })
  id!: string;

  @Field({ description: `What changed: one of ${EVENT_TYPES.join(", ")}.` })
  type!: string;

  @Field(() => DateTimeResolver, { description: "When the change was made." })
  occurredAt!: Date;

  @Field(() => GraphQLJSONObject, { description: EVENT_DATA_DESCRIPTION })
  data!: Record<string, unknown>;

  /** The feed's position just after this event (an edge's cursor, a webhook payload's too). */
  cursor!: string;
}

export const EventConnection = ConnectionType(Event, "Event");

export interface EventPage {
  data: Event[];
  /** Where to resume: the last event's position, or the one asked from when none was new. */
  nextCursor: string;
  hasMore: boolean;
}
