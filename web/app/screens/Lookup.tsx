// Looking up a SKU by code or barcode: its on hand now, its latest movements as a step chart and
// a list, the stock takes that counted it, and when it is next due for a cycle count.
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useClient } from "urql";
import { formatDifference } from "../components/DifferencesTable.js";
import { problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { SkuHistoryQuery } from "../gql/graphql.js";

const HistoryChart = lazy(() => import("../components/HistoryChart.js"));

const FindSku = graphql(`
  query FindSku($code: String!) {
    byCode: skus(filter: { code: $code }, first: 1) {
      edges {
        node {
          id
        }
      }
    }
    byBarcode: skus(filter: { barcode: $code }, first: 1) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

const SkuHistory = graphql(`
  query SkuHistory($id: Int!) {
    sku(id: $id) {
      id
      code
      name
      onHand
      location
      active
      cycleCount {
        countClass
        lastCountedAt
        dueAt
        daysOverdue
      }
      movements(first: 100) {
        edges {
          node {
            id
            occurredAt
            change
            quantityAfter
            reason
            source
            stockTakeId
          }
        }
      }
    }
  }
`);

type Sku = NonNullable<SkuHistoryQuery["sku"]>;

/** A counting device's token (count alone) sees no stock: the screen says what it can do. */
const lookUpProblem = (problem: Problem): Problem =>
  problem.code === "FORBIDDEN"
    ? {
        code: problem.code,
        message:
          "This device counts only: its token does not show stock levels. Scan items on a stock take's count screen to count them; ask your manager for a token that may look up stock.",
      }
    : problem;

const day = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("en", { dateStyle: "medium" }) : "never";

export function Lookup() {
  const client = useClient();
  const [code, setCode] = useState("");
  const [sku, setSku] = useState<Sku | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(event: FormEvent) {
    event.preventDefault();
    const scanned = code.trim();
    if (!scanned) return;
    setBusy(true);
    setProblem(null);
    const found = await client
      .query(FindSku, { code: scanned }, { requestPolicy: "network-only" })
      .toPromise();
    const id = found.data?.byCode.edges[0]?.node.id ?? found.data?.byBarcode.edges[0]?.node.id;
    if (found.error || id === undefined) {
      setBusy(false);
      setSku(null);
      return setProblem(
        found.error
          ? lookUpProblem(problemOf(found.error))
          : { code: "SKU_NOT_FOUND", message: `No SKU has the code or barcode ${scanned}.` },
      );
    }
    const history = await client
      .query(SkuHistory, { id }, { requestPolicy: "network-only" })
      .toPromise();
    setBusy(false);
    if (history.error) return setProblem(problemOf(history.error));
    setSku(history.data!.sku);
  }

  const movements = sku?.movements.edges.map((e) => e.node) ?? [];
  const takes = [...new Set(movements.flatMap((m) => (m.stockTakeId ? [m.stockTakeId] : [])))];
  return (
    <section aria-labelledby="lookup-title">
      <h1 id="lookup-title">Look up a SKU</h1>
      <form onSubmit={find} className="card" noValidate>
        <label htmlFor="lookup-code">Code or barcode</label>
        <input
          id="lookup-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          autoFocus
        />
        <button type="submit" disabled={busy}>
          Look up
        </button>
      </form>
      {problem && (
        <p role="alert" className="problem">
          {problem.message}
        </p>
      )}
      {sku && (
        <article className="card" aria-labelledby="sku-title">
          <h2 id="sku-title">
            {sku.name} ({sku.code})
          </h2>
          <p className="on-hand">On hand: {sku.onHand}</p>
          <p className="meta">
            {[
              sku.location ? `Kept at ${sku.location}` : "No location",
              sku.active ? null : "inactive",
              sku.cycleCount.countClass
                ? `class ${sku.cycleCount.countClass}, last counted ${day(sku.cycleCount.lastCountedAt)}, due ${day(sku.cycleCount.dueAt)}`
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {movements.length > 0 && (
            <Suspense fallback={null}>
              <HistoryChart
                points={movements.map((m) => ({
                  at: Date.parse(m.occurredAt),
                  quantity: m.quantityAfter,
                }))}
              />
            </Suspense>
          )}
          <h3>Latest movements</h3>
          {movements.length === 0 ? (
            <p>No movements.</p>
          ) : (
            <ul className="movements">
              {movements.slice(0, 20).map((m) => (
                <li key={m.id}>
                  {new Date(m.occurredAt).toLocaleString("en")}: {formatDifference(m.change)} →{" "}
                  {m.quantityAfter} ({m.reason.toLowerCase().replace(/_/g, " ")}
                  {m.stockTakeId ? `, stock take #${m.stockTakeId}` : ""})
                </li>
              ))}
            </ul>
          )}
          <h3>Stock takes that counted it</h3>
          <p>
            {takes.length > 0
              ? takes.map((t) => `#${t}`).join(", ")
              : "None among its latest movements."}
          </p>
        </article>
      )}
    </section>
  );
}
