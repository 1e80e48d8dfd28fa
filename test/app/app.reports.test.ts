// The reports screen in Debian's Chromium, for a manager: record accuracy over the last 30 days,
// overall and as a chart of the stock takes reconciled, and the differences recorded by reason
// with the items that lost the most, as the API's accuracy and variance reports answer them.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, countedStockTake, deviceToken } from "../helpers/app-server.js";

const app = appServer();

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

browserTest(
  "a manager reads accuracy and shrinkage as the API reports them",
  () =>
    inBrowser(
      async (page) => {
        // A stock take with one line exact and one 3 short, reconciled; then 2 damaged.
        const { id: takeId, ids } = await countedStockTake(
          app,
          ["REP-1", "REP-2"],
          "Shelf check",
          [10, 7],
        );
        const token = app.account.token;
        const accept = await call(
          app.server,
          "POST",
          `/stock-takes/${takeId}/accept-lines`,
          token,
          {
            lines: ids.map((id) => ({ type: "sku", id })),
          },
        );
        expect(accept.status).toBe(200);
        expect(
          (await call(app.server, "POST", `/stock-takes/${takeId}/reconcile`, token, {})).status,
        ).toBe(200);
        const damaged = await call(app.server, "POST", "/stock-adjustments/bulk", token, {
          reason: "damaged",
          lines: [{ type: "sku", id: ids[0], new_qty: 8 }],
        });
        expect(damaged.status).toBe(201);
        const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
        const window = `from=${encodeURIComponent(from)}`;
        const accuracy = (await call(app.server, "GET", `/reports/accuracy?${window}`, token)).body;
        const variance = (await call(app.server, "GET", `/reports/variance?${window}`, token)).body;
        expect(accuracy.overall.lines_counted).toBe(2);
        expect(variance.reasons.length).toBeGreaterThanOrEqual(2);

        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve"],
        });
        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Reports" }).click();
        await page
          .getByRole("heading", { name: `Record accuracy: ${percent(accuracy.overall.accuracy)}` })
          .waitFor();
        await page.getByRole("img", { name: /^Accuracy of 1 stock take/ }).waitFor();
        const rows = await page.locator("table.report tbody tr").allInnerTexts();
        expect(rows.map((r) => r.split("\t"))).toEqual(
          (
            variance.reasons as {
              reason: string;
              units_in: number;
              units_out: number;
              units_net: number;
            }[]
          ).map((r) => [
            r.reason.replaceAll("_", " "),
            String(r.units_in),
            String(r.units_out),
            String(r.units_net),
          ]),
        );
        await page.getByRole("listitem").filter({ hasText: "REP-2" }).waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "reports");
      },
      { viewport: { width: 1280, height: 900 } },
    ),
  150_000,
);

browserTest("a counting device is offered no reports", () =>
  inBrowser(async (page) => {
    const device = await deviceToken(app, { name: "Scanner 2" });
    await page.goto(`${app.server.base}/app/#token=${device}`);
    await page.getByText("Signed in as Scanner 2").waitFor();
    expect(await page.getByRole("link", { name: "Reports" }).count()).toBe(0);
    await page.goto(`${app.server.base}/app/reports`);
    await page.getByText("This token may not read the reports.", { exact: false }).waitFor();
  }),
);
