// Sending stock to another site: from a site and to another, the SKUs scanned or typed (each scan
// adds one; or type the number), a reference, then the dispatch: the quantities leave the source
// at once and are on their way until received there (the API's createTransfer).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useClient, useMutation } from "urql";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import { newKey } from "../ids.js";
import { refusalAfter, ScanForm, type ScanRefusal } from "../components/ScanForm.js";
import { useSession } from "../session-context.js";
import { useSites } from "../hooks/use-sites.js";
import { decimal, QUANTITY } from "../numbers.js";

const FindToSend = graphql(`
  query FindToSend($code: String!, $siteId: Int!) {
    byCode: skus(filter: { code: $code }, first: 1, siteId: $siteId) {
      edges {
        node {
          id
          code
          name
          onHand
        }
      }
    }
    byBarcode: skus(filter: { barcode: $code }, first: 1, siteId: $siteId) {
      edges {
        node {
          id
          code
          name
          onHand
        }
      }
    }
  }
`);

const Send = graphql(`
  mutation SendTransfer($input: CreateTransferInput!) {
    createTransfer(input: $input) {
      transfer {
        id
        lineCount
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

interface Line {
  id: number;
  code: string;
  name: string;
  onHand: number;
  qty: string;
}

/** A number as typed: more than 0, at most 3 decimals (a decimal comma taken too). */
const amountOf = (typed: string) => Number(decimal(typed));

export function SendTransfer() {
  const { viewer } = useSession();
  const sites = useSites();
  const client = useClient();
  const [, send] = useMutation(Send);
  const [from, setFrom] = useState<number | null>(viewer?.site.id ?? null);
  const [to, setTo] = useState<number | null>(null);
  const [lines, setShownLines] = useState<Line[]>([]);
  /**
   * The lines as they are now, for a scan whose look-up answers after another scan changed them
   * (a scan read from the render it began in would put back what the other one added).
   */
  const current = useRef<Line[]>([]);
  const setLines = (next: Line[]) => {
    current.current = next;
    setShownLines(next);
  };
  const [reference, setReference] = useState("");
  const [scanned, setScanned] = useState("");
  const [heard, setHeard] = useState("");
  const [scanProblem, setScanProblem] = useState<ScanRefusal | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  /**
   * One key per dispatch as described. After an answer that was lost the key stays, whatever
   * changes: the dispatch sent again is taken once, or refused if the lost one was taken and the
   * form changed since (IDEMPOTENCY_KEY_REUSED), never sent twice.
   */
  const [key, setKey] = useState(newKey);
  const unsure = useRef(false);
  const scanField = useRef<HTMLInputElement>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    problemLine.current?.scrollIntoView({ block: "nearest" });
  }, [problem]);
  const source = from ?? sites[0]?.id ?? null;
  const destinations = sites.filter((s) => s.id !== source);
  const destination = to !== null && to !== source ? to : (destinations[0]?.id ?? null);

  /** Any change makes another dispatch, with a key of its own. */
  const changed = () => {
    setProblem(null);
    setDone("");
    if (!unsure.current) setKey(newKey());
  };
  const refuseScan = (text: string) => setScanProblem(refusalAfter(text));

  async function scan(e: FormEvent) {
    e.preventDefault();
    const code = scanned.trim();
    if (!code || source === null || busy) return;
    setScanned("");
    scanField.current?.focus();
    const result = await client
      .query(FindToSend, { code, siteId: source }, { requestPolicy: "network-only" })
      .toPromise();
    if (result.error) return refuseScan(problemOf(result.error).message);
    const sku = (result.data?.byCode.edges[0] ?? result.data?.byBarcode.edges[0])?.node;
    if (!sku) return refuseScan(`No SKU has the code or barcode "${code}".`);
    setScanProblem(null);
    const now = current.current;
    const before = now.find((l) => l.id === sku.id);
    const qty = before && QUANTITY.test(before.qty) ? amountOf(before.qty) + 1 : 1;
    setLines(
      before
        ? now.map((l) => (l.id === sku.id ? { ...l, qty: String(qty) } : l))
        : [...now, { ...sku, onHand: Number(sku.onHand), qty: "1" }],
    );
    setHeard(`${sku.name}: ${qty} to send (${String(sku.onHand)} here)`);
    changed();
  }

  async function dispatch(e: FormEvent) {
    e.preventDefault();
    if (source === null || destination === null) return;
    const bad = lines.find((l) => !QUANTITY.test(l.qty.trim()) || amountOf(l.qty) <= 0);
    if (lines.length === 0 || bad) {
      return setProblem({
        code: "INVALID_QUANTITY",
        message: bad
          ? `What to send of ${bad.code} must be a number above 0, with at most 3 decimals.`
          : "Scan what to send first.",
      });
    }
    setBusy(true);
    setProblem(null);
    const result = await send({
      input: {
        fromSiteId: source,
        toSiteId: destination,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        lines: lines.map((l) => ({ type: "SKU" as never, id: l.id, qty: amountOf(l.qty) })),
        idempotencyKey: key,
      },
    });
    setBusy(false);
    if (result.error) {
      unsure.current = true;
      return setProblem(problemOf(result.error));
    }
    unsure.current = false;
    const payload = result.data!.createTransfer;
    const refused = payload.userErrors[0];
    if (refused?.code === "IDEMPOTENCY_KEY_REUSED") {
      setKey(newKey());
      return setProblem({
        code: refused.code,
        message:
          "The delivery sent before the connection dropped was taken, as it was then: see Deliveries at its destination before sending more.",
      });
    }
    if (refused) {
      const [list, at] = refused.field ?? [];
      const line = list === "lines" ? lines[Number(at)] : undefined;
      const message =
        refused.code === "INSUFFICIENT_STOCK" && line
          ? `There are only ${line.onHand} of ${line.code} here: send no more than that.`
          : messageFor(refused.code, refused.message);
      return setProblem({ code: refused.code, message });
    }
    const name = sites.find((s) => s.id === destination)?.name ?? `site ${destination}`;
    setDone(
      `Sent: transfer #${payload.transfer!.id}, ${payload.transfer!.lineCount} items on their way to ${name}.`,
    );
    setLines([]);
    setReference("");
    setHeard("");
    setKey(newKey());
  }

  if (sites.length < 2) {
    return (
      <section className="card" aria-labelledby="send-title">
        <h1 id="send-title">Send to another site</h1>
        <p>This token may use one site only: a transfer to another is sent from there.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="send-title">
      <h1 id="send-title">Send to another site</h1>
      <div className="card fields">
        <div>
          <label htmlFor="send-from">From</label>
          <select
            id="send-from"
            value={source ?? ""}
            onChange={(e) => {
              setFrom(Number(e.target.value));
              setLines([]);
              changed();
            }}
          >
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="send-to">To</label>
          <select
            id="send-to"
            value={destination ?? ""}
            onChange={(e) => {
              setTo(Number(e.target.value));
              changed();
            }}
          >
            {destinations.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ScanForm
        id="send-scan"
        fieldRef={scanField}
        value={scanned}
        onChange={setScanned}
        onScan={scan}
        refusal={scanProblem}
        heard={heard}
        busy={busy}
      />
      <form className="card" onSubmit={dispatch} noValidate aria-labelledby="send-lines-title">
        <h2 id="send-lines-title">What to send</h2>
        {lines.length === 0 ? (
          <p className="meta">Nothing yet: scan what goes in the delivery.</p>
        ) : (
          <table className="arrivals">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Here
                </th>
                <th scope="col" className="num">
                  Send
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className={amountOf(line.qty) > line.onHand ? "over" : undefined}>
                  <th scope="row">
                    {line.code}
                    <span className="meta"> {line.name}</span>
                  </th>
                  <td className="num">{line.onHand}</td>
                  <td className="num">
                    <input
                      aria-label={`Send of ${line.code}`}
                      value={line.qty}
                      onChange={(e) => {
                        setLines(
                          current.current.map((l) =>
                            l.id === line.id ? { ...l, qty: e.target.value } : l,
                          ),
                        );
                        changed();
                      }}
                      inputMode="decimal"
                      autoComplete="off"
                      size={5}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <label htmlFor="send-reference">Reference (optional, e.g. a delivery note)</label>
        <input
          id="send-reference"
          value={reference}
          maxLength={200}
          onChange={(e) => {
            setReference(e.target.value);
            changed();
          }}
        />
        {problem && (
          <p ref={problemLine} role="alert" className="problem">
            {problem.message}
          </p>
        )}
        <p role="status" className="done">
          {done}
        </p>
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
    </section>
  );
}
