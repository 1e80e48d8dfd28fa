// The counting app (web/app, built into dist/web/app by `npm run build`), served at /app: its
// page for /app and every route under it (the app routes in the browser), its hashed files under
// /app/assets/. The page states its own policy (everything from this server, nothing inline);
// the header says the same, and what a <meta> policy cannot (no framing).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { projectRoot } from "../paths.js";
import { landingPageCsp } from "./security.js";

const BUNDLE = join(projectRoot, "dist", "web", "app");

/**
 * Serves the app; without a build (tests compiled by tsc alone) its page says how to build it.
 * `publicUrl` (PUBLIC_URL), when set, is written into the page for the app's sign-in links.
 */
export async function registerCountingApp(
  app: FastifyInstance,
  publicUrl: string | null,
): Promise<void> {
  let page: string | null = null;
  try {
    page = withPublicUrl(readFileSync(join(BUNDLE, "index.html"), "utf8"), publicUrl);
  } catch {
    // Served as a plain answer below: the API itself needs no app.
  }
  const policy = page ? landingPageCsp(page) : null;
  if (page) {
    await app.register(fastifyStatic, {
      root: join(BUNDLE, "assets"),
      prefix: "/app/assets/",
      // Each file's name carries a hash of its content: cached for good.
      immutable: true,
      maxAge: "365d",
      index: false,
      wildcard: true,
      schemaHide: true,
      decorateReply: false,
    });
  }
  const answer = async (_request: unknown, reply: FastifyReply) => {
    if (!page) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The counting app is not built: run npm run build.");
    }
    // The page names the current build's files: asked again on every visit.
    if (policy) reply.header("content-security-policy", policy);
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
  };
  const hidden = { schema: { hide: true } };
  app.get("/app", hidden, answer);
  app.get("/app/*", hidden, answer);
}

/**
 * The page with a `countpoint-public-url` meta element naming where devices reach the service
 * (read by web/app/public-url.ts); the page as built without one.
 */
function withPublicUrl(page: string, publicUrl: string | null): string {
  if (!publicUrl) return page;
  const escaped = publicUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const meta = `<meta name="countpoint-public-url" content="${escaped}" />\n</head>`;
  // A function, not a string: a "$" in the address is not a replacement pattern.
  return page.replace("</head>", () => meta);
}
