// Every screen of the counting app scanned by axe-core in Debian's Chromium, on a phone's screen
// and a desktop's: no serious or critical violation (contrast, names, labels, roles, focus).
import type { Page } from "playwright-core";
import { accessibilityProblems, browserTest, inBrowser, PHONE } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

let device: string;
let manager: string;
let takeId: number;
let transferId: number;

beforeAll(async () => {
  device = await deviceToken(app, { hours: 1 });
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, {
    rows: [
      { code: "AXE-1", name: "Hammer", location: "A-01-01", opening_on_hand: 2 },
      { code: "AXE-2", name: "Saw", location: "B-01-01", opening_on_hand: 3 },
      { code: "AXE-3", name: "Drill", location: "C-01-01", opening_on_hand: 1 },
    ],
  });
  manager = await deviceToken(app, { name: "Manager", scopes: ["read", "count", "approve"] });
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: made.body.ids.slice(0, 2).map((r: { id: number }) => r.id) },
    reference: "Tools",
  });
  takeId = started.body.id;
  const store = await call(app.server, "POST", "/sites", app.account.token, {
    code: "AXE-STORE",
    name: "Store",
  });
  const home = (
    (await call(app.server, "GET", "/sites", app.account.token)).body.data as {
      id: number;
      is_default: boolean;
    }[]
  ).find((s) => s.is_default)!.id;
  const sent = await call(app.server, "POST", "/transfers", app.account.token, {
    from_site_id: home,
    to_site_id: store.body.id,
    reference: "DN-AXE",
    lines: [{ type: "sku", id: made.body.ids[2].id, qty: 1 }],
  });
  transferId = sent.body.id;
}, 120_000);

/** Each screen in a state worth scanning: the sign-in's refusal, the list, an item found. */
const screens: [string, (page: Page) => Promise<void>][] = [
  [
    "sign-in, with a refusal shown",
    async (page) => {
      await page.goto(`${app.server.base}/app/`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").waitFor();
    },
  ],
  [
    "the stock takes to count",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${device}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
    },
  ],
  [
    "the count screen, an item found, progress by area open",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${device}`);
      // Signed in (the link's token is kept when the app first renders) before going on.
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/stock-takes/${takeId}/count`);
      await page.getByLabel("Code or barcode").fill("AXE-1");
      await page.keyboard.press("Enter");
      await page.getByLabel("Counted quantity").waitFor();
      await page.getByText("By area").click();
    },
  ],
  [
    "the start of a stock take, its preview shown",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/start`);
      await page.getByLabel("Some areas").check();
      await page.getByLabel(/^Areas/).fill("C");
      await page.getByLabel(/^Accept counts within a tolerance/).check();
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("region", { name: "It will freeze 1 line" }).waitFor();
    },
  ],
  [
    "cycle counts",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/cycle-counts`);
      await page.getByRole("heading", { name: /^Count every/ }).waitFor();
    },
  ],
  [
    "reports",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/reports`);
      await page.getByRole("heading", { name: /^Record accuracy/ }).waitFor();
    },
  ],
  [
    "receiving a delivery, an item scanned",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/transfers/${transferId}/receive`);
      await page.getByLabel("Scan or type a code").fill("AXE-3");
      await page.keyboard.press("Enter");
      await page.getByText("Drill: 1 of 1").waitFor();
    },
  ],
  [
    "the catalog, its import unfolded",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/catalog`);
      await page.getByRole("link", { name: "AXE-1" }).waitFor();
      await page.getByText("Import SKUs from a CSV file").click();
    },
  ],
  [
    "the sites, adding one unfolded",
    async (page) => {
      await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
      await page.getByRole("heading", { name: /Tools/ }).waitFor();
      await page.goto(`${app.server.base}/app/sites`);
      await page.getByRole("link", { name: "MAIN" }).waitFor();
      await page.getByText("Add a site").click();
    },
  ],
];

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  for (const [screen, open] of screens) {
    browserTest(
      `${screen} (${viewport.width} px wide) has no serious or critical accessibility violation`,
      () =>
        inBrowser(
          async (page) => {
            await open(page);
            expect(await accessibilityProblems(page)).toEqual([]);
          },
          { viewport },
        ),
      60_000,
    );
  }
}

browserTest(
  "the scan finds a violation when a screen has one (an input without a label)",
  () =>
    inBrowser(async (page) => {
      await page.goto(`${app.server.base}/app/`);
      await page.getByLabel("API token").waitFor();
      await page.evaluate(`document.querySelector("main").append(document.createElement("input"))`);
      expect((await accessibilityProblems(page)).join("\n")).toMatch(/^label: /m);
    }),
  60_000,
);
