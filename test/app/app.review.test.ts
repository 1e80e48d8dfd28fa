// Review in the counting app, in Debian's Chromium, as the manager who approves: the differences
// largest first, accepted within a tolerance and one by one, one sent back for a recount, then
// reconciled after the dry run's preview and an explicit confirmation; stock changes as the API
// says. The screen, its dialog open, has no serious accessibility violation.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, countedStockTake, deviceToken } from "../helpers/app-server.js";

const app = appServer();

let manager: string;

beforeAll(async () => {
  manager = await deviceToken(app, {
    name: "Manager",
    scopes: ["read", "count", "approve"],
    hours: 1,
  });
}, 120_000);

browserTest(
  "review: accept within a tolerance and one by one, send one back, reconcile after the preview; stock changes as the API says",
  () =>
    inBrowser(
      async (page) => {
        const { id: takeId, ids } = await countedStockTake(
          app,
          ["EXACT", "PLUS2", "MINUS3", "PLUS20"],
          "Review me",
          [10, 12, 7, 30],
        );

        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Review" }).click();
        await page.getByRole("heading", { name: /Review: Review me/ }).waitFor();
        const table = page.getByRole("table");
        await table.getByRole("row").nth(4).waitFor();
        // Largest difference first: +20, −3, +2, 0.
        const items = await table.locator("tbody th").allInnerTexts();
        expect(items.map((t) => t.split(/\s/)[0])).toEqual(["PLUS20", "MINUS3", "PLUS2", "EXACT"]);
        expect(await accessibilityProblems(page)).toEqual([]);

        await page.getByLabel("Tolerance in units").fill("2");
        await page.getByRole("button", { name: "Accept within tolerance" }).click();
        await page
          .getByRole("status")
          .getByText(/2 accepted/)
          .waitFor();
        await page.getByRole("button", { name: "Recount MINUS3" }).click();
        await page
          .getByRole("status")
          .getByText(/1 sent back for recount/)
          .waitFor();
        await page.getByRole("button", { name: "Accept PLUS20" }).click();
        await page
          .getByRole("status")
          .getByText(/3 accepted/)
          .waitFor();

        await page.getByRole("button", { name: "Reconcile" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByText(/2 lines change stock/).waitFor();
        await dialog.getByText("PLUS20 Item PLUS20: 10 → 30 (+20)").waitFor();
        // In the middle of the screen, not in a corner.
        const box = (await dialog.boundingBox())!;
        expect(Math.abs(box.x - (1280 - box.x - box.width))).toBeLessThan(2);
        await screenshot(page, "review-confirm");
        expect(await accessibilityProblems(page)).toEqual([]);
        // The preview wrote nothing.
        const before = await call(app.server, "GET", `/skus/${ids[3]}`, app.account.token);
        expect(before.body.on_hand).toBe(10);
        await dialog.getByRole("button", { name: "Confirm reconcile" }).click();
        await page.getByText("Reconciled: 2 lines changed stock.").waitFor();

        const onHand = await Promise.all(
          ids.map(
            async (id) => (await call(app.server, "GET", `/skus/${id}`, app.account.token)).body,
          ),
        );
        expect(onHand.map((s) => s.on_hand)).toEqual([10, 12, 10, 30]);
        const take = await call(app.server, "GET", `/stock-takes/${takeId}`, app.account.token);
        expect(take.body.status).toBe("reconciled");
        await page
          .getByRole("status")
          .getByText(/status reconciled/)
          .waitFor();
        expect(await page.getByRole("button", { name: "Reconcile" }).count()).toBe(0);
      },
      { viewport: { width: 1280, height: 900 } },
    ),
  120_000,
);

browserTest(
  "a counter's token on a blind stock take is told it may not review, and sees no difference, tolerance or reconcile",
  () =>
    inBrowser(async (page) => {
      const made = await call(app.server, "POST", "/skus", app.account.token, {
        code: "BLIND-R",
        name: "Hidden",
        opening_on_hand: 5,
      });
      const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
        scope: { sku_ids: [made.body.id] },
        blind: true,
      });
      const counter = await deviceToken(app, { name: "Counter", hours: 1 });
      await page.goto(`${app.server.base}/app/#token=${counter}`);
      await page.getByText("Signed in as Counter").waitFor();
      await page.goto(`${app.server.base}/app/stock-takes/${started.body.id}/review`);
      await page
        .getByRole("alert")
        .getByText(/may not review stock takes/)
        .waitFor();
      const shown = await page.locator("body").innerText();
      for (const hidden of [/Net difference/, /Expected/, /Tolerance/, /Reconcile/]) {
        expect(shown).not.toMatch(hidden);
      }
      // Nothing was asked of the API that the token may not do: no refusal was logged.
    }),
  120_000,
);

browserTest(
  "the differences table renders only the rows in view, and loads the next page as its end comes into view",
  () =>
    inBrowser(async (page) => {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        code: `MANY-${i}`,
        name: `Many ${i}`,
        opening_on_hand: 1000,
      }));
      const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
      const ids: number[] = made.body.ids.map((r: { id: number }) => r.id);
      const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
        scope: { sku_ids: ids },
      });
      // Each line a different difference: 1000 − i.
      const counted = await call(
        app.server,
        "POST",
        `/stock-takes/${started.body.id}/input`,
        app.account.token,
        { counts: ids.map((id, i) => ({ type: "sku", id, counted_qty: i })) },
      );
      expect(counted.status).toBe(200);
      const pages: string[] = [];
      page.on("request", (request) => {
        if (request.postData()?.includes("LinesByDifference")) pages.push(request.postData()!);
      });
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
      await page.goto(`${app.server.base}/app/stock-takes/${started.body.id}/review`);
      const body = page.locator(".differences tbody");
      await body.getByText("MANY-0", { exact: true }).waitFor();
      expect(pages).toHaveLength(1);
      expect(await body.locator("tr").count()).toBeLessThan(60);
      // Scrolled to the end of what is loaded: the next page comes, still few rows in the page.
      for (let i = 0; i < 20 && pages.length < 2; i++) {
        await page.locator(".table-scroll").evaluate((e) => e.scrollBy(0, 2000));
        await page.waitForTimeout(100);
      }
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(await body.locator("tr").count()).toBeLessThan(60);
    }),
  120_000,
);
