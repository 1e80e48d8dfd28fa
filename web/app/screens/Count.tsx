// Counting: scan or type a code (a handheld scanner types it and Enter), see the item, type the
// quantity (or scan the same code again to add one), save; or, counting each unit, every scan
// counts one. The screen never asks for an expected quantity: a blind stock take shows a counter
// none, and the others need none to count.
//
// No count is lost without the counter choosing to: an item counted before is added to unless
// "Replace" is chosen; a scan arriving while a quantity waits saves that quantity first (or, when
// it is not a quantity, keeps it and says so); a scan right after Enter lands in the code field,
// because the screen moves there before the count is sent. Every error is shown under the field
// it concerns, scrolled into view and announced.
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
import { useQuery } from "urql";
import { Link } from "wouter";
import { useSession } from "../session-context.js";
import { Choice } from "../components/Choice.js";
import { KeptCounts } from "../components/KeptCounts.js";
import { Progress } from "../components/Progress.js";
import { RecountList } from "../components/RecountList.js";
import { serverNow } from "../clock.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { FoundLineFragment } from "../gql/graphql.js";
import { useLiveProgress } from "../hooks/use-live-progress.js";
import { useScanBurst } from "../hooks/use-scan-burst.js";
import { useScanLookup } from "../hooks/use-scan-lookup.js";
import { newKey } from "../ids.js";
import { useCountSender } from "../sending.js";
import { QUANTITY } from "../numbers.js";

const CountScreen = graphql(`
  query CountScreen($id: Int!) {
    stockTake(id: $id) {
      id
      reference
      status
      blind
      summary {
        lines
        recountRequested
      }
      ...Progress_stockTake
    }
  }
`);

const CameraScanner = lazy(() => import("../components/CameraScanner.js"));

/** Whether this browser can open a camera here (it needs a secure context: HTTPS or localhost). */
const CAMERA = typeof navigator !== "undefined" && navigator.mediaDevices !== undefined;

const CLOSED = new Set(["RECONCILED", "CANCELLED"]);

/** What the counter is counting: the code as scanned, and its line when the API could say. */
interface Item {
  code: string;
  /** Null when the network did not answer: the count is kept and its line found when sent. */
  line: FoundLineFragment | null;
}

/** A problem, and the field it is shown under. */
type FieldProblem = Problem & { at: "code" | "quantity" };

/** How this device counts (kept across visits): typing each quantity, or one per scan. */
type Counting = "type" | "each";
const COUNTING_KEY = "countpoint.counting";
const savedCounting = (): Counting =>
  typeof localStorage !== "undefined" && localStorage.getItem(COUNTING_KEY) === "each"
    ? "each"
    : "type";

const COUNTING = [
  { value: "type", label: "Type each quantity" },
  { value: "each", label: "Each scan counts one" },
] as const;
const MODES = [
  { value: "ADD", label: "adds to it" },
  { value: "SET", label: "replaces it" },
] as const;

/** Whether the line already has a count (or, unchecked without a network, may have). */
const mayHaveCount = (item: Item) =>
  item.line === null || (item.line.countedQty !== null && item.line.countedQty !== undefined);

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
  /** For an item counted before: add to its count (the default) or replace it. */
  const [mode, setMode] = useState<"ADD" | "SET">("ADD");
  const [counting, setCounting] = useState<Counting>(savedCounting);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [saved, setSaved] = useState("");
  /** The count the line above says is kept on the device: told when it is sent. */
  const [kept, setKept] = useState<{ key: string; told: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const quantityField = useRef<HTMLInputElement>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);
  /** The quantity the app last put in the field (what a scan of the same code adds one to). */
  const shown = useRef("");
  const burst = useScanBurst();

  const loadProblem = error ? problemOf(error) : null;

  // After each step the field for the next one has the focus, its text selected: a scanner's or
  // a thumb's next input replaces it. Before the browser handles another key (a layout effect).
  const [offers, setOffers] = useState(0);
  useLayoutEffect(() => {
    const field = item ? quantityField.current : codeField.current;
    field?.focus();
    field?.select();
  }, [item, offers]);

  // Once nothing waits, the count the screen said was kept has been sent (or, refused when sent,
  // is listed under Counts not taken, which says so).
  useEffect(() => {
    if (!kept || sender.waiting > 0) return;
    const refused = sender.refusals.some((r) => r.count.key === kept.key);
    setSaved(refused ? "" : `Sent: ${kept.told}.`);
    setKept(null);
  }, [kept, sender.waiting, sender.refusals]);

  // An error is drawn under its field: brought into view (a phone's keyboard hides half the page).
  useEffect(() => {
    problemLine.current?.scrollIntoView({ block: "nearest" });
  }, [problem]);

  /** Puts a quantity in the field, selected, so the next scan or keystroke replaces it. */
  function offer(value: string) {
    shown.current = value;
    burst.reset();
    setQuantity(value);
    setOffers((n) => n + 1);
  }

  function chooseCounting(next: Counting) {
    setCounting(next);
    localStorage.setItem(COUNTING_KEY, next);
    setItem(null);
    setCode("");
    setProblem(null);
    // Back to the code field: a scanner's next code goes there, not to the choice.
    codeField.current?.focus();
  }

  async function find(event: FormEvent) {
    event.preventDefault();
    const scanned = code.trim();
    // Counting each unit, the field is cleared at once: the next scan may come before the answer.
    if (counting === "each") setCode("");
    await lookUp(scanned);
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
    if ("problem" in found) return setProblem({ ...found.problem, at: "code" });
    if ("absent" in found) {
      setProblem({ ...found.absent, at: "code" });
      codeField.current?.select();
      return;
    }
    const next = { code: scanned, line: found.line };
    if (counting === "each") return void record(next, "1", "ADD");
    setItem(next);
    setMode("ADD");
    offer("1");
  }

  lookUpRef.current = lookUp;

  /**
   * Keeps the count and sends it. The screen moves on to the next code at once, before the count
   * is sent: keys a scanner types right after Enter land in the code field, never in this item's.
   */
  async function record(counted: Item, typed: string, how: "ADD" | "SET") {
    setItem(null);
    if (counting === "type") setCode("");
    setQuantity("");
    setProblem(null);
    codeField.current?.focus();
    const what = counted.line ? `${counted.line.name} (${counted.line.code})` : counted.code;
    const before = counted.line?.countedQty;
    const adding = how === "ADD" && mayHaveCount(counted);
    const told =
      adding && before !== null && before !== undefined
        ? `${typed} more × ${what}, ${before} counted before`
        : `${typed} × ${what}`;
    const key = newKey();
    setKept(null);
    const outcome = await sender.submit({
      key,
      stockTakeId: id,
      code: counted.code,
      entity: counted.line
        ? { type: counted.line.type, id: counted.line.id, name: counted.line.name }
        : null,
      quantity: typed.replace(",", "."),
      mode: how,
      madeAt: Date.now(),
      owner,
      countedAt: serverNow().toISOString(),
    });
    if ("refused" in outcome) return setProblem({ ...outcome.refused, at: "code" });
    if ("waiting" in outcome) setKept({ key, told });
    setSaved(
      "sent" in outcome
        ? `Saved: ${told}.`
        : outcome.waiting.code === "NETWORK"
          ? `Kept on this device: ${told}. It is sent when the connection is back.`
          : `Kept on this device: ${told}. Countpoint could not take it just now; it is sent again in a few seconds.`,
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    const typed = quantity.trim();
    const scan = burst.takeScan();
    const sameCode = (text: string) =>
      [item.code, item.line?.code ?? item.code].some(
        (c) => c.toLowerCase() === text.trim().toLowerCase(),
      );
    // The same code scanned again: a scanner types it over the selected quantity, and Enter.
    // One more than the quantity it replaced.
    if (sameCode(scan?.code ?? typed)) {
      offer(String(Number((scan?.before ?? shown.current).replace(",", ".") || "0") + 1));
      return;
    }
    // Another code scanned while this item's quantity waited: that quantity is saved first.
    if (scan) {
      const pending = scan.before.trim();
      if (!QUANTITY.test(pending)) {
        offer(scan.before);
        return setProblem({
          code: "INVALID_QUANTITY",
          message: `${scan.code} was scanned before this item's quantity was saved, and what was typed is not a quantity. Type this item's quantity, save, then scan ${scan.code} again.`,
          at: "quantity",
        });
      }
      void record(item, pending, mode);
      setCode(scan.code);
      return void lookUp(scan.code);
    }
    if (!QUANTITY.test(typed)) {
      setProblem({
        code: "INVALID_QUANTITY",
        message: messageFor("INVALID_QUANTITY"),
        at: "quantity",
      });
      quantityField.current?.select();
      return;
    }
    void record(item, typed, mode);
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
  const shownProblem =
    problem && !(closed && problem.code === "STOCK_TAKE_CLOSED") ? problem : null;
  const problemUnder = (at: FieldProblem["at"]) =>
    shownProblem?.at === at ? (
      <p ref={problemLine} id={`${at}-problem`} role="alert" className="problem">
        {shownProblem.message}
      </p>
    ) : null;
  const describedBy = (at: FieldProblem["at"]) =>
    shownProblem?.at === at ? `${at}-problem` : undefined;

  return (
    <section className="count" aria-labelledby="count-title">
      <h1 id="count-title">{title}</h1>
      <Progress stockTake={take} />
      <Choice
        className="counting"
        legend="Counting"
        name="counting"
        options={COUNTING}
        value={counting}
        onChange={chooseCounting}
      />
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
              aria-invalid={shownProblem?.at === "code" || undefined}
              aria-describedby={describedBy("code")}
              autoFocus
            />
            {problemUnder("code")}
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
                  ? [line.code, line.supplier, line.location].filter(Boolean).join(" · ")
                  : "No connection: not checked yet. The count is kept on this device and checked when it is sent."}
              </p>
              {line?.recountRequested && (
                <p className="recount-asked">Sent back for a recount: count it afresh.</p>
              )}
              {mayHaveCount(item) && (
                <Choice
                  className="mode"
                  legend={
                    line
                      ? `Counted before: ${line.countedQty}. This count`
                      : "If it was counted before, this count"
                  }
                  name="mode"
                  options={MODES}
                  value={mode}
                  onChange={setMode}
                />
              )}
              <label htmlFor="quantity">Counted quantity</label>
              <input
                id="quantity"
                ref={quantityField}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                onKeyDown={burst.onKeyDown}
                inputMode="decimal"
                autoComplete="off"
                enterKeyHint="done"
                aria-invalid={shownProblem?.at === "quantity" || undefined}
                aria-describedby={describedBy("quantity")}
              />
              {problemUnder("quantity")}
              <button type="submit">
                {mode === "SET" && mayHaveCount(item) ? "Replace the count" : "Save count"}
              </button>
            </form>
          )}
        </>
      )}
      <p aria-live="polite" className="saved">
        {saved}
      </p>
      {!closed && (
        <RecountList
          id={take.id}
          count={take.summary.recountRequested}
          hint="A reviewer asked for these to be counted again: scan each and count it afresh."
        />
      )}
      <KeptCounts sender={sender} />
    </section>
  );
}
