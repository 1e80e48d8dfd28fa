// Receiving a transfer at its destination by scanning what arrived: each scan of an item's code
// or barcode adds one to what arrived of it (or type the number), then the receipt: what was
// counted goes into stock here, the rest stays in transit, or, when nothing more will come, is
// written off as lost (the API's receiveTransfer with close).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link, useLocation } from "wouter";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { TransferToReceiveQuery } from "../gql/graphql.js";
import { newKey } from "../ids.js";
import { refusalAfter, ScanForm, type ScanRefusal } from "../components/ScanForm.js";
import { decimal, QUANTITY } from "../numbers.js";

const TransferToReceive = graphql(`
  query TransferToReceive($id: Int!) {
    transfer(id: $id) {
      id
      status
      reference
      lineCount
      lines(first: 300) {
        edges {
          node {
            type
            id
            inTransitQty
            sku {
              code
              name
              barcodes
            }
            supplierItem {
              code
              name
              barcodes
            }
          }
        }
      }
    }
  }
`);

const Receive = graphql(`
  mutation ReceiveTransfer($input: ReceiveTransferInput!) {
    receiveTransfer(input: $input) {
      transfer {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Line = TransferToReceiveQuery["transfer"]["lines"]["edges"][number]["node"] & { key: string };

/** A code as scanned or typed, as codes and barcodes compare: a GTIN in any length, any case. */
const codeKey = (code: string) => {
  const trimmed = code.trim();
  return /^\d{8,14}$/.test(trimmed) ? trimmed.padStart(14, "0") : trimmed.toLowerCase();
};

/** A number as typed: from 0, at most 3 decimals (a decimal comma taken too). */
const amountOf = (typed: string) => (typed.trim() === "" ? 0 : Number(decimal(typed)));

export function ReceiveTransfer({ id }: { id: number }) {
  const [{ data, error }, reread] = useQuery({
    query: TransferToReceive,
    variables: { id },
    requestPolicy: "network-only",
  });
  const [, send] = useMutation(Receive);
  const [, navigate] = useLocation();
  const [arrived, setArrived] = useState<Record<string, string>>({});
  const [scanned, setScanned] = useState("");
  const [heard, setHeard] = useState("");
  const [scanProblem, setScanProblem] = useState<ScanRefusal | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState(false);
  /**
   * One key per receipt as described. After an answer that was lost the key stays, whatever
   * changes: the receipt sent again is taken once, or, if the lost one was taken and the counts
   * changed since, refused (IDEMPOTENCY_KEY_REUSED) rather than taken twice.
   */
  const [key, setKey] = useState(newKey);
  const unsure = useRef(false);
  const scanField = useRef<HTMLInputElement>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);
  // A refusal of the receipt is drawn under the lines: brought into view, above a phone's keyboard.
  useEffect(() => {
    problemLine.current?.scrollIntoView({ block: "nearest" });
  }, [problem]);

  if (error && !data) {
    return (
      <p role="alert" className="problem">
        {problemOf(error).message}
      </p>
    );
  }
  if (!data) return <p role="status">Opening the transfer…</p>;
  const transfer = data.transfer;
  // What is still on its way (a line received in full before has nothing more to come).
  const lines: Line[] = transfer.lines.edges
    .map(({ node }) => ({ ...node, key: `${node.type}:${node.id}` }))
    .filter((line) => Number(line.inTransitQty) > 0);
  const item = (line: Line) => line.sku ?? line.supplierItem;
  /** Every item shown by its codes, those received in full before too. */
  const byCode = new Map<string, Line>();
  for (const { node } of transfer.lines.edges) {
    const it = node.sku ?? node.supplierItem;
    const line = { ...node, key: `${node.type}:${node.id}` };
    for (const code of it ? [it.code, ...it.barcodes] : []) byCode.set(codeKey(code), line);
  }
  /** Whether every line is here: else a close would write off lines this screen never showed. */
  const whole = transfer.lineCount <= transfer.lines.edges.length;
  const changed = (next: Record<string, string>) => {
    setArrived(next);
    setProblem(null);
    if (!unsure.current) setKey(newKey());
  };
  const refuseScan = (text: string) => setScanProblem(refusalAfter(text));

  function scan(e: FormEvent) {
    e.preventDefault();
    const code = scanned.trim();
    if (!code || busy) return;
    const line = byCode.get(codeKey(code));
    setScanned("");
    scanField.current?.focus();
    if (!line || Number(line.inTransitQty) === 0) {
      setHeard("");
      return refuseScan(
        !line
          ? `"${code}" is not on this transfer${whole ? "" : " (or not among the items shown)"}. Set it aside and tell whoever sent it.`
          : `All of ${item(line)?.code ?? code} arrived before: set this one aside and tell whoever sent it.`,
      );
    }
    setScanProblem(null);
    const count = amountOf(arrived[line.key] ?? "") + 1;
    changed({ ...arrived, [line.key]: String(count) });
    const expected = Number(line.inTransitQty);
    setHeard(
      `${item(line)?.name ?? line.key}: ${count} of ${expected}${count > expected ? " (more than was sent)" : ""}`,
    );
  }

  async function receive(e: FormEvent) {
    e.preventDefault();
    const bad = lines.find((l) => (arrived[l.key] ?? "").trim() && !QUANTITY.test(arrived[l.key]!));
    if (bad) {
      return setProblem({
        code: "INVALID_QUANTITY",
        message: `What arrived of ${item(bad)?.code ?? bad.key} is not a number from 0 with at most 3 decimals.`,
      });
    }
    // With nothing counted, a close names one line with 0: the API takes no empty list (and
    // reads no list as "everything arrived").
    const counted = lines.filter((l) => amountOf(arrived[l.key] ?? "") > 0);
    const sentLines = counted.length === 0 && close ? lines.slice(0, 1) : counted;
    const received = sentLines.map((l) => ({
      type: l.type,
      id: l.id,
      qty: amountOf(arrived[l.key] ?? ""),
    }));
    if (received.length === 0 && !close) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "Scan what arrived first (or tick that nothing more will come).",
      });
    }
    setBusy(true);
    setProblem(null);
    const result = await send({
      input: { id, lines: received, close, idempotencyKey: key },
    });
    setBusy(false);
    if (result.error) {
      unsure.current = true;
      return setProblem(problemOf(result.error));
    }
    unsure.current = false;
    const refused = result.data!.receiveTransfer.userErrors[0];
    if (refused?.code === "IDEMPOTENCY_KEY_REUSED") {
      // The receipt whose answer was lost was taken: what is still expected is read again.
      setArrived({});
      setKey(newKey());
      reread({ requestPolicy: "network-only" });
      return setProblem({
        code: refused.code,
        message:
          "The receipt sent before the connection dropped was taken: what is still expected is shown again. Count what is left.",
      });
    }
    if (refused) {
      // A line's refusal names the line: which item, and how much is on its way.
      const [list, at] = refused.field ?? [];
      const line = list === "lines" ? sentLines[Number(at)] : undefined;
      const message =
        refused.code === "OVER_RECEIPT" && line
          ? `More arrived of ${item(line)?.code ?? line.key} than is on its way (${String(line.inTransitQty)}): count it again, and receive no more than was sent.`
          : messageFor(refused.code, refused.message);
      return setProblem({ code: refused.code, message });
    }
    navigate("/transfers");
  }

  if (transfer.status !== "IN_TRANSIT") {
    return (
      <section className="card" aria-labelledby="receive-title">
        <h1 id="receive-title">Transfer #{transfer.id}</h1>
        <p>
          Nothing is in transit on it any more ({transfer.status.toLowerCase().replace("_", " ")}).
        </p>
        <Link href="/transfers">Back to the deliveries</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="receive-title">
      <h1 id="receive-title">
        Receive #{transfer.id}
        {transfer.reference ? ` · ${transfer.reference}` : ""}
      </h1>
      {transfer.lineCount > transfer.lines.edges.length && (
        <p className="meta">
          Its first {transfer.lines.edges.length} of {transfer.lineCount} items are here; the rest
          can be received through the API.
        </p>
      )}
      <ScanForm
        id="receive-scan"
        fieldRef={scanField}
        value={scanned}
        onChange={setScanned}
        onScan={scan}
        refusal={scanProblem}
        heard={heard}
        busy={busy}
      />
      <form className="card" onSubmit={receive} noValidate aria-labelledby="receive-lines-title">
        <h2 id="receive-lines-title">What arrived</h2>
        <table className="arrivals">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Expected
              </th>
              <th scope="col" className="num">
                Arrived
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const it = item(line);
              const typed = arrived[line.key] ?? "";
              const count = amountOf(typed);
              const expected = Number(line.inTransitQty);
              const mark =
                count > expected ? "over" : typed && count === expected ? "complete" : "";
              return (
                <tr key={line.key} className={mark || undefined}>
                  <th scope="row">
                    {it?.code ?? line.key}
                    <span className="meta"> {it?.name}</span>
                  </th>
                  <td className="num">{String(line.inTransitQty)}</td>
                  <td className="num">
                    <input
                      aria-label={`Arrived of ${it?.code ?? line.key}`}
                      aria-invalid={mark === "over" || undefined}
                      value={typed}
                      onChange={(e) => changed({ ...arrived, [line.key]: e.target.value })}
                      inputMode="decimal"
                      autoComplete="off"
                      size={5}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {whole && (
          <label className="check">
            <input
              type="checkbox"
              checked={close}
              onChange={(e) => {
                setClose(e.target.checked);
                setProblem(null);
                if (!unsure.current) setKey(newKey());
              }}
            />
            Nothing more will come: write off what did not arrive as lost
          </label>
        )}
        {problem && (
          <p ref={problemLine} role="alert" className="problem">
            {problem.message}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {close ? "Receive and close" : "Receive what arrived"}
        </button>
      </form>
    </section>
  );
}
