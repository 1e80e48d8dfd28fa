// What every request carrying lines of entities checks first, before any database work: how many
// lines it has, and what each line's entity type is.
import { AppError, type FieldError } from "./errors.js";
import type { EntityType } from "./generated/prisma/enums.js";
import { MAX_LINES } from "./limits.js";

/**
 * An empty list is an error among the others; more than MAX_LINES is refused at once, with what
 * else is already known to be wrong (not worth checking line by line). `per`: what the lines
 * belong to, for the message ("adjustment").
 */
export function checkLineCount(count: number, errors: FieldError[], per: string): void {
  if (count === 0) {
    errors.push({
      path: ["lines"],
      code: "INVALID_PARAMETER",
      message: "at least one line is required",
    });
  }
  if (count > MAX_LINES) {
    throw AppError.fromFields([
      ...errors,
      {
        path: ["lines"],
        code: "TOO_MANY_LINES",
        message: `at most ${MAX_LINES} lines per ${per}; got ${count}`,
      },
    ]);
  }
}

/** A line's entity type, or null with the error at `path`. */
export function lineEntityType(
  type: unknown,
  path: (string | number)[],
  errors: FieldError[],
): EntityType | null {
  if (type === "sku" || type === "supplier_item") return type;
  errors.push({
    path,
    code: "INVALID_PARAMETER",
    message: 'type must be "sku" or "supplier_item"',
  });
  return null;
}
