// Money in events: a stock.changed event of a valued movement carries its unit_cost and
// value_change (the ledger writes them with the event), shown only to whoever may see money: a
// reader of the feed or a subscriber with the costs scope, a webhook endpoint that asked for them
// (include_values). Everyone else gets the event as it was before events carried values.
import type { Event } from "./event.types.js";

/** The fields of a stock.changed event's data that hold money. */
const MONEY_FIELDS = ["unit_cost", "value_change"] as const;

/** The event as a reader that may (`money`) or may not see money is shown it. */
export function eventForReader(event: Event, money: boolean): Event {
  if (money || event.type !== "stock.changed" || !("unit_cost" in event.data)) return event;
  const data = { ...event.data };
  for (const field of MONEY_FIELDS) delete data[field];
  return { ...event, data };
}
