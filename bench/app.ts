// Scenario A1 (`npm run bench -- app`): the counting app in Debian's Chromium against the built
// server. The JavaScript the count screen loads (gzipped), its first load on loopback, and
// scan-to-saved (a code and Enter, the item shown, a quantity and Enter, "Saved") on a stock take
// of 100,000 lines while 7 more counters count at once through the same GraphQL operations (a
// scan a second each) and follow its progress over graphql-ws, as the app does, a manager's
// console watches it (the review, by area and by counter open, opened while they count), and
// transfers of other items are dispatched to another site and received there; and the review
// table over those lines, every one counted.
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { createClient } from "graphql-ws";
import { chromium, type Browser, type Page } from "playwright-core";
import WebSocket from "ws";
import type pg from "pg";
import type { ServerUnderTest } from "./stock-take.js";
import { apiCaller } from "./api-call.js";
import { withPgSide, type PgSide } from "./pg-side.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Counters at once: one in the browser, the rest through the app's operations. */
export const APP_COUNTERS = 8;
/**
 * Between one save and the next scan, each of the other counters waits this long: a brisk
 * counter with a scanner (walking to the next item, reading the quantity). Without it they would
 * be 7 clients sending as fast as the server answers, which no floor does.
 */
export const SCAN_PAUSE_MS = 1000;

export interface AppFigures {
  /** Gzipped kB of the JavaScript the count screen loaded. */
  countJsKb: number;
  /** First loads of the count screen (a fresh browser context each), ms. */
  firstLoadMs: number[];
  /** The browser counter's scan-to-saved, ms, each. */
  scanToSavedMs: number[];
  /** The other counters' find + save round trips, ms, each. */
  protocolMs: number[];
  /** Progress messages the other counters' subscriptions received. */
  progressMessages: number;
  /** PostgreSQL's side of the counting (per count saved), when pg_stat_statements is loaded. */
  pg: PgSide | null;
  /** The manager's console (the review, live) opened while the counters count: ms until its
   * status line shows, then until its breakdowns by area and by counter show. */
  consoleFirstLoadMs: number;
  consoleBreakdownsMs: number;
  /** Transfers dispatched and received at another site while counting: ms each, both steps. */
  transferMs: number[];
  /** The review table: ms until its first rows show, and rows in the page then. */
  reviewFirstRowsMs: number;
  reviewDomRows: number;
}

export const chromiumAvailable = () => existsSync(CHROMIUM);

// The app's own operations (web/app/sending.ts), as it sends them.
const FIND_LINE = `query FindLine($id: Int!, $code: String!) { stockTake(id: $id) { id lines(code: $code, first: 1) { edges { node { type id code name supplier location countedQty state } } } } }`;
const SAVE_COUNT = `mutation SaveCount($input: SubmitStockTakeCountsInput!) { submitStockTakeCounts(input: $input) { status userErrors { code message } } }`;
const PROGRESS = `query CountScreen($id: Int!) { stockTake(id: $id) { id reference status blind summary { lines counted } } }`;
const FOLLOW = `subscription FollowProgress($id: Int!) { stockTakeProgress(id: $id) { eventId stockTake { id status } } }`;

/** What FindLine answers (the other operations' answers are not read). */
interface FoundData {
  stockTake: { lines: { edges: { node: { type: string; id: number } }[] } };
}

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync"],
  });

/** The count screen of `takeId` opened signed in; ms until it can take a scan, with its status. */
async function openCount(page: Page, base: string, token: string, takeId: number) {
  await page.goto(`${base}/app/`);
  await page.evaluate(`localStorage.setItem("countpoint.token", ${JSON.stringify(token)})`);
  const start = performance.now();
  await page.goto(`${base}/app/stock-takes/${takeId}/count`);
  await page.getByLabel("Code or barcode").waitFor();
  await page
    .getByRole("status")
    .getByText(/counted/)
    .waitFor({ timeout: 60_000 });
  return performance.now() - start;
}

/**
 * Runs A1 on `server`'s account, whose stock take `takeId` holds lines of the SKUs `codeOf(i)`,
 * i from 1 to `lines`.
 */
export async function appFigures(
  server: ServerUnderTest,
  takeId: number,
  lines: number,
  codeOf: (i: number) => string,
  options: {
    loads: number;
    scans: number;
    pgStats: pg.Client | null;
    /** Items of the account outside the stock take, moved to another site meanwhile. */
    elsewhere: Elsewhere;
  },
): Promise<AppFigures> {
  const base = server.baseUrl;
  const browser = await launch();
  try {
    // The JavaScript of the count screen, and its first loads (cold: a context each).
    const firstLoadMs: number[] = [];
    let countJsKb = 0;
    for (let i = 0; i < options.loads; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("response", (r) => {
        if (r.request().resourceType() === "script") scripts.push(r.url());
      });
      firstLoadMs.push(await openCount(page, base, server.token, takeId));
      if (i === 0) {
        const files = [...new Set(scripts)];
        const sizes = await Promise.all(
          files.map(
            async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length,
          ),
        );
        countJsKb = sizes.reduce((a, b) => a + b, 0) / 1000;
      }
      await context.close();
    }

    // The other counters: find and save in a loop, each following the progress; and PostgreSQL's
    // side of it all, per count saved.
    const scanToSavedMs: number[] = [];
    const counting = await withPgSide(
      options.pgStats,
      () => countTogether(),
      (r) => r.saved,
    );
    const { progressMessages, protocolMs, consoleFirstLoadMs, consoleBreakdownsMs, transferMs } =
      counting.result;
    async function countTogether() {
      let running = true;
      let progressMessages = 0;
      const protocolMs: number[] = [];
      const call = async (query: string, variables: unknown) => {
        const res = await fetch(`${base}/graphql`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
          body: JSON.stringify({ query, variables }),
        });
        const body = (await res.json()) as { errors?: unknown; data?: FoundData };
        if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
        return body.data;
      };
      const sockets = Array.from({ length: APP_COUNTERS - 1 }, () =>
        createClient({
          url: `${base.replace(/^http/, "ws")}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${server.token}` },
        }),
      );
      // Each follows the stock take, and reads its progress again while counts arrive, every 3 s
      // per 10,000 lines (web/app/screens/Count.tsx: 30 s at 100,000 lines).
      const subscriptions = sockets.map((ws) =>
        ws.subscribe(
          { query: FOLLOW, variables: { id: takeId } },
          { next: () => void progressMessages++, error: () => {}, complete: () => {} },
        ),
      );
      const pollers = sockets.map(() =>
        setInterval(
          () => void call(PROGRESS, { id: takeId }).catch(() => {}),
          3000 * Math.max(1, Math.ceil(lines / 10_000)),
        ),
      );
      const counter = async (n: number) => {
        for (let k = 0; running; k++) {
          const code = codeOf(1 + ((n * 7919 + k * 104_729) % lines));
          const start = performance.now();
          const found = await call(FIND_LINE, { id: takeId, code });
          const line = found.stockTake.lines.edges[0]!.node;
          await call(SAVE_COUNT, {
            input: {
              stockTakeId: takeId,
              idempotencyKey: crypto.randomUUID(),
              counts: [{ type: line.type, id: line.id, countedQty: 1, mode: "SET" }],
            },
          });
          protocolMs.push(performance.now() - start);
          await new Promise((resolve) => setTimeout(resolve, SCAN_PAUSE_MS));
        }
      };
      const others = Array.from({ length: APP_COUNTERS - 1 }, (_, n) => counter(n + 1));
      const transferMs: number[] = [];
      // A transfer refused stops the counting too, and fails the run once all have stopped.
      let moveFailure: unknown = null;
      const moving = moveElsewhere(server, options.elsewhere, transferMs, () => running).catch(
        (error: unknown) => {
          moveFailure = error;
          running = false;
        },
      );

      // The counter in the browser, on a phone's screen. Whatever happens to it, the other
      // counters, their subscriptions and their polls stop with it.
      let consoleFirstLoadMs = NaN;
      let consoleBreakdownsMs = NaN;
      const contexts: { close(): Promise<void> }[] = [];
      try {
        // The manager's console, on a desktop, opened while the counting goes on and kept open.
        const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        contexts.push(desk);
        const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
        contexts.push(context);
        [consoleFirstLoadMs, consoleBreakdownsMs] = await openConsole(
          await desk.newPage(),
          base,
          server.token,
          takeId,
        );
        const page = await context.newPage();
        await openCount(page, base, server.token, takeId);
        for (let k = 0; k < options.scans; k++) {
          const code = codeOf(1 + ((k * 48_271) % lines));
          const start = performance.now();
          await page.getByLabel("Code or barcode").fill(code);
          await page.keyboard.press("Enter");
          await page.getByLabel("Counted quantity").waitFor();
          await page.keyboard.type("2");
          await page.keyboard.press("Enter");
          await page.getByText(`Saved: 2 ×`).waitFor();
          scanToSavedMs.push(performance.now() - start);
          await page.getByLabel("Counted quantity").waitFor({ state: "detached" });
        }
      } finally {
        running = false;
        await Promise.allSettled([...others, moving]);
        for (const unsubscribe of subscriptions) unsubscribe();
        for (const poller of pollers) clearInterval(poller);
        await Promise.all(sockets.map((ws) => ws.dispose()));
        await Promise.all(contexts.map((c) => c.close()));
      }
      // A counter or a transfer that failed fails the run, once all have stopped.
      await Promise.all(others);
      if (moveFailure) throw moveFailure;
      return {
        progressMessages,
        protocolMs,
        consoleFirstLoadMs,
        consoleBreakdownsMs,
        transferMs,
        saved: protocolMs.length + scanToSavedMs.length,
      };
    }

    // The review table over every line, each counted (a difference each).
    await countAll(server, takeId, lines, codeOf);
    const review = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reviewPage = await review.newPage();
    await reviewPage.goto(`${base}/app/`);
    await reviewPage.evaluate(
      `localStorage.setItem("countpoint.token", ${JSON.stringify(server.token)})`,
    );
    const start = performance.now();
    await reviewPage.goto(`${base}/app/stock-takes/${takeId}/review`);
    await reviewPage.locator(".differences tbody tr").nth(5).waitFor({ timeout: 60_000 });
    const reviewFirstRowsMs = performance.now() - start;
    const reviewDomRows = await reviewPage.locator(".differences tbody tr").count();
    await review.close();
    return {
      countJsKb,
      firstLoadMs,
      scanToSavedMs,
      protocolMs,
      progressMessages,
      consoleFirstLoadMs,
      consoleBreakdownsMs,
      transferMs,
      pg: counting.pg,
      reviewFirstRowsMs,
      reviewDomRows,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The review of `takeId` opened signed in, as a manager at a desk opens it: ms until its status
 * line shows, and then until its progress by area and by counter, unfolded, show.
 */
async function openConsole(page: Page, base: string, token: string, takeId: number) {
  await page.goto(`${base}/app/`);
  await page.evaluate(`localStorage.setItem("countpoint.token", ${JSON.stringify(token)})`);
  const start = performance.now();
  await page.goto(`${base}/app/stock-takes/${takeId}/review`);
  await page
    .getByRole("status")
    .getByText(/counted ·/)
    .waitFor({ timeout: 60_000 });
  const loaded = performance.now();
  await page.getByText("By area").click();
  await page.getByText("By counter").click();
  await page.locator("details", { hasText: "By area" }).locator("li").first().waitFor();
  await page.locator("details", { hasText: "By counter" }).locator("li").first().waitFor();
  return [loaded - start, performance.now() - loaded] as const;
}

/** Items outside the stock take, at its site, and another site to move them to. */
export interface Elsewhere {
  fromSiteId: number;
  toSiteId: number;
  /** SKUs holding plenty at fromSiteId; each transfer takes one unit of TRANSFER_LINES of them. */
  skuIds: number[];
}

/** Lines of each transfer made while counting: a delivery's worth. */
export const TRANSFER_LINES = 1000;
/** Between one transfer received and the next dispatched. */
const TRANSFER_PAUSE_MS = 2000;

/**
 * While `running()`, dispatches a transfer of TRANSFER_LINES SKUs (one unit each, the next ones in
 * turn) to the other site and receives it there, recording each dispatch-and-receipt's ms.
 */
async function moveElsewhere(
  server: ServerUnderTest,
  elsewhere: Elsewhere,
  ms: number[],
  running: () => boolean,
): Promise<void> {
  const call = apiCaller(server);
  for (let k = 0; running(); k++) {
    const windows = Math.max(1, Math.floor(elsewhere.skuIds.length / TRANSFER_LINES));
    const from = (k % windows) * TRANSFER_LINES;
    const lines = elsewhere.skuIds
      .slice(from, from + TRANSFER_LINES)
      .map((id) => ({ type: "sku", id, qty: 1 }));
    const start = performance.now();
    const sent = (await call("POST", "/transfers", {
      from_site_id: elsewhere.fromSiteId,
      to_site_id: elsewhere.toSiteId,
      reference: `Bench delivery ${k + 1}`,
      lines,
    })) as { id: number };
    await call("POST", `/transfers/${sent.id}/receive`, {});
    ms.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, TRANSFER_PAUSE_MS));
  }
}

/** Counts `lines` lines of the stock take through the API, 10,000 a request (review's input). */
async function countAll(
  server: ServerUnderTest,
  takeId: number,
  lines: number,
  codeOf: (i: number) => string,
): Promise<void> {
  const call = apiCaller(server);
  for (let from = 1; from <= lines; from += 10_000) {
    const counts = Array.from({ length: Math.min(10_000, lines - from + 1) }, (_, j) => ({
      type: "sku",
      code: codeOf(from + j),
      counted_qty: (from + j) % 7,
    }));
    await call("POST", `/stock-takes/${takeId}/input`, { counts });
  }
}
