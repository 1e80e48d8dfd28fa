// Cycle counts in the app, in Debian's Chromium, for a manager: the classes a classification
// would give, previewed as the API's dry run answers them (nothing written), then applied; the
// SKUs then due, never counted; a count of what is due started from there; the intervals
// changed. A token that may not start stock takes is offered no count of what is due; a counting
// device none of it. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

browserTest(
  "a manager classifies after a preview, sees what is due, starts its count, and changes the intervals",
  () =>
    inBrowser(
      async (page) => {
        const rows = [1000, 100, 10, 1].map((qty, i) => ({
          code: `CY-${i + 1}`,
          name: `Item CY-${i + 1}`,
          opening_on_hand: qty,
        }));
        expect(
          (await call(app.server, "POST", "/skus/bulk", app.account.token, { rows })).status,
        ).toBe(200);
        const expected = await call(app.server, "POST", "/skus/classify", app.account.token, {
          dry_run: true,
        });
        expect(expected.status).toBe(200);
        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve", "adjust"],
        });

        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Cycle counts" }).click();
        await page.getByText("Nothing is due.", { exact: false }).waitFor();
        await page.getByRole("button", { name: "Preview the classes" }).click();
        const classes = page.getByRole("list", { name: "Classes the classification gives" });
        await classes.getByRole("listitem").first().waitFor();
        expect(
          (await classes.getByRole("listitem").allInnerTexts()).map((t) => t.replace(/\s+/g, " ")),
        ).toEqual(
          (expected.body.classes as { count_class: string; skus: number; changed: number }[]).map(
            (c) => `Class ${c.count_class} ${c.skus} SKUs, ${c.changed} changed`,
          ),
        );
        // The preview wrote nothing: nothing is due yet.
        const dueBefore = await call(app.server, "GET", "/stock-takes/due", app.account.token);
        expect(dueBefore.body.data).toEqual([]);

        await page.getByRole("button", { name: "Classify", exact: true }).click();
        await page.getByText("Classified: 4 SKUs changed class.").waitFor();
        const due = page.getByRole("region", { name: /^Due now/ });
        await due.getByText("CY-4").waitFor();
        expect(await due.getByText("never counted").count()).toBe(4);
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "cycle-counts");

        await page.getByLabel("Class A").fill("7");
        await page.getByRole("button", { name: "Save intervals" }).click();
        await page.getByText("Intervals saved", { exact: false }).waitFor();
        const settings = await call(app.server, "GET", "/cycle-counts/settings", app.account.token);
        expect(settings.body).toMatchObject({ interval_days_a: 7 });

        await due.getByRole("link", { name: "Count what is due" }).click();
        await page.getByRole("heading", { name: "Start a stock take" }).waitFor();
        expect(await page.getByLabel("What is due for a cycle count").isChecked()).toBe(true);
        await page.getByRole("button", { name: "Preview" }).click();
        await page.getByRole("region", { name: "It will freeze 4 lines" }).waitFor();
      },
      { viewport: { width: 1280, height: 900 } },
    ),
  150_000,
);

browserTest("a counting device is offered no cycle counts, and the address says why", () =>
  inBrowser(async (page) => {
    const device = await deviceToken(app, { name: "Scanner 4" });
    await page.goto(`${app.server.base}/app/#token=${device}`);
    await page.getByText("Signed in as Scanner 4").waitFor();
    expect(await page.getByRole("link", { name: "Cycle counts" }).count()).toBe(0);
    await page.goto(`${app.server.base}/app/cycle-counts`);
    await page.getByText("This token may not plan cycle counts.", { exact: false }).waitFor();
  }),
);

browserTest(
  "a token that may not start stock takes sees what is due, with no count of it offered",
  () =>
    inBrowser(async (page) => {
      const rows = [{ code: "CY-9", name: "Item CY-9", opening_on_hand: 3 }];
      expect(
        (await call(app.server, "POST", "/skus/bulk", app.account.token, { rows })).status,
      ).toBe(200);
      expect((await call(app.server, "POST", "/skus/classify", app.account.token, {})).status).toBe(
        200,
      );
      const planner = await deviceToken(app, { name: "Planner", scopes: ["read", "approve"] });
      await page.goto(`${app.server.base}/app/#token=${planner}`);
      await page.getByRole("link", { name: "Cycle counts" }).click();
      const due = page.getByRole("region", { name: /^Due now/ });
      await due.getByText("CY-9").waitFor();
      expect(await due.getByRole("link", { name: "Count what is due" }).count()).toBe(0);
    }),
);
