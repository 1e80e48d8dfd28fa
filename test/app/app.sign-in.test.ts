// The counting app's sign-in, in Debian's Chromium: by a link carrying the token in its fragment
// (which never reaches the app.server, and leaves the address bar at once), by pasting a token, and
// back to sign-in, with the reason in words, when the API stops accepting the token (on opening a
// screen, or on an action in one already open).
import type { Page } from "playwright-core";
import { createToken, revokeToken } from "../../src/modules/token/token.store.js";
import { browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer } from "../helpers/app-server.js";

const app = appServer();

/** The stock take the devices count. */
let takeId: number;

beforeAll(async () => {
  await call(app.server, "POST", "/skus", app.account.token, { code: "SIGN-1", name: "Signed" });
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    reference: "Front shop",
  });
  expect(started.status).toBe(201);
  takeId = started.body.id;
}, 120_000);

/** A token of the account for one counting device: read and count, for 12 hours. */
const deviceToken = async (name = "Device") =>
  createToken(app.db, {
    accountId: app.account.accountId,
    name,
    scopes: ["read", "count"],
    expiresAt: new Date(Date.now() + 12 * 3600_000),
  });

test("the app's page and every file it loads come from the app.server, under a policy naming no other origin", async () => {
  // Any route under /app is the app's page (the app routes in the browser).
  for (const path of ["/app", "/app/", "/app/stock-takes/1/count"]) {
    const res = await fetch(`${app.server.base}${path}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain("<title>Countpoint</title>");
    const policy = res.headers.get("content-security-policy")!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/https?:|unsafe/);
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((url) => !url.startsWith("data:"));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      expect(file).toMatch(/^\/app\/assets\//);
      const asset = await fetch(`${app.server.base}${file}`);
      await asset.arrayBuffer(); // read to the end, or the server's close waits for it
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("immutable");
    }
  }
  const missing = await fetch(`${app.server.base}/app/assets/none.js`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).not.toContain("<html");
});

const storedToken = (page: Page) =>
  page.evaluate<string | null>(`localStorage.getItem("countpoint.token")`);

browserTest(
  "a sign-in link signs the device in, and the token leaves the address bar at once",
  () =>
    inBrowser(async (page) => {
      const { token } = await deviceToken();
      await page.goto(`${app.server.base}/app/#token=${token}`);
      await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
      await page.getByRole("heading", { name: /Front shop/ }).waitFor();
      await screenshot(page, "stock-takes");
      expect(page.url()).toBe(`${app.server.base}/app/`);
      // Going back leaves the app: no history entry kept the link.
      await page.goBack();
      expect(page.url()).not.toContain(token);
      expect(page.url()).not.toContain("token");
    }),
  90_000,
);

browserTest(
  "a pasted token signs in; a wrong one is refused saying what is wrong with it, and kept nowhere",
  () =>
    inBrowser(
      async (page) => {
        await page.goto(`${app.server.base}/app/`);
        const refusedAs = async (typed: string, said: RegExp) => {
          await page.getByLabel("API token").fill(typed);
          await page.getByRole("button", { name: "Sign in" }).click();
          await page.getByRole("alert").getByText(said).waitFor();
          expect(await storedToken(page)).toBeNull();
        };
        await refusedAs("hello", /not a Countpoint token: a token starts with cp_/);
        await refusedAs("cp_0_not-a-token", /looks cut short or broken/);
        const whole = `cp_${app.account.accountId}_${"x".repeat(32)}`;
        await refusedAs(whole, /does not know this token: check it was copied whole/);
        const expiring = await deviceToken("Yesterday's");
        await app.db.$executeRaw`UPDATE api_tokens SET expires_at = '2026-11-30T17:00:00Z'
          WHERE account_id = ${app.account.accountId} AND id = ${expiring.id}`;
        await refusedAs(expiring.token, /This token expired on Nov 30, 2026/);
        const { token } = await deviceToken();
        await page.getByLabel("API token").fill(token);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { name: /Front shop/ }).waitFor();
        expect(await storedToken(page)).toBe(token);
        // Signed in across a reload, until signing out.
        await page.reload();
        await page.getByRole("heading", { name: /Front shop/ }).waitFor();
        // Signing out is in view: drawn in the header's ink, not its background's colour.
        const colours = await page.evaluate<string[]>(
          `[...document.querySelectorAll("header.bar, header.bar button")].map((e) => {
            const style = getComputedStyle(e);
            return e.tagName === "HEADER" ? style.backgroundColor : style.color;
          })`,
        );
        expect(colours[1]).not.toBe(colours[0]);
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByLabel("API token").waitFor();
        expect(await storedToken(page)).toBeNull();
      },
      { expected: /status of 401/ },
    ),
  90_000,
);

browserTest(
  "a device whose token was revoked is sent back to sign in, told why",
  () =>
    inBrowser(
      async (page) => {
        const made = await deviceToken("Lost phone");
        await page.goto(`${app.server.base}/app/#token=${made.token}`);
        await page.getByRole("heading", { name: /Front shop/ }).waitFor();
        await revokeToken(app.db, { accountId: app.account.accountId, tokenId: made.id });
        await page.reload();
        await page
          .getByRole("alert")
          .getByText(/revoked/)
          .waitFor();
        await page.getByLabel("API token").waitFor();
        expect(await storedToken(page)).toBeNull();
      },
      { expected: /status of 401/ },
    ),
  90_000,
);

browserTest(
  "a token revoked while the count screen is open: saving a count signs the device out, told why, and writes nothing",
  () =>
    inBrowser(
      async (page) => {
        const made = await deviceToken("Phone on the floor");
        await page.goto(`${app.server.base}/app/#token=${made.token}`);
        await page.getByRole("link", { name: "Count", exact: true }).first().click();
        await page.getByLabel("Code or barcode").fill("SIGN-1");
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { name: "Signed" }).waitFor();
        await revokeToken(app.db, { accountId: app.account.accountId, tokenId: made.id });
        await page.getByLabel("Counted quantity").fill("4");
        await page.keyboard.press("Enter");
        // The sign-in screen, saying why: not the count screen showing the refusal.
        await page.getByLabel("API token").waitFor();
        await page
          .getByRole("alert")
          .getByText(/no longer accepted: it was revoked, or this server does not know it/)
          .waitFor();
        expect(await storedToken(page)).toBeNull();
        const counts = await call(
          app.server,
          "GET",
          `/stock-takes/${takeId}/counts`,
          app.account.token,
        );
        expect(counts.body.data).toEqual([]);
      },
      { expected: /status of 401/ },
    ),
  90_000,
);

browserTest(
  "a link opened in the app's own tab signs in at once and leaves no token in the address or history; one for another token asks before replacing the sign-in",
  () =>
    inBrowser(async (page) => {
      const first = await deviceToken("First phone");
      const second = await deviceToken("Second phone");
      await page.goto(`${app.server.base}/app/`);
      await page.getByLabel("API token").waitFor();
      // The same page: only the fragment changes, so the page does not load again.
      await page.evaluate(`location.hash = "token=${first.token}"`);
      await page.getByRole("heading", { name: /Front shop/ }).waitFor();
      expect(page.url()).toBe(`${app.server.base}/app/`);
      expect(await storedToken(page)).toBe(first.token);
      const visited = await page.evaluate<string[]>(`[location.href, document.referrer]`);
      expect(visited.join(" ")).not.toContain("token");

      // A link of the token already signed in changes nothing and asks nothing.
      await page.evaluate(`location.hash = "token=${first.token}"`);
      await page.waitForFunction(`!location.hash`);
      expect(await page.getByRole("alertdialog").count()).toBe(0);

      // Another token's link over the signed-in one: asked, and kept when declined.
      await page.evaluate(`location.hash = "token=${second.token}"`);
      const offer = page.getByRole("alertdialog", { name: "Sign in with this link?" });
      await offer.waitFor();
      expect(page.url()).toBe(`${app.server.base}/app/`);
      // Drawn where the person looks: inside the phone's screen.
      const box = (await offer.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      await screenshot(page, "sign-in-link-offer");
      await offer.getByRole("button", { name: "Keep the current sign-in" }).click();
      await offer.waitFor({ state: "detached" });
      expect(await storedToken(page)).toBe(first.token);

      // From another of the app's pages (a page load): asked too, and replaced when accepted.
      await page.goto(`${app.server.base}/app/lookup#token=${second.token}`);
      await offer.waitFor();
      expect(page.url()).toBe(`${app.server.base}/app/lookup`);
      expect(await storedToken(page)).toBe(first.token);
      await offer.getByRole("button", { name: "Sign in with the link" }).click();
      await offer.waitFor({ state: "detached" });
      expect(await storedToken(page)).toBe(second.token);
      // No history entry holds either token.
      const entries: string[] = [];
      for (let i = 0; i < 4; i++) {
        await page.goBack();
        entries.push(page.url());
      }
      expect(entries.join(" ")).not.toContain("token");
    }),
  90_000,
);
