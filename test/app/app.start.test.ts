// Starting a stock take from the app, in Debian's Chromium: a manager picks two areas, sees how
// many lines the start will freeze and where (nothing is written by the preview), starts it and
// lands on its review; an area already being counted is refused under the field that named it, in
// view on a phone; a pasted list of codes starts the items it names, a code nobody has refused
// under the list; a counter's token is offered no start. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";
import { databaseUrl } from "../helpers/db.js";
import { holdLock } from "../helpers/locks.js";
import { SITE_LOCK_CLASS } from "../../src/db/locks.js";

const app = appServer();

const stockTakes = async () =>
  (await call(app.server, "GET", "/stock-takes?limit=100", app.account.token)).body.data as {
    id: number;
    reference: string | null;
  }[];

browserTest(
  "a manager previews a start by area, starts it, and an area being counted is refused in view",
  () =>
    inBrowser(
      async (page) => {
        const rows = [
          ["ST-1", "A-01-01"],
          ["ST-2", "a-01-02"],
          ["ST-3", "A-02-01"],
          ["ST-4", "B-01-01"],
          ["ST-5", null],
        ].map(([code, location]) => ({ code, name: `Item ${code}`, location, opening_on_hand: 4 }));
        const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
        expect(made.status).toBe(200);
        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve"],
        });
        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByText("Signed in as Manager").waitFor();
        await page.getByText("No stock take is open.").waitFor();
        await page.getByRole("link", { name: "Start a stock take" }).click();
        await page.getByRole("heading", { name: "Start a stock take" }).waitFor();

        await page.getByLabel("Some areas").check();
        await page.getByLabel("Areas (location prefixes: A-01, B-)").fill("A-01, b-");
        await page.getByLabel("Name (optional, e.g. Aisle 4)").fill("Aisles A-01 and B");
        await page.getByLabel(/^Blind count/).check();
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "It will freeze 3 lines" });
        await preview.waitFor();
        const areas = await preview.locator("tbody tr").allInnerTexts();
        expect(areas.map((r) => r.split("\t"))).toEqual([
          ["A-01", "2"],
          ["B-01", "1"],
        ]);
        expect(await stockTakes()).toEqual([]); // the preview wrote nothing
        // Its heading has the focus (read out), and the start button comes next.
        expect(await page.evaluate("document.activeElement.id")).toBe("preview-title");
        await page.keyboard.press("Tab");
        expect(await page.evaluate("document.activeElement.textContent")).toBe(
          "Start the stock take",
        );
        await page.getByRole("heading", { name: "It will freeze 3 lines" }).focus();
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "start-preview");

        // A change of scope asks for a new preview before a start.
        await page.getByLabel("Areas (location prefixes: A-01, B-)").fill("A-01, B-, Z-");
        expect(await preview.count()).toBe(0);
        // A preview that answers after the form changed is not shown as the new form's: the
        // preview waits (a site change holds the account's sites) while the name is changed.
        const name = page.getByLabel("Name (optional, e.g. Aisle 4)");
        const siteChange = await holdLock(
          databaseUrl(),
          "SELECT pg_advisory_xact_lock($1::int, $2::int)",
          [SITE_LOCK_CLASS, app.account.accountId],
        );
        try {
          await page.getByRole("button", { name: "Preview" }).click();
          await siteChange.waiters(1);
          await name.fill("Aisles A-01 and B, again");
        } finally {
          await siteChange.release();
        }
        await page.locator("button[type=submit]:not([disabled])", { hasText: "Preview" }).waitFor();
        expect(await preview.count()).toBe(0);
        await name.fill("Aisles A-01 and B");
        await page.getByRole("button", { name: "Preview" }).click();
        await preview.waitFor();
        // So does any other change: what is started is the form previewed.
        await page.getByLabel(/^Blind count/).uncheck();
        expect(await preview.count()).toBe(0);
        await page.getByLabel(/^Blind count/).check();
        await page.getByRole("button", { name: "Preview" }).click();
        await preview.waitFor();
        await preview.getByRole("button", { name: "Start the stock take" }).click();
        await page.waitForURL(/\/app\/stock-takes\/\d+\/review$/);
        const [take] = await stockTakes();
        expect(page.url()).toMatch(new RegExp(`/stock-takes/${take!.id}/review$`));
        const started = await call(
          app.server,
          "GET",
          `/stock-takes/${take!.id}`,
          app.account.token,
        );
        expect(started.body).toMatchObject({
          reference: "Aisles A-01 and B",
          blind: true,
          status: "open",
          summary: { lines: 3 },
        });

        // Aisle A again: A-01 is being counted, and the refusal is under the areas, in view.
        await page.goto(`${app.server.base}/app/start`);
        await page.getByLabel("Some areas").check();
        await page.getByLabel("Areas (location prefixes: A-01, B-)").fill("A");
        await page.getByRole("button", { name: "Preview" }).click();
        const refusal = page.getByRole("alert");
        await refusal
          .getByText(/^2 items are already counted by an open stock take #\d+ at this site\./)
          .waitFor();
        const box = await refusal.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        expect(
          await page
            .getByLabel("Areas (location prefixes: A-01, B-)")
            .getAttribute("aria-describedby"),
        ).toBe("start-areas-problem");
        await screenshot(page, "start-refused");
        expect(await stockTakes()).toHaveLength(1);
      },
      { viewport: { width: 360, height: 740 } },
    ),
  150_000,
);

browserTest(
  "a manager starts by a pasted list of codes, after a code nobody has is refused under the list, in view",
  () =>
    inBrowser(
      async (page) => {
        const rows = [
          { code: "LC-1", barcodes: ["4006381333931"] },
          { code: "LC-2" },
          { code: "LC-3" },
        ].map((row) => ({ ...row, name: `Item ${row.code}`, opening_on_hand: 2 }));
        expect(
          (await call(app.server, "POST", "/skus/bulk", app.account.token, { rows })).status,
        ).toBe(200);
        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve"],
        });
        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Start a stock take" }).click();
        await page.getByLabel("A list of codes").check();
        const list = page.getByLabel("Codes or barcodes, one per line");
        // Pasted from a spreadsheet: a barcode, a code in another case, and a typo.
        await list.fill("4006381333931\nlc-2\nLC-33\n");
        await page.getByRole("button", { name: "Preview" }).click();
        const refusal = page.getByRole("alert");
        await refusal.getByText(/^No SKU has the code "LC-33"/).waitFor();
        const box = await refusal.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        expect(await list.getAttribute("aria-describedby")).toBe("start-codes-problem");
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "start-codes-refused");

        await list.fill("4006381333931\nlc-2, LC-3");
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "It will freeze 3 lines" });
        await preview.getByRole("button", { name: "Start the stock take" }).click();
        await page.waitForURL(/\/app\/stock-takes\/\d+\/review$/);
        const take = Number(/stock-takes\/(\d+)\/review/.exec(page.url())![1]);
        const lines = await call(
          app.server,
          "GET",
          `/stock-takes/${take}/lines`,
          app.account.token,
        );
        expect((lines.body.data as { code: string }[]).map((l) => l.code).sort()).toEqual([
          "LC-1",
          "LC-2",
          "LC-3",
        ]);
      },
      { viewport: { width: 360, height: 740 } },
    ),
  150_000,
);

browserTest("a counter's token is offered no start, and the address tells it why", () =>
  inBrowser(async (page) => {
    const counter = await deviceToken(app, { name: "Scanner 9", scopes: ["count"] });
    await page.goto(`${app.server.base}/app/#token=${counter}`);
    await page.getByText("Signed in as Scanner 9").waitFor();
    await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
    expect(await page.getByRole("link", { name: "Start a stock take" }).count()).toBe(0);
    await page.goto(`${app.server.base}/app/start`);
    await page.getByText("This token may not start stock takes.", { exact: false }).waitFor();
    expect(await page.getByRole("heading", { name: "Start a stock take" }).count()).toBe(0);
  }),
);
