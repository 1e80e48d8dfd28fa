// The signed-in token: kept in this browser's storage (a counting device stays signed in across
// reloads) until signing out or the API refuses it. A link /app/#token=… signs in: the token is
// read from the fragment, which never reaches a server or its logs, and taken out of the address
// bar and the history at once, whether the link opened the app or arrived while it was open.

const KEY = "countpoint.token";

/** The token a link carried, removed from the address; null when the link carried none. */
export function takeTokenFromLink(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (token === null) return null;
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
  return token.trim() || null;
}

export const storedToken = (): string | null => localStorage.getItem(KEY);

export const storeToken = (token: string): void => localStorage.setItem(KEY, token);

export const forgetToken = (): void => localStorage.removeItem(KEY);

/**
 * A short name for a token that is not the token: which sign-in made a count kept on the device
 * (FNV-1a, 64 bits, of the token; it tells a device's few tokens apart and reveals nothing of a
 * 192-bit secret). Synchronous and available without a secure context, unlike crypto.subtle.
 */
export function tokenMark(token: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < token.length; i++) {
    hash ^= BigInt(token.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}
