import type { FieldError } from "./errors.js";

// Text a client sends that PostgreSQL cannot keep as sent: NUL (a text column refuses it, which
// would be a 500) and a lone UTF-16 surrogate (JSON's "\ud800" is no Unicode character; the
// driver would silently store U+FFFD instead). Both are refused as INVALID_PARAMETER.
const LONE_SURROGATE = /\p{Cs}/u;

/** Checks a text field: storable Unicode of at most `max` characters; problems go to `errors`. */
export function checkText(
  value: string | null | undefined,
  path: (string | number)[],
  max: number,
  errors: FieldError[],
): void {
  if (value === null || value === undefined) return;
  const problem = value.includes("\u0000")
    ? "must not contain NUL (\\u0000) characters"
    : LONE_SURROGATE.test(value)
      ? "must be valid Unicode: it contains an unpaired surrogate (\\ud800-\\udfff)"
      : value.length > max
        ? `must be at most ${max} characters`
        : null;
  if (problem) errors.push({ path, code: "INVALID_PARAMETER", message: problem });
}

/** An optional text field: null when absent, else checked as checkText does. */
export function optionalText(
  value: string | null | undefined,
  path: (string | number)[],
  max: number,
  errors: FieldError[],
): string | null {
  if (value === undefined || value === null) return null;
  checkText(value, path, max, errors);
  return value;
}

/** C0 and C1 control characters (tab and line breaks included): a name or a label never needs them. */
const CONTROL = /\p{Cc}/u;

/**
 * A one-line text (a name, a label): checked as checkText does and, when that finds nothing,
 * free of control characters; problems go to `errors`.
 */
export function checkLine(
  value: string | null | undefined,
  path: (string | number)[],
  max: number,
  errors: FieldError[],
): void {
  if (value === null || value === undefined) return;
  const before = errors.length;
  checkText(value, path, max, errors);
  if (errors.length === before && CONTROL.test(value)) {
    const message = "must not contain control characters (tabs, line breaks and the like)";
    errors.push({ path, code: "INVALID_PARAMETER", message });
  }
}
