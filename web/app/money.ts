// Amounts as the API sends them (exact decimal strings in the account's currency, with its minor
// digits) or as typed, shown with the currency's sign in the browser's language; never through a
// float.

/** An amount in the currency (a plain number without one); `signed` shows + on gains. */
export function formatMoney(amount: string, currency: string | null, signed = false): string {
  const style = currency ? ({ style: "currency", currency } as const) : {};
  // The currency's own digits at least (an amount typed as "10" is €10.00), more if it has more.
  const minor =
    new Intl.NumberFormat(undefined, style).resolvedOptions().minimumFractionDigits ?? 0;
  const digits = Math.max(minor, amount.split(".")[1]?.length ?? 0);
  const format = new Intl.NumberFormat(undefined, {
    ...style,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? "exceptZero" : "auto",
  });
  return format.format(amount as `${number}`);
}
