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
const AMOUNT = /^\d{1,11}([.,]\d{1,3})?$/;
const amountOf = (typed: string) => (typed.trim() === "" ? 0 : Number(typed.replace(",", ".")));

export function ReceiveTransfer({ id }: { id: number }) {
  const [{ data, error }] = useQuery({
    query: TransferToReceive,
    variables: { id },
    requestPolicy: "network-only",
  });
  const [, send] = useMutation(Receive);
  const [, navigate] = useLocation();
  const [arrived, setArrived] = useState<Record<string, string>>({});
  const [scanned, setScanned] = useState("");
  const [heard, setHeard] = useState("");
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState(false);
  /** One key per receipt as described: pressed again after a lost answer, it receives nothing twice. */
  const [key, setKey] = useState(newKey);
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
  const byCode = new Map<string, Line>();
  for (const line of lines) {
    const it = item(line);
    if (!it) continue;
    for (const code of [it.code, ...it.barcodes]) byCode.set(codeKey(code), line);
  }
  const changed = (next: Record<string, string>) => {
    setArrived(next);
    setProblem(null);
    setKey(newKey());
  };

  function scan(e: FormEvent) {
    e.preventDefault();
    const code = scanned.trim();
    if (!code) return;
    const line = byCode.get(codeKey(code));
    setScanned("");
    if (!line) {
      setHeard("");
      setScanProblem(`"${code}" is not on this transfer. Set it aside and tell whoever sent it.`);
      return;
    }
    setScanProblem(null);
    const count = amountOf(arrived[line.key] ?? "") + 1;
    changed({ ...arrived, [line.key]: String(count) });
    const expected = Number(line.inTransitQty);
    setHeard(
      `${item(line)?.name ?? line.key}: ${count} of ${expected}${count > expected ? " (more than was sent)" : ""}`,
    );
    scanField.current?.focus();
  }

  async function receive(e: FormEvent) {
    e.preventDefault();
    const bad = lines.find((l) => (arrived[l.key] ?? "").trim() && !AMOUNT.test(arrived[l.key]!));
    if (bad) {
      return setProblem({
        code: "INVALID_QUANTITY",
        message: `What arrived of ${item(bad)?.code ?? bad.key} is not a number from 0 with at most 3 decimals.`,
      });
    }
    const sentLines = lines.filter((l) => amountOf(arrived[l.key] ?? "") > 0);
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
    if (result.error) return setProblem(problemOf(result.error));
    const refused = result.data!.receiveTransfer.userErrors[0];
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
      <form className="card" onSubmit={scan} noValidate>
        <label htmlFor="receive-scan">Scan or type a code</label>
        <input
          id="receive-scan"
          ref={scanField}
          value={scanned}
          onChange={(e) => setScanned(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="enter"
          aria-invalid={scanProblem ? true : undefined}
          aria-describedby={scanProblem ? "receive-scan-problem" : undefined}
        />
        {scanProblem && (
          <p id="receive-scan-problem" role="alert" className="problem">
            {scanProblem}
          </p>
        )}
        <p aria-live="polite" className="heard">
          {heard}
        </p>
        <button type="submit" className="secondary">
          Add one
        </button>
      </form>
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
        <label className="check">
          <input
            type="checkbox"
            checked={close}
            onChange={(e) => {
              setClose(e.target.checked);
              setKey(newKey());
            }}
          />
          Nothing more will come: write off what did not arrive as lost
        </label>
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
