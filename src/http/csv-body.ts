// text/csv over HTTP: whether a client asks for it, and the one reader of request bodies in it
// (catalog imports, stock take counts), with one policy: the body must be UTF-8, else 400
// MALFORMED_REQUEST; a byte that is not is never silently replaced (a mended code or counter
// would name another entity, or write a wrong name).
import type { FastifyInstance } from "fastify";
import { utf8Text } from "../csv.js";

/** Lets the routes of `app` (a plugin's scope) take text/csv bodies, read as UTF-8 text. */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser("text/csv", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, utf8Text(body as Buffer));
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Whether the client asks for CSV rather than JSON (a count sheet, a valuation). */
export const wantsCsv = (accept: string | undefined): boolean =>
  accept !== undefined && /(^|,)\s*text\/csv/i.test(accept) && !/application\/json/i.test(accept);
