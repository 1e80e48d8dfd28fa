// The catalog: SKUs found by part of their code or name, a page at a time, with their location and
// stock at a site (and cost, for a token that may see money); each opens to be edited
// (CatalogItem). A token that may adjust imports a CSV file of SKUs here too.
import { useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { Link, useLocation, useSearch } from "wouter";
import { graphql } from "../gql/index.js";
import { formatMoney } from "../money.js";
import { useSession } from "../session-context.js";
import { SitePicker } from "../components/SitePicker.js";
import { useSites } from "../hooks/use-sites.js";
import { ImportSkus } from "../components/ImportSkus.js";
import { MoreRow, PageState, useFocusOnArrival } from "../components/PageRows.js";
import { catalogPath } from "../catalog/paths.js";

const PAGE = 50;

const CatalogPage = graphql(`
  query CatalogPage($q: String, $siteId: Int, $after: String) {
    skus(filter: { q: $q }, first: 50, after: $after, siteId: $siteId) {
      edges {
        node {
          id
          code
          name
          location
          onHand
          unitCost
          active
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export function Catalog() {
  const { viewer, can } = useSession();
  const sites = useSites();
  const [, navigate] = useLocation();
  // The search and the site are in the address: a SKU's page leads back to them.
  const asked = new URLSearchParams(useSearch());
  const q = asked.get("q") ?? "";
  const site = asked.get("site");
  const siteId = site === null ? (viewer?.site.id ?? null) : Number(site);
  const [typed, setTyped] = useState(q);
  /** The pages shown: the cursor each starts after (null: the first). */
  const [pages, setPages] = useState<(string | null)[]>([null]);
  /** Bumped by an import: the pages are read again. */
  const [version, setVersion] = useState(0);
  const currency = viewer?.account.currency ?? null;
  const money = can("costs");
  const show = (nextQ: string, nextSite: number | null) => {
    setPages([null]);
    navigate(catalogPath(nextQ, nextSite), { replace: true });
  };

  function search(e: FormEvent) {
    e.preventDefault();
    show(typed.trim(), siteId);
  }

  return (
    <section aria-labelledby="catalog-title">
      <h1 id="catalog-title">Catalog</h1>
      {can("adjust") && (
        <ImportSkus
          onImported={() => {
            setPages([null]);
            setVersion(version + 1);
          }}
        />
      )}
      <form onSubmit={search} role="search" className="card">
        <label htmlFor="catalog-q">Code or name</label>
        <input
          id="catalog-q"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
        <button type="submit">Search</button>
      </form>
      <SitePicker
        id="catalog-site"
        sites={sites}
        value={siteId}
        onChange={(picked) => show(q, picked)}
      />
      <table className="arrivals" aria-label={q ? `SKUs whose code or name holds "${q}"` : "SKUs"}>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              On hand
            </th>
            {money && (
              <th scope="col" className="num">
                Unit cost
              </th>
            )}
          </tr>
        </thead>
        {pages.map((after, i) => (
          <CatalogRows
            key={`${version}:${q}:${siteId}:${after ?? ""}`}
            q={q}
            siteId={siteId}
            after={after}
            money={money}
            currency={currency}
            focusFirst={i > 0}
            onMore={i === pages.length - 1 ? (cursor) => setPages([...pages, cursor]) : null}
          />
        ))}
      </table>
    </section>
  );
}

/**
 * One page of the list, and (on the last page shown) a button for the next. `focusFirst`: a page
 * asked for by that button, whose first SKU takes the focus the button had.
 */
function CatalogRows(props: {
  q: string;
  siteId: number | null;
  after: string | null;
  money: boolean;
  currency: string | null;
  focusFirst: boolean;
  onMore: ((cursor: string) => void) | null;
}) {
  const { q, siteId, after, money, currency, focusFirst, onMore } = props;
  // Read from the API each time: a SKU is kept once in the app's cache, its location and stock
  // of whichever site was read last.
  const [{ data, error, fetching }] = useQuery({
    query: CatalogPage,
    variables: { q: q || null, siteId, after },
    requestPolicy: "network-only",
  });
  const first = useFocusOnArrival(focusFirst, Boolean(data));
  const skus = data?.skus.edges.map((e) => e.node) ?? [];
  const columns = money ? 3 : 2;
  const next = data?.skus.pageInfo.hasNextPage ? data.skus.pageInfo.endCursor : null;
  return (
    <tbody>
      <PageState error={error} loading={!data && fetching} columns={columns} />
      {data && skus.length === 0 && after === null && (
        <tr>
          <td colSpan={columns}>{q ? `No SKU's code or name holds "${q}".` : "No SKUs yet."}</td>
        </tr>
      )}
      {skus.map((s, i) => (
        <tr key={s.id}>
          <th scope="row">
            <Link href={catalogPath(q, siteId, s.id)} ref={i === 0 ? first : undefined}>
              {s.code}
            </Link>{" "}
            <span className="meta">
              {s.name}
              {s.active ? "" : " (retired)"}
            </span>
            <span className="meta">{s.location ? `at ${s.location}` : "no location"}</span>
          </th>
          <td className="num">{String(s.onHand)}</td>
          {money && (
            <td className="num">
              {s.unitCost === null || s.unitCost === undefined
                ? "—"
                : formatMoney(String(s.unitCost), currency)}
            </td>
          )}
        </tr>
      ))}
      <MoreRow next={next} onMore={onMore} page={PAGE} columns={columns} />
    </tbody>
  );
}
