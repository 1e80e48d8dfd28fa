// GraphiQL, bundled with the service (web/explorer, built into dist/web/explorer by
// `npm run build`): the explorer for sites whose browsers cannot reach Apollo's CDN.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from "fastify";
import { projectRoot } from "../paths.js";

/** Where the built explorer is, and the path its files are served under (Vite's `base`). */
const BUNDLE = join(projectRoot, "dist", "web", "explorer");
const PREFIX = "/graphql/explorer/";

/** A browser opening /graphql (as Apollo decides for its landing page): it asks for HTML. */
export const wantsPage = (request: FastifyRequest): boolean =>
  request.headers.accept?.includes("text/html") === true;

/**
 * Serves the explorer's files under /graphql/explorer/ and answers its page, read once; a
 * missing bundle stops the start with what to do, rather than a page that never loads.
 */
export async function registerExplorer(app: FastifyInstance): Promise<string> {
  let page: string;
  try {
    page = readFileSync(join(BUNDLE, "index.html"), "utf8");
  } catch {
    throw new Error(
      "GRAPHQL_EXPLORER=graphiql needs the explorer's bundle (dist/web/explorer): run npm run build",
    );
  }
  await app.register(fastifyStatic, {
    root: BUNDLE,
    prefix: PREFIX,
    // Only the hashed assets: the page itself is answered at /graphql.
    allowedPath: (path) => path.startsWith("/assets/"),
    // Each file's name carries a hash of its content: cached for good.
    immutable: true,
    maxAge: "365d",
    index: false,
    wildcard: true,
    schemaHide: true,
  });
  return page;
}

/** The line Apollo's Sandbox page shows when the Sandbox cannot be loaded from Apollo's CDN. */
const SANDBOX_FALLBACK = /(<p>Apollo Sandbox cannot be loaded[^<]*<\/p>)/;

/** What the Sandbox page says under that line: how to get an explorer that needs no internet. */
export const OFFLINE_EXPLORER_HINT =
  "<p>For an explorer that works without internet, start Countpoint with <code>GRAPHQL_EXPLORER=graphiql</code>: the bundled GraphiQL, served by Countpoint itself.</p>";

/**
 * The Sandbox landing page with OFFLINE_EXPLORER_HINT under its "cannot be loaded" line, which
 * is what a browser shows when Apollo's CDN is out of reach; every other answer as it is.
 */
export const withOfflineHint: onSendHookHandler = async (_request, reply, payload) => {
  const type = reply.getHeader("content-type");
  if (typeof payload !== "string" || typeof type !== "string" || !type.startsWith("text/html")) {
    return payload;
  }
  return payload.replace(SANDBOX_FALLBACK, `$1\n  ${OFFLINE_EXPLORER_HINT}`);
};
