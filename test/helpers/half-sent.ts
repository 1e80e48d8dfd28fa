import { request as httpRequest } from "node:http";

/** A request whose headers are in and whose body is not yet all sent. */
export interface HalfSent {
  /** Sends the rest of the body; resolves to the answer's status. */
  finish(): Promise<number>;
  /** Drops the request (a request left half-sent would hold the server open). */
  destroy(): void;
}

/**
 * Sends a JSON request's headers and the first bytes of its body, then waits `settleMs` so the
 * server has let it in (its onRequest hooks ran) before the caller goes on.
 */
export async function halfSent(
  url: URL,
  method: string,
  token: string,
  body: unknown,
  settleMs = 300,
): Promise<HalfSent> {
  const text = JSON.stringify(body);
  const request = httpRequest(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  request.write(text.slice(0, 5));
  await new Promise((r) => setTimeout(r, settleMs));
  return {
    finish: () => {
      request.end(text.slice(5));
      return answered;
    },
    destroy: () => request.destroy(),
  };
}
