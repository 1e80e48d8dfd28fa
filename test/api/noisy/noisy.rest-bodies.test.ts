// Noisy neighbour, REST bodies: hostile bodies as large as the server's body limit lets through
// (the default BODY_LIMIT_BYTES, 5 MB) are refused by their lists' bounds before the lists are
// walked, while a second account's GET /api/v1/skus is timed. Each hostile request is refused
// with its documented code within its bound, the neighbour's p99 stays bounded, nothing is 5xx.
import { request } from "node:http";
import { performance } from "node:perf_hooks";
import type { PrismaClient } from "../../../src/db/client.js";
import { DISCARD_LIMIT_BYTES } from "../../../src/http/problem.js";
import { MAX_BARCODES, SMALL_BODY_LIMIT_BYTES } from "../../../src/limits.js";
import { newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { alone, besideNeighbour, type Timings } from "../../helpers/neighbour.js";
import { call, startServer, stopProcess, type Server } from "../../helpers/server.js";

/** The server's body limit: the default, as an operator runs it. */
const BODY_LIMIT = 5 * 1024 * 1024;
/** How long a refusal of a hostile body may take, sending it included (a loaded 2-core machine). */
const REFUSAL_MS = 1_000;
/** The neighbour's p99 beside the hostile client. */
const NEIGHBOUR_P99_MS = 1_000;

let server: Server;
let db: PrismaClient;
let hostile: TestAccount;
let neighbour: TestAccount;
let stockTake: number;
let skuId: number;

beforeAll(async () => {
  db = await testDb();
  server = await startServer([], { env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
  hostile = await newAccount(db);
  neighbour = await newAccount(db);
  for (let i = 0; i < 20; i++) {
    await call(server, "POST", "/skus", neighbour.token, {
      code: `N-${i}`,
      name: `Neighbour ${i}`,
    });
  }
  skuId = (await call(server, "POST", "/skus", hostile.token, { code: "H-1", name: "Hostile" }))
    .body.id;
  stockTake = (await call(server, "POST", "/stock-takes/start", hostile.token, {})).body.id;
}, 120_000);

afterAll(async () => {
  await stopProcess(server);
  await db.$disconnect();
});

/** The neighbour's ordinary request: a page of its SKUs. */
async function probe(): Promise<number> {
  const res = await fetch(`${server.base}/api/v1/skus?limit=20`, {
    headers: { authorization: `Bearer ${neighbour.token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

interface Refusal {
  status: number;
  code: string;
  errors: number;
  ms: number;
}

/**
 * Sends a prepared body; answers the refusal and how long it took, sending included. Over plain
 * node:http: a server refusing a body by its Content-Length answers 413 and closes the connection
 * while the body is still being written, and the answer is what counts, not the write's EPIPE.
 */
async function send(path: string, type: string, text: string): Promise<Refusal> {
  const body = encoded(text);
  const started = performance.now();
  const { status, answer } = await new Promise<{ status: number; answer: string }>(
    (resolve, reject) => {
      let answered = false;
      const req = request(
        `${server.base}/api/v1${path}`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${hostile.token}`,
            "content-type": type,
            "content-length": body.length,
          },
        },
        (res) => {
          answered = true;
          let received = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (received += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, answer: received }));
          res.on("error", reject);
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (answered) return;
        // Refused unread, a body over the discard limit has its connection closed after the
        // answer: a client still sending may see the connection reset before it reads the answer.
        if (error.code === "EPIPE" || error.code === "ECONNRESET") {
          resolve({ status: 0, answer: JSON.stringify({ code: "CLOSED" }) });
        } else reject(error);
      });
      req.end(body);
    },
  );
  const problem = JSON.parse(answer) as { code: string; errors?: unknown[] };
  return {
    status,
    code: problem.code,
    errors: problem.errors?.length ?? 0,
    ms: performance.now() - started,
  };
}

/** Bodies as bytes, encoded once before any measurement (the sender's work is not the server's). */
const bytes = new Map<string, Uint8Array>();
const encoded = (text: string): Uint8Array => {
  let body = bytes.get(text);
  if (!body) bytes.set(text, (body = Buffer.from(text)));
  return body;
};

let baseline: Timings;

/** Runs `rounds` of the hostile request beside the neighbour; checks both sides. */
async function refusedBeside(
  request: () => Promise<Refusal>,
  expected: { status: number; code: string },
  rounds = 5,
  { closedUnread = false }: { closedUnread?: boolean } = {},
): Promise<Refusal[]> {
  await request(); // encodes the body, warms the route
  baseline ??= await alone(probe);
  const bound = Math.max(NEIGHBOUR_P99_MS, 10 * baseline.p99);
  const run = await besideNeighbour(async () => {
    const answers: Refusal[] = [];
    for (let i = 0; i < rounds; i++) answers.push(await request());
    return answers;
  }, probe);
  const closed = { status: 0, code: "CLOSED" };
  for (const answer of run.hostile) {
    const outcome = { status: answer.status, code: answer.code };
    expect(closedUnread ? [expected, closed] : [expected]).toContainEqual(outcome);
    // One problem, not one per item.
    expect(answer.errors).toBeLessThanOrEqual(1);
    expect(answer.ms).toBeLessThan(REFUSAL_MS);
  }
  expect(run.statuses.filter((s) => s !== 200)).toEqual([]);
  expect(run.p99).toBeLessThan(bound);
  console.info(
    `${expected.code}: hostile ${run.hostile.map((a) => Math.round(a.ms)).join(", ")} ms; neighbour p50 ${Math.round(run.p50)} ms, p99 ${Math.round(run.p99)} ms (alone p99 ${Math.round(baseline.p99)} ms)`,
  );
  return run.hostile;
}

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(",");

describe("hostile REST bodies beside a neighbour", () => {
  it("POST /skus with 600,000 barcodes is refused by the route's body limit (413), and the largest body under it by the barcodes' maximum", async () => {
    const huge = `{"code":"X-1","name":"x","barcodes":[${numbers(600_000)}]}`;
    expect(huge.length).toBeLessThan(BODY_LIMIT); // the server's limit would let it through
    // Over the discard limit too: answered 413 and the connection closed, the body unread.
    expect(huge.length).toBeGreaterThan(DISCARD_LIMIT_BYTES);
    await refusedBeside(
      () => send("/skus", "application/json", huge),
      { status: 413, code: "PAYLOAD_TOO_LARGE" },
      5,
      { closedUnread: true },
    );
    // As many barcodes as the route's limit takes: refused by maxItems, not walked.
    let count = 0;
    while (
      `{"code":"X-1","name":"x","barcodes":[${numbers(count + 500)}]}`.length <
      SMALL_BODY_LIMIT_BYTES
    )
      count += 500;
    const largest = `{"code":"X-1","name":"x","barcodes":[${numbers(count)}]}`;
    expect(count).toBeGreaterThan(100 * MAX_BARCODES);
    await refusedBeside(() => send("/skus", "application/json", largest), {
      status: 422,
      code: "INVALID_BARCODE",
    });
  });

  it("a 500,000-row CSV import is refused at the row past 10,000", async () => {
    const csv = `code,name\n${"A,a\n".repeat(500_000)}`;
    expect(csv.length).toBeLessThan(BODY_LIMIT);
    for (const path of ["/skus/bulk", "/supplier-items/bulk"]) {
      const body = path === "/skus/bulk" ? csv : `supplier,${csv.replaceAll("\nA,", "\nS,A,")}`;
      expect(body.length).toBeLessThan(BODY_LIMIT);
      await refusedBeside(() => send(path, "text/csv", body), {
        status: 422,
        code: "TOO_MANY_LINES",
      });
    }
  });

  it("a 500,000-row CSV of counts is refused at the row past 10,000", async () => {
    // Short rows (an id the limit refuses before any lookup), so 500,000 fit in the body limit.
    const csv = `type,id,counted_qty\n${"sku,1,1\n".repeat(500_000)}`;
    expect(csv.length).toBeLessThan(BODY_LIMIT);
    await refusedBeside(() => send(`/stock-takes/${stockTake}/input`, "text/csv", csv), {
      status: 422,
      code: "TOO_MANY_LINES",
    });
  });

  it("a 120,000-line bulk adjustment is refused by its maximum, its lines unread", async () => {
    const line = `{"type":"sku","id":${skuId},"new_qty":1}`;
    const body = `{"reason":"received","lines":[${Array.from({ length: 120_000 }, () => line).join(",")}]}`;
    expect(body.length).toBeLessThan(BODY_LIMIT);
    await refusedBeside(() => send("/stock-adjustments/bulk", "application/json", body), {
      status: 422,
      code: "TOO_MANY_LINES",
    });
    const movements = await db.stockMovement.count({ where: { accountId: hostile.accountId } });
    expect(movements).toBe(0);
  });
});
