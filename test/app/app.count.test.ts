// Counting in the counting app, in Debian's Chromium on a phone's screen (360 x 740), by keyboard
// as a handheld scanner types (a code, then Enter): what the app saves is what the API holds;
// a blind stock take shows a counting device no expected quantity anywhere; bad input is refused
// in words with nothing written.
import type { Page } from "playwright-core";
import { browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";
import { scan } from "../helpers/scanner.js";

const app = appServer();

/** A counting device's token: read and count, no approve. */
let device: string;

beforeAll(async () => {
  device = await deviceToken(app, { name: "Scanner 1" });
}, 120_000);

let tag = 0;

/** SKUs of these codes (each with a tag) and on hand, and a stock take of them. */
async function stockTake(
  skus: { code: string; on_hand: number; barcodes?: string[]; aisle?: string }[],
  options: { blind?: boolean } = {},
): Promise<{ id: number; codes: string[] }> {
  const t = ++tag;
  const rows = skus.map((s) => ({
    code: `${s.code}-${t}`,
    name: `Item ${s.code}`,
    opening_on_hand: s.on_hand,
    barcodes: s.barcodes?.map((b) => b) ?? [],
    location: `${s.aisle ?? "A"}-0${t}-01`,
  }));
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
  expect(made.status).toBe(200);
  const ids = (made.body.ids as { id: number }[]).map((r) => r.id);
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: ids },
    reference: `Bay ${t}`,
    blind: options.blind ?? false,
  });
  expect(started.status).toBe(201);
  return { id: started.body.id, codes: rows.map((r) => r.code) };
}

/** The lines of a stock take as the API holds them, by code. */
async function linesOf(id: number): Promise<Map<string, { counted_qty: number | null }>> {
  const res = await call(app.server, "GET", `/stock-takes/${id}/lines`, app.account.token);
  expect(res.status).toBe(200);
  return new Map(res.body.data.map((l: { code: string }) => [l.code, l]));
}

/** The count screen of stock take `id`, signed in as the counting device. */
async function openCount(page: Page, id: number): Promise<void> {
  await page.goto(`${app.server.base}/app/#token=${device}`);
  await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
  await page.goto(`${app.server.base}/app/stock-takes/${id}/count`);
  await page.getByLabel("Code or barcode").waitFor();
}

browserTest(
  "counting by keyboard on a phone: a code and Enter, a quantity and Enter; the API holds each count",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake([
        { code: "BOLT", on_hand: 4, barcodes: ["4006381333931"] },
        { code: "NUT", on_hand: 9 },
        { code: "WASHER", on_hand: 2 },
      ]);
      await openCount(page, take.id);
      await page.getByRole("status").getByText("0 of 3 counted").waitFor();

      // The focus starts in the code field and comes back to it after each save.
      await scan(page, take.codes[1]!.toLowerCase());
      await page.getByRole("heading", { name: "Item NUT" }).waitFor();
      await scan(page, "7");
      await page.getByRole("status").getByText("1 of 3 counted").waitFor();

      // A barcode in another spelling (GTIN-14), then the same barcode twice more: three.
      await scan(page, "04006381333931");
      await page.getByRole("heading", { name: "Item BOLT" }).waitFor();
      await scan(page, "04006381333931");
      await scan(page, "04006381333931");
      expect(await page.getByLabel("Counted quantity").inputValue()).toBe("3");
      await page.getByRole("button", { name: "Save count" }).click();
      await page.getByRole("status").getByText("2 of 3 counted").waitFor();
      // A decimal with a comma, as some keyboards type it.
      await scan(page, take.codes[2]!);
      await page.getByRole("heading", { name: "Item WASHER" }).waitFor();
      await scan(page, "1,5");
      await page.getByRole("status").getByText("3 of 3 counted").waitFor();
      await screenshot(page, "count-saved");

      const lines = await linesOf(take.id);
      expect(lines.get(take.codes[0]!)?.counted_qty).toBe(3);
      expect(lines.get(take.codes[1]!)?.counted_qty).toBe(7);
      expect(lines.get(take.codes[2]!)?.counted_qty).toBe(1.5);
      // Nothing scrolls sideways on the phone's screen.
      const width = await page.evaluate<number>("document.documentElement.scrollWidth");
      expect(width).toBeLessThanOrEqual(360);
    }),
  120_000,
);

browserTest(
  "a blind stock take shows a counting device no expected quantity, on the page or in any answer",
  async () => {
    const expected = 987.654;
    const take = await stockTake([{ code: "SECRET", on_hand: expected }], { blind: true });
    const answers: string[] = [];
    await inBrowser(async (page) => {
      // Every answer passes through here, read before the page gets it (a response event's body
      // may be gone when the page has navigated on).
      await page.route("**/graphql", async (route) => {
        const response = await route.fetch();
        answers.push(await response.text());
        await route.fulfill({ response });
      });
      page.on("websocket", (ws) => ws.on("framereceived", (f) => answers.push(String(f.payload))));
      await openCount(page, take.id);
      await scan(page, take.codes[0]!);
      await page.getByRole("heading", { name: "Item SECRET" }).waitFor();
      await scan(page, "5");
      await page.getByRole("status").getByText("1 of 1 counted").waitFor();
      const text = await page.locator("body").innerText();
      expect(text).not.toContain("987");
    });
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const answer of answers) {
      expect(answer).not.toContain("987.654");
      expect(answer).not.toMatch(/"expectedQty":\s*[0-9]/);
    }
    expect((await linesOf(take.id)).get(take.codes[0]!)?.counted_qty).toBe(5);
  },
  120_000,
);

browserTest(
  "a code outside the stock take and a quantity that is not a number are refused in words, and nothing is written",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake([{ code: "ONLY", on_hand: 1 }]);
      await openCount(page, take.id);
      await scan(page, "NOT-HERE-1");
      await page.getByRole("alert").getByText("NOT-HERE-1 is not in this stock take.").waitFor();
      await page.getByLabel("Code or barcode").fill(take.codes[0]!);
      await page.keyboard.press("Enter");
      await page.getByLabel("Counted quantity").waitFor();
      for (const bad of ["-1", "many", "1.2345"]) {
        await page.getByLabel("Counted quantity").fill(bad);
        await page.keyboard.press("Enter");
        await page
          .getByRole("alert")
          .getByText(/must be a number of at least 0/)
          .waitFor();
      }
      expect((await linesOf(take.id)).get(take.codes[0]!)?.counted_qty).toBeNull();
    }),
  120_000,
);

browserTest(
  "a stock take reconciled while counting says it is closed, and the count is not written",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake([{ code: "LATE", on_hand: 3 }]);
      await openCount(page, take.id);
      await scan(page, take.codes[0]!);
      await page.getByLabel("Counted quantity").waitFor();
      const cancelled = await call(
        app.server,
        "POST",
        `/stock-takes/${take.id}/cancel`,
        app.account.token,
      );
      expect(cancelled.status).toBe(200);
      await scan(page, "2");
      await page
        .getByRole("alert")
        .getByText(/This stock take is closed/)
        .waitFor();
      expect((await linesOf(take.id)).get(take.codes[0]!)?.counted_qty).toBeNull();
      // Opened again, the screen offers no count.
      await page.reload();
      await page.getByRole("heading", { name: /Bay/ }).waitFor();
      await page
        .getByRole("alert")
        .getByText(/This stock take is closed/)
        .waitFor();
      expect(await page.getByLabel("Code or barcode").count()).toBe(0);
    }),
  120_000,
);

browserTest(
  "progress by area, once opened, shows each area's counted lines and moves when a count lands",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake([
        { code: "LEFT", on_hand: 1 },
        { code: "LEFT-TOO", on_hand: 1 },
        { code: "RIGHT", on_hand: 1, aisle: "B" },
      ]);
      const area = (aisle: string) => page.locator(".areas li", { hasText: `${aisle}-0${tag}` });
      await openCount(page, take.id);
      await page.getByText("By area").click();
      await area("A").getByText("0 / 2").waitFor();
      await area("B").getByText("0 / 1").waitFor();
      // The click took the focus: back to the code field, as a thumb would.
      await page.getByLabel("Code or barcode").click();
      await scan(page, take.codes[0]!);
      await page.getByLabel("Counted quantity").waitFor();
      await scan(page, "4");
      await page.getByRole("status").getByText("1 of 3 counted").waitFor();
      await area("A").getByText("1 / 2").waitFor();
      await area("B").getByText("0 / 1").waitFor();
    }),
  120_000,
);
