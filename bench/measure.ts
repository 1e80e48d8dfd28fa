// How every benchmark measures: a call's time, and the median of a run's times.
import { performance } from "node:perf_hooks";

/**
 * The median of `xs`: of an even count, the upper of the middle two (what each scenario has
 * always reported); NaN for none.
 */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** How long `fn` takes, in milliseconds, awaited. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
