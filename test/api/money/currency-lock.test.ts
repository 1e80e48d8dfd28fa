// The currency is held while money is written, and only the currency: a write that sets a cost
// (an import of thousands of costed rows takes seconds) makes a change of currency wait until it
// commits, and holds nothing else of the account (its cycle count settings change meanwhile).
import { requireCurrency } from "../../../src/modules/catalog/catalog.costs.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, untilWaitingOnLock } from "../../helpers/db.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("holds a change of currency, and nothing else of the account, while a cost is being set", async () => {
  const acct = await newAccount(t.db);
  await rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "EUR" } });
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  // A write of money in flight: the currency checked and held, its transaction still open.
  const writing = t.db.$transaction(
    async (tx) => {
      await requireCurrency(tx, acct.accountId);
      held();
      await released;
    },
    { timeout: 30_000 },
  );
  await holding;
  try {
    // The account's other settings do not wait for it (this would hang until the release).
    const settings = await rest(t, "PATCH", "/cycle-counts/settings", {
      token: acct.token,
      body: { interval_days_a: 14 },
    });
    expect(settings.status).toBe(200);
    // A change of currency waits for it.
    const changing = rest(t, "PATCH", "/account", { token: acct.token, body: { currency: "USD" } });
    await untilWaitingOnLock(t.db, "pg_advisory_xact_lock(");
    release();
    await writing;
    const changed = await changing;
    expect([changed.status, changed.body.currency]).toEqual([200, "USD"]);
  } finally {
    release();
    await writing.catch(() => undefined);
  }
});
