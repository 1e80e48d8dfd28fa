// A CSV file of SKUs sent as it is to the REST import (POST /api/v1/skus/bulk, text/csv), which
// reads it by the same rules as the API and the command line; XMLHttpRequest rather than fetch
// for the upload's progress, which a large file over a phone's network needs.
import { messageFor } from "../errors.js";
import { newKey } from "../ids.js";

/** What the import did (the REST answer). */
export interface Imported {
  created: number;
  updated: number;
  unchanged: number;
  opening_balances: number;
  on_hand_kept: number;
}

/** A row's problem as the API named it: the CSV row (1 = the header) when it said. */
export interface RowProblem {
  row: number | null;
  message: string;
}

export type ImportAnswer =
  | { ok: true; imported: Imported }
  | { ok: false; code: string; message: string; rows: RowProblem[] };

/** The CSV row a problem's JSON pointer names (/rows/5/code: row 5), or null. */
const rowOf = (pointer: unknown) => {
  const match = typeof pointer === "string" ? /^\/rows\/(\d+)/.exec(pointer) : null;
  return match ? Number(match[1]) : null;
};

/**
 * Sends `file` with `token`; `progress` hears the share uploaded (0 to 1), then null while the
 * server checks and saves the rows. The idempotency key makes a retry of a lost answer safe.
 */
export function importSkus(
  file: File,
  token: string,
  progress: (sent: number | null) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", new URL("/api/v1/skus/bulk", window.location.href).href);
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("content-type", "text/csv");
    xhr.setRequestHeader("idempotency-key", newKey());
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) progress(e.loaded / e.total);
    };
    xhr.upload.onload = () => progress(null);
    xhr.onerror = () =>
      resolve({
        ok: false,
        code: "NETWORK",
        message: messageFor(
          "NETWORK",
          "No connection to Countpoint. Check the network, then try again.",
        ),
        rows: [],
      });
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Record<string, unknown>;
      if (xhr.status === 200) return resolve({ ok: true, imported: body as unknown as Imported });
      const code = typeof body.code === "string" ? body.code : "INTERNAL";
      const errors = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
      resolve({
        ok: false,
        code,
        message: typeof body.message === "string" ? body.message : messageFor(code),
        rows: errors.map((e) => ({ row: rowOf(e.pointer), message: String(e.message ?? "") })),
      });
    };
    xhr.send(file);
  });
}
