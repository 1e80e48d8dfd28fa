// What the commands print: one JSON line a result, with the JSON shapes several commands share.
import { formatRate, type RateLimit } from "../rate-limit/bucket.js";

/** Prints one value as a line of JSON on stdout. */
export const print = (value: unknown) => process.stdout.write(JSON.stringify(value) + "\n");

/** A date as JSON prints it, or null. */
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A token's or an account's rate limit: "default", "off", or "N/s" with its burst. */
export const rateLimitJson = (limit: RateLimit | null) => ({
  rate_limit:
    limit === null ? "default" : limit.perSecond === 0 ? "off" : formatRate(limit.perSecond),
  rate_limit_burst: limit && limit.perSecond > 0 ? limit.burst : null,
});
