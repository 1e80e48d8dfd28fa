// Review, for the approver: the differences largest first, accepted within a tolerance or one by
// one, sent back for a recount, then reconciled after a dry run's preview and an explicit
// confirmation. Needs a token with approve.
import { lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link } from "wouter";
import {
  DifferencesTable,
  formatDifference,
  useLinesByDifference,
} from "../components/DifferencesTable.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type {
  AcceptStockTakeLinesInput,
  ReconcileMutation,
  ReviewLineFragment,
} from "../gql/graphql.js";
import { newKey } from "../ids.js";

const DifferenceChart = lazy(() => import("../components/DifferenceChart.js"));

const ReviewScreen = graphql(`
  query ReviewScreen($id: Int!) {
    stockTake(id: $id) {
      id
      reference
      status
      summary {
        lines
        counted
        uncounted
        accepted
        applied
        recountRequested
        netDifference
        sumAbsDifference
      }
    }
  }
`);

const Decide = graphql(`
  mutation Decide($input: AcceptStockTakeLinesInput!) {
    acceptStockTakeLines(input: $input) {
      acceptedCount
      needsReviewCount
      userErrors {
        code
        message
      }
    }
  }
`);

const Reconcile = graphql(`
  mutation Reconcile($input: ReconcileStockTakeInput!) {
    reconcileStockTake(input: $input) {
      reconciliation {
        dryRun
        status
        appliedCount
        unchanged
        skipped {
          uncounted
          unaccepted
          linked
        }
        applied {
          type
          id
          code
          name
          previousQty
          newQty
          change
        }
      }
      userErrors {
        code
        message
      }
    }
  }
`);

/** A tolerance as typed: empty, or a number from 0 with at most 3 decimals. */
const AMOUNT = /^(\d{1,11}([.,]\d{1,3})?)?$/;

type Preview = NonNullable<ReconcileMutation["reconcileStockTake"]["reconciliation"]>;

export function Review({ id }: { id: number }) {
  const [{ data, error }, refetch] = useQuery({ query: ReviewScreen, variables: { id } });
  const table = useLinesByDifference(id);
  const [, decide] = useMutation(Decide);
  const [, reconcile] = useMutation(Reconcile);
  const [abs, setAbs] = useState("0");
  const [pct, setPct] = useState("0");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const refresh = () => {
    refetch({ requestPolicy: "network-only" });
    table.reload();
  };

  /** Sends a decision; true when the API took it. */
  async function send(input: AcceptStockTakeLinesInput, what: string) {
    setBusy(true);
    setProblem(null);
    const result = await decide({ input });
    setBusy(false);
    if (result.error) return setProblem(problemOf(result.error));
    const refused = result.data?.acceptStockTakeLines.userErrors[0];
    if (refused)
      return setProblem({ code: refused.code, message: messageFor(refused.code, refused.message) });
    setDone(what);
    refresh();
  }

  const ref = (line: ReviewLineFragment) => ({ type: line.type, id: line.id });

  function acceptSafe(event: FormEvent) {
    event.preventDefault();
    if (!AMOUNT.test(abs.trim()) || !AMOUNT.test(pct.trim())) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "A tolerance is a number from 0, at most 3 decimals.",
      });
    }
    const tolerance = {
      abs: Number(abs.trim().replace(",", ".") || "0"),
      pct: Number(pct.trim().replace(",", ".") || "0"),
    };
    void send(
      { stockTakeId: id, safe: true, tolerance, idempotencyKey: newKey() },
      `Accepted the lines within ${tolerance.abs} units or ${tolerance.pct}%.`,
    );
  }

  async function dryRun() {
    setBusy(true);
    setProblem(null);
    const result = await reconcile({ input: { stockTakeId: id, dryRun: true } });
    setBusy(false);
    if (result.error) return setProblem(problemOf(result.error));
    const refused = result.data?.reconcileStockTake.userErrors[0];
    if (refused)
      return setProblem({ code: refused.code, message: messageFor(refused.code, refused.message) });
    setPreview(result.data!.reconcileStockTake.reconciliation!);
    dialog.current?.showModal();
  }

  async function confirm() {
    setBusy(true);
    const result = await reconcile({ input: { stockTakeId: id, idempotencyKey: newKey() } });
    setBusy(false);
    dialog.current?.close();
    if (result.error) return setProblem(problemOf(result.error));
    const refused = result.data?.reconcileStockTake.userErrors[0];
    if (refused)
      return setProblem({ code: refused.code, message: messageFor(refused.code, refused.message) });
    const applied = result.data!.reconcileStockTake.reconciliation!.appliedCount;
    setDone(`Reconciled: ${applied} ${applied === 1 ? "line changed" : "lines changed"} stock.`);
    refresh();
  }

  const loadProblem = error ? problemOf(error) : (table.problem ?? null);
  if (loadProblem && !data) {
    return (
      <section>
        <p role="alert" className="problem">
          {loadProblem.message}
        </p>
        <Link href="/">Back to the stock takes</Link>
      </section>
    );
  }
  if (!data) return <p role="status">Loading…</p>;
  const take = data.stockTake;
  const s = take.summary;
  const title = take.reference ? `${take.reference} (#${take.id})` : `Stock take #${take.id}`;
  const open = take.status === "OPEN" || take.status === "COUNTING";

  return (
    <section className="review" aria-labelledby="review-title">
      <h1 id="review-title">Review: {title}</h1>
      <p role="status">
        {s.counted} of {s.lines} counted · {s.accepted} accepted · {s.uncounted} uncounted
        {s.recountRequested > 0 ? ` · ${s.recountRequested} sent back for recount` : ""} · status{" "}
        {take.status.toLowerCase()}
      </p>
      {s.sumAbsDifference !== null && s.sumAbsDifference !== undefined && (
        <p className="meta">
          Net difference {formatDifference(s.netDifference)}; {s.sumAbsDifference} units off in all.
        </p>
      )}
      {open && (
        <form className="card tolerance" onSubmit={acceptSafe} noValidate>
          <h2>Accept within a tolerance</h2>
          <p className="meta">
            A line is accepted when its difference is at most the units given or the percentage of
            its expected quantity, whichever is more. Lines moved since the freeze are never.
          </p>
          <div className="fields">
            <div>
              <label htmlFor="tolerance-abs">Tolerance in units</label>
              <input
                id="tolerance-abs"
                inputMode="decimal"
                value={abs}
                onChange={(e) => setAbs(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="tolerance-pct">Tolerance in %</label>
              <input
                id="tolerance-pct"
                inputMode="decimal"
                value={pct}
                onChange={(e) => setPct(e.target.value)}
              />
            </div>
          </div>
          <button type="submit" disabled={busy}>
            Accept within tolerance
          </button>
        </form>
      )}
      {table.lines.length > 0 && (
        <Suspense fallback={null}>
          <DifferenceChart differences={table.lines.map((l) => l.difference ?? 0)} />
        </Suspense>
      )}
      <DifferencesTable
        lines={table.lines}
        more={table.more}
        busy={busy || !open}
        onAccept={(line) =>
          void send(
            { stockTakeId: id, lines: [ref(line)], idempotencyKey: newKey() },
            `Accepted ${line.code}.`,
          )
        }
        onRecount={(line) =>
          void send(
            { stockTakeId: id, recount: [ref(line)], idempotencyKey: newKey() },
            `Sent ${line.code} back for a recount.`,
          )
        }
      />
      {open && (
        <button type="button" className="reconcile" disabled={busy} onClick={() => void dryRun()}>
          Reconcile
        </button>
      )}
      {(problem ?? loadProblem) && (
        <p role="alert" className="problem">
          {(problem ?? loadProblem)!.message}
        </p>
      )}
      <p aria-live="polite" className="saved">
        {done}
      </p>
      <dialog ref={dialog} aria-labelledby="reconcile-title" className="card">
        <h2 id="reconcile-title">Reconcile {title}?</h2>
        {preview && (
          <>
            <p>
              {preview.appliedCount} {preview.appliedCount === 1 ? "line changes" : "lines change"}{" "}
              stock, {preview.unchanged} unchanged. Not applied: {preview.skipped.uncounted}{" "}
              uncounted, {preview.skipped.unaccepted} not accepted.
            </p>
            <ul className="preview">
              {preview.applied.slice(0, 20).map((line) => (
                <li key={`${line.type}-${line.id}`}>
                  {line.code} {line.name}: {line.previousQty} → {line.newQty} (
                  {formatDifference(line.change)})
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => void confirm()}>
            Confirm reconcile
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </section>
  );
}
