// Counting: scan or type a code (a handheld scanner types it and Enter), see the item, type the
// quantity (or scan the same code again to add one), save. The screen never asks for an expected
// quantity: a blind stock take shows a counter none, and the others need none to count.
import {
  lazy,
  Suspense,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from "react";
import { useQuery } from "urql";
import { Link } from "wouter";
import { useSession } from "../session-context.js";
import { KeptCounts } from "../components/KeptCounts.js";
import { Progress } from "../components/Progress.js";
import { serverNow } from "../clock.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { FoundLineFragment } from "../gql/graphql.js";
import { useLiveProgress } from "../hooks/use-live-progress.js";
import { useScanLookup } from "../hooks/use-scan-lookup.js";
import { newKey } from "../ids.js";
import { useCountSender } from "../sending.js";

const CountScreen = graphql(`
  query CountScreen($id: Int!) {
    stockTake(id: $id) {
      id
      reference
      status
      blind
      summary {
        lines
      }
      ...Progress_stockTake
    }
  }
`);

const CameraScanner = lazy(() => import("../components/CameraScanner.js"));

/** Whether this browser can open a camera here (it needs a secure context: HTTPS or localhost). */
const CAMERA = typeof navigator !== "undefined" && navigator.mediaDevices !== undefined;

/** A quantity as a counter types it: a number from 0, at most 3 decimals (a comma works too). */
const QUANTITY = /^\d{1,11}([.,]\d{1,3})?$/;

const CLOSED = new Set(["RECONCILED", "CANCELLED"]);

/** What the counter is counting: the code as scanned, and its line when the API could say. */
interface Item {
  code: string;
  /** Null when the network did not answer: the count is kept and its line found when sent. */
  line: FoundLineFragment | null;
}

export function Count({ id }: { id: number }) {
  const { owner } = useSession();
  const [{ data, error }, reread] = useQuery({ query: CountScreen, variables: { id } });
  const progressChanged = useLiveProgress(id, data?.stockTake.summary.lines ?? 0, reread);
  const sender = useCountSender(id, owner, progressChanged);
  const lookUpCode = useScanLookup(id);
  const [camera, setCamera] = useState(false);
  // The latest lookUp, for the camera's callback (which outlives a render).
  const lookUpRef = useRef<(code: string) => Promise<void>>(async () => {});

  const [code, setCode] = useState("");
  const [item, setItem] = useState<Item | null>(null);
  const [quantity, setQuantity] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState("");
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const quantityField = useRef<HTMLInputElement>(null);
  /** The quantity the app last put in the field (what a scan of the same code adds one to). */
  const shown = useRef("");

  const loadProblem = error ? problemOf(error) : null;

  // After each step the field for the next one has the focus, its text selected: a scanner's or
  // a thumb's next input replaces it. Before the browser handles another key (a layout effect).
  const [offers, setOffers] = useState(0);
  useLayoutEffect(() => {
    const field = item ? quantityField.current : codeField.current;
    field?.focus();
    field?.select();
  }, [item, offers]);

  /** Puts a quantity in the field, selected, so the next scan or keystroke replaces it. */
  function offer(value: string) {
    shown.current = value;
    setQuantity(value);
    setOffers((n) => n + 1);
  }

  async function find(event: FormEvent) {
    event.preventDefault();
    await lookUp(code.trim());
  }

  /** A code the camera read: as if typed and Enter pressed. */
  const cameraRead = useCallback((read: string) => {
    setCamera(false);
    setCode(read);
    void lookUpRef.current(read.trim());
  }, []);

  async function lookUp(scanned: string) {
    if (!scanned) return;
    setProblem(null);
    setBusy(true);
    const found = await lookUpCode(scanned);
    setBusy(false);
    if ("problem" in found) return setProblem(found.problem);
    if ("absent" in found) {
      setProblem(found.absent);
      codeField.current?.select();
      return;
    }
    setItem({ code: scanned, line: found.line });
    offer("1");
  }

  lookUpRef.current = lookUp;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    const typed = quantity.trim();
    // The same code scanned again: a scanner types it over the selected quantity, and Enter.
    // One more than the quantity it replaced.
    const again = [item.code, item.line?.code ?? item.code].some(
      (c) => c.toLowerCase() === typed.toLowerCase(),
    );
    if (again) {
      offer(String(Number(shown.current.replace(",", ".") || "0") + 1));
      return;
    }
    if (!QUANTITY.test(typed)) {
      setProblem({ code: "INVALID_QUANTITY", message: messageFor("INVALID_QUANTITY") });
      quantityField.current?.select();
      return;
    }
    setProblem(null);
    setBusy(true);
    const what = item.line ? `${item.line.name} (${item.line.code})` : item.code;
    const outcome = await sender.submit({
      key: newKey(),
      stockTakeId: id,
      code: item.code,
      entity: item.line ? { type: item.line.type, id: item.line.id, name: item.line.name } : null,
      quantity: typed.replace(",", "."),
      madeAt: Date.now(),
      owner,
      countedAt: serverNow().toISOString(),
    });
    setBusy(false);
    if ("refused" in outcome) return setProblem(outcome.refused);
    setSaved(
      "sent" in outcome
        ? `Saved: ${typed} × ${what}.`
        : outcome.waiting.code === "NETWORK"
          ? `Kept on this device: ${typed} × ${what}. It is sent when the connection is back.`
          : `Kept on this device: ${typed} × ${what}. Countpoint could not take it just now; it is sent again in a few seconds.`,
    );
    setItem(null);
    setCode("");
    setQuantity("");
  }

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
  const closed = CLOSED.has(take.status);
  const title = take.reference ? `${take.reference} (#${take.id})` : `Stock take #${take.id}`;
  const line = item?.line;

  return (
    <section className="count" aria-labelledby="count-title">
      <h1 id="count-title">{title}</h1>
      <Progress stockTake={take} />
      <p aria-live="polite" className="waiting">
        {sender.waiting > 0 &&
          `${sender.waiting} ${sender.waiting === 1 ? "count" : "counts"} waiting to be sent`}
      </p>
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
                if (item) setItem(null);
              }}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              autoFocus
            />
            <div className="actions">
              <button type="submit" disabled={busy}>
                Find
              </button>
              {CAMERA && (
                <button type="button" className="secondary" onClick={() => setCamera(true)}>
                  Scan with camera
                </button>
              )}
            </div>
          </form>
          {camera && (
            <Suspense fallback={<p role="status">Opening the camera…</p>}>
              <CameraScanner onCode={cameraRead} onClose={() => setCamera(false)} />
            </Suspense>
          )}
          {item && (
            <form onSubmit={save} className="card found" noValidate>
              <h2>{line ? line.name : item.code}</h2>
              <p className="meta">
                {line
                  ? [
                      line.code,
                      line.supplier,
                      line.location,
                      line.countedQty !== null && line.countedQty !== undefined
                        ? `counted before: ${line.countedQty}`
                        : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : "No connection: not checked yet. The count is kept on this device and checked when it is sent."}
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
      {/* A save refused because the stock take closed meanwhile: said once, by the line above. */}
      {problem && !(closed && problem.code === "STOCK_TAKE_CLOSED") && (
        <p role="alert" className="problem">
          {problem.message}
        </p>
      )}
      <p aria-live="polite" className="saved">
        {saved}
      </p>
      <KeptCounts sender={sender} />
    </section>
  );
}
