// The stock takes a counter can count: open ones (nothing counted yet) and those being counted;
// for an approver, the start of a new one and the last ones reconciled.
import { useQuery } from "urql";
import { Link } from "wouter";
import { StockTakeCard } from "../components/StockTakeCard.js";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";
import { mayStart, useSession } from "../session-context.js";

const OpenStockTakes = graphql(`
  query OpenStockTakes {
    counting: stockTakes(status: COUNTING, first: 50) {
      edges {
        node {
          id
          ...StockTakeCard_stockTake
        }
      }
    }
    open: stockTakes(status: OPEN, first: 50) {
      edges {
        node {
          id
          ...StockTakeCard_stockTake
        }
      }
    }
  }
`);

/** The last stock takes reconciled: what an approver looks back at (counters need not). */
const ReconciledStockTakes = graphql(`
  query ReconciledStockTakes {
    stockTakes(status: RECONCILED, first: 5) {
      edges {
        node {
          id
          ...StockTakeCard_stockTake
        }
      }
    }
  }
`);

function RecentlyReconciled() {
  const [{ data }] = useQuery({ query: ReconciledStockTakes });
  const takes = data?.stockTakes.edges.map((e) => e.node) ?? [];
  if (takes.length === 0) return null;
  return (
    <section aria-labelledby="reconciled-title">
      <h2 id="reconciled-title">Recently reconciled</h2>
      <ul className="cards">
        {takes.map((take) => (
          <StockTakeCard key={take.id} stockTake={take} />
        ))}
      </ul>
    </section>
  );
}

export function StockTakes() {
  const [{ data, error, fetching }, refetch] = useQuery({ query: OpenStockTakes });
  const problem = error ? problemOf(error) : null;
  const takes = data ? [...data.counting.edges, ...data.open.edges].map((e) => e.node) : [];
  const { viewer, can } = useSession();
  /** A manager's token starts stock takes here; a counter's is told who does. */
  const starts = mayStart({ can });
  return (
    <section aria-labelledby="stock-takes-title">
      <h1 id="stock-takes-title">Stock takes to count</h1>
      {viewer && (
        <p className="signed-in">
          Signed in as {viewer.token.name}
          {viewer.sites ? ` at ${viewer.sites.map((s) => s.name).join(", ")}` : ""}
          {viewer.token.expiresAt
            ? `, until ${new Date(viewer.token.expiresAt).toLocaleString("en", {
                dateStyle: "medium",
                timeStyle: "short",
              })}`
            : ""}
        </p>
      )}
      {problem && (
        <div role="alert" className="problem">
          <p>{problem.message}</p>
          <button type="button" onClick={() => refetch({ requestPolicy: "network-only" })}>
            Try again
          </button>
        </div>
      )}
      {fetching && !data && <p role="status">Loading…</p>}
      {starts && (
        <Link href="/start" className="button start-link">
          Start a stock take
        </Link>
      )}
      {data && takes.length === 0 && (
        <p>
          {starts ? "No stock take is open." : "No stock take is open. Your manager starts one."}
        </p>
      )}
      <ul className="cards">
        {takes.map((take) => (
          <StockTakeCard key={take.id} stockTake={take} />
        ))}
      </ul>
      {can("approve") && <RecentlyReconciled />}
    </section>
  );
}
