// The reader of application/json request bodies: Fastify's own (secure-json-parse: a body that
// poisons a prototype is refused), plus one rule: a number is judged on the text sent, not on the
// double JSON.parse rounds it to. `0.100000000000000000000000000001` would otherwise read as 0.1,
// a valid quantity, though it has 30 decimals.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { exactNumberText } from "../quantity.js";

/**
 * What a number a double cannot hold exactly has: an exponent, or 16 significant digits or more
 * (so 8 in a row on one side of its point) or zeros enough to underflow. A run of digits that
 * starts as a number's part does (not after a quote: a barcode in a string does not count) or an
 * exponent: most bodies have neither and cost two scans; the rest are read again.
 */
const LONG_DIGITS = /[-:,[\s.]\d{8}/;
const EXPONENT = /\d[eE][-+\d]/;

/** The tokens of valid JSON that may hold digits: strings (passed over) and numbers. */
const STRING_OR_NUMBER = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The text with every number a double cannot hold exactly written as one it can that every rule
 * judges alike (see exactNumberText); the same text when there is none.
 */
export function exactNumbers(json: string): string {
  if (!LONG_DIGITS.test(json) && !EXPONENT.test(json)) return json;
  return json.replace(STRING_OR_NUMBER, (token) =>
    token.startsWith('"') ? token : (exactNumberText(token) ?? token),
  );
}

/** Replaces Fastify's JSON body parser (in `app` and the plugins registered after) with this one. */
export function acceptJsonBodies(app: FastifyInstance): void {
  const { onProtoPoisoning = "error", onConstructorPoisoning = "error" } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = body as string;
      parse(request, text, (error, value) => {
        // Only valid JSON is rewritten: the expression above reads tokens right only in it.
        if (error) return done(error, undefined);
        const exact = exactNumbers(text);
        if (exact === text) return done(null, value);
        parse(request, exact, done);
      });
    },
  );
}
