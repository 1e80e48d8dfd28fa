// Recounts in the counting app, in Debian's Chromium: a manager sends a counted line back from the
// review screen; the counter's count screen, open on a phone, lists it without a reload, and marks
// the item when it is scanned; counted again, it leaves both lists, and the review screen offers
// the new count rather than replacing the table under the reviewer. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, countedStockTake, deviceToken } from "../helpers/app-server.js";

const app = appServer();

browserTest(
  "a line sent back for a recount is listed on the counter's screen and the manager's, live, until it is counted again",
  () =>
    inBrowser(
      async (page) => {
        const { id: takeId } = await countedStockTake(
          app,
          ["RC-A", "RC-B", "RC-C"],
          "Recounts",
          [30, 10, 10],
        );

        // The counter, on a phone, has the count screen open.
        const counter = await deviceToken(app, { name: "Scanner 5" });
        await page.goto(`${app.server.base}/app/#token=${counter}`);
        await page.getByText("Signed in as Scanner 5").waitFor();
        await page.goto(`${app.server.base}/app/stock-takes/${takeId}/count`);
        await page.getByLabel("Code or barcode").waitFor();
        expect(await page.getByRole("heading", { name: /Sent back for a recount/ }).count()).toBe(
          0,
        );

        // The manager, at a desk, sends RC-A (+20) back.
        const manager = await deviceToken(app, {
          name: "Manager",
          scopes: ["read", "count", "approve"],
          hours: 1,
        });
        const desk = await page
          .context()
          .browser()!
          .newContext({ viewport: { width: 1280, height: 800 }, locale: "en" });
        const review = await desk.newPage();
        await review.goto(`${app.server.base}/app/#token=${manager}`);
        await review.getByText("Signed in as Manager").waitFor();
        await review.goto(`${app.server.base}/app/stock-takes/${takeId}/review`);
        // The difference chart, loaded and drawn after the table shows, moves no button.
        const recountA = review.getByRole("button", { name: "Recount RC-A" });
        await recountA.waitFor();
        const shown = await recountA.boundingBox();
        await review.locator("figure.chart canvas").first().waitFor();
        expect((await recountA.boundingBox())!.y).toBe(shown!.y);
        await recountA.click();
        const waiting = review.getByRole("region", { name: "Sent back for a recount (1)" });
        await waiting.getByText("RC-A").waitFor();
        expect(await accessibilityProblems(review)).toEqual([]);

        // The counter's screen lists it, without a reload.
        const listed = page.getByRole("region", { name: "Sent back for a recount (1)" });
        await listed.getByText("Item RC-A").waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
        await listed.scrollIntoViewIfNeeded();
        await screenshot(page, "count-recounts");

        // Scanned, it is marked; its earlier count is set aside, so there is nothing to add to.
        await page.getByLabel("Code or barcode").fill("RC-A");
        await page.keyboard.press("Enter");
        await page.getByText("Sent back for a recount: count it afresh.").waitFor();
        expect(await page.getByText(/Counted before/).count()).toBe(0);
        await page.getByLabel("Counted quantity").fill("12");
        await page.keyboard.press("Enter");
        await page.getByText(/^Saved: /).waitFor();
        await listed.waitFor({ state: "detached" });

        // The manager's list empties and the new count is offered, then shown.
        await waiting.waitFor({ state: "detached" });
        await review.getByRole("button", { name: "New counts arrived: show them" }).click();
        await review.getByRole("button", { name: "Recount RC-A" }).waitFor();
        const lines = await call(
          app.server,
          "GET",
          `/stock-takes/${takeId}/lines?recount=false`,
          app.account.token,
        );
        const a = lines.body.data.find((l: { code: string }) => l.code === "RC-A");
        expect(a).toMatchObject({ counted_qty: 12, state: "counted", recount_requested: false });
        await desk.close();
      },
      { viewport: { width: 360, height: 740 } },
    ),
  150_000,
);

browserTest("a list of lines sent back that could not be read says so, and reads them again", () =>
  inBrowser(
    async (page) => {
      const { id: takeId, ids } = await countedStockTake(
        app,
        ["RF-A", "RF-B"],
        "Lost read",
        [7, 10],
      );
      const sent = await call(
        app.server,
        "POST",
        `/stock-takes/${takeId}/accept-lines`,
        app.account.token,
        { recount: [{ type: "sku", id: ids[0] }] },
      );
      expect(sent.status).toBe(200);
      // The first read of the list is lost on the way (a dead spot, a restarting server).
      let lost = 0;
      await page.route("**/graphql", async (route) => {
        if (lost === 0 && route.request().postData()?.includes("query RecountLines")) {
          lost += 1;
          return route.abort("connectionreset");
        }
        return route.continue();
      });
      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.goto(`${app.server.base}/app/stock-takes/${takeId}/review`);
      const waiting = page.getByRole("region", { name: "Sent back for a recount (1)" });
      await waiting.getByRole("alert").waitFor();
      expect(lost).toBe(1);
      expect(await waiting.getByText("RF-A").count()).toBe(0);
      await waiting.getByRole("button", { name: "Read them again" }).click();
      await waiting.getByText("RF-A").waitFor();
      expect(await waiting.getByRole("alert").count()).toBe(0);
    },
    // Chromium logs the lost request as a failed resource.
    { expected: /Failed to load resource|ERR_CONNECTION_RESET/ },
  ),
);
