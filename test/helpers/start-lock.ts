// A stock take start in progress, as another connection holds it: its account's start lock,
// held until the start commits. Tests of changes that must wait for a start use it.
import pg from "pg";
import { STOCK_TAKE_START_LOCK_CLASS } from "../../src/db/locks.js";
import { databaseUrl } from "./db.js";

/** A request's status once it has answered; 0 while it waits. */
export function settled(request: Promise<{ status: number }>): { status: number } {
  const state = { status: 0 };
  void request.then((r) => (state.status = r.status));
  return state;
}

/**
 * Runs `during` while a start of the account is in progress; it sends requests and returns those
 * that should wait. Ends the start once they have had 300 ms to answer, waits up to a second for
 * them, and answers their statuses before the start ended and after.
 */
export async function aroundStart(
  accountId: number,
  during: () => Promise<{ status: number }[]>,
): Promise<{ before: number[]; after: number[] }> {
  const start = new pg.Client({ connectionString: databaseUrl() });
  await start.connect();
  try {
    await start.query("BEGIN");
    await start.query("SELECT pg_advisory_xact_lock($1::int, $2::int)", [
      STOCK_TAKE_START_LOCK_CLASS,
      accountId,
    ]);
    const waiting = await during();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = waiting.map((w) => w.status);
    await start.query("COMMIT");
    for (let i = 0; i < 50 && waiting.some((w) => w.status === 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { before, after: waiting.map((w) => w.status) };
  } finally {
    await start.end();
  }
}
