// What /metrics says of one account's use of its share of the pool (src/db/pool-share.ts).

export interface AccountShare {
  /** Connections its requests hold now. */
  connections: number;
  /** Its requests waiting past its share now. */
  waiting: number;
  /** Takes that waited, and that were refused, since the process started. */
  waits: number;
  refused: number;
}

/** Reads the account's series from the server's /metrics (0 where it has none). */
export async function accountShare(base: string, accountId: number): Promise<AccountShare> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}\\{account="${accountId}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return {
    connections: value("countpoint_db_account_connections"),
    waiting: value("countpoint_db_account_waiting"),
    waits: value("countpoint_db_account_waits_total"),
    refused: value("countpoint_db_account_refused_total"),
  };
}

/** Polls the account's series until `ready` holds of them (at most `ms`), and answers them. */
export async function untilShare(
  base: string,
  accountId: number,
  ready: (share: AccountShare) => boolean,
  ms = 10_000,
): Promise<AccountShare> {
  const deadline = Date.now() + ms;
  for (;;) {
    const share = await accountShare(base, accountId);
    if (ready(share) || Date.now() > deadline) return share;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
