import { Prisma } from "../db/client.js";
import { quantityToNumber } from "../quantity.js";

// The one place service results become REST JSON: camelCase keys to snake_case, exact decimals
// to JSON numbers, timestamps to RFC 3339, bigint ids to numbers.

const snake = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

export function toRest(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Prisma.Decimal) return quantityToNumber(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(toRest);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), toRest(v)]));
  }
  return value;
}

/** A service field path as a JSON pointer into the REST body: ["lines", 3, "newQty"] → "/lines/3/new_qty". */
export const toPointer = (path: (string | number)[]): string =>
  "/" + path.map((p) => (typeof p === "number" ? String(p) : snake(p))).join("/");

/** The REST shape of a service page. */
export const toRestPage = <T>(page: { items: { node: T }[]; nextCursor: string | null }) => ({
  data: page.items.map((i) => toRest(i.node)),
  next_cursor: page.nextCursor,
});
