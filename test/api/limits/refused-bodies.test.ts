// A request refused before its body is read (401 without a token, 413 over the route's limit):
// a body the server discards (up to DISCARD_LIMIT_BYTES) is read so the client gets its answer
// on a connection that stays open; a larger one is not read at all: the answer is sent and the
// connection closed while the client is still sending. Spoken over a raw socket, so the test sees
// exactly what the server reads and when it closes.
import { connect, type Socket } from "node:net";
import { DISCARD_LIMIT_BYTES } from "../../../src/http/problem.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Sends a POST's head declaring `declared` bytes of body and then `sent` of them, and answers
 * what came back once the server answered: the status line, the Connection header, and whether
 * the server closed the connection within `ms`.
 */
async function refusedPost(path: string, declared: number, sent: number, ms = 1500) {
  const { port, hostname } = new URL(t.baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  let received = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  void ended.then(() => (closed = true));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${declared}\r\n\r\n` +
      " ".repeat(sent),
  );
  const answered = Date.now() + 5000;
  while (!/\r\n\r\n/.test(received) && Date.now() < answered) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.race([ended, new Promise((r) => setTimeout(r, ms))]);
  socket.destroy();
  return {
    status: /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1],
    connection: /\r\nconnection: ([^\r]*)/i.exec(received)?.[1]?.toLowerCase(),
    closed,
  };
}

describe("a request refused before its body is read", () => {
  it("with more body declared than the server discards: answered, then the connection closed though the client is still sending", async () => {
    const answer = await refusedPost("/api/v1/skus", 8 * DISCARD_LIMIT_BYTES, 1024);
    expect(answer).toEqual({ status: "401", connection: "close", closed: true });
  });

  it("with a body the server discards: answered, and the connection kept for the rest of it", async () => {
    const answer = await refusedPost("/api/v1/skus", 32 * 1024, 1024);
    expect(answer.status).toBe("401");
    expect(answer.connection).not.toBe("close");
    expect(answer.closed).toBe(false);
  });

  it("over GraphQL without a token: the same, the body unread", async () => {
    const answer = await refusedPost("/graphql", 8 * DISCARD_LIMIT_BYTES, 1024);
    expect(answer).toEqual({ status: "401", connection: "close", closed: true });
  });
});
