// The server's time as this device can tell it: a phone's clock may be minutes off, and a count's
// counted_at is compared with the server's (the ledger at that moment, for basis count_time; the
// API refuses a time in its future). Every answer's Date header says the server's time to the
// second; the device keeps the difference from its own clock.

/** Server time minus device time, in milliseconds, as the last answer told it (0 before any). */
let offset = 0;

/** Notes the server's time from an answer's Date header (whole seconds: its middle is taken). */
export function heardFromServer(date: string | null): void {
  const at = date === null ? NaN : Date.parse(date);
  if (!Number.isNaN(at)) offset = at + 500 - Date.now();
}

/** The server's time now, as well as this device can tell. */
export const serverNow = (): Date => new Date(Date.now() + offset);

/** `fetch`, noting the server's time from each answer. */
export const clockedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  heardFromServer(response.headers.get("date"));
  return response;
};
