// The account's sites (stores, warehouses, vans) for a token with the sites scope: each with its
// code, name, time zone and whether it is the default or inactive, opening to be changed
// (SiteEdit); and a form to add one (the API's createSite).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link } from "wouter";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";
import { newKey } from "../ids.js";
import { MoreRow, PageState, useFocusOnArrival } from "../components/PageRows.js";
import {
  FieldProblem,
  fieldOf,
  SiteTextFields,
  type Refusal,
  type SiteText,
} from "../sites/site-form.js";

const PAGE = 100;

const SitesPage = graphql(`
  query SitesPage($after: String) {
    sites(first: 100, after: $after) {
      edges {
        node {
          id
          code
          name
          timezone
          active
          isDefault
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const AddSite = graphql(`
  mutation AddSite($input: CreateSiteInput!) {
    createSite(input: $input) {
      site {
        id
        code
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const EMPTY: SiteText = { code: "", name: "", timezone: "" };

export function Sites() {
  /** The pages shown: the cursor each starts after (null: the first). */
  const [pages, setPages] = useState<(string | null)[]>([null]);
  /** Bumped when a site is added: the pages are read again. */
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby="sites-title">
      <h1 id="sites-title">Sites</h1>
      <AddSiteForm
        onAdded={() => {
          setPages([null]);
          setVersion(version + 1);
        }}
      />
      <table className="arrivals" aria-label="Sites">
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Time zone</th>
          </tr>
        </thead>
        {pages.map((after, i) => (
          <SiteRows
            key={`${version}:${after ?? ""}`}
            after={after}
            focusFirst={i > 0}
            onMore={i === pages.length - 1 ? (cursor) => setPages([...pages, cursor]) : null}
          />
        ))}
      </table>
    </section>
  );
}

/** Adding a site: folded above the list; one idempotency key per site typed. */
function AddSiteForm({ onAdded }: { onAdded: () => void }) {
  const [value, setValue] = useState(EMPTY);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [added, setAdded] = useState("");
  const [key, setKey] = useState(newKey);
  const [adding, add] = useMutation(AddSite);
  const told = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added) told.current?.scrollIntoView({ block: "nearest" });
  }, [added]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = {
      code: value.code,
      name: value.name,
      timezone: value.timezone.trim() || null,
      idempotencyKey: key,
    };
    const result = await add({ input });
    if (result.error) return setRefused({ field: null, problem: problemOf(result.error) });
    const wrong = result.data?.createSite.userErrors[0];
    if (wrong) {
      return setRefused({
        field: fieldOf(wrong.field),
        problem: { code: wrong.code, message: wrong.message },
      });
    }
    setAdded(`Added ${result.data?.createSite.site?.code ?? value.code}.`);
    setValue(EMPTY);
    setKey(newKey());
    onAdded();
  }

  return (
    <details className="card">
      <summary>Add a site</summary>
      <form onSubmit={submit} aria-label="Add a site">
        <SiteTextFields
          form="new-site"
          value={value}
          refused={refused}
          changed={(next) => {
            setValue(next);
            setRefused(null);
            setAdded("");
            setKey(newKey());
          }}
        />
        <button type="submit" disabled={adding.fetching}>
          Add site
        </button>
        <FieldProblem form="new-site" field={null} refused={refused} />
        <p aria-live="polite" className="saved" ref={told}>
          {added}
        </p>
      </form>
    </details>
  );
}

/** One page of sites and, on the last page shown, a button for the next. */
function SiteRows(props: {
  after: string | null;
  focusFirst: boolean;
  onMore: ((cursor: string) => void) | null;
}) {
  const { after, focusFirst, onMore } = props;
  const [{ data, error }] = useQuery({
    query: SitesPage,
    variables: { after },
    requestPolicy: "network-only",
  });
  const first = useFocusOnArrival(focusFirst, Boolean(data));
  const next = data?.sites.pageInfo.hasNextPage ? data.sites.pageInfo.endCursor : null;
  return (
    <tbody>
      <PageState error={error} loading={!data} columns={2} />
      {data?.sites.edges.map(({ node: s }, i) => (
        <tr key={s.id}>
          <th scope="row">
            <Link href={`/sites/${s.id}`} ref={i === 0 ? first : undefined}>
              {s.code}
            </Link>{" "}
            <span className="meta">{s.name}</span>
            <span className="meta">
              {s.isDefault ? "the default site" : s.active ? "active" : "inactive"}
            </span>
          </th>
          <td>{s.timezone ?? "the account's"}</td>
        </tr>
      ))}
      <MoreRow next={next} onMore={onMore} page={PAGE} columns={2} />
    </tbody>
  );
}
