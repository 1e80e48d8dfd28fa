// Signing counting devices in from the counting app, in Debian's Chromium: a manager whose token
// may issue tokens issues a device's token, shown once as a sign-in link and its QR code; the
// link signs the device in with count only (it sees no stock levels) unless more is asked for; revoking it sends the device back to sign
// in. A counting token may not issue tokens, and is told so.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call, startServer, stopProcess } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

beforeAll(async () => {
  // The account's admin token (as the command line makes it): every scope, tokens included.
  await call(app.server, "POST", "/skus", app.account.token, { code: "DEV-1", name: "Device" });
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {});
  expect(started.status).toBe(201);
}, 120_000);

browserTest(
  "a manager issues a device's token as a link and a QR code; the link signs the device in; revoking it signs the device out",
  () =>
    inBrowser(
      async (page) => {
        await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
        await page.getByRole("link", { name: "Devices" }).click();
        // A device needs a name: said under its field, in view on the phone's screen.
        await page.getByLabel("Valid for (hours)").fill("12");
        await page.getByRole("button", { name: "Issue token" }).click();
        const unnamed = page.locator("#name-problem");
        await unnamed.getByText("Name the device.").waitFor();
        const box = (await unnamed.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(740);
        expect(await page.getByLabel("Device name").getAttribute("aria-describedby")).toBe(
          "name-problem",
        );
        await page.getByLabel("Device name").fill("Scanner 9");
        await page.getByLabel("Valid for (hours)").fill("12");
        await page.getByRole("button", { name: "Issue token" }).click();
        await page
          .getByRole("img", { name: "QR code of the sign-in link for Scanner 9" })
          .waitFor();
        const link = await page.getByLabel("Sign-in link").inputValue();
        expect(link).toMatch(new RegExp(`^${app.server.base}/app/#token=cp_`));
        // Without PUBLIC_URL, the app's own address: this computer's, which a phone cannot open.
        await page.getByText(/This link points at this computer \(localhost\)/).waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
        await page
          .getByRole("img", { name: "QR code of the sign-in link for Scanner 9" })
          .scrollIntoViewIfNeeded();
        await screenshot(page, "devices");

        // What the API says of it: count only, expiring in 12 hours.
        const listed = await call(app.server, "GET", "/tokens", app.account.token);
        const made = listed.body.data.find((t: { name: string }) => t.name === "Scanner 9");
        expect(made.scopes).toEqual(["count"]);
        const hours = (Date.parse(made.expires_at) - Date.now()) / 3600_000;
        expect(hours).toBeGreaterThan(11.9);
        expect(hours).toBeLessThanOrEqual(12);

        // The device opens the link.
        const device = await page.context().browser()!.newContext({ locale: "en" });
        const phone = await device.newPage();
        await phone.goto(link);
        await phone.getByRole("heading", { name: "Stock takes to count" }).waitFor();
        expect(phone.url()).toBe(`${app.server.base}/app/`);
        // It lists and opens the stock take to count; looking up stock is not offered to it.
        await phone.getByText("Signed in as Scanner 9").waitFor();
        await phone.getByRole("link", { name: "Count", exact: true }).first().click();
        await phone.getByLabel("Code or barcode").waitFor();
        expect(await phone.getByRole("link", { name: "Look up" }).count()).toBe(0);
        await phone.getByRole("link", { name: "Countpoint" }).click();
        await phone.getByRole("heading", { name: "Stock takes to count" }).waitFor();

        // Asked for more, the manager gets it.
        await page.getByLabel("Device name").fill("Tablet 2");
        await page.getByLabel("Count and look up stock (on hand, movements)").check();
        await page.getByRole("button", { name: "Issue token" }).click();
        await page.getByRole("img", { name: "QR code of the sign-in link for Tablet 2" }).waitFor();
        const tablet = (await call(app.server, "GET", "/tokens", app.account.token)).body.data.find(
          (t: { name: string }) => t.name === "Tablet 2",
        );
        expect(tablet.scopes).toEqual(["read", "count"]);

        // Revoking asks first; kept, nothing changes.
        await page.getByRole("button", { name: "Revoke Scanner 9" }).click();
        const confirm = page.getByRole("dialog", { name: "Revoke Scanner 9?" });
        await confirm.getByRole("button", { name: "Keep it" }).click();
        await confirm.waitFor({ state: "hidden" });
        expect(
          (await call(app.server, "GET", "/tokens", app.account.token)).body.data.find(
            (t: { name: string }) => t.name === "Scanner 9",
          ).revoked_at,
        ).toBeNull();
        await page.getByRole("button", { name: "Revoke Scanner 9" }).click();
        await confirm.getByRole("button", { name: "Revoke Scanner 9" }).click();
        await page
          .getByText(/revoked/)
          .first()
          .waitFor();
        await phone.reload();
        await phone
          .getByRole("alert")
          .getByText(/revoked/)
          .waitFor();
        // The link on the screen is Tablet 2's: revoked, it is taken off the screen.
        await page.getByRole("heading", { name: "Sign-in link for Tablet 2" }).waitFor();
        await page.getByRole("button", { name: "Revoke Tablet 2" }).click();
        await page
          .getByRole("dialog", { name: "Revoke Tablet 2?" })
          .getByRole("button", { name: "Revoke Tablet 2" })
          .click();
        await page
          .getByRole("heading", { name: "Sign-in link for Tablet 2" })
          .waitFor({ state: "detached" });
        expect(await page.getByLabel("Sign-in link").count()).toBe(0);
        await device.close();
      },
      { expected: /status of 401/ },
    ),
  120_000,
);

browserTest(
  "a counting token is offered no manager's screen, and one opened by its address says what the token may not do",
  () =>
    inBrowser(async (page) => {
      const token = await deviceToken(app, { name: "Counter", hours: 1 });
      await page.goto(`${app.server.base}/app/#token=${token}`);
      await page.getByText("Signed in as Counter").waitFor();
      const card = page.getByRole("listitem").first();
      await card.getByRole("link", { name: "Count", exact: true }).waitFor();
      expect(await card.getByRole("link", { name: "Review" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Devices" }).count()).toBe(0);
      await page.getByRole("link", { name: "Look up" }).waitFor();

      for (const [path, said] of [
        ["/app/devices", /may not give devices their tokens/],
        ["/app/stock-takes/1/review", /may not review stock takes/],
      ] as const) {
        await page.goto(`${app.server.base}${path}`);
        await page.getByRole("heading", { name: "Not with this sign-in" }).waitFor();
        await page.getByRole("alert").getByText(said).waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
      }
      await page.getByRole("link", { name: "Back to the stock takes" }).click();
      await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
    }),
  120_000,
);

browserTest(
  "the manager's own token is marked on the devices screen and offers no revoke",
  () =>
    inBrowser(async (page) => {
      const name = (await call(app.server, "GET", "/viewer", app.account.token)).body.token.name;
      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.getByRole("link", { name: "Devices" }).click();
      const own = page.getByRole("listitem").filter({ hasText: "this sign-in" });
      await own.getByRole("heading", { name: new RegExp(name) }).waitFor();
      await own.getByText("Sign out to stop using it here.").waitFor();
      expect(await own.getByRole("button", { name: /Revoke/ }).count()).toBe(0);
      expect(await page.getByText("this sign-in").count()).toBe(1);
    }),
  120_000,
);

browserTest(
  "with PUBLIC_URL set, a device's sign-in link and QR code point at the service's public address",
  async () => {
    const server = await startServer([], { env: { PUBLIC_URL: "https://stock.example.com/" } });
    try {
      await inBrowser(async (page) => {
        await page.goto(`${server.base}/app/#token=${app.account.token}`);
        await page.getByRole("link", { name: "Devices" }).click();
        await page.getByLabel("Device name").fill("Scanner 11");
        await page.getByRole("button", { name: "Issue token" }).click();
        await page
          .getByRole("img", { name: "QR code of the sign-in link for Scanner 11" })
          .waitFor();
        const link = await page.getByLabel("Sign-in link").inputValue();
        expect(link).toMatch(/^https:\/\/stock\.example\.com\/app\/#token=cp_/);
        expect(await page.getByText(/points at this computer/).count()).toBe(0);
      });
    } finally {
      await stopProcess(server);
    }
  },
  120_000,
);
