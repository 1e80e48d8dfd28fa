// Counts of one stock take arriving together: two devices adding to one line keep both adds (in
// the count log in the order applied), a review waits for a count in flight, and two first counts
// of an open stock take both count without a deadlock. Each test holds a row lock of its own so
// that one request is provably in flight while the others arrive.
import { databaseUrl } from "../../helpers/db.js";
import { queryRows } from "../../helpers/fresh-database.js";
import { holdLock, type HeldLock } from "../../helpers/locks.js";
import {
  count,
  eachTestInItsOwnAccount,
  skus,
  type StockTakeSuite,
} from "../../helpers/stock-takes.js";

let s: StockTakeSuite;
eachTestInItsOwnAccount((suite) => (s = suite));

type Ref = Awaited<ReturnType<typeof skus>>[number];

async function lineId(stockTakeId: number, sku: Ref): Promise<number> {
  const line = await s.t.db.stockTakeLine.findFirstOrThrow({
    where: { accountId: s.acct.accountId, stockTakeId, skuId: sku.id },
    select: { id: true },
  });
  return line.id;
}

/** Runs `during` while `held` holds its lock, and releases it whatever happens. */
async function whileHeld<T>(held: HeldLock, during: () => Promise<T>): Promise<T> {
  try {
    return await during();
  } finally {
    await held.release();
  }
}

/** A stock take of `n` new SKUs, counting already (one count of another SKU made). */
async function counting(n: number) {
  const [first, ...refs] = await skus(s.t, s.acct.token, ...Array<number>(n + 1).fill(5));
  const id = (await s.api.start()).body.id as number;
  expect((await s.api.input(id, { counts: [count(first!, 5)] })).status).toBe(200);
  return { id, refs };
}

/** The sessions waiting behind `held`, directly or behind another waiter. */
const waitersOf = async (held: HeldLock) =>
  (
    await queryRows<{ pid: number }>(
      databaseUrl(),
      `WITH RECURSIVE w(pid) AS (
         SELECT $1::int
         UNION SELECT a.pid FROM pg_stat_activity a JOIN w ON w.pid = ANY(pg_blocking_pids(a.pid)))
       SELECT pid FROM w WHERE pid <> $1`,
      [held.pid],
    )
  ).map((w) => w.pid);

/**
 * Pairs of `sessions` waiting for each other: a deadlock, which PostgreSQL breaks after a second
 * by rolling one back (and the service retries it, hiding all but the wait).
 */
async function waitingOnEachOther(sessions: number[]): Promise<number[][]> {
  const waiting = await queryRows<{ pid: number; by: number[] }>(
    databaseUrl(),
    "SELECT pid, pg_blocking_pids(pid) AS by FROM unnest($1::int[]) AS pid",
    [sessions],
  );
  const blockers = new Map(waiting.map((w) => [w.pid, w.by]));
  return waiting.flatMap((w) =>
    w.by.filter((by) => blockers.get(by)?.includes(w.pid)).map((by) => [w.pid, by]),
  );
}

const holdLine = async (id: number) =>
  holdLock(databaseUrl(), "SELECT 1 FROM stock_take_lines WHERE id = $1 FOR UPDATE", [id]);

describe("counts of one stock take arriving together", () => {
  it("two devices adding to one line at once keep both adds, logged in the order applied", async () => {
    const { id, refs } = await counting(1);
    const [a] = refs;
    const held = await holdLine(await lineId(id, a!));
    const answers = await whileHeld(held, async () => {
      const adds = [
        s.api.input(id, { counts: [count(a!, 4, { mode: "add" })], counter: "alice" }),
        s.api.input(id, { counts: [count(a!, 5, { mode: "add" })], counter: "bob" }),
      ];
      await held.waiters(2);
      return adds;
    });
    const done = await Promise.all(answers);
    expect(done.map((d) => d.status)).toEqual([200, 200]);
    const line = (await s.api.lines(id, "?state=counted")).body.data.find(
      (l: { id: number }) => l.id === a!.id,
    );
    expect(line.counted_qty).toBe(9);
    // The log's running count follows the order the adds were applied in: 4 then 9, or 5 then 9.
    const log = (await s.api.counts(id)).body.data.filter((c: { id: number }) => c.id === a!.id);
    expect(log.map((c: { counted_qty: number }) => c.counted_qty)).toEqual([log[0].quantity, 9]);
  });

  it("a review of another line waits for a count in flight, and sees it", async () => {
    const { id, refs } = await counting(2);
    const [a, b] = refs;
    expect((await s.api.input(id, { counts: [count(b!, 5)] })).status).toBe(200);
    const held = await holdLine(await lineId(id, a!));
    const answers = await whileHeld(held, async () => {
      const counted = s.api.input(id, { counts: [count(a!, 3)] });
      await held.waiters(1);
      const accepted = s.api.accept(id, { lines: [b] });
      // The accept waits for the stock take, which the count in flight holds.
      await held.waiters(2);
      return { counted, accepted };
    });
    expect((await answers.counted).status).toBe(200);
    const accepted = await answers.accepted;
    expect(accepted.status).toBe(200);
    const lines = (await s.api.lines(id)).body.data as { id: number; state: string }[];
    expect(Object.fromEntries(lines.map((l) => [l.id, l.state]))).toMatchObject({
      [a!.id]: "counted",
      [b!.id]: "accepted",
    });
  });

  it("two first counts of an open stock take both count, one after the other", async () => {
    const [a, b] = await skus(s.t, s.acct.token, 5, 5);
    const id = (await s.api.start()).body.id as number;
    expect((await s.api.get(id)).body.status).toBe("open");
    // Held FOR SHARE by another session, the stock take keeps both first counts waiting while it
    // is open; a count's lock that let them in together would make each wait for the other.
    const held = await holdLock(
      databaseUrl(),
      "SELECT 1 FROM stock_takes WHERE account_id = $1 AND id = $2 FOR SHARE",
      [s.acct.accountId, id],
    );
    let counters: number[] = [];
    const answers = await whileHeld(held, async () => {
      const firsts = [
        s.api.input(id, { counts: [count(a!, 1)], counter: "alice" }),
        s.api.input(id, { counts: [count(b!, 2)], counter: "bob" }),
      ];
      await held.waiters(2);
      counters = await waitersOf(held);
      return firsts;
    });
    // Released, one moves it to counting while the other waits for it, never the other way too
    // (a deadlock would be broken after a second and retried: both answers would still be 200).
    let answered = false;
    const done = Promise.all(answers).finally(() => (answered = true));
    const deadlocks: number[][] = [];
    while (!answered) {
      deadlocks.push(...(await waitingOnEachOther(counters)));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(deadlocks).toEqual([]);
    expect((await done).map((d) => [d.status, d.body.status])).toEqual([
      [200, "counting"],
      [200, "counting"],
    ]);
    expect((await s.api.get(id)).body.status).toBe("counting");
    const counted = (await s.api.lines(id, "?state=counted")).body.data as {
      counted_qty: number;
    }[];
    expect(counted.map((l) => l.counted_qty).sort()).toEqual([1, 2]);
  });
});
