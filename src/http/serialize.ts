import type { FastifyReply } from "fastify";
import { Prisma } from "../db/client.js";
import type { JsonRows } from "../json-rows.js";
import { quantityToNumber } from "../quantity.js";

// The one place service results become REST JSON: camelCase keys to snake_case, exact decimals
// to JSON numbers, timestamps to RFC 3339, bigint ids to numbers.

const snakeKeys = new Map<string, string>();
/** camelCase → snake_case, remembered: responses repeat the same few keys thousands of times. */
const snake = (key: string): string => {
  let known = snakeKeys.get(key);
  if (known === undefined) {
    known = key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
    // Keys are the code's own field names; the bound only guards against a surprise.
    if (snakeKeys.size < 10_000) snakeKeys.set(key, known);
  }
  return known;
};

export function toRest(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return typeof value === "bigint" ? Number(value) : value;
  if (value instanceof Prisma.Decimal) return quantityToNumber(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toRest);
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const converted = toRest((value as Record<string, unknown>)[key]);
    // A key "__proto__" in stored JSON stays a key; assigning it would set the prototype.
    if (key === "__proto__") {
      Object.defineProperty(out, key, { value: converted, enumerable: true, writable: true });
    } else {
      out[snake(key)] = converted;
    }
  }
  return out;
}

/** A service field path as a JSON pointer into the REST body: ["lines", 3, "newQty"] → "/lines/3/new_qty". */
export const toPointer = (path: (string | number)[]): string =>
  "/" + path.map((p) => (typeof p === "number" ? String(p) : snake(p))).join("/");

/** The REST shape of a service page. */
export const toRestPage = <T>(page: { items: { node: T }[]; nextCursor: string | null }) => ({
  data: page.items.map((i) => toRest(i.node)),
  next_cursor: page.nextCursor,
});

/** A REST page whose rows PostgreSQL wrote as JSON (JsonRows): priced by them as any page. */
export interface JsonPage {
  data: JsonRows;
  next_cursor: string | null;
  /** Left out of pages whose operation has no has_more. */
  has_more?: boolean;
}

/** The body of a JsonPage: the rows' text as it is, the rest as JSON.stringify writes it. */
export const serializeJsonPage = (page: JsonPage): string =>
  `{"data":${page.data.json},"next_cursor":${JSON.stringify(page.next_cursor)}${
    page.has_more === undefined ? "" : `,"has_more":${page.has_more}`
  }}`;

/**
 * A page whose rows PostgreSQL wrote as JSON, to answer as it is: the body is written around the
 * rows' text (serializeJsonPage), which is never parsed; priced by its rows as any page.
 */
export function jsonPage(
  reply: FastifyReply,
  page: { items: JsonRows; nextCursor: string | null },
  hasMore?: boolean,
): JsonPage {
  reply.type("application/json; charset=utf-8").serializer(serializeJsonPage);
  return {
    data: page.items,
    next_cursor: page.nextCursor,
    ...(hasMore === undefined ? {} : { has_more: hasMore }),
  };
}
