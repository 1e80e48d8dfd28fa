// Noisy neighbour, reads: a rate-limited hostile token loops full pages (limit=1000) and the count
// sheet of a 43,000-line stock take, and a second one of the same account loops that stock take's
// summary, against a spawned server while another account's GET /skus is timed. Lists are priced
// by their rows, sheets and summaries by their lines, so each hostile token is refused 429 once
// its bucket is spent (before its queries run): it gets no more rows than its bucket pays for, the
// neighbour's p99 stays bounded, and nothing answers 5xx.
import { performance } from "node:perf_hooks";
import type { PrismaClient } from "../../../src/db/client.js";
import { createToken } from "../../../src/modules/token/token.store.js";
import { testDb, newAccount } from "../../helpers/db.js";
import { alone, besideNeighbour } from "../../helpers/neighbour.js";
import { startServer, stopProcess, type Server } from "../../helpers/server.js";
import { seedSkus } from "../../helpers/stock.js";

/** The hostile token's limit: 2 units a second in bursts of 20 (a 1,000-row page costs 10). */
const RATE = 2;
const BURST = 20;
/**
 * The summarizing token's burst: a full bucket pays for one summary of 43,000 lines (86 units),
 * so its first is served and the next ones are refused until it has refilled (36 s at RATE).
 */
const SUMMARY_BURST = 100;
const HOSTILE_MS = 8_000;
const LOOPS = 4;

let db: PrismaClient;
let server: Server;
beforeAll(async () => {
  db = await testDb();
  server = await startServer();
}, 120_000);
afterAll(async () => {
  if (server) await stopProcess(server);
  await db?.$disconnect();
});

async function get(path: string, token: string, accept = "application/json") {
  const res = await fetch(`${server.base}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}`, accept },
  });
  const body = await res.text();
  return { status: res.status, rows: res.status === 200 ? body : "" };
}

describe("a token looping full pages, large count sheets and their summaries", () => {
  it("is refused once its bucket is spent, getting no more rows than it pays for, while another account's lists stay fast", async () => {
    const hostile = await newAccount(db);
    await seedSkus(db, hostile.accountId, 43_000);
    const started = await fetch(`${server.base}/api/v1/stock-takes/start`, {
      method: "POST",
      headers: { authorization: `Bearer ${hostile.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(201);
    const takeId = ((await started.json()) as { id: number }).id;
    const limited = await createToken(db, {
      accountId: hostile.accountId,
      name: "hostile",
      rateLimit: { perSecond: RATE, burst: BURST },
    });
    const summarizer = await createToken(db, {
      accountId: hostile.accountId,
      name: "summarizer",
      rateLimit: { perSecond: RATE, burst: SUMMARY_BURST },
    });
    const neighbour = await newAccount(db);
    await seedSkus(db, neighbour.accountId, 100);
    const probe = async () => (await get("/skus?limit=20", neighbour.token)).status;
    const before = await alone(probe);

    type Kind = "page" | "sheet" | "summary";
    const answers: { kind: Kind; status: number; rows: number }[] = [];
    const ask: Record<Kind, () => ReturnType<typeof get>> = {
      page: () => get("/skus?limit=1000", limited.token),
      sheet: () => get(`/stock-takes/${takeId}/lines`, limited.token, "text/csv"),
      summary: () => get(`/stock-takes/${takeId}`, summarizer.token),
    };
    // What each answer holds: a page's rows, a sheet's lines, the lines a summary summed up.
    const rowsOf: Record<Kind, (body: string) => number> = {
      page: (body) => (body ? 1000 : 0),
      sheet: (body) => body.split("\r\n").length - 2,
      summary: (body) =>
        body ? (JSON.parse(body) as { summary: { lines: number } }).summary.lines : 0,
    };
    const kinds: Kind[] = ["page", "sheet"];
    const loop = async (i: number, only?: Kind) => {
      const end = performance.now() + HOSTILE_MS;
      for (let n = i; performance.now() < end; n++) {
        const kind = only ?? kinds[n % kinds.length]!;
        const res = await ask[kind]();
        answers.push({ kind, status: res.status, rows: rowsOf[kind](res.rows) });
      }
    };
    const started2 = performance.now();
    const beside = await besideNeighbour(
      () => Promise.all([...Array.from({ length: LOOPS }, (_, i) => loop(i)), loop(0, "summary")]),
      probe,
      { minProbes: 30, maxMs: 120_000 },
    );
    const seconds = (performance.now() - started2) / 1000;

    // Served or refused, never a failure: the hostile token's and the neighbour's.
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(beside.statuses.every((s) => s === 200)).toBe(true);
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThan(served.length);
    // Each served page paid 10 units and each sheet its 430 (43,000 lines; one passes with a full
    // bucket of 20 and leaves it owing the rest): what it got is within what its bucket held and
    // refilled, plus what parallel requests started on the same units left it owing (at most one
    // page per loop, and the last sheet's debt).
    const price: Record<Kind, number> = { page: 10, sheet: 430, summary: 86 };
    const paid = (kinds: Kind[]) =>
      served.filter((a) => kinds.includes(a.kind)).reduce((sum, a) => sum + price[a.kind], 0);
    expect(paid(["page", "sheet"])).toBeLessThanOrEqual(
      BURST + RATE * seconds + LOOPS * 10 + price.sheet,
    );
    expect(served.filter((a) => a.kind === "sheet").every((a) => a.rows === 43_000)).toBe(true);
    // The summarizing token: its full bucket paid for its first summary, of all 43,000 lines; its
    // next ones were refused until it refilled, so it got no more than it paid for.
    const summaries = answers.filter((a) => a.kind === "summary");
    expect(summaries[0]).toEqual({ kind: "summary", status: 200, rows: 43_000 });
    expect(summaries.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(paid(["summary"])).toBeLessThanOrEqual(SUMMARY_BURST + RATE * seconds);

    // The neighbour's lists stay fast: generous bounds for a loaded 2-core machine.
    expect(beside.p99).toBeLessThan(Math.max(1_000, 10 * before.p99));
    console.log(
      `noisy reads: hostile ${served.length} served (${paid(["page", "sheet", "summary"])} units), ${refused.length} refused in ${seconds.toFixed(1)} s; neighbour p50 ${beside.p50.toFixed(0)} ms p99 ${beside.p99.toFixed(0)} ms (alone p99 ${before.p99.toFixed(0)} ms)`,
    );
  }, 300_000);
});
