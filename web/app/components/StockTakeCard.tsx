// One stock take in a list: what it is, whether counting began, and where to go with it. (Its
// progress is on the count screen: a summary reads every line, too dear for each card of a list.)
import { Link } from "wouter";
import { getFragmentData, graphql, type FragmentType } from "../gql/index.js";
import type { StockTakeStatus } from "../gql/graphql.js";
import { useSession } from "../session-context.js";

export const StockTakeCardFragment = graphql(`
  fragment StockTakeCard_stockTake on StockTake {
    id
    reference
    status
    blind
    createdAt
    reconciledAt
  }
`);

const STATUS: Record<StockTakeStatus, string> = {
  OPEN: "Open, nothing counted yet",
  COUNTING: "Being counted",
  RECONCILED: "Reconciled",
  CANCELLED: "Cancelled",
};

const when = (iso: string) =>
  new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

export function StockTakeCard(props: { stockTake: FragmentType<typeof StockTakeCardFragment> }) {
  const take = getFragmentData(StockTakeCardFragment, props.stockTake);
  const { can } = useSession();
  const counting = take.status === "OPEN" || take.status === "COUNTING";
  const title = take.reference ? `${take.reference} (#${take.id})` : `Stock take #${take.id}`;
  return (
    <li className="card">
      <h2>{title}</h2>
      <p>
        {STATUS[take.status]}
        {take.reconciledAt ? ` ${when(take.reconciledAt)}` : ""}
        {take.blind ? " · blind count" : ""}
      </p>
      <p className="meta">Started {when(take.createdAt)}</p>
      <div className="actions">
        {can("count") && counting && (
          <Link href={`/stock-takes/${take.id}/count`} className="button">
            Count
          </Link>
        )}
        {can("approve") && (
          <Link href={`/stock-takes/${take.id}/review`} className="button secondary">
            Review
          </Link>
        )}
      </div>
    </li>
  );
}
