// Sites in the app, in Debian's Chromium on a phone: a manager lists the account's sites, adds a
// store (a code held in any case, or an unknown time zone, refused under its field, in view,
// nothing written), renames it, is told why a site holding stock is not deactivated, makes the
// store the default and deactivates the old one. A token without the sites scope is offered none
// of it. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";
import { newAccount } from "../helpers/db.js";
import type { SiteBody } from "../helpers/sites.js";

const app = appServer();

browserTest(
  "a manager adds a store, renames it, makes it the default and retires the old site",
  () =>
    inBrowser(async (page) => {
      // An account of its own: what its sites are is this test's alone.
      const { token } = await newAccount(app.db);
      const sites = async () =>
        ((await call(app.server, "GET", "/sites", token)).body.data as SiteBody[]).map(
          ({ code, name, timezone, active, is_default }) => ({
            code,
            name,
            timezone,
            active,
            is_default,
          }),
        );
      await page.goto(`${app.server.base}/app/#token=${token}`);
      await page.getByRole("link", { name: "Sites", exact: true }).click();
      const main = page.getByRole("row").filter({ hasText: "MAIN" });
      await main.getByText("the default site").waitFor();

      // A store, in its own time zone.
      await page.getByText("Add a site").click();
      const form = page.getByRole("form", { name: "Add a site" });
      await form.getByLabel("Code").fill("ST-12");
      await form.getByLabel("Name").fill("Harbour store");
      await form.getByLabel("Time zone").fill("Europe/Berlin");
      await form.getByRole("button", { name: "Add site" }).click();
      await form.getByText("Added ST-12.").waitFor();
      const store = page.getByRole("row").filter({ hasText: "ST-12" });
      await store.getByText("Europe/Berlin").waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.getByRole("table", { name: "Sites" }).evaluate((t) => t.scrollIntoView());
      await screenshot(page, "sites");

      // The same code in another case, then a time zone nobody has: each refused at its field.
      await form.getByLabel("Code").fill("st-12");
      await form.getByLabel("Name").fill("Second harbour store");
      await form.getByRole("button", { name: "Add site" }).click();
      const code = form.getByLabel("Code");
      await form.getByRole("alert").getByText('a site with code "st-12" already exists').waitFor();
      expect(await code.getAttribute("aria-invalid")).toBe("true");
      expect(await code.getAttribute("aria-describedby")).toBe("new-site-code-problem");
      await form.getByLabel("Code").fill("ST-13");
      await form.getByLabel("Time zone").fill("Mars/Olympus");
      await form.getByRole("button", { name: "Add site" }).click();
      const zone = form.getByRole("alert");
      await zone.getByText("must be an IANA time zone", { exact: false }).waitFor();
      expect(await form.getByLabel("Time zone").getAttribute("aria-describedby")).toBe(
        "new-site-timezone-problem",
      );
      const box = await zone.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
      expect(await sites()).toEqual([
        { code: "MAIN", name: "Main", timezone: null, active: true, is_default: true },
        {
          code: "ST-12",
          name: "Harbour store",
          timezone: "Europe/Berlin",
          active: true,
          is_default: false,
        },
      ]);

      // Renamed.
      await store.getByRole("link", { name: "ST-12" }).click();
      await page.getByRole("heading", { name: /ST-12/ }).waitFor();
      await page.getByLabel("Name").fill("Harbour shop");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();

      // The old site holds stock: it stays active, and the screen says why, at Active.
      const made = await call(app.server, "POST", "/skus", token, {
        code: "SITE-MUG",
        name: "Mug",
        opening_on_hand: 3,
      });
      expect(made.status).toBe(201);
      await page.getByRole("link", { name: "← Sites" }).click();
      await main.getByRole("link", { name: "MAIN" }).click();
      await page.getByRole("heading", { name: /MAIN/ }).waitFor();
      expect(await page.getByLabel("Active").isDisabled()).toBe(true);
      await page.getByRole("link", { name: "← Sites" }).click();

      // The shop becomes the default; the old site can then be deactivated, once it holds nothing.
      await store.getByRole("link", { name: "ST-12" }).click();
      await page.getByLabel("Make it the default site").check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      await page.getByText("The default site:", { exact: false }).waitFor();
      await page.getByRole("link", { name: "← Sites" }).click();
      await main.getByRole("link", { name: "MAIN" }).click();
      const active = page.getByLabel("Active");
      await active.uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      const inUse = page.getByRole("alert");
      // Named as the manager knows them: the site's code and the item's.
      await inUse
        .getByText("site", { exact: false })
        .filter({ hasText: /\(MAIN\) still holds stock, of SKU \d+ \(SITE-MUG\)/ })
        .waitFor();
      expect(await active.getAttribute("aria-describedby")).toBe("site-active-problem");
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, "site-in-use");
      expect((await sites())[0]).toMatchObject({ code: "MAIN", active: true, is_default: false });

      const [mainSite] = (await call(app.server, "GET", "/sites", token)).body.data as SiteBody[];
      const emptied = await call(app.server, "PATCH", `/skus/${made.body.id}`, token, {
        site_id: mainSite!.id,
        on_hand: 0,
        reason: "correction",
        note: "moved to the shop",
      });
      expect(emptied.body).toMatchObject({ on_hand: 0 });
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved.").waitFor();
      await page.getByRole("link", { name: "← Sites" }).click();
      await main.getByText("inactive").waitFor();
      expect(await sites()).toEqual([
        { code: "MAIN", name: "Main", timezone: null, active: false, is_default: false },
        {
          code: "ST-12",
          name: "Harbour shop",
          timezone: "Europe/Berlin",
          active: true,
          is_default: true,
        },
      ]);
    }),
);

browserTest("a token without the sites scope is offered no Sites, and the address says why", () =>
  inBrowser(async (page) => {
    const manager = await deviceToken(app, {
      name: "Manager",
      scopes: ["read", "approve", "adjust"],
    });
    await page.goto(`${app.server.base}/app/#token=${manager}`);
    await page.getByText("Signed in as Manager").waitFor();
    await page.getByRole("link", { name: "Catalog", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Sites", exact: true }).count()).toBe(0);
    await page.goto(`${app.server.base}/app/sites`);
    await page.getByText("This token may not add or change the sites.", { exact: false }).waitFor();
  }),
);
