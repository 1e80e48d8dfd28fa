// An account's budget kept in the process: weighed before a request, paid after, refilled with
// time, split between worker processes, and its limit learned from authentications.
import { loadConfig } from "../../src/config.js";
import { AccountBudgets, nearer } from "../../src/rate-limit/account.js";
import { bucketDecision, refusalMessage } from "../../src/rate-limit/bucket.js";

/** A budget whose clock the test moves. */
function budgets(limit = { perSecond: 10, burst: 20 }, share = 1) {
  let now = 0;
  const b = new AccountBudgets(limit, share, () => now);
  return { b, advance: (ms: number) => (now += ms) };
}

describe("an account's budget", () => {
  it("admits what its bucket holds and refuses the rest, taking nothing when it refuses", () => {
    const { b } = budgets();
    b.learn(7, null);
    for (let i = 0; i < 20; i++) {
      expect(b.admits(7, 1)).toBeNull();
      b.take(7, 1);
    }
    const refused = b.admits(7, 1);
    expect(refused).toMatchObject({ granted: false, retryAfterSeconds: 1, remaining: 0 });
    expect(refused?.account).toEqual({ perSecond: 10, burst: 20 });
    // Refusals took nothing: after 0.1 s the one unit refilled is there.
    expect(b.admits(7, 1)).not.toBeNull();
  });

  it("refills at its rate, up to its burst", () => {
    const { b, advance } = budgets();
    b.learn(1, null);
    b.take(1, 20);
    expect(b.admits(1, 5)?.retryAfterSeconds).toBe(1);
    advance(500);
    expect(b.admits(1, 5)).toBeNull();
    advance(60_000);
    expect(b.take(1, 1)?.remaining).toBe(19);
  });

  it("may be left owing by requests already admitted, which later ones wait for", () => {
    const { b, advance } = budgets();
    b.learn(1, null);
    b.take(1, 50); // a dear request, admitted with a full bucket
    expect(b.admits(1, 1)?.retryAfterSeconds).toBe(4); // 30 owed + 1, at 10 a second
    advance(3_100);
    expect(b.admits(1, 1)).toBeNull();
  });

  it("keeps accounts apart, and an account's own limit wins over the default", () => {
    const { b } = budgets();
    b.learn(1, { perSecond: 1, burst: 2 });
    b.learn(2, null);
    b.take(1, 2);
    expect(b.admits(1, 1)).not.toBeNull();
    expect(b.admits(2, 1)).toBeNull();
  });

  it("is none for an account whose limit is off, or before its limit is known", () => {
    const { b } = budgets();
    expect(b.admits(3, 1_000_000)).toBeNull();
    b.learn(3, { perSecond: 0, burst: 0 });
    expect(b.take(3, 1_000)).toBeNull();
    expect(b.admits(3, 1_000_000)).toBeNull();
  });

  it("gives each of N worker processes 1/N of it", () => {
    const { b } = budgets({ perSecond: 100, burst: 400 }, 1 / 4);
    expect(b.limitOf(null)).toEqual({ perSecond: 25, burst: 100 });
    b.learn(1, null);
    b.take(1, 100);
    expect(b.admits(1, 1)).not.toBeNull();
  });

  it("takes a changed limit from the next authentication, keeping what was spent", () => {
    const { b } = budgets();
    b.learn(1, null);
    b.take(1, 15); // 5 left of 20
    b.learn(1, { perSecond: 10, burst: 3 });
    expect(b.take(1, 1)?.remaining).toBe(2);
  });

  it("says the account's limit in its refusal, and tells the nearer bucket in the headers", () => {
    const { b } = budgets();
    b.learn(1, null);
    b.take(1, 20);
    const refused = b.admits(1, 1)!;
    expect(refusalMessage({ perSecond: 100, burst: 200 }, refused, 1)).toBe(
      "rate limit exceeded: this account's tokens together may spend 10 units a second in bursts of up to 20; retry after 1 s",
    );
    const token = bucketDecision({ perSecond: 100, burst: 200 }, 150, true, 1);
    b.learn(2, null);
    const account = b.take(2, 1)!; // 19 left: fewer than the token's 150
    expect(nearer(token, account)).toBe(account);
    expect(nearer(bucketDecision({ perSecond: 100, burst: 200 }, 3, true, 1), account).limit).toBe(
      200,
    );
    expect(nearer(token, null)).toBe(token);
  });
});

describe("the accounts' default budget", () => {
  it("is four tokens' worth of the default limit unless set, and none when tokens are unlimited", () => {
    expect(loadConfig({}).accountRateLimit).toEqual({ perSecond: 400, burst: 800 });
    expect(
      loadConfig({ ACCOUNT_RATE_LIMIT_PER_SECOND: "50", ACCOUNT_RATE_LIMIT_BURST: "60" })
        .accountRateLimit,
    ).toEqual({ perSecond: 50, burst: 60 });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: "0" }).accountRateLimit).toEqual({
      perSecond: 0,
      burst: 0,
    });
    expect(loadConfig({ ACCOUNT_RATE_LIMIT_PER_SECOND: "0" }).accountRateLimit.perSecond).toBe(0);
  });
});
