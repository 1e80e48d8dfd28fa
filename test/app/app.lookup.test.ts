// Looking up a SKU in the counting app, in Debian's Chromium: by barcode (another spelling of its
// GTIN) or code, its on hand as the API holds it, its movements as a step chart and a list, the
// stock takes that counted it; a code nobody has is said so. No serious accessibility violation.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer } from "../helpers/app-server.js";

const app = appServer();

browserTest(
  "a SKU looked up by barcode shows its on hand, its movements as a chart and a list, and the stock take that counted it",
  () =>
    inBrowser(async (page) => {
      const made = await call(app.server, "POST", "/skus", app.account.token, {
        code: "LOOK-1",
        name: "Ladder",
        barcodes: ["4006381333931"],
        location: "C-02-01",
        opening_on_hand: 5,
      });
      expect(made.status).toBe(201);
      const id = made.body.id;
      const adjusted = await call(app.server, "PATCH", `/skus/${id}`, app.account.token, {
        on_hand: 8,
        reason: "received",
      });
      expect(adjusted.status).toBe(200);
      const take = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
        scope: { sku_ids: [id] },
      });
      await call(app.server, "POST", `/stock-takes/${take.body.id}/input`, app.account.token, {
        counts: [{ type: "sku", id, counted_qty: 3 }],
      });
      const accepted = await call(
        app.server,
        "POST",
        `/stock-takes/${take.body.id}/accept-lines`,
        app.account.token,
        { lines: [{ type: "sku", id }] },
      );
      expect(accepted.status).toBe(200);
      const reconciled = await call(
        app.server,
        "POST",
        `/stock-takes/${take.body.id}/reconcile`,
        app.account.token,
        {},
      );
      expect(reconciled.status).toBe(200);

      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.getByRole("link", { name: "Look up" }).click();
      await page.getByLabel("Code or barcode").fill("04006381333931");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Ladder (LOOK-1)" }).waitFor();
      await page.getByText("On hand: 3").waitFor();
      await page
        .getByRole("img", { name: "On hand from 5 to 3 over the 3 latest movements" })
        .waitFor();
      expect(await page.locator(".movements li").count()).toBe(3);
      await screenshot(page, "lookup");
      await page.getByText(`#${take.body.id}`, { exact: true }).waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);

      await page.getByLabel("Code or barcode").fill("NOBODY-HAS-IT");
      await page.keyboard.press("Enter");
      await page
        .getByRole("alert")
        .getByText("No SKU has the code or barcode NOBODY-HAS-IT.")
        .waitFor();
    }),
  120_000,
);
