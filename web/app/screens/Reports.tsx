// How accurate the records are and what goes missing, for a manager, over the last 30 days:
// record accuracy overall and per stock take (a chart over time), and the differences recorded
// by reason (count differences, damage, theft, transfer loss…) with the items that lost the most,
// in units and, for a token that may see money, in the account's currency.
import { lazy, Suspense, useState } from "react";
import { useQuery } from "urql";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";
import { formatMoney } from "../money.js";
import { useSession } from "../session-context.js";

const AccuracyChart = lazy(() => import("../components/AccuracyChart.js"));

const ReportsScreen = graphql(`
  query ReportsScreen($from: String!, $to: String!) {
    accuracyReport(from: $from, to: $to) {
      overall {
        accuracy
        linesCounted
        linesAccurate
      }
      stockTakes {
        stockTakeId
        reference
        reconciledAt
        accuracy
        linesCounted
        linesAccurate
      }
    }
    varianceReport(from: $from, to: $to, top: 5) {
      reasons {
        reason
        movements
        unitsIn
        unitsOut
        unitsNet
        values {
          net
        }
      }
      topItems {
        type
        id
        code
        name
        unitsOut
        values {
          losses
        }
      }
    }
  }
`);

/** The window: the last 30 days up to the moment the screen opened (at most 31 account-wide). */
const DAYS = 30;

const percent = (x: number | null | undefined) =>
  x === null || x === undefined ? "–" : `${Math.round(x * 1000) / 10}%`;
const day = (iso: string) => new Date(iso).toLocaleDateString("en", { dateStyle: "medium" });
/** A reason as a person says it: count_difference → count difference. */
const words = (reason: string) => reason.toLowerCase().replaceAll("_", " ");

export function Reports() {
  const currency = useSession().viewer?.account.currency ?? null;
  const [span] = useState(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - DAYS * 86_400_000).toISOString(), to: to.toISOString() };
  });
  const [{ data, error }] = useQuery({ query: ReportsScreen, variables: span });
  if (error && !data) {
    return (
      <p role="alert" className="problem">
        {problemOf(error).message}
      </p>
    );
  }
  if (!data) return <p role="status">Adding up the last {DAYS} days…</p>;
  const { overall, stockTakes } = data.accuracyReport;
  const { reasons, topItems } = data.varianceReport;
  const money = (amount: string | null | undefined) =>
    amount === null || amount === undefined ? "" : formatMoney(amount, currency, true);
  return (
    <section className="reports" aria-labelledby="reports-title">
      <h1 id="reports-title">Accuracy and shrinkage</h1>
      <p className="meta">
        The last {DAYS} days: {day(span.from)} to {day(span.to)}.
      </p>
      <section className="card" aria-labelledby="accuracy-title">
        <h2 id="accuracy-title">Record accuracy: {percent(overall.accuracy)}</h2>
        {stockTakes.length === 0 ? (
          <p className="meta">No stock take was reconciled in these days.</p>
        ) : (
          <p>
            {overall.linesAccurate} of {overall.linesCounted} counted lines were within tolerance,
            in {stockTakes.length} {stockTakes.length === 1 ? "stock take" : "stock takes"}{" "}
            reconciled.
          </p>
        )}
        {stockTakes.some((t) => t.accuracy !== null) && (
          <Suspense fallback={null}>
            <AccuracyChart
              from={Date.parse(span.from)}
              to={Date.parse(span.to)}
              points={stockTakes
                .filter((t) => t.accuracy !== null && t.accuracy !== undefined)
                .map((t) => ({ at: Date.parse(t.reconciledAt), accuracy: t.accuracy! }))}
            />
          </Suspense>
        )}
      </section>
      <section className="card" aria-labelledby="shrinkage-title">
        <h2 id="shrinkage-title">Differences by reason</h2>
        {reasons.length === 0 ? (
          <p className="meta">No difference was recorded.</p>
        ) : (
          <div className="table-scroll">
            <table className="report">
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col">Found</th>
                  <th scope="col">Lost</th>
                  <th scope="col">Net</th>
                  {currency && <th scope="col">Worth</th>}
                </tr>
              </thead>
              <tbody>
                {reasons.map((r) => (
                  <tr key={r.reason}>
                    <th scope="row">{words(r.reason)}</th>
                    <td>{r.unitsIn}</td>
                    <td>{r.unitsOut}</td>
                    <td>{r.unitsNet}</td>
                    {currency && <td>{money(r.values?.net)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {topItems.length > 0 && (
          <>
            <h3>Lost the most</h3>
            <ol className="top-items">
              {topItems.map((item) => (
                <li key={`${item.type}:${item.id}`}>
                  <strong>{item.code}</strong> {item.name}: {item.unitsOut}
                  {item.values ? ` (${money(item.values.losses)})` : ""}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </section>
  );
}
