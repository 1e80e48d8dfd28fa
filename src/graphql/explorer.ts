// GraphiQL, bundled with the service (web/explorer, built into dist/web/explorer by
// `npm run build`): the explorer for sites whose browsers cannot reach Apollo's CDN.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
