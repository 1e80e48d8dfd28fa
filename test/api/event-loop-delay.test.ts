// /metrics exports how late the serving thread ran (perf_hooks.monitorEventLoopDelay): the app runs
// in this test's process, so holding this process's thread holds the server's.
import { startTestApp, type TestApp } from "../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The event-loop delay's series of one scrape, in seconds, by stat. */
async function scrape(): Promise<Record<string, number>> {
  const res = await fetch(`${t.baseUrl}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toContain("# TYPE countpoint_event_loop_delay_seconds gauge");
  const stats: Record<string, number> = {};
  for (const [, stat, value] of text.matchAll(
    /^countpoint_event_loop_delay_seconds\{stat="(\w+)"\} (\S+)$/gm,
  )) {
    stats[stat!] = Number(value);
  }
  return stats;
}

/** Holds the thread (and so the server) for `ms`, as a synchronous parse of a huge input would. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("event-loop delay in /metrics", () => {
  it("answers p50, p99 and max; a 250 ms hold of the thread shows in max, and the next scrape starts afresh", async () => {
    const first = await scrape();
    expect(Object.keys(first).sort()).toEqual(["max", "p50", "p99"]);

    await sleep(50);
    hold(250);
    // The monitor's timer runs once the thread is free again, then the scrape reads it.
    await sleep(50);
    const held = await scrape();
    expect(held.max).toBeGreaterThanOrEqual(0.2);
    expect(held.max).toBeLessThan(5);
    expect(held.p50).toBeLessThanOrEqual(held.p99!);
    expect(held.p99).toBeLessThanOrEqual(held.max!);

    // Each scrape reports the window since the one before: the hold is no longer in it.
    await sleep(100);
    const after = await scrape();
    expect(after.max).toBeLessThan(0.2);
  });
});
