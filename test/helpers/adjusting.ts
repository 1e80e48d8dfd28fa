// The REST adjustment tests' app: one per test file, with two accounts, and the requests and
// checks they share.
import { newAccount, type TestAccount } from "./db.js";
import { rest, startTestApp, type TestApp } from "./app.js";
import { expectNothingWritten as nothingWritten } from "./stock.js";

export let t: TestApp;
export let acct: TestAccount;
export let other: TestAccount;

/** Starts the file's app and its two accounts before its tests, and stops it after. */
export function adjustingApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
    acct = await newAccount(t.db);
    other = await newAccount(t.db);
  });
  afterAll(() => t.close());
}

export const patch = (id: number | string, body: unknown, token = acct.token) =>
  rest(t, "PATCH", `/skus/${id}`, { token, body });
export const bulk = (body: unknown, token = acct.token, app: TestApp = t) =>
  rest(app, "POST", "/stock-adjustments/bulk", { token, body });

/** Runs a request that must fail and checks it wrote nothing at all. */
export const expectNothingWritten = <T>(account: TestAccount, request: () => Promise<T>) =>
  nothingWritten(t.db, account, request);
