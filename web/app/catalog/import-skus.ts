// A CSV file of SKUs sent as it is to the REST import (POST /api/v1/skus/bulk, text/csv), which
// reads it by the same rules as the API and the command line; XMLHttpRequest rather than fetch
// for the upload's progress, which a large file over a phone's network needs.
import { messageFor } from "../errors.js";

/** What the import did (the REST answer). */
export interface Imported {
  created: number;
  updated: number;
  unchanged: number;
  opening_balances: number;
  /** Rows whose on_hand was left unwritten: the item had moved at that site before. */
  on_hand_kept: number;
}

/** A row's problem as the API named it: its CSV row (1 = the header). */
export interface RowProblem {
  row: number;
  message: string;
}

/**
 * What the import did; or why it was refused: the rows' problems (a file to mend), or a problem
 * of the request itself (`rows` empty: the network, the sign-in, the file's size or header).
 */
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
 * server checks and saves the rows. `key`, kept by the caller while an answer is lost, makes the
 * file sent again taken once.
 */
export function importSkus(
  file: File,
  token: string,
  key: string,
  progress: (sent: number | null) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", new URL("/api/v1/skus/bulk", window.location.href).href);
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("content-type", "text/csv");
    xhr.setRequestHeader("idempotency-key", key);
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
      // An RFC 9457 problem: its code and detail, and each item at a row of the file.
      const code = typeof body.code === "string" ? body.code : "INTERNAL";
      const detail = typeof body.detail === "string" ? body.detail : undefined;
      const items = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
      const rows = items.flatMap((e) => {
        const row = rowOf(e.pointer);
        return row === null ? [] : [{ row, message: String(e.message ?? "") }];
      });
      resolve({ ok: false, code, message: messageFor(code, detail), rows });
    };
    xhr.send(file);
  });
}
