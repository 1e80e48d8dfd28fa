// Counting without losing a count, in Debian's Chromium on a phone, as people count: a handheld
// scanner types a code in a burst and Enter, a person types a quantity at a person's pace. A
// re-scan of a counted item adds to its count unless "replaces it" is chosen (by keyboard too); a
// scan arriving while a quantity waits saves that quantity first; a scan right after Enter is not
// dropped; counting each unit, every scan counts one; every error is drawn under its field, in
// view on a phone's screen (and with a keyboard taking half of it); progress counts every line
// with a count, whatever its review. Each checked through the API.
import type { Page } from "playwright-core";
import { browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";
import { scan } from "../helpers/scanner.js";

const app = appServer();

let device: string;

beforeAll(async () => {
  device = await deviceToken(app, { name: "Scanner 2" });
}, 120_000);

let tag = 0;

/** SKUs of these codes (each with a tag), 10 on hand, and a stock take of them. */
async function stockTake(codes: string[]): Promise<{ id: number; codes: string[]; ids: number[] }> {
  const t = ++tag;
  const rows = codes.map((code) => ({
    code: `${code}-${t}`,
    name: `Item ${code}`,
    opening_on_hand: 10,
  }));
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
  expect(made.status).toBe(200);
  const ids = (made.body.ids as { id: number }[]).map((r) => r.id);
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: ids },
    reference: `Shelf ${t}`,
  });
  expect(started.status).toBe(201);
  return { id: started.body.id, codes: rows.map((r) => r.code), ids };
}

/** Each line's count as the API holds it, by code. */
async function countsOf(id: number): Promise<Record<string, number | null>> {
  const res = await call(app.server, "GET", `/stock-takes/${id}/lines`, app.account.token);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.map((l: { code: string; counted_qty: number | null }) => [l.code, l.counted_qty]),
  );
}

async function openCount(page: Page, id: number): Promise<void> {
  await page.goto(`${app.server.base}/app/#token=${device}`);
  await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
  await page.goto(`${app.server.base}/app/stock-takes/${id}/count`);
  await page.getByLabel("Code or barcode").waitFor();
}

/** A person typing, a key every 80 ms. */
const typeSlowly = (page: Page, text: string) => page.keyboard.type(text, { delay: 80 });

/** Whether the element is wholly within the page's viewport. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  })()`);
}

browserTest(
  "a re-scan of a counted item adds to its count unless replacing is chosen, by keyboard",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake(["BOX"]);
      const [box] = take.codes as [string];
      await openCount(page, take.id);
      await scan(page, box);
      await page.getByRole("heading", { name: "Item BOX" }).waitFor();
      await typeSlowly(page, "78");
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText("1 of 1 counted").waitFor();

      // Scanned again: it says what was counted, and adds by default.
      await scan(page, box);
      await page.getByRole("group", { name: /Counted before: 78/ }).waitFor();
      expect(await page.getByRole("radio", { name: "adds to it" }).isChecked()).toBe(true);
      await screenshot(page, "count-again");
      await typeSlowly(page, "5");
      await page.keyboard.press("Enter");
      await page.getByText("Saved: 5 more × Item BOX").waitFor();
      expect(await countsOf(take.id)).toEqual({ [box]: 83 });

      // Replacing, chosen from the quantity field by keyboard: back to the choice, the arrow.
      await scan(page, box);
      await page.getByRole("group", { name: /Counted before: 83/ }).waitFor();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("radio", { name: "replaces it" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Replace the count" }).waitFor();
      await page.getByLabel("Counted quantity").fill("80");
      await page.keyboard.press("Enter");
      await page.getByText("Saved: 80 × Item BOX").waitFor();
      expect(await countsOf(take.id)).toEqual({ [box]: 80 });
    }),
  120_000,
);

browserTest(
  "a scan while a quantity waits saves that quantity first, and a scan right after Enter is kept",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake(["ONE", "TWO", "THREE"]);
      const [one, two, three] = take.codes as [string, string, string];
      await openCount(page, take.id);
      // The scanner's default quantity (1), then the next item scanned without Enter.
      await scan(page, one);
      await page.getByRole("heading", { name: "Item ONE" }).waitFor();
      await scan(page, two);
      await page.getByRole("heading", { name: "Item TWO" }).waitFor();
      // A quantity typed, then the next item scanned without Enter.
      await typeSlowly(page, "4");
      await scan(page, three);
      await page.getByRole("heading", { name: "Item THREE" }).waitFor();
      // A quantity and Enter, the next scan at once: it lands in the code field, not lost.
      await typeSlowly(page, "6");
      await page.keyboard.press("Enter");
      await scan(page, one);
      await page.getByRole("heading", { name: "Item ONE" }).waitFor();
      await page.getByRole("status").getByText("3 of 3 counted").waitFor();
      expect(await countsOf(take.id)).toEqual({ [one]: 1, [two]: 4, [three]: 6 });
    }),
  120_000,
);

browserTest(
  "counting each unit: every scan counts one, no typing",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake(["UNIT", "OTHER"]);
      const [unit, other] = take.codes as [string, string];
      await openCount(page, take.id);
      await page.getByRole("radio", { name: "Each scan counts one" }).check();
      const steps: [string, string][] = [
        [unit, `Saved: 1 × Item UNIT (${unit}).`],
        [unit, `Saved: 1 more × Item UNIT (${unit}), 1 counted before.`],
        [other, `Saved: 1 × Item OTHER (${other}).`],
        [unit, `Saved: 1 more × Item UNIT (${unit}), 2 counted before.`],
      ];
      for (const [code, saved] of steps) {
        await scan(page, code);
        await page.getByText(saved).waitFor();
      }
      await page.getByRole("status").getByText("2 of 2 counted").waitFor();
      expect(await countsOf(take.id)).toEqual({ [unit]: 3, [other]: 1 });
      // The choice is kept for the next visit.
      await page.reload();
      expect(await page.getByRole("radio", { name: "Each scan counts one" }).isChecked()).toBe(
        true,
      );
    }),
  120_000,
);

for (const viewport of [
  { width: 360, height: 740 },
  { width: 360, height: 400 },
]) {
  browserTest(
    `errors are drawn under their field, in view, at ${viewport.width}×${viewport.height}`,
    () =>
      inBrowser(
        async (page) => {
          const take = await stockTake(["SEEN"]);
          await openCount(page, take.id);
          await scan(page, "NOT-HERE-2");
          const notHere = page.locator("#code-problem");
          await notHere.getByText("NOT-HERE-2 is not in this stock take.").waitFor();
          expect(await inView(page, "#code-problem")).toBe(true);
          expect(await page.getByLabel("Code or barcode").getAttribute("aria-describedby")).toBe(
            "code-problem",
          );

          await page.getByLabel("Code or barcode").fill(take.codes[0]!);
          await page.keyboard.press("Enter");
          for (const bad of ["-3", "abc", "1.2345", ""]) {
            await page.getByLabel("Counted quantity").fill(bad);
            await page.keyboard.press("Enter");
            await page
              .locator("#quantity-problem")
              .getByText(/must be a number of at least 0/)
              .waitFor();
            expect(await inView(page, "#quantity-problem")).toBe(true);
          }
          if (viewport.height === 400) await screenshot(page, "count-error-short");
          expect(await countsOf(take.id)).toEqual({ [take.codes[0]!]: null });
        },
        { viewport },
      ),
    120_000,
  );
}

browserTest(
  "progress counts every line with a count: accepting, sending back and reconciling never make it go back wrongly",
  () =>
    inBrowser(async (page) => {
      const take = await stockTake(["P1", "P2", "P3"]);
      const counted = await call(
        app.server,
        "POST",
        `/stock-takes/${take.id}/input`,
        app.account.token,
        { counts: take.ids.map((id) => ({ type: "sku", id, counted_qty: 10 })) },
      );
      expect(counted.status).toBe(200);
      const decided = await call(
        app.server,
        "POST",
        `/stock-takes/${take.id}/accept-lines`,
        app.account.token,
        {
          lines: take.ids.slice(0, 2).map((id) => ({ type: "sku", id })),
          recount: [{ type: "sku", id: take.ids[2] }],
        },
      );
      expect(decided.status).toBe(200);
      await openCount(page, take.id);
      await page
        .getByRole("status")
        .getByText("2 of 3 counted · 2 accepted · 1 sent back for recount")
        .waitFor();
      const reconciled = await call(
        app.server,
        "POST",
        `/stock-takes/${take.id}/reconcile`,
        app.account.token,
        {},
      );
      expect(reconciled.status).toBe(200);
      await page.reload();
      await page
        .getByRole("status")
        .getByText("2 of 3 counted · 2 accepted · 1 sent back for recount")
        .waitFor();
    }),
  120_000,
);
