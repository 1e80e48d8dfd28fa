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
 * Bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): they reorder the
 * text around them, so a name shown as an actor could read as another one.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;

/**
 * Text that draws nothing: white space, what Unicode says a renderer ignores (U+200B, U+2060,
 * U+FEFF, the bidirectional controls, variation selectors, Hangul fillers…) and U+2800 (a braille
 * cell without dots, a favourite blank name).
 */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

/**
 * A one-line text (a name, a label): checked as checkText does and, when that finds nothing, free
 * of control characters and bidirectional controls, and, unless empty, showing something; problems
 * go to `errors`.
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
  if (errors.length !== before) return;
  const problem = CONTROL.test(value)
    ? "must not contain control characters (tabs, line breaks and the like)"
    : BIDI_CONTROL.test(value)
      ? "must not contain bidirectional control characters (U+202E and the like)"
      : INVISIBLE.test(value)
        ? "must contain a visible character"
        : null;
  if (problem) errors.push({ path, code: "INVALID_PARAMETER", message: problem });
}

/**
 * A name shown as an actor (a token's, a counter's): trimmed, required, and a one-line text as
 * checkLine has it; undefined, with the problem in `errors`, when refused.
 */
export function checkName(
  value: string | null | undefined,
  path: (string | number)[],
  max: number,
  errors: FieldError[],
): string | undefined {
  const name = typeof value === "string" ? value.trim() : "";
  if (name === "") {
    errors.push({ path, code: "INVALID_PARAMETER", message: "is required and must not be blank" });
    return undefined;
  }
  const before = errors.length;
  checkLine(name, path, max, errors);
  return errors.length === before ? name : undefined;
}
