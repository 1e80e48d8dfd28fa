// Looking up a SKU in the counting app, in Debian's Chromium: by barcode (another spelling of its
// GTIN) or code, its on hand as the API holds it, its movements as a step chart and a list, the
// stock takes that counted it; a code nobody has is said so. No serious accessibility violation.
import type { PrismaClient } from "../../src/db/client.js";
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { newAccount, testDb, type TestAccount } from "../helpers/db.js";
import { call, startServer, stopProcess, type Server } from "../helpers/server.js";

let server: Server;
let db: PrismaClient;
let account: TestAccount;

beforeAll(async () => {
  db = await testDb();
  server = await startServer();
  account = await newAccount(db);
}, 120_000);

afterAll(async () => {
  await stopProcess(server);
  await db.$disconnect();
});

browserTest(
  "a SKU looked up by barcode shows its on hand, its movements as a chart and a list, and the stock take that counted it",
  () =>
    inBrowser(async (page) => {
      const made = await call(server, "POST", "/skus", account.token, {
        code: "LOOK-1",
        name: "Ladder",
        barcodes: ["4006381333931"],
        location: "C-02-01",
        opening_on_hand: 5,
      });
      expect(made.status).toBe(201);
      const id = made.body.id;
      const adjusted = await call(server, "PATCH", `/skus/${id}`, account.token, {
        on_hand: 8,
        reason: "received",
      });
      expect(adjusted.status).toBe(200);
      const take = await call(server, "POST", "/stock-takes/start", account.token, {
        scope: { sku_ids: [id] },
      });
      await call(server, "POST", `/stock-takes/${take.body.id}/input`, account.token, {
        counts: [{ type: "sku", id, counted_qty: 3 }],
      });
      const accepted = await call(
        server,
        "POST",
        `/stock-takes/${take.body.id}/accept-lines`,
        account.token,
        { lines: [{ type: "sku", id }] },
      );
      expect(accepted.status).toBe(200);
      const reconciled = await call(
        server,
        "POST",
        `/stock-takes/${take.body.id}/reconcile`,
        account.token,
        {},
      );
      expect(reconciled.status).toBe(200);

      await page.goto(`${server.base}/app/#token=${account.token}`);
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
