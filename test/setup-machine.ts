// Every test file holds the machine lock while it runs: exclusively when its assertions are
// timings, shared otherwise (test/helpers/machine.ts).
import { holdMachine, TIMED } from "./helpers/machine.js";

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
