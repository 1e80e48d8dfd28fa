// Review, for the approver: the differences largest first, accepted within a tolerance or one by
// one, sent back for a recount, then reconciled after a dry run's preview and an explicit
// confirmation. Needs a token with approve. A token that may see money (the costs scope, once the
// account has a currency) sees what the differences are worth, may order them by value and accept
// within a tolerance in money; every token sees which lines were accepted automatically.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link } from "wouter";
import {
  DifferencesTable,
  formatDifference,
  useLinesByDifference,
} from "../components/DifferencesTable.js";
import { Choice } from "../components/Choice.js";
import { RecountList } from "../components/RecountList.js";
import { AreaList } from "../components/Progress.js";
import { CounterList } from "../components/CounterList.js";
import { Unfolded } from "../components/Unfolded.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type {
  AcceptStockTakeLinesInput,
  ReconcileMutation,
  ReviewLineFragment,
} from "../gql/graphql.js";
import { useLiveProgress } from "../hooks/use-live-progress.js";
import { newKey } from "../ids.js";
import { formatMoney } from "../money.js";
import { useSession } from "../session-context.js";
import { blankOr, decimal, MONEY, QUANTITY } from "../numbers.js";

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
        autoAccepted
        values {
          gains
          losses
          net
          absolute
          valuedLines
        }
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

const ORDERS = [
  { value: "DIFFERENCE", label: "units" },
  { value: "VALUE", label: "value" },
] as const;

type Preview = NonNullable<ReconcileMutation["reconcileStockTake"]["reconciliation"]>;

export function Review({ id }: { id: number }) {
  const [{ data, error }, refetch] = useQuery({ query: ReviewScreen, variables: { id } });
  const values = data?.stockTake.summary.values ?? null;
  const currency = useSession().viewer?.account.currency ?? null;
  const [order, setOrder] = useState<"DIFFERENCE" | "VALUE">("DIFFERENCE");
  const table = useLinesByDifference(id, order);
  const [, decide] = useMutation(Decide);
  const [, reconcile] = useMutation(Reconcile);
  const [abs, setAbs] = useState("0");
  const [pct, setPct] = useState("0");
  const [maxValue, setMaxValue] = useState("");
  const [maxValuePct, setMaxValuePct] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  // Live: the summary (and the lines sent back) follow the counts as they arrive; the table, which
  // the reviewer may be scrolling, is offered again rather than replaced under them.
  useLiveProgress(id, data?.stockTake.summary.lines ?? 0, refetch);
  const toReview = data?.stockTake.summary.counted;
  const lastToReview = useRef(toReview);
  const [newCounts, setNewCounts] = useState(false);
  useEffect(() => {
    if (toReview === undefined) return;
    // A reviewer's own decisions only ever lower it: a rise is counts from the floor.
    if (lastToReview.current !== undefined && toReview > lastToReview.current) setNewCounts(true);
    lastToReview.current = toReview;
  }, [toReview]);

  const refresh = () => {
    setNewCounts(false);
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
    if (!blankOr(QUANTITY, abs) || !blankOr(QUANTITY, pct)) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "A tolerance is a number from 0, at most 3 decimals.",
      });
    }
    if (!blankOr(MONEY, maxValue) || !blankOr(MONEY, maxValuePct)) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "A tolerance in money is an amount from 0, at most 4 decimals.",
      });
    }
    const tolerance = {
      abs: Number(decimal(abs) || "0"),
      pct: Number(decimal(pct) || "0"),
      ...(decimal(maxValue) ? { maxValue: Number(decimal(maxValue)) } : {}),
      ...(decimal(maxValuePct) ? { maxValuePct: Number(decimal(maxValuePct)) } : {}),
    };
    const inMoney = [
      decimal(maxValue) ? formatMoney(decimal(maxValue), currency) : null,
      decimal(maxValuePct) ? `${decimal(maxValuePct)}% of its value` : null,
    ].filter(Boolean);
    void send(
      { stockTakeId: id, safe: true, tolerance, idempotencyKey: newKey() },
      `Accepted the lines within ${tolerance.abs} units or ${tolerance.pct}%` +
        (inMoney.length ? ` and within ${inMoney.join(" or ")}.` : "."),
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
        {s.lines - s.uncounted} of {s.lines} counted · {s.counted} to review · {s.accepted} accepted
        {s.autoAccepted ? ` (${s.autoAccepted} automatically)` : ""} · {s.uncounted} uncounted
        {s.recountRequested > 0 ? ` · ${s.recountRequested} sent back for recount` : ""} · status{" "}
        {take.status.toLowerCase()}
      </p>
      <Unfolded label="By area">
        {() => <AreaList id={take.id} counted={s.lines - s.uncounted} />}
      </Unfolded>
      <Unfolded label="By counter">{() => <CounterList id={take.id} summary={s} />}</Unfolded>
      {s.sumAbsDifference !== null && s.sumAbsDifference !== undefined && (
        <p className="meta">
          Net difference {formatDifference(s.netDifference)}; {s.sumAbsDifference} units off in all.
        </p>
      )}
      {values && (
        <p className="meta values">
          Worth: found {formatMoney(values.gains, currency)}, lost{" "}
          {formatMoney(values.losses, currency)}, net {formatMoney(values.net, currency, true)};{" "}
          {formatMoney(values.absolute, currency)} off in all, over {values.valuedLines}{" "}
          {values.valuedLines === 1 ? "line" : "lines"} with a cost.
        </p>
      )}
      {open && (
        <form className="card tolerance" onSubmit={acceptSafe} noValidate>
          <h2>Accept within a tolerance</h2>
          <p className="meta">
            A line is accepted when its difference is at most the units given or the percentage of
            its expected quantity, whichever is more. Lines moved since the freeze are never.
            {values &&
              " With a tolerance in money, a line with a cost must also be within the amount or the percentage of its expected value, whichever is more."}
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
            {values && (
              <>
                <div>
                  <label htmlFor="tolerance-value">Tolerance in {currency ?? "money"}</label>
                  <input
                    id="tolerance-value"
                    inputMode="decimal"
                    placeholder="none"
                    value={maxValue}
                    onChange={(e) => setMaxValue(e.target.value)}
                  />
                </div>
                <div>
                  <label htmlFor="tolerance-value-pct">Tolerance in % of value</label>
                  <input
                    id="tolerance-value-pct"
                    inputMode="decimal"
                    placeholder="none"
                    value={maxValuePct}
                    onChange={(e) => setMaxValuePct(e.target.value)}
                  />
                </div>
              </>
            )}
          </div>
          <button type="submit" disabled={busy}>
            Accept within tolerance
          </button>
        </form>
      )}
      {table.lines.length > 0 && (
        // The chart's room is kept while it loads and draws: the buttons below it never move
        // under a reviewer's finger or pointer (an Accept where a Recount was).
        <div className="chart-slot">
          <Suspense fallback={null}>
            <DifferenceChart differences={table.lines.map((l) => l.difference ?? 0)} />
          </Suspense>
        </div>
      )}
      {values && (
        <Choice
          className="order"
          legend="Largest difference first, in"
          name="order"
          options={ORDERS}
          value={order}
          onChange={setOrder}
        />
      )}
      <p aria-live="polite" className="new-counts">
        {newCounts && (
          <button type="button" className="secondary" onClick={refresh}>
            New counts arrived: show them
          </button>
        )}
      </p>
      <DifferencesTable
        lines={table.lines}
        byValue={order === "VALUE"}
        currency={currency}
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
        <RecountList
          id={take.id}
          count={s.recountRequested}
          hint="Waiting for their recount: each comes back here once it is counted again."
        />
      )}
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
