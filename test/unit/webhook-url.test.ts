// Where a webhook may point, and how long a failing delivery waits.
import "reflect-metadata";
import { addressRefusal, urlRefusal } from "../../src/modules/webhook/webhook.url.js";
import { retryAfter } from "../../src/modules/webhook/webhook.send.js";
import { retryDelay } from "../../src/modules/webhook/webhook.worker.js";

const dev = { production: false };
const prod = { production: true };

describe("webhook URLs", () => {
  it.each([
    "https://erp.example.com/hooks",
    "https://203.0.113.7:8443/in",
    "https://[2001:db8::1]/in",
  ])("accepts %s everywhere", (url) => {
    expect(urlRefusal(url, prod)).toBeNull();
    expect(urlRefusal(url, dev)).toBeNull();
  });

  it.each(["http://127.0.0.1:8080/hook", "http://localhost:3000/x", "http://[::1]:9/x"])(
    "accepts %s in development only (a local receiver)",
    (url) => {
      expect(urlRefusal(url, dev)).toBeNull();
      expect(urlRefusal(url, prod)).toMatch(/https|loopback/);
    },
  );

  it.each([
    ["not a url", /absolute URL/],
    ["/relative/path", /absolute URL/],
    ["ftp://example.com/x", /https/],
    ["javascript:alert(1)", /https/],
    ["http://example.com/x", /https/],
    ["https://user:pw@example.com/x", /credentials/],
    ["https://example.com/x#frag", /fragment/],
    ["https://169.254.169.254/latest/meta-data", /link-local|metadata/],
    ["https://[fe80::1]/x", /link-local/],
    ["https://[::ffff:169.254.169.254]/x", /link-local|metadata/],
    ["https://metadata.google.internal/computeMetadata/v1", /metadata|internal/],
    ["https://100.100.100.200/latest", /metadata/],
    ["https://0.0.0.0/x", /reserved/],
    ["https://[fd00:ec2::254]/x", /metadata/],
    [`https://example.com/${"a".repeat(2100)}`, /2048/],
  ])("refuses %s everywhere", (url, why) => {
    expect(urlRefusal(url, dev)).toMatch(why);
    expect(urlRefusal(url, prod)).not.toBeNull();
  });

  it.each([
    "https://10.0.0.5/x",
    "https://192.168.1.10/x",
    "https://172.20.0.1/x",
    "https://[fd12::1]/x",
  ])("refuses the private address %s in production", (url) => {
    expect(urlRefusal(url, prod)).toMatch(/private/);
    expect(urlRefusal(url, dev)).toBeNull();
  });

  it("checks resolved addresses as the delivery connects", () => {
    expect(addressRefusal("169.254.169.254", dev)).toMatch(/metadata/);
    expect(addressRefusal("::ffff:10.1.2.3", prod)).toMatch(/private/);
    expect(addressRefusal("127.0.0.1", prod)).toMatch(/loopback/);
    expect(addressRefusal("127.0.0.1", dev)).toBeNull();
    expect(addressRefusal("93.184.216.34", prod)).toBeNull();
  });
});

describe("retries", () => {
  const options = { retryBaseMs: 30_000, retryMaxMs: 6 * 3_600_000 };

  it("doubles the wait per attempt, between half and all of it, up to the cap", () => {
    const low = (n: number) => retryDelay(n, options, null, () => 0);
    const high = (n: number) => retryDelay(n, options, null, () => 1);
    expect([low(1), high(1)]).toEqual([15_000, 30_000]);
    expect([low(2), high(2)]).toEqual([30_000, 60_000]);
    expect([low(5), high(5)]).toEqual([240_000, 480_000]);
    expect(high(30)).toBe(options.retryMaxMs);
  });

  it("never retries sooner than Retry-After", () => {
    expect(retryDelay(1, options, 120_000, () => 1)).toBe(120_000);
    expect(retryDelay(1, options, 1_000, () => 1)).toBe(30_000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(retryAfter("120", now)).toBe(120_000);
    expect(retryAfter("Tue, 24 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfter("soon", now)).toBeNull();
    expect(retryAfter(undefined, now)).toBeNull();
  });
});
