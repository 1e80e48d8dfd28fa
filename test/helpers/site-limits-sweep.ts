// How the site-limits sweep runs its probes: each with S's token, naming D's and X's things and
// naming nothing, the answers compared and searched for what of D and X they show, one operation
// or field at a time with D's and X's fingerprint around it.
import type { GraphQLSchema } from "graphql";
import type { TestApp } from "./app.js";
import {
  callRest,
  difference,
  gqlDifferences,
  leakedValues,
  refusedEarly,
  restDifferences,
  type Answer,
  type RestCall,
  type RestProbe,
} from "./isolation.js";
import { callGraphql, callSubscription, gqlDocument, gqlVariables } from "./isolation-graphql.js";
import { restUnchecked, shownOfOtherSites, siteFingerprint } from "./site-limits-checks.js";
import type { SiteGqlProbe } from "./site-limits-gql-probes.js";
import type { SiteWorld } from "./site-limits-world.js";

/** Tables of D and X that differ between two fingerprints. */
export const changedBetween = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).filter((k) => a[k] !== b[k]);

export function siteSweeper(t: TestApp, w: SiteWorld, schema: () => GraphQLSchema) {
  /** D's and X's rows (but the transfers left out) as one value. */
  const fingerprintOf = (leaveOutTransfers: number[] = []) =>
    siteFingerprint(t.db, w.acct.accountId, [w.d, w.x], { leaveOutTransfers });

  /** What of D or X an answer shows: their texts and quantities, or their ids. */
  const shown = (label: string, answer: Answer): string[] => {
    const leaked = leakedValues(answer, w.secrets);
    const ids = shownOfOtherSites(answer.body, w);
    return [
      ...(leaked.length > 0 ? [`${label} shows D's or X's ${leaked.join(", ")}`] : []),
      ...ids.map((id) => `${label} shows ${id}`),
    ];
  };

  /**
   * Probes one group at a time (an operation or field), D's and X's fingerprint around each; a
   * group's reads at once, its writes one by one.
   */
  async function sweep<P>(
    probes: P[],
    groupOf: (p: P) => string,
    run: (p: P) => Promise<string[]>,
    together: boolean,
  ): Promise<string[]> {
    const problems: string[] = [];
    const groups = new Map<string, P[]>();
    for (const p of probes) groups.set(groupOf(p), [...(groups.get(groupOf(p)) ?? []), p]);
    for (const [group, members] of groups) {
      const before = await fingerprintOf();
      const found: string[][] = [];
      if (together) found.push(...(await Promise.all(members.map(run))));
      else for (const p of members) found.push(await run(p));
      problems.push(...new Set(found.flat().map((m) => `${group}: ${m}`)));
      const changed = changedBetween(before, await fingerprintOf());
      if (changed.length > 0) problems.push(`${group}: changed D's or X's ${changed.join(", ")}`);
    }
    return problems;
  }

  /** Both sides of a probe, compared; the problems found (none: S's token sees only S). */
  async function check(
    label: string,
    call: (side: "foreign" | "missing") => Promise<Answer>,
    pairs: [unknown, unknown][],
    options: { volatile?: string[]; positional?: boolean },
  ): Promise<string[]> {
    const foreign = await call("foreign");
    const problems = shown(label, foreign);
    const early = refusedEarly(foreign);
    if (early) problems.push(`${label} was ${early}: the probe tests nothing`);
    if (options.positional) return problems;
    const missing = await call("missing");
    const missingEarly = refusedEarly(missing);
    if (missingEarly) problems.push(`${label} naming nothing was ${missingEarly}`);
    const diff = difference(foreign, missing, pairs, options.volatile);
    if (diff) problems.push(`${label} is told apart from a missing one: ${diff}`);
    return problems;
  }

  /**
   * A REST call with S's token. An answer the served OpenAPI document does not allow is a
   * problem of its own; the call is made again unchecked, so the sweep still compares it.
   */
  async function restCall(call: RestCall, problems: string[]): Promise<Answer> {
    try {
      return await callRest(t, w.limited, call);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("breaks the OpenAPI contract")) {
        throw error;
      }
      problems.push(error.message);
      return restUnchecked(t, w.limited, call);
    }
  }

  async function runRest(p: RestProbe): Promise<string[]> {
    const template = p.op.split(" ")[1]!;
    const pairs = [...restDifferences(template, p.foreign, p.missing).pairs, ...(p.names ?? [])];
    const query = p.foreign.query ? `?${new URLSearchParams(p.foreign.query)}` : "";
    const label = `${p.foreign.method} ${p.foreign.path}${query}`;
    const contract: string[] = [];
    const found = await check(label, (side) => restCall(p[side], contract), pairs, p);
    return [...found, ...contract];
  }

  function runGql(p: SiteGqlProbe): Promise<string[]> {
    const document = gqlDocument(schema(), p);
    const pairs = [...gqlDifferences(p).pairs, ...(p.names ?? [])];
    const label = `${p.field} ${JSON.stringify(p.foreign)}`;
    const send = p.field.startsWith("Subscription.") ? callSubscription : callGraphql;
    return check(label, (side) => send(t, w.limited, document, gqlVariables(p, side)), pairs, p);
  }

  return { fingerprintOf, shown, sweep, restCall, runRest, runGql };
}
