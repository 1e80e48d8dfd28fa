// What the API's refusals mean to the person holding the device: every error code the app can
// meet, in words, in this one place. Codes come from GraphQL errors' extensions.code and from
// payloads' userErrors (docs/reference/errors.md lists them all).
import type { CombinedError } from "urql";

const MESSAGES: Record<string, string> = {
  UNAUTHENTICATED:
    "This device's token is no longer accepted: it was revoked, or this server does not know it. Ask your manager for a new sign-in link.",
  FORBIDDEN: "This token may not do that. Ask your manager for a token that can.",
  RATE_LIMITED: "Too many requests from this token just now. Wait a moment, then try again.",
  SERVICE_UNAVAILABLE: "Countpoint is not answering right now. Try again in a moment.",
  INTERNAL:
    "Something went wrong on the server. Try again; if it keeps happening, tell your manager.",
  STOCK_TAKE_NOT_FOUND: "There is no such stock take.",
  STOCK_TAKE_CLOSED:
    "This stock take is closed (reconciled or cancelled): counts are no longer taken.",
  NOT_IN_STOCK_TAKE: "That item is not in this stock take.",
  INVALID_QUANTITY: "The quantity must be a number of at least 0, with at most 3 decimals.",
  INVALID_PARAMETER: "Something entered is not valid.",
  INVALID_BARCODE: "That barcode is not valid (its check digit is wrong).",
  IDEMPOTENCY_KEY_IN_PROGRESS: "This count is still being saved. Wait a moment.",
  QUERY_TOO_COMPLEX: "The app asked for too much at once. Reload the page.",
  TRANSFER_NOT_FOUND: "There is no such delivery at this site.",
  TRANSFER_CLOSED:
    "This delivery is closed (received in full, or cancelled): nothing more is taken in.",
  OVER_RECEIPT:
    "More arrived of an item than is on its way: count it again, and receive no more than was sent.",
};

/** Whether trying the same request again later may work. */
export const RETRYABLE = new Set([
  "NETWORK",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  "IDEMPOTENCY_KEY_IN_PROGRESS",
]);

export interface Problem {
  code: string;
  message: string;
  /** UNAUTHENTICATED only: the token expired (rather than being unknown or revoked). */
  expired?: boolean;
}

/** The message for an error code (a generic one for a code this app does not know). */
export const messageFor = (code: string, fallback?: string): string =>
  MESSAGES[code] ?? fallback ?? `The request was refused (${code}).`;

/** What went wrong with a request, in words: no connection, or the API's first error. */
export function problemOf(error: CombinedError): Problem {
  if (error.networkError && error.graphQLErrors.length === 0) {
    return {
      code: "NETWORK",
      message: "No connection to Countpoint. Check the network, then try again.",
    };
  }
  const first = error.graphQLErrors[0];
  const code = String(first?.extensions?.code ?? "INTERNAL");
  const expired = code === "UNAUTHENTICATED" ? EXPIRED.exec(first?.message ?? "") : null;
  if (expired) {
    const when = new Date(expired[1]!).toLocaleString("en", {
      dateStyle: "medium",
      timeStyle: "short",
    });
    return {
      code,
      message: `This token expired on ${when}. Ask your manager for a new sign-in link.`,
      expired: true,
    };
  }
  return { code, message: messageFor(code, first?.message) };
}

/** How the API says a token expired (src/auth/tokens.ts), with the instant it did. */
const EXPIRED = /^the token expired at (\S+)$/;
