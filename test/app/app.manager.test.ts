// A manager runs a whole stock take from the app at a desk, in Debian's Chromium: starts it (after
// its preview), watches two counters' counts arrive by area and by counter without a reload,
// accepts within a tolerance, sends a line back, accepts it when counted again, and reconciles;
// the list then shows it among the recently reconciled.
// The counters count through the API, as their devices would. Stock changes as the API says.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

browserTest(
  "a manager starts, watches, reviews and reconciles a stock take without leaving the app",
  () =>
    inBrowser(
      async (page) => {
        const rows = [
          ["MG-1", "A-01-01"],
          ["MG-2", "A-01-02"],
          ["MG-3", "B-01-01"],
        ].map(([code, location]) => ({
          code,
          name: `Item ${code}`,
          location,
          opening_on_hand: 10,
        }));
        const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
        const ids: number[] = made.body.ids.map((r: { id: number }) => r.id);
        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve"],
        });
        const device = await deviceToken(app, { name: "Scanner", scopes: ["count"] });
        const count = (takeId: number, counter: string, id: number, qty: number) =>
          call(app.server, "POST", `/stock-takes/${takeId}/input`, device, {
            counter,
            counts: [{ type: "sku", id, counted_qty: qty }],
          });

        // Start: everything, previewed first.
        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Start a stock take" }).click();
        await page.getByLabel("Name (optional, e.g. Aisle 4)").fill("Monthly count");
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "It will freeze 3 lines" });
        await preview.getByRole("button", { name: "Start the stock take" }).click();
        await page.getByRole("heading", { name: /Review: Monthly count/ }).waitFor();
        const takeId = Number(/stock-takes\/(\d+)\/review/.exec(page.url())![1]);
        const status = page.getByRole("status").filter({ hasText: /counted ·/ });
        await status.getByText(/^0 of 3 counted/).waitFor();

        // Watch: the breakdowns open, counts arrive from two counters, no reload.
        await page.getByText("By area").click();
        await page.getByText("By counter").click();
        await page.getByText("Nobody has counted yet.").waitFor();
        expect((await count(takeId, "Anna", ids[0]!, 10)).status).toBe(200);
        expect((await count(takeId, "Anna", ids[1]!, 11)).status).toBe(200);
        expect((await count(takeId, "Ben", ids[2]!, 4)).status).toBe(200);
        await status.getByText(/^3 of 3 counted/).waitFor();
        const areas = page.locator("details", { hasText: "By area" }).locator("li");
        const counters = page.locator("details", { hasText: "By counter" }).locator("li");
        await counters.filter({ hasText: "Ben" }).waitFor();
        expect((await areas.allInnerTexts()).map((t) => t.replace(/\s+/g, " "))).toEqual([
          "A-01 2 / 2",
          "B-01 1 / 1",
        ]);
        expect((await counters.allInnerTexts()).map((t) => t.split(/\s+/).slice(0, 3))).toEqual([
          ["Anna", "2", "lines,"],
          ["Ben", "1", "line,"],
        ]);
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "review-watch");
        // A recount by another counter moves the line to them, the totals unmoved.
        expect((await count(takeId, "Ben", ids[0]!, 10)).status).toBe(200);
        await counters.filter({ hasText: "Ben" }).filter({ hasText: "2 lines" }).waitFor();
        expect((await counters.allInnerTexts()).map((t) => t.split(/\s+/).slice(0, 3))).toEqual([
          ["Ben", "2", "lines,"],
          ["Anna", "1", "line,"],
        ]);
        expect(await status.getByText(/^3 of 3 counted/).count()).toBe(1);

        // Review: within 1 unit accepted, MG-3 (−6) sent back, counted again, then accepted.
        await page.getByRole("button", { name: "New counts arrived: show them" }).click();
        await page.getByLabel("Tolerance in units").fill("1");
        await page.getByRole("button", { name: "Accept within tolerance" }).click();
        await status.getByText(/2 accepted/).waitFor();
        await page.getByRole("button", { name: "Recount MG-3" }).click();
        await status.getByText(/1 sent back for recount/).waitFor();
        expect((await count(takeId, "Ben", ids[2]!, 6)).status).toBe(200);
        await page.getByRole("button", { name: "New counts arrived: show them" }).click();
        await page.getByRole("button", { name: "Accept MG-3" }).click();
        await status.getByText(/3 accepted/).waitFor();

        // Reconcile, after the preview.
        await page.getByRole("button", { name: "Reconcile" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Confirm reconcile" }).click();
        await page.getByText("Reconciled: 2 lines changed stock.").waitFor();
        const onHand = await Promise.all(
          ids.map(
            async (id) => (await call(app.server, "GET", `/skus/${id}`, app.account.token)).body,
          ),
        );
        expect(onHand.map((s) => s.on_hand)).toEqual([10, 11, 6]);
        await status.getByText(/status reconciled/).waitFor();
        await status.getByText(/^3 of 3 counted/).waitFor();

        // The list keeps it among the recently reconciled, to review, no longer to count.
        await page.getByRole("link", { name: "Countpoint" }).click();
        const recent = page.getByRole("region", { name: "Recently reconciled" });
        const card = recent.getByRole("listitem").filter({ hasText: "Monthly count" });
        await card.getByText(/^Reconciled /).waitFor();
        expect(await card.getByRole("link", { name: "Review" }).count()).toBe(1);
        expect(await card.getByRole("link", { name: "Count" }).count()).toBe(0);
        expect(await page.getByText("No stock take is open.").count()).toBe(1);
      },
      { viewport: { width: 1280, height: 900 } },
    ),
  150_000,
);
