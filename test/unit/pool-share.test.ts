import { loadConfig } from "../../src/config.js";
import { accountShareOf, PoolShare, type ShareWait } from "../../src/db/pool-share.js";
import { BUSY, isServiceUnavailable, unavailableMessage } from "../../src/db/unavailable.js";

// The per-account share of a pool: what one account may hold, its waiting takes served in order,
// a take past the queue refused at once with what every transport answers 503.

const settledOf = (wait: ShareWait | undefined) => {
  const state = { done: false, error: undefined as Error | undefined };
  void wait?.turn.then(
    () => (state.done = true),
    (error: Error) => (state.error = error),
  );
  return state;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("an account's share of the pool", () => {
  it.each([
    [10, 0.5, 5],
    [5, 0.5, 2],
    [2, 0.5, 1],
    [1, 0.5, 1],
    [3, 0.1, 1],
    [10, 1, 10],
    [20, 0.25, 5],
    [10, 0.8, 8],
    [5, 0.8, 4],
    [2, 0.8, 1],
    [10, 0.95, 9],
    [2, 0.99, 1],
  ])("a pool of %i at %f gives an account %i connections", (size, fraction, share) => {
    expect(accountShareOf(size, fraction)).toBe(share);
  });

  it("is half the pool and 100 waiting requests unless configured, and a fraction of it in (0, 1]", () => {
    expect(loadConfig({})).toMatchObject({ poolAccountShare: 0.8, poolAccountQueue: 1_000 });
    expect(
      loadConfig({ DATABASE_POOL_ACCOUNT_SHARE: "0.25", DATABASE_POOL_ACCOUNT_QUEUE: "0" }),
    ).toMatchObject({ poolAccountShare: 0.25, poolAccountQueue: 0 });
    for (const bad of ["0", "1.5", "-1", "half"]) {
      expect(() => loadConfig({ DATABASE_POOL_ACCOUNT_SHARE: bad })).toThrow(
        /DATABASE_POOL_ACCOUNT_SHARE/,
      );
    }
    expect(() => loadConfig({ DATABASE_POOL_ACCOUNT_QUEUE: "-1" })).toThrow(
      /DATABASE_POOL_ACCOUNT_QUEUE/,
    );
  });

  it("lets an account hold its share, queues the next takes in order, and never holds back another account", async () => {
    const share = new PoolShare(2, 10, 60_000);
    expect(share.enter(1, false)).toBeUndefined();
    expect(share.enter(1, false)).toBeUndefined();
    const third = settledOf(share.enter(1, false));
    const fourth = settledOf(share.enter(1, false));
    expect(share.enter(2, false)).toBeUndefined();
    expect([...share.current()]).toEqual([
      { account: 1, held: 2, waiting: 2 },
      { account: 2, held: 1, waiting: 0 },
    ]);
    share.leave(1);
    await tick();
    expect([third.done, fourth.done]).toEqual([true, false]);
    share.leave(1);
    await tick();
    expect(fourth.done).toBe(true);
    share.leave(1);
    share.leave(1);
    share.leave(2);
    expect([...share.current()]).toEqual([]);
    expect(share.totals().get(1)).toEqual({ waited: 2, refused: 0 });
  });

  it("lets a take already holding a connection through past the share (it would wait on itself)", () => {
    const share = new PoolShare(1, 10, 60_000);
    expect(share.enter(1, false)).toBeUndefined();
    expect(share.enter(1, true)).toBeUndefined();
    expect([...share.current()]).toEqual([{ account: 1, held: 2, waiting: 0 }]);
  });

  it("refuses a take past the queue at once, as a 503 that says why", () => {
    const share = new PoolShare(1, 1, 60_000);
    share.enter(1, false);
    const waiting = share.enter(1, false);
    let refused: unknown;
    try {
      share.enter(1, false);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeDefined();
    expect(isServiceUnavailable(refused)).toBe(true);
    expect(unavailableMessage(refused)).toBe(BUSY);
    expect(share.totals().get(1)).toEqual({ waited: 1, refused: 1 });
    // The refused take took no place: the one waiting is still served next.
    const next = settledOf(waiting);
    share.leave(1);
    return tick().then(() => expect(next.done).toBe(true));
  });

  it("refuses a take that waited the pool's wait, and one whose request was stopped", async () => {
    const share = new PoolShare(1, 10, 50);
    share.enter(1, false);
    const late = settledOf(share.enter(1, false));
    const stoppedWait = share.enter(1, false);
    const stopped = settledOf(stoppedWait);
    stoppedWait!.cancel(new Error("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(isServiceUnavailable(late.error)).toBe(true);
    expect(stopped.error?.message).toBe("stopped");
    // Neither took the place: it is free once its holder leaves.
    share.leave(1);
    expect([...share.current()]).toEqual([]);
  });
});
