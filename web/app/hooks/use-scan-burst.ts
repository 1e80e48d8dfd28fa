// A handheld scanner types a code in one burst of keys and ends it with Enter. On the quantity
// field, what arrived as such a burst just before Enter, when it is a code rather than a quantity
// (it has a character a quantity has not, or at least GTIN-8's 8 digits), is a scan, told apart
// from what the field held before it (the quantity still waiting to be saved). The content
// decides, the timing only says where the scan began: a person typing 1250 quickly types a
// quantity. An on-screen keyboard's keys carry no character (key "Unidentified"), and pasted text
// is one input, no keys: neither is ever a scan.
import { useCallback, useRef, type KeyboardEvent } from "react";

/** Keys at most this far apart belong to one burst (scanners send a key every 5 to 40 ms). */
const KEY_GAP_MS = 60;
/** Enter at most this long after a burst's last key ends it. */
const ENTER_GAP_MS = 200;
/** The shortest burst taken for a scan: people type "-3" or "abc" quickly too. */
const MIN_SCAN = 4;
/** What a scan is: not a quantity (a character other than digits and a decimal mark), or 8+ digits. */
const CODE = /[^\d.,]|^\d{8,}$/;

interface Burst {
  /** The field's text when the burst's first key arrived. */
  before: string;
  keys: string;
  last: number;
}

/** A scan ended by Enter: the code, and what the field held before the scanner typed over it. */
export interface Scan {
  code: string;
  before: string;
}

export function useScanBurst() {
  const burst = useRef<Burst | null>(null);

  /** For the field's onKeyDown: notes each key typed. */
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key.length !== 1) return;
    const now = performance.now();
    const current = burst.current;
    if (current && now - current.last <= KEY_GAP_MS) {
      current.keys += event.key;
      current.last = now;
    } else {
      burst.current = { before: event.currentTarget.value, keys: event.key, last: now };
    }
  }, []);

  /** At Enter: the scan it ends, or null when what was typed was typed by a person. */
  const takeScan = useCallback((): Scan | null => {
    const current = burst.current;
    burst.current = null;
    if (!current || current.keys.length < MIN_SCAN || !CODE.test(current.keys)) return null;
    if (performance.now() - current.last > ENTER_GAP_MS) return null;
    return { code: current.keys, before: current.before };
  }, []);

  /** Forgets a burst (the field was filled by the app). */
  const reset = useCallback(() => {
    burst.current = null;
  }, []);

  return { onKeyDown, takeScan, reset };
}
