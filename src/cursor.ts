import { MAX_CURSOR_LENGTH, MAX_ID, MAX_PAGE_SIZE } from "./limits.js";
import { createHash } from "node:crypto";
import { AppError } from "./errors.js";

// Opaque keyset cursors: base64url of a small JSON tuple tagged with what it pages. Queries are
// always scoped by the caller's account, so a cursor from elsewhere can never reveal other rows;
// anything that does not decode to the expected shape is INVALID_CURSOR.

type CursorValue = string | number;

export function encodeCursor(kind: string, values: CursorValue[]): string {
  return Buffer.from(JSON.stringify([kind, ...values])).toString("base64url");
}

const invalidCursor = () =>
  new AppError("INVALID_CURSOR", "cursor is not valid for this query", [
    { path: ["cursor"], code: "INVALID_CURSOR", message: "not a cursor returned by this query" },
  ]);

/** "int4": a number that fits an int4 column (ids, line numbers); a larger one was never issued. */
type CursorShape = "string" | "number" | "int4";

export function decodeCursor(kind: string, cursor: string, shape: CursorShape[]): CursorValue[] {
  const invalid = invalidCursor;
  let parsed: unknown;
  try {
    if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== shape.length + 1)
    throw invalid();
  const values = parsed.slice(1) as unknown[];
  values.forEach((v, i) => {
    const type = shape[i] === "int4" ? "number" : shape[i];
    if (typeof v !== type) throw invalid();
    if (typeof v === "number" && (!Number.isSafeInteger(v) || v < 0)) throw invalid();
    // Past int4 the database would fail on it: a 500 rather than INVALID_CURSOR.
    if (shape[i] === "int4" && (v as number) > MAX_ID) throw invalid();
  });
  return values as CursorValue[];
}

/** Where an id-ordered page starts: 0 without a cursor. */
export function decodeIdCursor(kind: string, cursor: string | undefined): number {
  if (!cursor) return 0;
  return decodeCursor(kind, cursor, ["int4"])[0] as number;
}

/** A page's size when `limit` is absent, and the largest `limit`. */
export const PAGE_DEFAULT = 100;
export const PAGE_MAX = MAX_PAGE_SIZE;

/** Page size: default 100, at most MAX_PAGE_SIZE. */
export function pageSize(limit: number | null | undefined, path: string[] = ["limit"]): number {
  if (limit === undefined || limit === null) return PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) {
    throw new AppError("INVALID_PARAMETER", `limit must be an integer from 1 to ${PAGE_MAX}`, [
      { path, code: "INVALID_PARAMETER", message: `must be an integer from 1 to ${PAGE_MAX}` },
    ]);
  }
  return limit;
}

/** One page of a keyset-paginated list: each item with its own cursor, and the next page's. */
export interface Page<T> {
  items: { cursor: string; node: T }[];
  nextCursor: string | null;
  /**
   * Where to resume later when there is no next page yet (lists read oldest first, which grow
   * at their end): the last item's cursor, or the cursor this page was asked with.
   */
  resumeCursor?: string | null;
}

/**
 * A short digest of a query's filters, carried in its cursors: a cursor used with other filters
 * would silently skip or repeat rows, so it is refused instead.
 */
export function queryFingerprint(filters: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(filters)).digest("base64url").slice(0, 12);
}

/** A position in a list ordered by (timestamp, id), tied to the query's fingerprint. */
export interface TimePosition {
  at: Date;
  id: number;
}

export const encodeTimeCursor = (kind: string, p: TimePosition, fingerprint: string): string =>
  encodeCursor(kind, [p.at.getTime(), p.id, fingerprint]);

export function decodeTimeCursor(kind: string, cursor: string, fingerprint: string): TimePosition {
  const [at, id, seen] = decodeCursor(kind, cursor, ["number", "number", "string"]) as [
    number,
    number,
    string,
  ];
  if (seen !== fingerprint) {
    throw new AppError("INVALID_CURSOR", "the cursor belongs to a different query", [
      {
        path: ["cursor"],
        code: "INVALID_CURSOR",
        message: "the cursor belongs to a different query",
      },
    ]);
  }
  // A safe integer past year 275760 is no Date: the database would fail on it (a 500).
  if (Number.isNaN(new Date(at).getTime())) throw invalidCursor();
  return { at: new Date(at), id };
}

/**
 * Rows after a position in the page order, as a Prisma `where` on (field, id). The range bound
 * on the timestamp lets an index start right at the cursor; the OR only sorts out rows sharing
 * its millisecond.
 */
export function keysetAfter<F extends string>(
  field: F,
  { at, id }: TimePosition,
  order: "asc" | "desc",
) {
  return order === "desc"
    ? { [field]: { lte: at }, OR: [{ [field]: { lt: at } }, { id: { lt: id } }] }
    : { [field]: { gte: at }, OR: [{ [field]: { gt: at } }, { id: { gt: id } }] };
}
