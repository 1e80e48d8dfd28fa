// Counting: scan or type a code (a handheld scanner types it and Enter), see the item, type the
// quantity (or scan the same code again to add one), save. The screen never asks for an expected
// quantity: a blind stock take shows a counter none, and the others need none to count.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from "react";
import { useClient, useQuery, useSubscription } from "urql";
import { Link } from "wouter";
import { useSession } from "../session-context.js";
import { KeptCounts } from "../components/KeptCounts.js";
import { Progress } from "../components/Progress.js";
import { serverNow } from "../clock.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { getFragmentData, graphql } from "../gql/index.js";
import type { FoundLineFragment } from "../gql/graphql.js";
import { newKey } from "../ids.js";
import { FindLine, FoundLine, useCountSender } from "../sending.js";

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

// The subscription asks only for what changed; the progress (which reads every line of the stock
// take) is asked for again at most every PROGRESS_MS per PROGRESS_LINES lines, however many
// devices count: each count would otherwise make every device's subscription add the stock take
// up again, and eight devices reading a 100,000-line stock take's progress every 3 s keep
// PostgreSQL busy enough to slow every scan.
const FollowProgress = graphql(`
  subscription FollowProgress($id: Int!) {
    stockTakeProgress(id: $id) {
      eventId
      stockTake {
        id
        status
      }
    }
  }
`);

const CameraScanner = lazy(() => import("../components/CameraScanner.js"));

/** Whether this browser can open a camera here (it needs a secure context: HTTPS or localhost). */
const CAMERA = typeof navigator !== "undefined" && navigator.mediaDevices !== undefined;

/** How often the progress of a stock take of up to PROGRESS_LINES lines is read again. */
const PROGRESS_MS = 3000;
const PROGRESS_LINES = 10_000;

/** How long between two reads of a stock take's progress while counts arrive (30 s at 100,000). */
const progressInterval = (lines: number) =>
  PROGRESS_MS * Math.max(1, Math.ceil(lines / PROGRESS_LINES));

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
  const { owner, signOut } = useSession();
  const client = useClient();
  const [{ data, error }, reread] = useQuery({ query: CountScreen, variables: { id } });
  const lastRead = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const interval = useRef(PROGRESS_MS);
  interval.current = progressInterval(data?.stockTake.summary.lines ?? 0);
  /** Reads the progress again, at most once an interval (the last request always lands). */
  const mounted = useRef(true);
  const progressChanged = useCallback(() => {
    // A drain that ends after the screen closed has no progress to read.
    if (pending.current || !mounted.current) return;
    const wait = Math.max(0, lastRead.current + interval.current - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      lastRead.current = Date.now();
      reread({ requestPolicy: "network-only" });
    }, wait);
  }, [reread]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(pending.current ?? undefined);
    };
  }, []);
  useSubscription({ query: FollowProgress, variables: { id } }, (_, message) => {
    progressChanged();
    return message;
  });
  const sender = useCountSender(id, owner, progressChanged);
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
  useEffect(() => {
    if (loadProblem?.code === "UNAUTHENTICATED") signOut(loadProblem.message);
  }, [loadProblem?.code, loadProblem?.message, signOut]);

  // After each step the field for the next one has the focus, its text selected: a scanner's or
  // a thumb's next input replaces it. Before the browser handles another key (a layout effect).
  const [offers, setOffers] = useState(0);
  useLayoutEffect(() => {
    const field = item ? quantityField.current : codeField.current;
    field?.focus();
    field?.select();
  }, [item, offers]);

  const fail = (p: Problem) => {
    setProblem(p);
    if (p.code === "UNAUTHENTICATED") signOut(p.message);
  };

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
    let result = await client
      .query(FindLine, { id, code: scanned }, { requestPolicy: "network-only" })
      .toPromise();
    const offline = result.error && problemOf(result.error).code === "NETWORK";
    // No network: the line as last seen, if this device saw it; else counted unchecked.
    if (offline) {
      result = await client
        .query(FindLine, { id, code: scanned }, { requestPolicy: "cache-only" })
        .toPromise();
    }
    setBusy(false);
    if (result.error && !offline) return fail(problemOf(result.error));
    const found = getFragmentData(FoundLine, result.data?.stockTake.lines.edges[0]?.node) ?? null;
    if (!found && !offline) {
      setProblem({ code: "NOT_IN_STOCK_TAKE", message: `${scanned} is not in this stock take.` });
      codeField.current?.select();
      return;
    }
    setItem({ code: scanned, line: found });
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
    if ("refused" in outcome) return fail(outcome.refused);
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
