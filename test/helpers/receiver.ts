// A webhook receiver on the loopback interface: records every request, answers as told.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PrismaClient } from "../../src/db/client.js";
import type { WorkerOptions } from "../../src/modules/webhook/webhook.worker.js";

/**
 * Sets aside the endpoints earlier test files left in this worker's database (their receivers are
 * gone): a webhook worker started by a file serves every endpoint in the database, and theirs,
 * failing and retried (each up to its timeout), would take its slots from the file's own.
 */
export async function setAsideEarlierEndpoints(db: PrismaClient): Promise<void> {
  await db.$executeRaw`UPDATE webhook_endpoints SET active = false, lease_until = NULL WHERE active`;
}

/** A webhook worker's options for tests: polls often, retries fast, allows a local receiver. */
export const TEST_WORKER_OPTIONS: WorkerOptions = {
  pollMs: 20,
  timeoutMs: 2_000,
  retryBaseMs: 100,
  retryMaxMs: 1_000,
  giveUpMs: 60_000,
  concurrency: 8,
  accountConcurrency: 2,
  turnMs: 10_000,
  policy: { production: false },
};

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Receive the request and never answer it (a receiver busy while its sender dies). */
  hang?: boolean;
  /** Answers only once this settles (a receiver slow to answer). */
  after?: Promise<unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What to answer the next request with (the default is 200), in order. */
  answers: Answer[];
  /** How long each answer waits from the request's arrival (a slow receiver); 0 at first. */
  delayMs: number;
  /** Resolves once `count` requests have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const pace = { delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      const answer = answers.shift() ?? { status: 200 };
      if (answer.hang) return;
      const answerNow = () => res.writeHead(answer.status, answer.headers).end("ok");
      const reply = () => (pace.delayMs > 0 ? setTimeout(answerNow, pace.delayMs) : answerNow());
      if (answer.after) void answer.after.finally(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    get delayMs() {
      return pace.delayMs;
    },
    set delayMs(ms: number) {
      pace.delayMs = ms;
    },
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} deliveries, got ${received.length} in ${ms} ms`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
