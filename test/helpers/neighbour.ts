// A noisy neighbour: a hostile client's requests run while a well-behaved account's requests are
// timed against the same server. Run the server in a process of its own (startServer in
// ./server.ts) so the test's own work building hostile bodies is not counted as the server's;
// build those bodies before measuring.
import { performance } from "node:perf_hooks";
import { assertMachineAlone } from "./machine.js";

export interface Timings {
  /** Each neighbour request's time, in milliseconds, in the order they ran. */
  latencies: number[];
  /** Each neighbour request's HTTP status. */
  statuses: number[];
  p50: number;
  p99: number;
  max: number;
}

export interface Beside<T> extends Timings {
  /** What the hostile side answered. */
  hostile: T;
  /** How long the hostile side took, in milliseconds. */
  hostileMs: number;
}

/** The value below which `p` (0..1) of the values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank]!;
}

function summary(latencies: number[], statuses: number[]): Timings {
  return {
    latencies,
    statuses,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.length ? Math.max(...latencies) : NaN,
  };
}

/** `probes` neighbour requests one after another, alone: the figure to compare with. */
export async function alone(neighbour: () => Promise<number>, probes = 20): Promise<Timings> {
  await assertMachineAlone();
  const latencies: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < probes; i++) {
    const started = performance.now();
    statuses.push(await neighbour());
    latencies.push(performance.now() - started);
  }
  return summary(latencies, statuses);
}

/**
 * Runs `hostile` and, meanwhile, the neighbour's requests one after another until the hostile
 * side has finished and at least `minProbes` have run (at most `maxMs` in all). `neighbour`
 * answers the HTTP status it got.
 */
export async function besideNeighbour<T>(
  hostile: () => Promise<T>,
  neighbour: () => Promise<number>,
  { minProbes = 20, maxMs = 60_000 }: { minProbes?: number; maxMs?: number } = {},
): Promise<Beside<T>> {
  await assertMachineAlone();
  const started = performance.now();
  let finished = false;
  let hostileMs = NaN;
  const hostileRun = hostile().finally(() => {
    finished = true;
    hostileMs = performance.now() - started;
  });
  // A failure on the hostile side is reported after the probes, not left unhandled meanwhile.
  hostileRun.catch(() => {});
  const latencies: number[] = [];
  const statuses: number[] = [];
  while ((!finished || latencies.length < minProbes) && performance.now() - started < maxMs) {
    const t0 = performance.now();
    statuses.push(await neighbour());
    latencies.push(performance.now() - t0);
  }
  const result = await hostileRun;
  return { ...summary(latencies, statuses), hostile: result, hostileMs };
}

/** `n` copies of `task` at once (a hostile client sending in parallel). */
export const parallel = <T>(n: number, task: (i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => task(i)));

/**
 * The server's event-loop delay since the previous scrape of its /metrics, in milliseconds
 * (countpoint_event_loop_delay_seconds); each scrape starts a new window, so scrape once before
 * the hostile requests and once after them.
 */
export async function eventLoopDelay(
  base: string,
): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const stat = (name: string) => {
    const value = new RegExp(
      `^countpoint_event_loop_delay_seconds\\{stat="${name}"\\} (\\S+)$`,
      "m",
    ).exec(text)?.[1];
    if (value === undefined) throw new Error(`/metrics has no event-loop delay ${name}`);
    return Number(value) * 1000;
  };
  return { p50: stat("p50"), p99: stat("p99"), max: stat("max") };
}
