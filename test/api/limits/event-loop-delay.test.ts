// /metrics exports how late the serving thread ran (perf_hooks.monitorEventLoopDelay): the app runs
// in this test's process, so holding this process's thread holds the server's.
import { startTestApp, type TestApp } from "../../helpers/app.js";
import { eventLoopDelay } from "../../helpers/neighbour.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the thread (and so the server) for `ms`, as a synchronous parse of a huge input would. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("event-loop delay in /metrics", () => {
  it("answers p50, p99 and max; a 1 s hold of the thread shows in max, and the next scrape starts afresh", async () => {
    // A gauge; this first scrape also starts the window the next one reads.
    const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
    expect(text).toContain("# TYPE countpoint_event_loop_delay_seconds gauge");

    // A hold far longer than a busy machine's own pauses (another test worker, a GC), so neither
    // window can be mistaken for the other.
    await sleep(50);
    hold(1000);
    // The monitor's timer runs once the thread is free again, then the scrape reads it.
    await sleep(50);
    const held = await eventLoopDelay(t.baseUrl);
    expect(held.max).toBeGreaterThanOrEqual(900);
    expect(held.max).toBeLessThan(5000);
    expect(held.p50).toBeLessThanOrEqual(held.p99);
    expect(held.p99).toBeLessThanOrEqual(held.max);

    // Each scrape reports the window since the one before: the hold is no longer in it.
    await sleep(100);
    const after = await eventLoopDelay(t.baseUrl);
    expect(after.max).toBeLessThan(700);
  });
});
