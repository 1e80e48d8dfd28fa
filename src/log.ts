import type { LoggerOptions } from "pino";

export const REDACTED = "[redacted]";

// Credentials by their shape, wherever they end up in a line: a message, an error's message or
// stack, a URL, a logged object. Matched in the JSON text pino writes, so a value is the run of
// characters up to the next quote, backslash (an escape), space or separator. What precedes a
// value (group 1) is kept. No lookbehind: each match is found scanning forward, in linear time.
const SECRET = new RegExp(
  [
    // API tokens (cp_<account>_<secret>) and webhook signing secrets (whsec_<base64>).
    String.raw`\bcp_\d+_[A-Za-z0-9_-]+`,
    String.raw`\bwhsec_[A-Za-z0-9+/=]+`,
    // Whatever follows "Bearer": a malformed or foreign token is a secret too.
    String.raw`(\bBearer\s+)[^\s"\\,;]+`,
    // Credential-like query parameters (?token=…): the API takes none, a client may still send one.
    String.raw`([?&](?:token|access_token|api_key|apikey|key|secret|password|authorization)=)[^&#\s"\\]+`,
    // The string value of a credential-named field at any depth: headers, connectionParams.
    String.raw`("(?:authorization|proxy-authorization|cookie|set-cookie|token|secret|previous_secret|previousSecret|password)":")(?:[^"\\]|\\.)+`,
  ].join("|"),
  "gi",
);

/** A line with every credential it holds replaced by [redacted]. */
export const scrubSecrets = (line: string): string =>
  line.replace(
    SECRET,
    (_match, bearer?: string, parameter?: string, field?: string) =>
      (bearer ?? parameter ?? field ?? "") + REDACTED,
  );

/**
 * pino's options for every logger of the service (HTTP, read routing, background work). Known
 * places are redacted by path; then every line is scrubbed of credentials by their shape, so a
 * token in an error message, a URL or a new log call cannot reach the log either.
 */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "req.headers['proxy-authorization']",
        "res.headers['set-cookie']",
      ],
      censor: REDACTED,
    },
    hooks: { streamWrite: scrubSecrets },
  };
}
