// The benchmark's budget: bench/budget.json, the one place its targets are written, read and
// checked here so that a figure without a budget, or a budget misspelt, stops the run at its start.
import { readFileSync } from "node:fs";
import { z } from "zod";

/** A figure's budget: at least `min`, or at most `max`. */
const bound = z.union([z.strictObject({ min: z.number() }), z.strictObject({ max: z.number() })]);
export type Bound = z.infer<typeof bound>;

const scenario = <K extends string>(...figures: K[]) =>
  z.strictObject(Object.fromEntries(figures.map((f) => [f, bound])) as Record<K, typeof bound>);

const schema = z.strictObject({
  $comment: z.string().optional(),
  P1: scenario("restOverRaw", "restMs"),
  M1: scenario("peakRssMiB"),
  P2: scenario(
    "restOverRaw",
    "restP99OverRaw",
    "graphqlOverRest",
    "restCpuPerChangeMs",
    "graphqlCpuPerChangeMs",
    "restStatementsPerRequest",
    "graphqlStatementsPerRequest",
  ),
  P3: scenario("restOverRaw", "errors"),
  P4: scenario("deepOverFirst", "otherSkusP99Ms"),
  P5: scenario("startMs", "countsMs", "reconcileMs", "peakRssMiB"),
  P6: scenario("importMs", "peakRssMiB"),
  P7: scenario("deepOverFirst", "otherSkusP99Ms"),
  V1: scenario("verifyMs", "problems"),
  C1: scenario("dueMs", "accuracyMs"),
  V2: scenario("reviewMs", "varianceMs"),
  V3: scenario("siteMs", "accountMs"),
  T1: scenario("dispatchMs", "receiveMs"),
  S1: scenario(
    "startMs",
    "reconcileMs",
    "levelsAllSitesMs",
    "levelsPageMs",
    "p2RestOverRaw",
    "p2RestP99OverRaw",
  ),
  A1: scenario("countJsKb", "firstLoadMs", "consoleFirstLoadMs", "scanToSavedP95Ms"),
  N1: scenario("throughputBesideOverAlone", "p99BesideOverAlone"),
});
export type Budget = z.infer<typeof schema>;

// The compiled file runs from dist/bench: the JSON stays in the source tree, beside this file's source.
export const budget: Budget = schema.parse(
  JSON.parse(readFileSync(new URL("../../bench/budget.json", import.meta.url), "utf8")),
);

/** Whether `value` is within its budget (a NaN, a figure not measured, is not). */
export const within = (b: Bound, value: number): boolean =>
  "min" in b ? value >= b.min : value <= b.max;

/** The budget as the summary prints it, its number written by `format` (e.g. as a percentage). */
export const target = (b: Bound, format: (x: number) => string = String): string =>
  "min" in b ? `>= ${format(b.min)}` : `<= ${format(b.max)}`;
