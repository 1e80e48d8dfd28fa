// The service's logger drops credentials wherever they appear in a line: the request headers by
// path, and tokens, webhook secrets, Bearer values and credential query parameters by shape
// (in messages, error stacks, URLs and logged objects at any depth).
import { pino } from "pino";
import { logOptions, REDACTED, scrubSecrets } from "../../src/log.js";

const TOKEN = "cp_12_ZTRkYjM2ZmQtYjJhYS00MzQ3LWI0ZjUtZDQ1";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+/x9=";

function capture(level = "trace") {
  const lines: string[] = [];
  const log = pino(logOptions(level), { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join(""), lines };
}

describe("the service's log", () => {
  it("redacts the request's Authorization and Cookie headers", () => {
    const { log, lines } = capture();
    log.info(
      {
        req: {
          method: "GET",
          url: "/x",
          headers: { authorization: "Basic dXNlcjpwYXNz", cookie: "s=1" },
        },
      },
      "incoming",
    );
    const entry = JSON.parse(lines[0]!);
    expect(entry.req.headers).toEqual({ authorization: REDACTED, cookie: REDACTED });
    expect(entry.req.url).toBe("/x");
  });

  it("drops tokens and secrets from messages, errors, URLs and nested objects", () => {
    const { log, text, lines } = capture();
    const err = new Error(`Invalid invocation: { data: { secret: "${SECRET}" } } for ${TOKEN}`);
    log.error({ err }, "request failed");
    log.info(`Authorization: Bearer ${TOKEN}`);
    log.info("Authorization: bearer not-a-countpoint-token.xyz");
    log.info({ req: { url: `/api/v1/skus?limit=1&token=${TOKEN}&access_token=abc123def` } });
    log.info({ connectionParams: { authorization: `Bearer ${TOKEN}` } }, "connect");
    log.debug({ endpoint: { secret: SECRET, previousSecret: "whsec_old" } });
    log.warn({ payload: { token: "opaque-value-1" } });

    for (const secret of [
      TOKEN,
      SECRET,
      "not-a-countpoint-token.xyz",
      "abc123def",
      "whsec_old",
      "opaque-value-1",
    ]) {
      expect(text()).not.toContain(secret);
    }
    // What is not a credential stays, and every line is still JSON.
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries[0].msg).toBe("request failed");
    expect(entries[0].err.message).toBe(
      `Invalid invocation: { data: { secret: "${REDACTED}" } } for ${REDACTED}`,
    );
    expect(entries[3].req.url).toBe(
      `/api/v1/skus?limit=1&token=${REDACTED}&access_token=${REDACTED}`,
    );
  });

  it("leaves lines without credentials as they are", () => {
    const line = JSON.stringify({
      msg: "request completed",
      url: "/api/v1/skus?cursor=abc&limit=5",
      tokenId: 3,
    });
    expect(scrubSecrets(line)).toBe(line);
  });
});
