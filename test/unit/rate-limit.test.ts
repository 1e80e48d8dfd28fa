import { randomBytes } from "node:crypto";
import { loadConfig } from "../../src/config.js";
import { csvRows } from "../../src/csv.js";
import {
  accountOf,
  hashToken,
  issueToken,
  signedWith,
  tokenMatches,
} from "../../src/auth/tokens.js";
import {
  parseExpiresAt,
  parseExpiresIn,
  parseRateLimit,
} from "../../src/modules/token/token.store.js";
import { linesTwice, linesTwiceAt, OPERATIONS, restLines } from "../../src/operations.js";
import {
  bucketDecision,
  chargeOf,
  costOfLines,
  formatRate,
  rateLimitHeaders,
} from "../../src/rate-limit/bucket.js";

describe("what a request costs", () => {
  it("is 1, and one unit per started 100 lines for a request carrying lines", () => {
    expect([0, 1, 100, 101, 250, 10_000].map(costOfLines)).toEqual([1, 1, 1, 2, 3, 100]);
  });

  it("lets the largest request the API accepts (10,000 lines) pass with the default limit", () => {
    const { rateLimit } = loadConfig({});
    expect(rateLimit).toEqual({ perSecond: 100, burst: 200 });
    expect(costOfLines(10_000)).toBeLessThanOrEqual(rateLimit.burst);
  });

  it("is never more than the bucket holds", () => {
    expect(chargeOf(100, { perSecond: 1, burst: 20 })).toBe(20);
    expect(chargeOf(3, { perSecond: 1, burst: 20 })).toBe(3);
  });

  it("counts a one-step transfer's lines twice, from REST's body as from GraphQL's input", () => {
    const { lines } = OPERATIONS.createTransfer;
    expect(
      [{ receive: true }, { receive: false }, {}, { receive: "true" }, null].map((body) =>
        linesTwice(lines, body),
      ),
    ).toEqual([true, false, false, false, false]);
    expect(linesTwice(OPERATIONS.bulkAdjustStock.lines, { receive: true })).toBe(false);
    const asked: unknown[] = [];
    const read = (argument: string, path: string[]) => {
      asked.push([argument, path]);
      return true;
    };
    expect(linesTwiceAt(lines, read)).toBe(true);
    expect(asked).toEqual([["input", ["receive"]]]);
  });

  it("counts a REST body's lines by the operation's declaration, as GraphQL's input", () => {
    const { lines } = OPERATIONS.startStockTake;
    const scope = (fields: object) => restLines(lines, { scope: fields });
    expect(scope({ sku_ids: [1, 2], supplier_item_ids: [3], codes: ["A", "B", "C"] })).toBe(6);
    expect(scope({ due: true })).toBe(100); // the limit when absent
    expect(scope({ due: true, limit: 7 })).toBe(7);
    expect(scope({ due: true, limit: 10_000_000 })).toBe(10_000); // at most the bound
    expect(scope({ due: false })).toBe(0);
    expect([restLines(lines, undefined), restLines(lines, {}), restLines(lines, "x")]).toEqual([
      0, 0, 0,
    ]);
    const accept = OPERATIONS.acceptStockTakeLines.lines;
    expect(restLines(accept, { lines: [1, 2], recount: [3] })).toBe(3);
  });

  it("counts a CSV body's rows without its header or blank lines", () => {
    expect(csvRows("type,id,counted_qty\r\nsku,1,2\r\nsku,2,3\r\n\r\n")).toBe(2);
    expect(csvRows("code,name\rA,a\rB,b\rC,c")).toBe(3);
    expect(csvRows("code,name")).toBe(0);
    expect(csvRows("")).toBe(0);
  });
});

describe("a bucket's decision", () => {
  const limit = { perSecond: 10, burst: 50 };

  it("says what is left and when the bucket is full again", () => {
    const granted = bucketDecision(limit, 20.4, true, 1);
    expect(granted).toEqual({
      granted: true,
      limit: 50,
      remaining: 20,
      resetSeconds: 3,
      retryAfterSeconds: 0,
    });
    expect(rateLimitHeaders(granted)).toEqual([
      ["ratelimit-limit", "50"],
      ["ratelimit-remaining", "20"],
      ["ratelimit-reset", "3"],
    ]);
  });

  it("says when a refused request can pass, in Retry-After and Reset alike, at least 1 s", () => {
    const refused = bucketDecision(limit, 2, false, 25);
    expect(refused).toMatchObject({ granted: false, remaining: 2, retryAfterSeconds: 3 });
    expect(refused.resetSeconds).toBe(3);
    expect(rateLimitHeaders(refused)).toContainEqual(["retry-after", "3"]);
    expect(bucketDecision(limit, 0.95, false, 1).retryAfterSeconds).toBe(1);
  });

  it("counts units owed (a bucket below empty) in Reset and Retry-After, showing 0 remaining", () => {
    const owing = bucketDecision(limit, -30, true, 10);
    expect(owing).toMatchObject({ remaining: 0, resetSeconds: 8 });
    const refused = bucketDecision(limit, -30, false, 10);
    expect(refused).toMatchObject({ remaining: 0, retryAfterSeconds: 4, resetSeconds: 4 });
  });
});

describe("a token's settings on the command line", () => {
  it("reads rate limits per second or minute, off and default", () => {
    expect(parseRateLimit("20/s")).toEqual({ perSecond: 20, burst: 40 });
    expect(parseRateLimit("30/min", 5)).toEqual({ perSecond: 0.5, burst: 5 });
    expect(parseRateLimit("off")).toEqual({ perSecond: 0, burst: 0 });
    expect(parseRateLimit("default")).toBeNull();
    for (const bad of ["20", "0/s", "1.5/s", "5/h", "-1/s"]) {
      expect(() => parseRateLimit(bad)).toThrow(/--rate-limit must be/);
    }
    expect(formatRate(20)).toBe("20/s");
    expect(formatRate(0.5)).toBe("30/min");
  });

  it("reads expiries as instants with their offset, or durations", () => {
    expect(parseExpiresAt("2030-01-31T12:00:00+02:00")).toEqual(new Date("2030-01-31T10:00:00Z"));
    expect(parseExpiresAt("never")).toBeNull();
    expect(() => parseExpiresAt("2030-01-31")).toThrow(/RFC 3339 timestamp/);
    // A day that does not exist is refused, not rolled over into March.
    expect(() => parseExpiresAt("2030-02-31T00:00:00Z")).toThrow(/RFC 3339 timestamp/);
    const now = new Date("2030-01-01T00:00:00Z");
    expect(parseExpiresIn("90d", now)).toEqual(new Date("2030-04-01T00:00:00Z"));
    expect(parseExpiresIn("12h", now)).toEqual(new Date("2030-01-01T12:00:00Z"));
    expect(() => parseExpiresIn("0d")).toThrow(/--expires-in/);
  });
});

describe("comparing a token with its stored digest", () => {
  it("accepts the token and refuses one differing in its last character", () => {
    const token = "cp_12_abcdefghijklmnopqrstuvwxyz012345";
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    expect(tokenMatches(token.slice(0, -1) + "6", hashToken(token))).toBe(false);
    expect(tokenMatches(token, "")).toBe(false);
  });
});

describe("a token's signature", () => {
  const key = randomBytes(32);
  it("is carried by every token issued with the key, and by no other", () => {
    const issued = Array.from({ length: 50 }, () => issueToken(key, 42));
    for (const token of issued) {
      expect(accountOf(token)).toBe(42);
      expect(signedWith(key, token)).toBe(true);
      expect(signedWith(randomBytes(32), token)).toBe(false);
    }
    expect(new Set(issued).size).toBe(50);
    const [token] = issued as [string];
    // Any other character, in the random part or the signature, and another account: unsigned.
    const changed = (i: number) =>
      `${token.slice(0, i)}${token[i] === "A" ? "B" : "A"}${token.slice(i + 1)}`;
    for (const i of [token.length - 30, token.length - 9, token.length - 1]) {
      expect(signedWith(key, changed(i))).toBe(false);
    }
    expect(signedWith(key, token.replace("cp_42_", "cp_43_"))).toBe(false);
    expect(signedWith(key, "cp_42_" + "x".repeat(32))).toBe(false);
  });
});
