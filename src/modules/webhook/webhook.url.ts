// Where a webhook may point. A webhook makes the service send requests on a client's behalf, so
// an address inside the service's own network (a cloud metadata service above all) must never
// be one: the URL is checked when it is registered, and again before each delivery under the
// policy in force then (an IP literal's address included), and every address a name resolves to
// is checked when a delivery connects (a name can be re-pointed after registration).
import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";

/** Link-local and cloud metadata addresses: refused everywhere, development included. */
const NEVER = new BlockList();
NEVER.addSubnet("169.254.0.0", 16, "ipv4"); // link-local, 169.254.169.254 (AWS, GCP, Azure)
NEVER.addSubnet("0.0.0.0", 8, "ipv4");
NEVER.addSubnet("224.0.0.0", 3, "ipv4"); // multicast and reserved, broadcast
NEVER.addAddress("100.100.100.200", "ipv4"); // Alibaba Cloud metadata
NEVER.addSubnet("fe80::", 10, "ipv6");
NEVER.addSubnet("ff00::", 8, "ipv6");
NEVER.addAddress("::", "ipv6");
NEVER.addAddress("fd00:ec2::254", "ipv6"); // AWS metadata over IPv6

/** Loopback: allowed in development only, for a receiver on the same machine. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Private networks: refused in production (a receiver must be reachable from the internet). */
const PRIVATE = new BlockList();
PRIVATE.addSubnet("10.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("172.16.0.0", 12, "ipv4");
PRIVATE.addSubnet("192.168.0.0", 16, "ipv4");
PRIVATE.addSubnet("100.64.0.0", 10, "ipv4"); // carrier-grade NAT
PRIVATE.addSubnet("fc00::", 7, "ipv6");

const METADATA_HOSTS = new Set([
  "metadata",
  "metadata.google.internal",
  "instance-data",
  "instance-data.ec2.internal",
]);

export const MAX_URL_LENGTH = 2048;

export interface UrlPolicy {
  /** Production: https only, to public addresses. Otherwise http to loopback is allowed too. */
  production: boolean;
}

/** Why an address may not be connected to, or null when it may. */
export function addressRefusal(address: string, policy: UrlPolicy): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? "ipv6" : "ipv4";
  if (NEVER.check(ip, family)) return "a link-local, metadata or reserved address";
  if (policy.production && LOOPBACK.check(ip, family)) return "a loopback address";
  if (policy.production && PRIVATE.check(ip, family)) return "a private network address";
  return null;
}

const isLoopbackHost = (host: string) =>
  host === "localhost" ||
  host.endsWith(".localhost") ||
  (isIP(host) !== 0 && LOOPBACK.check(host, isIP(host) === 6 ? "ipv6" : "ipv4"));

/**
 * Why `raw` cannot be a webhook URL, or null. Checked: that it is an absolute http(s) URL of at
 * most 2048 characters without credentials or a fragment; https, or in development http to
 * loopback; a host that is not a metadata name; an IP literal's address (see addressRefusal).
 */
export function urlRefusal(raw: string, policy: UrlPolicy): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an https:// URL";
  if (url.username || url.password) return "must not carry credentials";
  if (url.hash) return "must not have a fragment";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (url.protocol === "http:" && (policy.production || !isLoopbackHost(host))) {
    return policy.production
      ? "must be an https:// URL"
      : "must be an https:// URL (http:// only to a loopback address, in development)";
  }
  if (METADATA_HOSTS.has(host) || host.endsWith(".internal")) {
    return "must not point to a metadata or internal host name";
  }
  if (policy.production && isLoopbackHost(host)) return "must not point to a loopback address";
  if (isIP(host) !== 0) {
    const refusal = addressRefusal(host, policy);
    if (refusal) return `must not point to ${refusal}`;
  }
  return null;
}

/** The code of a connection refused by the URL policy (its message says why, and is shown). */
export const ADDRESS_REFUSED = "ERR_WEBHOOK_ADDRESS_REFUSED";

/**
 * A DNS lookup for the delivery's connection that refuses an address addressRefusal refuses, so
 * a host name re-pointed at an internal address after registration is not reached. (Node does
 * not call it for an IP literal: send checks the URL itself first.)
 */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as LookupAddress[];
      const refused = list.map((a) => addressRefusal(a.address, policy)).find((r) => r !== null);
      if (refused) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused}`), {
            code: ADDRESS_REFUSED,
          }),
          "",
          0,
        );
      }
      if (options.all) return callback(null, list as unknown as string, 0);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
