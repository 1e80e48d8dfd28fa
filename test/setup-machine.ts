// Runs in each Jest worker before each test file: points DATABASE_URL at the worker's own
// database (test/global-setup.mjs), and holds the machine lock while the file runs, exclusively
// when its assertions are timings (test/helpers/machine.ts).
import { holdMachine, TIMED } from "./helpers/machine.js";

// The workers' databases are named by one prefix and the worker's number.
const perWorker = process.env.COUNTPOINT_TEST_DATABASE;
if (perWorker) {
  const url = new URL(perWorker);
  url.pathname += process.env.JEST_WORKER_ID ?? "1";
  process.env.DATABASE_URL = url.toString();
}

/** A timed file waits at most for the longest file beside it, a shared one for every timed one. */
const WAIT_MS = 30 * 60_000;

let release: (() => Promise<void>) | undefined;

beforeAll(async () => {
  release = await holdMachine(TIMED.test(expect.getState().testPath ?? ""));
}, WAIT_MS);

afterAll(async () => {
  await release?.();
  release = undefined;
});
