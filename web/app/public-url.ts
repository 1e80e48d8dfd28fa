// Where devices reach Countpoint: the server's PUBLIC_URL, which it writes into the app's page
// (src/http/counting-app.ts), else the address this browser opened the app at. A sign-in link
// or its QR code made for another device points there.

/** The address devices open, without a trailing slash. */
export function publicAddress(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="countpoint-public-url"]');
  return meta?.content || window.location.origin;
}

/** Whether `address` names this computer only (localhost): another device cannot open it. */
export function onlyThisComputer(address: string): boolean {
  const host = new URL(address).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}
