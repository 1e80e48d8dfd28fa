// The catalog in the app, in Debian's Chromium on a phone: a manager finds a SKU by part of its
// name, sets where it is kept, its barcodes and its cost (a barcode another SKU holds refused
// under its field, in view, nothing written); imports a CSV file, watching it being saved, and a
// refused file names its rows and writes nothing. A counting device is offered none of it.
// Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";
import { databaseUrl, newAccount } from "../helpers/db.js";
import { holdLock } from "../helpers/locks.js";

const app = appServer();

const sku = async (id: number) =>
  (await call(app.server, "GET", `/skus/${id}`, app.account.token)).body as {
    location: string | null;
    barcodes: string[];
    unit_cost: number | null;
  };

browserTest(
  "a manager edits a SKU's location, barcodes and cost; a held barcode is refused in view",
  () =>
    inBrowser(async (page) => {
      const admin = app.account.token;
      expect((await call(app.server, "PATCH", "/account", admin, { currency: "EUR" })).status).toBe(
        200,
      );
      const made = await call(app.server, "POST", "/skus/bulk", admin, {
        rows: [
          { code: "CAT-MUG", name: "Catalog mug, blue", location: "A-01-01" },
          { code: "CAT-JUG", name: "Catalog jug", barcodes: ["4006381333931"] },
        ],
      });
      expect(made.status).toBe(200);
      const [mug] = (made.body.ids as { id: number }[]).map((r) => r.id);

      await page.goto(`${app.server.base}/app/#token=${admin}`);
      await page.getByRole("link", { name: "Catalog", exact: true }).click();
      await page.getByLabel("Code or name").fill("catalog mug");
      await page.getByRole("button", { name: "Search" }).click();
      const row = page.getByRole("row").filter({ hasText: "CAT-MUG" });
      await row.getByText("at A-01-01").waitFor();
      expect(await page.getByRole("row").filter({ hasText: "CAT-JUG" }).count()).toBe(0);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, "catalog");

      await row.getByRole("link", { name: "CAT-MUG" }).click();
      await page.getByRole("heading", { name: /CAT-MUG/ }).waitFor();
      const location = page.getByLabel("Location at this site");
      expect(await location.inputValue()).toBe("A-01-01");
      await location.fill("B-02-01");
      const barcodes = page.getByLabel("Barcodes, one a line");
      await barcodes.fill("036000291452\n4006381333931");
      await page.getByLabel("Unit cost (EUR)").fill("2,5");
      await page.getByRole("button", { name: "Save" }).click();
      const refused = page.getByRole("alert");
      await refused.getByText("4006381333931", { exact: false }).waitFor();
      const box = await refused.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
      expect(await barcodes.getAttribute("aria-describedby")).toBe("sku-barcodes-problem");
      expect(await sku(mug!)).toMatchObject({
        location: "A-01-01",
        barcodes: [],
        unit_cost: null,
      });
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, "catalog-item-refused");

      await barcodes.fill("036000291452");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      expect(await sku(mug!)).toMatchObject({
        location: "B-02-01",
        barcodes: ["036000291452"],
        unit_cost: 2.5,
      });
      await screenshot(page, "catalog-item");
      // Saving again what was saved sends nothing; back in the list, the search is still there.
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Nothing changed.").waitFor();
      await page.getByRole("link", { name: "← Catalog" }).click();
      expect(await page.getByLabel("Code or name", { exact: true }).inputValue()).toBe(
        "catalog mug",
      );
      await page.getByRole("row").filter({ hasText: "CAT-MUG" }).getByText("at B-02-01").waitFor();

      // Another device adds a barcode while the page is open; changing the location here keeps it.
      await page.getByRole("link", { name: "CAT-MUG" }).click();
      await location.waitFor();
      const added = await call(app.server, "PATCH", `/skus/${mug!}`, admin, {
        barcodes: ["036000291452", "4006381333948"],
      });
      expect(added.status).toBe(200);
      await location.fill("B-02-02");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      expect(await sku(mug!)).toMatchObject({
        location: "B-02-02",
        barcodes: ["036000291452", "4006381333948"],
      });
    }),
);

browserTest("the catalog pages by 50, and the next page's first SKU takes the focus", () =>
  inBrowser(async (page) => {
    // An account of its own: its 55 SKUs push no other test's SKU off the first page.
    const { token } = await newAccount(app.db);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      code: `PG-${String(i + 1).padStart(3, "0")}`,
      name: "Paged item",
    }));
    expect((await call(app.server, "POST", "/skus/bulk", token, { rows })).status).toBe(200);
    await page.goto(`${app.server.base}/app/#token=${token}`);
    await page.getByRole("link", { name: "Catalog", exact: true }).click();
    await page.getByLabel("Code or name", { exact: true }).fill("paged item");
    await page.getByRole("button", { name: "Search" }).click();
    const paged = page.getByRole("row").filter({ hasText: "Paged item" });
    await page.getByRole("link", { name: "PG-050" }).waitFor();
    expect(await paged.count()).toBe(50);
    await page.getByRole("button", { name: "50 more" }).click();
    await page.getByRole("link", { name: "PG-055" }).waitFor();
    expect(await paged.count()).toBe(55);
    expect(await page.evaluate("document.activeElement.textContent")).toBe("PG-051");
    expect(await page.getByRole("button", { name: "50 more" }).count()).toBe(0);
  }),
);

browserTest(
  "a CSV import shows it is being saved, then what it did; a refused file writes nothing",
  () =>
    inBrowser(
      async (page) => {
        const admin = app.account.token;
        const known = await call(app.server, "POST", "/skus/bulk", admin, {
          rows: [{ code: "IMP-0", name: "Imported before" }],
        });
        expect(known.status).toBe(200);
        const count = async () =>
          (await call(app.server, "GET", "/skus?q=IMP-&limit=100", admin)).body.data
            .length as number;

        await page.goto(`${app.server.base}/app/#token=${admin}`);
        await page.getByRole("link", { name: "Catalog", exact: true }).click();
        await page.getByText("Import SKUs from a CSV file").click();
        const file = page.getByLabel("CSV file", { exact: true });
        const upload = (name: string, text: string) =>
          file.setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

        // A file in another encoding is refused whole, saying why (not as rows to mend).
        await file.setInputFiles({
          name: "latin1.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("code,name\nIMP-9,Caf\xe9\n", "latin1"),
        });
        await page.getByRole("button", { name: "Import" }).click();
        const whole = page.getByRole("alert").filter({ hasText: "UTF-8" });
        await whole.waitFor();
        expect(await whole.textContent()).not.toMatch(/row|mending/i);

        // A barcode with a wrong check digit on row 3: nothing is written.
        await upload("bad.csv", "code,name,barcodes\nIMP-1,One,\nIMP-2,Two,4006381333932\n");
        await page.getByRole("button", { name: "Import" }).click();
        const refusal = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
        await refusal.getByText(/^Row 3: /).waitFor();
        const box = await refusal.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        expect(await count()).toBe(1);
        await screenshot(page, "catalog-import-refused");

        // Held behind a lock on the known SKU the file updates, the import shows it is saving.
        const held = await holdLock(
          databaseUrl(),
          "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE",
          [app.account.accountId, (known.body.ids as { id: number }[])[0]!.id],
        );
        try {
          await upload(
            "good.csv",
            "code,name,location\nIMP-0,Imported again,C-01\nIMP-1,One,C-02\nIMP-2,Two,\n",
          );
          await page.getByRole("button", { name: "Import" }).click();
          await page.getByRole("status").getByText("Checking and saving the rows…").waitFor();
          expect(await page.getByRole("progressbar", { name: "Import" }).count()).toBe(1);
          await held.waiters(1);
          await screenshot(page, "catalog-import-saving");
        } finally {
          await held.release();
        }
        await page.getByText("Imported: 2 created, 1 updated, 0 unchanged.").waitFor();
        expect(await count()).toBe(3);
        // The list reads the rows again.
        await page.getByRole("row").filter({ hasText: "IMP-2" }).waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
      },
      // Chromium logs the refused files' answers as failed resources.
      { expected: /status of (400|422)/ },
    ),
);

browserTest(
  "a counting device is offered no catalog, and opening it says what the token lacks",
  () =>
    inBrowser(async (page) => {
      const token = await deviceToken(app, { name: "Scanner 5", scopes: ["read", "count"] });
      await page.goto(`${app.server.base}/app/#token=${token}`);
      await page.getByText("Signed in as Scanner 5").waitFor();
      expect(await page.getByRole("link", { name: "Catalog", exact: true }).count()).toBe(0);
      await page.goto(`${app.server.base}/app/catalog`);
      await page
        .getByText("This token may not browse or edit the catalog.", { exact: false })
        .waitFor();
    }),
);
