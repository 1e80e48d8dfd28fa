import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, onSendHookHandler } from "fastify";
import helmet from "helmet";

type Directives = Record<string, string[]>;

/** API answers are data: they load nothing, and no page may frame them. */
export const API_CSP: Directives = {
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

/**
 * The REST docs page (Swagger UI): its scripts, styles, the OpenAPI document and "Try it out"
 * calls all come from this server; its icons are data: images. No inline script; one inline
 * style, the <style> of Swagger UI's own logo (an SVG), allowed by its hash.
 */
export const DOCS_CSP: Directives = {
  "default-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "style-src": ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

/** What an HTML page adds to the policy it states itself, where it states none of its own. */
const PAGE_FRAMING: Directives = {
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

export const serializeCsp = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");

/** A Content-Security-Policy value as directives (names lower-cased, values as written). */
export function parseCsp(policy: string): Directives {
  const directives: Directives = {};
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in directives)) directives[name.toLowerCase()] = values;
  }
  return directives;
}

const META_CSP = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i;

/**
 * The policy of Apollo Sandbox's landing page. The page states its own in a <meta> tag: its
 * scripts and styles carry a nonce made for this response, and the rest comes from Apollo's CDN
 * (scripts, styles, the Sandbox iframe). The header says the same, so the strict API policy does
 * not block the page, and adds what a <meta> policy cannot say (frame-ancestors). Null when the
 * page states no policy.
 */
export function landingPageCsp(html: string): string | null {
  const stated = META_CSP.exec(html)?.[1];
  if (!stated) return null;
  return serializeCsp({ ...PAGE_FRAMING, ...parseCsp(stated) });
}

/** Route hook of GET /graphql: an HTML answer (the Sandbox landing page) gets the page's policy. */
export const landingPagePolicy: onSendHookHandler = async (_request, reply, payload) => {
  const type = reply.getHeader("content-type");
  if (typeof payload === "string" && typeof type === "string" && type.startsWith("text/html")) {
    const policy = landingPageCsp(payload);
    if (policy) reply.header("content-security-policy", policy);
  }
  return payload;
};

/** The headers helmet sets with `options`, read once from its middleware. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer (helmet's): the API policy above, no framing, no MIME
 * sniffing, no referrer, same-origin resource and opener policies, and HSTS (a browser heeds it
 * over HTTPS only, so it matters behind a TLS proxy; this host alone, its subdomains are not
 * the service's to decide). The docs and the Sandbox page replace the policy with their own.
 * The headers are the same for every answer, so helmet works them out once, at start-up, and one
 * hook sets them (the Fastify plugin would run helmet's middleware anew for every request).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    frameguard: { action: "deny" },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
