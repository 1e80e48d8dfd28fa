// Numbers as a person types them (a decimal point or comma), checked by the API's own bounds
// before any becomes a number: quantities have at most 3 decimals below 10^11, amounts of money
// (a unit cost, a tolerance in money) at most 4 below 10^10. A JSON number of that many digits
// carries them exactly.

/** A quantity: from 0, at most 3 decimals. */
export const QUANTITY = /^\d{1,11}([.,]\d{1,3})?$/;

/** An amount of money: from 0, at most 4 decimals. */
export const MONEY = /^\d{1,10}([.,]\d{1,4})?$/;

/** Whether `text` is blank or, trimmed, follows `rule`. */
export const blankOr = (rule: RegExp, text: string): boolean =>
  text.trim() === "" || rule.test(text.trim());

/** The number typed, trimmed, with a decimal point (check it first). */
export const decimal = (text: string): string => text.trim().replace(",", ".");
