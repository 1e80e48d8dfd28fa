// What one token may hold over WebSocket on one process: connections and live subscriptions
// (counted here, in memory, so a refusal costs no round trip), and a short memory of its rate
// limit's last refusal, so subscribe messages sent while it holds are refused without asking the
// bucket store again.
import { createHash } from "node:crypto";

export interface QuotaLimits {
  /** Open connections per token (SUBSCRIPTION_CONNECTIONS_PER_TOKEN). */
  connectionsPerToken: number;
  /** Live subscriptions per token, over all its connections (SUBSCRIPTIONS_PER_TOKEN). */
  perToken: number;
}

interface Held {
  connections: number;
  subscriptions: number;
  /** Until when (ms since the epoch) the token's bucket is known to refuse. */
  refusedUntil: number;
  /** Whether a timer will forget the entry once its refusal has passed. */
  sweeping: boolean;
}

/** Whose a connection is: the token's digest (the token itself is not kept). */
export const quotaKey = (token: string): string =>
  createHash("sha256").update(token).digest("base64url");

/** Calls `f` the first time only. */
const once = (f: () => void) => {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      f();
    }
  };
};

export class TokenQuotas {
  private readonly held = new Map<string, Held>();
  /** Open connections and live subscriptions, over all tokens (gauges). */
  connections = 0;
  subscriptions = 0;

  constructor(readonly limits: QuotaLimits) {}

  private entry(key: string): Held {
    let held = this.held.get(key);
    if (!held) {
      held = { connections: 0, subscriptions: 0, refusedUntil: 0, sweeping: false };
      this.held.set(key, held);
    }
    return held;
  }

  private forget(key: string, held: Held): void {
    if (held.connections !== 0 || held.subscriptions !== 0) return;
    const left = held.refusedUntil - Date.now();
    if (left <= 0) {
      if (this.held.get(key) === held) this.held.delete(key);
    } else if (!held.sweeping) {
      // A refusal outlives the connection it closed, so a client reconnecting at once is refused
      // without a round trip; the entry goes once the refusal has passed.
      held.sweeping = true;
      setTimeout(() => {
        held.sweeping = false;
        this.forget(key, held);
      }, left).unref();
    }
  }

  /** Takes one of the token's connections: its release, or null when it holds them all. */
  openConnection(key: string): (() => void) | null {
    return this.take(key, "connections", this.limits.connectionsPerToken);
  }

  /** Takes one of the token's subscriptions: its release, or null when it holds them all. */
  openSubscription(key: string): (() => void) | null {
    return this.take(key, "subscriptions", this.limits.perToken);
  }

  private take(key: string, what: "connections" | "subscriptions", max: number) {
    const held = this.entry(key);
    if (held[what] >= max) {
      this.forget(key, held);
      return null;
    }
    held[what]++;
    this[what]++;
    return once(() => {
      held[what]--;
      this[what]--;
      this.forget(key, held);
    });
  }

  /** Milliseconds left of the token's last rate-limit refusal (0: ask the bucket). */
  refusedFor(key: string): number {
    return Math.max(0, (this.held.get(key)?.refusedUntil ?? 0) - Date.now());
  }

  /** Notes that the token's bucket refused, for `seconds` (its Retry-After). */
  refused(key: string, seconds: number): void {
    const held = this.held.get(key);
    if (held) held.refusedUntil = Date.now() + seconds * 1000;
  }
}
