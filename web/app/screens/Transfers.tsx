// What is on its way to a site: the transfers in transit there, newest first, each to receive by
// scanning what arrived (ReceiveTransfer). The site is the token's, or one it picks.
import { useState } from "react";
import { useQuery } from "urql";
import { Link } from "wouter";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";
import { useSession } from "../session-context.js";
import { SitePicker } from "../components/SitePicker.js";
import { useSites } from "../hooks/use-sites.js";

const InTransit = graphql(`
  query TransfersInTransit($toSiteId: Int!) {
    transfers(status: IN_TRANSIT, toSiteId: $toSiteId, first: 50) {
      edges {
        node {
          id
          reference
          fromSiteId
          lineCount
          createdAt
        }
      }
    }
  }
`);

const day = (iso: string) =>
  new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

export function Transfers() {
  const { viewer } = useSession();
  const sites = useSites();
  const [picked, setPicked] = useState<number | null>(null);
  const siteId = picked ?? viewer?.site.id ?? null;
  const [{ data, error, fetching }] = useQuery({
    query: InTransit,
    variables: { toSiteId: siteId ?? 0 },
    pause: siteId === null,
    requestPolicy: "cache-and-network",
  });
  // A site beyond the token's (the other end of a store's delivery) is known by its id only.
  const siteName = (id: number) => sites.find((s) => s.id === id)?.name ?? `another site (#${id})`;
  const transfers = data?.transfers.edges.map((e) => e.node) ?? [];

  return (
    <section aria-labelledby="transfers-title">
      <h1 id="transfers-title">Deliveries on their way</h1>
      {sites.length > 1 && <Link href="/transfers/new">Send to another site</Link>}
      <SitePicker id="transfers-site" sites={sites} value={siteId} onChange={setPicked} />
      {error && !data && (
        <p role="alert" className="problem">
          {problemOf(error).message}
        </p>
      )}
      {data && transfers.length === 0 && (
        <p>Nothing is on its way to {siteId === null ? "this site" : siteName(siteId)}.</p>
      )}
      {!data && fetching && <p>Looking for deliveries…</p>}
      <ul className="cards">
        {transfers.map((t) => (
          <li key={t.id} className="card">
            <h2>
              Transfer #{t.id}
              {t.reference ? ` · ${t.reference}` : ""}
            </h2>
            <p className="meta">
              From {siteName(t.fromSiteId)} · {t.lineCount} {t.lineCount === 1 ? "item" : "items"} ·
              sent {day(t.createdAt as string)}
            </p>
            <Link href={`/transfers/${t.id}/receive`} className="button">
              Receive #{t.id}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
