// One stock take in a list: what it is, how far its count is, and where to go with it.
import { Link } from "wouter";
import { getFragmentData, graphql, type FragmentType } from "../gql/index.js";

export const StockTakeCardFragment = graphql(`
  fragment StockTakeCard_stockTake on StockTake {
    id
    reference
    status
    blind
    createdAt
    summary {
      lines
      counted
    }
  }
`);

export function StockTakeCard(props: { stockTake: FragmentType<typeof StockTakeCardFragment> }) {
  const take = getFragmentData(StockTakeCardFragment, props.stockTake);
  const title = take.reference ? `${take.reference} (#${take.id})` : `Stock take #${take.id}`;
  return (
    <li className="card">
      <h2>{title}</h2>
      <p>
        {take.summary.counted} of {take.summary.lines} lines counted
        {take.blind ? " · blind count" : ""}
      </p>
      <p className="meta">Started {new Date(take.createdAt).toLocaleString("en")}</p>
      <div className="actions">
        <Link href={`/stock-takes/${take.id}/count`} className="button">
          Count
        </Link>
        <Link href={`/stock-takes/${take.id}/review`} className="button secondary">
          Review
        </Link>
      </div>
    </li>
  );
}
