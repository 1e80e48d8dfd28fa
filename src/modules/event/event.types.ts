/** An event of the feed, as the API shows it. */
export interface Event {
  /** Stable: `evt_` and a number. */
  id: string;
  type: string;
  occurredAt: Date;
  /** The state after the change. */
  data: Record<string, unknown>;
  /** The feed's position just after this event (a webhook payload carries it too). */
  cursor: string;
}

export interface EventPage {
  data: Event[];
  /** Where to resume: the last event's position, or the one asked from when none was new. */
  nextCursor: string;
  hasMore: boolean;
}
