// A code field where each scan adds one of an item (a scanner's Enter, or the button): what the
// scan did is read out (aria-live), and why one was refused is shown under the field (the same
// refusal again is read out again). Deliveries sent and received count this way.
import type { FormEvent, RefObject } from "react";

/** Why a scan was refused; `n` tells one refusal from the next of the same words. */
export interface ScanRefusal {
  text: string;
  n: number;
}

/** The refusal after `was`, in these words. */
export const refusalAfter =
  (text: string) =>
  (was: ScanRefusal | null): ScanRefusal => ({ text, n: (was?.n ?? 0) + 1 });

export function ScanForm(props: {
  id: string;
  fieldRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange(value: string): void;
  onScan(e: FormEvent): void;
  refusal: ScanRefusal | null;
  /** What the last scan did, in words. */
  heard: string;
  busy: boolean;
}) {
  const problemId = `${props.id}-problem`;
  return (
    <form className="card" onSubmit={props.onScan} noValidate>
      <label htmlFor={props.id}>Scan or type a code</label>
      <input
        id={props.id}
        ref={props.fieldRef}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        readOnly={props.busy}
        autoComplete="off"
        autoCapitalize="characters"
        enterKeyHint="enter"
        aria-invalid={props.refusal ? true : undefined}
        aria-describedby={props.refusal ? problemId : undefined}
      />
      {props.refusal && (
        <p key={props.refusal.n} id={problemId} role="alert" className="problem">
          {props.refusal.text}
        </p>
      )}
      <p aria-live="polite" className="heard">
        {props.heard}
      </p>
      <button type="submit" className="secondary">
        Add one
      </button>
    </form>
  );
}
