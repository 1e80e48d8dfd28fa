// Importing SKUs from a CSV file (up to 10,000 rows; the command line sends larger files in
// batches): the upload's progress, then what the import did, or the rows it refused (nothing is
// written then). The file's columns are the API's: code and name, optional barcodes, location,
// active, opening_on_hand, site and on_hand.
import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { importSkus, type ImportAnswer } from "../catalog/import-skus.js";
import { RETRYABLE } from "../errors.js";
import { newKey } from "../ids.js";
import { storedToken } from "../session.js";

/** The refused rows shown at most; the answer names them all. */
const SHOWN = 10;

/** `onImported`: after rows were written, so the lists read them. */
export function ImportSkus({ onImported }: { onImported: () => void }) {
  const file = useRef<HTMLInputElement>(null);
  /** The share uploaded; null while the server checks and saves; undefined when idle. */
  const [sent, setSent] = useState<number | null | undefined>(undefined);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  /** One key per file chosen: kept while its answer is lost (a retry is taken once). */
  const key = useRef(newKey());
  const outcome = useRef<HTMLDivElement>(null);

  async function send(e: FormEvent) {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    const token = storedToken();
    if (!chosen || !token || sent !== undefined) return;
    setAnswer(null);
    setSent(0);
    const result = await importSkus(chosen, token, key.current, setSent);
    setSent(undefined);
    setAnswer(result);
    if (result.ok || !RETRYABLE.has(result.code)) key.current = newKey();
    if (result.ok) onImported();
  }
  // The outcome read out and brought into view as it is drawn (a phone shows the form's top).
  useLayoutEffect(() => {
    if (!answer) return;
    outcome.current?.focus({ preventScroll: true });
    outcome.current?.scrollIntoView({ block: "nearest" });
  }, [answer]);

  return (
    <details className="card">
      <summary>Import SKUs from a CSV file</summary>
      <form onSubmit={send} aria-label="Import SKUs from a CSV file">
        <p className="meta">
          A header row naming <code>code</code> and <code>name</code>, and any of{" "}
          <code>barcodes</code> (separated by |), <code>location</code>, <code>active</code>,{" "}
          <code>opening_on_hand</code>, <code>site</code>, <code>on_hand</code> and{" "}
          <code>unit_cost</code>. Up to 10,000 rows; a known code updates its SKU, never its stock.
          All rows or none.
        </p>
        <label htmlFor="import-file">CSV file</label>
        <input
          id="import-file"
          ref={file}
          type="file"
          accept=".csv,text/csv"
          required
          onChange={() => {
            key.current = newKey();
            setAnswer(null);
          }}
        />
        <button type="submit" disabled={sent !== undefined}>
          Import
        </button>
        {sent !== undefined && (
          <div role="status">
            <progress aria-label="Import" max={1} value={sent ?? undefined} />
            <p>
              {sent === null
                ? "Checking and saving the rows…"
                : `Sending: ${Math.round(sent * 100)}%`}
            </p>
          </div>
        )}
        <div ref={outcome} tabIndex={-1} aria-live="polite" className="outcome">
          {answer?.ok === true && (
            <p className="saved">
              Imported: {answer.imported.created} created, {answer.imported.updated} updated,{" "}
              {answer.imported.unchanged} unchanged
              {answer.imported.opening_balances > 0
                ? `; ${answer.imported.opening_balances} opening balances written`
                : ""}
              {answer.imported.on_hand_kept > 0
                ? `; ${answer.imported.on_hand_kept} on hand left as it was (the item had moved there before)`
                : ""}
              .
            </p>
          )}
          {answer?.ok === false && (
            <div role="alert" className="problem">
              <p>
                {answer.rows.length > 0
                  ? `Nothing was imported: ${answer.rows.length === 1 ? "a row needs" : `${answer.rows.length} rows need`} mending.`
                  : answer.message}
              </p>
              {answer.rows.length > 0 && (
                <ul>
                  {answer.rows.slice(0, SHOWN).map((r, i) => (
                    <li key={i}>{`Row ${r.row}: ${r.message}`}</li>
                  ))}
                  {answer.rows.length > SHOWN && <li>and {answer.rows.length - SHOWN} more.</li>}
                </ul>
              )}
            </div>
          )}
        </div>
      </form>
    </details>
  );
}
