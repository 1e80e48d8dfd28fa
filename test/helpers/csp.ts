// What a browser would allow under a Content-Security-Policy, for the pages the service serves:
// the scripts, styles, icons and frames an HTML page references, each checked against every
// policy the page is under (the header's and a <meta> one's: a browser enforces both).
import { createHash } from "node:crypto";
import { parseCsp } from "../../src/http/security.js";

export type Policy = Record<string, string[]>;

/** What a page loads or runs: a URL (external), or inline text; with the nonce it carries. */
export interface Resource {
  kind: "script-src" | "style-src" | "img-src" | "manifest-src" | "frame-src" | "connect-src";
  url?: URL;
  inline?: string;
  nonce?: string;
  /** Where it appears, for messages. */
  what: string;
}

const FALLBACK: Record<Resource["kind"], string[]> = {
  "script-src": ["script-src", "default-src"],
  "style-src": ["style-src", "default-src"],
  "img-src": ["img-src", "default-src"],
  "manifest-src": ["manifest-src", "default-src"],
  "frame-src": ["frame-src", "child-src", "default-src"],
  "connect-src": ["connect-src", "default-src"],
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

function hostSourceMatches(source: string, url: URL): boolean {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:]+)(?::(\d+|\*))?/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (`${scheme!.toLowerCase()}:` !== url.protocol) return false;
  const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  const portOk = port === "*" || (port ?? "") === url.port;
  return hostOk && portOk;
}

/** Whether `policy` lets the page at `page` load or run `resource`. */
export function allows(policy: Policy, resource: Resource, page: URL): boolean {
  const directive = FALLBACK[resource.kind].find((d) => d in policy);
  if (directive === undefined) return true; // nothing restricts this kind
  const sources = policy[directive]!;
  if (sources.includes("'none'")) return false;
  if (resource.nonce && sources.includes(`'nonce-${resource.nonce}'`)) return true;
  if (resource.inline !== undefined) {
    if (sources.includes(`'sha256-${sha256(resource.inline)}'`)) return true;
    // 'unsafe-inline' is ignored where a nonce or hash is listed.
    const keyed = sources.some((s) => /^'(nonce|sha\d+)-/.test(s));
    return sources.includes("'unsafe-inline'") && !keyed;
  }
  const url = resource.url!;
  return sources.some(
    (s) =>
      (s === "'self'" && url.origin === page.origin) ||
      (s === "*" && /^https?:$/.test(url.protocol)) ||
      s === url.protocol ||
      hostSourceMatches(s, url),
  );
}

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries(
    [...tag.matchAll(/([a-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => [
      m[1]!.toLowerCase(),
      m[2] ?? m[3] ?? m[4] ?? "",
    ]),
  );

/** Every script, style, icon and manifest an HTML page references, inline ones included. */
export function pageResources(html: string, page: URL): Resource[] {
  const found: Resource[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(m[1]!);
    found.push(
      a.src
        ? { kind: "script-src", url: new URL(a.src, page), nonce: a.nonce, what: `script ${a.src}` }
        : { kind: "script-src", inline: m[2]!, nonce: a.nonce, what: "an inline script" },
    );
  }
  for (const m of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)) {
    const a = attributes(m[1]!);
    found.push({ kind: "style-src", inline: m[2]!, nonce: a.nonce, what: "an inline style" });
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attributes(m[1]!);
    const rel = (a.rel ?? "").toLowerCase();
    const kind =
      rel === "stylesheet"
        ? "style-src"
        : rel === "manifest"
          ? "manifest-src"
          : rel.includes("icon")
            ? "img-src"
            : null;
    if (kind && a.href) {
      found.push({ kind, url: new URL(a.href, page), nonce: a.nonce, what: `${rel} ${a.href}` });
    }
  }
  return found;
}

/** The policy a page states in <meta http-equiv="Content-Security-Policy">, if any. */
export function metaPolicy(html: string): Policy | null {
  for (const m of html.matchAll(/<meta\b([^>]*)>/gi)) {
    const a = attributes(m[1]!);
    if (a["http-equiv"]?.toLowerCase() === "content-security-policy" && a.content) {
      return parseCsp(a.content);
    }
  }
  return null;
}

/** What of `resources` some policy refuses, as messages (empty: the page loads all of it). */
export function refused(policies: Policy[], resources: Resource[], page: URL): string[] {
  return resources.flatMap((r) =>
    policies.filter((p) => !allows(p, r, page)).map(() => `${r.kind} refuses ${r.what}`),
  );
}
