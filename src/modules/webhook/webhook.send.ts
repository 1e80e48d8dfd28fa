// One delivery over HTTP, signed as Standard Webhooks prescribes: webhook-id (the event's id,
// the same on every retry, so a receiver can drop what it has seen), webhook-timestamp, and
// webhook-signature with a v1 HMAC-SHA256 signature per valid secret (two during a rotation).
import http from "node:http";
import https from "node:https";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describeFailure } from "./webhook.failure.js";
import { guardedLookup, urlRefusal, type UrlPolicy } from "./webhook.url.js";

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks has them. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

export interface SendRequest {
  url: string;
  /** The event's id: webhook-id. */
  messageId: string;
  body: string;
  /** Every secret valid now; each signs the message. */
  secrets: string[];
  timeoutMs: number;
  policy: UrlPolicy;
}

export interface SendResult {
  /** The receiver's status; null when there was none (timeout, refused address, network). */
  statusCode: number | null;
  error: string | null;
  /** Retry-After in milliseconds, when the receiver sent one. */
  retryAfterMs: number | null;
  durationMs: number;
}

/** The webhook-* headers for a message, signed with each secret. */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: string[],
  at: Date,
): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(" "),
  };
}

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/**
 * POSTs the message once: 2xx is success; a redirect is not followed (a failure, like any other
 * status); no answer within timeoutMs is a failure. Only the status and Retry-After are read.
 * A URL the policy in force refuses now (an IP literal's address included: Node connects to a
 * literal without a lookup) is not connected to: a failure, retried like any other.
 */
export function send(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const refusal = urlRefusal(request.url, request.policy);
  if (refusal) {
    return Promise.resolve({
      statusCode: null,
      error: `not sent: the URL ${refusal}`,
      retryAfterMs: null,
      durationMs: Math.round(performance.now() - started),
    });
  }
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const headers = {
    "content-type": "application/json",
    "user-agent": "Countpoint-Webhooks/1",
    ...signedHeaders(request.messageId, request.body, request.secrets, new Date()),
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const req = (secure ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(request.body) },
      agent: secure ? agents.https : agents.http,
      lookup: guardedLookup(request.policy),
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        statusCode: null,
        error: `no answer within ${request.timeoutMs} ms`,
        retryAfterMs: null,
      });
    }, request.timeoutMs);
    req.on("response", (res) => {
      res.resume(); // the body is not read, only drained so the connection can be reused
      const statusCode = res.statusCode ?? 0;
      const ok = statusCode >= 200 && statusCode < 300;
      finish({
        statusCode,
        error: ok ? null : `answered ${statusCode}`,
        retryAfterMs: retryAfter(res.headers["retry-after"]),
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: describeFailure(err), retryAfterMs: null }),
    );
    req.end(request.body);
  });
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or bad. */
export function retryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
