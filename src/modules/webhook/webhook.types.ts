/** A webhook endpoint as the API shows it (never its secret, except when made or rotated). */
export interface Webhook {
  id: number;
  url: string;
  eventTypes: string[];
  description: string | null;
  active: boolean;
  /** Why the service disabled it: "gone" (it answered 410) or "failing" (3 days of failures). */
  disabledReason: string | null;
  /** Until when the secret before the last rotation still signs deliveries. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A webhook with its signing secret: the answer of a create or a rotation, the only ones. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

export interface WebhookAttempt {
  attemptedAt: Date;
  /** The receiver's status; null when it did not answer. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: number;
  /** The event's id, also the delivery's webhook-id header. */
  eventId: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: WebhookAttempt[];
  /** When it is tried next; null unless pending. */
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

export interface WebhookInput {
  url?: string | null;
  eventTypes?: string[] | null;
  description?: string | null;
  active?: boolean | null;
}
