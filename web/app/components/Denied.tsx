// A screen the signed-in token may not use (opened by an address, never offered): what it needs,
// and the way back.
import { Link } from "wouter";

const NEEDS = {
  count: "count stock takes",
  review: "review stock takes",
  start: "start stock takes",
  cycleCounts: "plan cycle counts",
  reports: "read the reports",
  devices: "give devices their tokens",
  lookup: "look items up",
  transfers: "send or receive deliveries between sites",
  catalog: "browse or edit the catalog",
  sites: "add or change the sites",
} as const;

/** What a screen needs that a token may lack. */
export type Needed = keyof typeof NEEDS;

export function Denied({ what }: { what: Needed }) {
  return (
    <section className="card" aria-labelledby="denied-title">
      <h1 id="denied-title">Not with this sign-in</h1>
      <p role="alert">
        This token may not {NEEDS[what]}. Ask your manager for a token that can, or sign in with it.
      </p>
      <Link href="/">Back to the stock takes</Link>
    </section>
  );
}
