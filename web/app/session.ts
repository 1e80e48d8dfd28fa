// The signed-in token: kept in this browser's storage (a counting device stays signed in across
// reloads) until signing out or the API refuses it. A link /app/#token=… signs in: the token is
// read from the fragment, which never reaches a server or its logs, and taken out of the address
// bar and the history at once.

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
