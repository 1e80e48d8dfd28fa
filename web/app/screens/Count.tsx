// Counting: scan or type a code (a handheld scanner types it and Enter), see the item, type the
// quantity (or scan the same code again to add one), save. The screen never asks for an expected
// quantity: a blind stock take shows a counter none, and the others need none to count.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery, useSubscription, useClient } from "urql";
import { Link } from "wouter";
import { useSession } from "../App.js";
import { Progress } from "../components/Progress.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { getFragmentData, graphql } from "../gql/index.js";
import type { FoundLineFragment } from "../gql/graphql.js";
import { newKey } from "../ids.js";

const CountScreen = graphql(`
  query CountScreen($id: Int!) {
    stockTake(id: $id) {
      id
      reference
      status
      blind
      ...Progress_stockTake
    }
  }
`);

const FoundLine = graphql(`
  fragment FoundLine on StockTakeLine {
    type
    id
    code
    name
    supplier
    location
    countedQty
    state
  }
`);

const FindLine = graphql(`
  query FindLine($id: Int!, $code: String!) {
    stockTake(id: $id) {
      id
      lines(code: $code, first: 5) {
        edges {
          node {
            ...FoundLine
          }
        }
      }
    }
  }
`);

const SaveCount = graphql(`
  mutation SaveCount($input: SubmitStockTakeCountsInput!) {
    submitStockTakeCounts(input: $input) {
      status
      userErrors {
        code
        message
      }
    }
  }
`);

const FollowProgress = graphql(`
  subscription FollowProgress($id: Int!) {
    stockTakeProgress(id: $id) {
      eventId
      stockTake {
        id
        ...Progress_stockTake
      }
    }
  }
`);

/** A quantity as a counter types it: a number from 0, at most 3 decimals (a comma works too). */
const QUANTITY = /^\d{1,11}([.,]\d{1,3})?$/;

const CLOSED = new Set(["RECONCILED", "CANCELLED"]);

export function Count({ id }: { id: number }) {
  const { signOut } = useSession();
  const client = useClient();
  const [{ data, error }] = useQuery({ query: CountScreen, variables: { id } });
  useSubscription({ query: FollowProgress, variables: { id } });
  const [, saveCount] = useMutation(SaveCount);

  const [code, setCode] = useState("");
  const [line, setLine] = useState<FoundLineFragment | null>(null);
  const [quantity, setQuantity] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState("");
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const quantityField = useRef<HTMLInputElement>(null);
  /** The quantity the app last put in the field (what a scan of the same code adds one to). */
  const shown = useRef("");

  const loadProblem = error ? problemOf(error) : null;
  useEffect(() => {
    if (loadProblem?.code === "UNAUTHENTICATED") signOut(loadProblem.message);
  }, [loadProblem?.code, loadProblem?.message, signOut]);

  // After each step the field for the next one has the focus, its text selected: a scanner's or
  // a thumb's next input replaces it. Before the browser handles another key (a layout effect).
  const [offers, setOffers] = useState(0);
  useLayoutEffect(() => {
    const field = line ? quantityField.current : codeField.current;
    field?.focus();
    field?.select();
  }, [line, offers]);

  const fail = (p: Problem) => {
    setProblem(p);
    if (p.code === "UNAUTHENTICATED") signOut(p.message);
  };

  async function find(event: FormEvent) {
    event.preventDefault();
    const scanned = code.trim();
    if (!scanned) return;
    setProblem(null);
    setBusy(true);
    const result = await client
      .query(FindLine, { id, code: scanned }, { requestPolicy: "network-only" })
      .toPromise();
    setBusy(false);
    if (result.error) return fail(problemOf(result.error));
    const found = getFragmentData(FoundLine, result.data?.stockTake.lines.edges[0]?.node);
    if (!found) {
      setProblem({ code: "NOT_IN_STOCK_TAKE", message: `${scanned} is not in this stock take.` });
      codeField.current?.select();
      return;
    }
    setLine(found);
    offer("1");
  }

  /** Puts a quantity in the field, selected, so the next scan or keystroke replaces it. */
  function offer(value: string) {
    shown.current = value;
    setQuantity(value);
    setOffers((n) => n + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!line) return;
    const typed = quantity.trim();
    // The same code scanned again: a scanner types it over the selected quantity, and Enter.
    // One more than the quantity it replaced.
    const again = [code.trim(), line.code].some((c) => c.toLowerCase() === typed.toLowerCase());
    if (again) {
      const next = String(Number(shown.current.replace(",", ".") || "0") + 1);
      offer(next);
      return;
    }
    if (!QUANTITY.test(typed)) {
      setProblem({ code: "INVALID_QUANTITY", message: messageFor("INVALID_QUANTITY") });
      quantityField.current?.select();
      return;
    }
    setProblem(null);
    setBusy(true);
    const countedQty = Number(typed.replace(",", "."));
    const result = await saveCount({
      input: {
        stockTakeId: id,
        idempotencyKey: newKey(),
        counts: [{ type: line.type, id: line.id, countedQty, mode: "SET" }],
      },
    });
    setBusy(false);
    if (result.error) return fail(problemOf(result.error));
    const refused = result.data?.submitStockTakeCounts.userErrors[0];
    if (refused)
      return fail({ code: refused.code, message: messageFor(refused.code, refused.message) });
    setSaved(`Saved: ${typed} × ${line.name} (${line.code}).`);
    setLine(null);
    setCode("");
    setQuantity("");
  }

  if (loadProblem) {
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
  const closed = CLOSED.has(take.status);
  const title = take.reference ? `${take.reference} (#${take.id})` : `Stock take #${take.id}`;

  return (
    <section className="count" aria-labelledby="count-title">
      <h1 id="count-title">{title}</h1>
      <Progress stockTake={take} />
      {closed ? (
        <p role="alert" className="problem">
          {messageFor("STOCK_TAKE_CLOSED")}
        </p>
      ) : (
        <>
          <form onSubmit={find} className="card" noValidate>
            <label htmlFor="code">Code or barcode</label>
            <input
              id="code"
              ref={codeField}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (line) setLine(null);
              }}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              autoFocus
            />
            <button type="submit" disabled={busy}>
              Find
            </button>
          </form>
          {line && (
            <form onSubmit={save} className="card found" noValidate>
              <h2>{line.name}</h2>
              <p className="meta">
                {line.code}
                {line.supplier ? ` · ${line.supplier}` : ""}
                {line.location ? ` · ${line.location}` : ""}
                {line.countedQty !== null && line.countedQty !== undefined
                  ? ` · counted before: ${line.countedQty}`
                  : ""}
              </p>
              <label htmlFor="quantity">Counted quantity</label>
              <input
                id="quantity"
                ref={quantityField}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                inputMode="decimal"
                autoComplete="off"
                enterKeyHint="done"
              />
              <button type="submit" disabled={busy}>
                Save count
              </button>
            </form>
          )}
        </>
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem.message}
        </p>
      )}
      <p aria-live="polite" className="saved">
        {saved}
      </p>
    </section>
  );
}
