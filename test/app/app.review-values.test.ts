// Review in money in the counting app, in Debian's Chromium on a phone, as a manager whose token
// may see costs: what the differences are worth, the lines ordered by value, a tolerance in money
// beside the units', and the lines the stock take accepted as they were counted marked so; a
// reviewer whose token may not see money sees units only. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

let takeId: number;
let ids: number[];

beforeAll(async () => {
  const currency = await call(app.server, "PATCH", "/account", app.account.token, {
    currency: "EUR",
  });
  expect(currency.status).toBe(200);
  // code, cost, on hand, counted: −20 × 0.50, −1 × 120.00, +5 × 2.00, exact, +3 without a cost.
  const items = [
    ["CHEAP", 0.5, 100, 80],
    ["DEAR", 120, 10, 9],
    ["GAIN", 2, 10, 15],
    ["EXACT", 5, 10, 10],
    ["NOCOST", null, 10, 13],
  ] as const;
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, {
    rows: items.map(([code, cost, onHand]) => ({
      code,
      name: `Item ${code}`,
      opening_on_hand: onHand,
      ...(cost ? { unit_cost: cost } : {}),
    })),
  });
  expect(made.status).toBe(200);
  ids = made.body.ids.map((r: { id: number }) => r.id);
  // Counts equal to what was expected are accepted as they arrive.
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: ids },
    reference: "Month end",
    auto_accept: { abs: 0, pct: 0 },
  });
  expect(started.status).toBe(201);
  takeId = started.body.id;
  const counted = await call(
    app.server,
    "POST",
    `/stock-takes/${takeId}/input`,
    app.account.token,
    {
      counts: items.map(([, , , qty], i) => ({ type: "sku", id: ids[i], counted_qty: qty })),
    },
  );
  expect(counted.status).toBe(200);
}, 120_000);

/** A token of a manager who may see money, for an hour. */
const managerToken = () =>
  deviceToken(app, { name: "Manager", scopes: ["read", "count", "approve", "costs"], hours: 1 });

browserTest(
  "review in money: what the differences are worth, ordered by value, accepted within an amount; the automatic acceptances marked",
  () =>
    inBrowser(async (page) => {
      const manager = await managerToken();
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
      await page.goto(`${app.server.base}/app/stock-takes/${takeId}/review`);
      await page.getByRole("heading", { name: /Review: Month end/ }).waitFor();
      await page
        .getByText(
          "Worth: found €10.00, lost -€130.00, net -€120.00; €140.00 off in all, over 4 lines with a cost.",
        )
        .waitFor();
      await page
        .getByRole("status")
        .getByText(/1 accepted \(1 automatically\)/)
        .waitFor();
      const table = page.getByRole("table");
      const codes = async () =>
        (await table.locator("tbody th").allInnerTexts()).map((t) => t.split(/\s/)[0]);
      await table.getByText("accepted automatically").waitFor();
      expect(await table.getByRole("row", { name: /EXACT/ }).innerText()).toMatch(
        /accepted automatically/,
      );
      // In units: 20, 5, 3, 1, 0.
      expect(await codes()).toEqual(["CHEAP", "GAIN", "NOCOST", "DEAR", "EXACT"]);
      expect(await table.getByRole("row", { name: /DEAR/ }).innerText()).toMatch(/-€120\.00/);

      await page.getByRole("radio", { name: "value" }).check();
      await table.getByText("Counted lines with a cost, largest value first").waitFor();
      // In value: 120.00, then the two tens in walking order, then 0; no line without a cost.
      await table.locator("tbody th", { hasText: "NOCOST" }).waitFor({ state: "detached" });
      expect(await codes()).toEqual(["DEAR", "CHEAP", "GAIN", "EXACT"]);
      await screenshot(page, "review-values");
      expect(await accessibilityProblems(page)).toEqual([]);

      // Within 100 units and within 10.00: the two lines worth 10.00, and the one without a cost
      // (on units alone); not the 120.00 one.
      await page.getByLabel("Tolerance in units").fill("100");
      await page.getByLabel("Tolerance in EUR").fill("10");
      await page.getByRole("button", { name: "Accept within tolerance" }).click();
      await page
        .getByRole("status")
        .getByText(/4 accepted \(1 automatically\)/)
        .waitFor();
      await page.getByText(/within 100 units or 0% and within €10\.00\./).waitFor();
      const lines = await call(
        app.server,
        "GET",
        `/stock-takes/${takeId}/lines?limit=10`,
        app.account.token,
      );
      const states = Object.fromEntries(
        (lines.body.data as { code: string; state: string }[]).map((l) => [l.code, l.state]),
      );
      expect(states).toEqual({
        CHEAP: "accepted",
        DEAR: "counted",
        GAIN: "accepted",
        EXACT: "accepted",
        NOCOST: "accepted",
      });
    }),
  120_000,
);

browserTest("a reviewer whose token may not see money reviews in units only", () =>
  inBrowser(async (page) => {
    const reviewer = await deviceToken(app, {
      name: "Reviewer",
      scopes: ["read", "count", "approve"],
      hours: 1,
    });
    await page.goto(`${app.server.base}/app/#token=${reviewer}`);
    await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
    await page.goto(`${app.server.base}/app/stock-takes/${takeId}/review`);
    await page.getByRole("heading", { name: /Review: Month end/ }).waitFor();
    await page.getByRole("table").getByRole("row", { name: /DEAR/ }).waitFor();
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/€|Worth|value/);
    expect(await page.getByLabel("Tolerance in EUR").count()).toBe(0);
    expect(await page.getByRole("radio").count()).toBe(0);
  }),
);

browserTest(
  "the order chosen while the first lines are still being read is the order the table shows",
  () =>
    inBrowser(async (page) => {
      const manager = await managerToken();
      // The first read of the lines, in units, is held on its way until the order is changed.
      let seen!: () => void;
      const firstRead = new Promise<void>((resolve) => (seen = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/graphql", async (route) => {
        const body = route.request().postData() ?? "";
        if (body.includes("query LinesByDifference") && body.includes('"DIFFERENCE"')) {
          seen();
          await released;
        }
        await route.continue();
      });
      await page.goto(`${app.server.base}/app/#token=${manager}`);
      await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
      await page.goto(`${app.server.base}/app/stock-takes/${takeId}/review`);
      await firstRead;
      await page.getByRole("radio", { name: "value" }).check();
      release();
      const table = page.getByRole("table");
      await table.getByText("Counted lines with a cost, largest value first").waitFor();
      await table.locator("tbody th", { hasText: "DEAR" }).waitFor();
      const codes = (await table.locator("tbody th").allInnerTexts()).map((t) => t.split(/\s/)[0]);
      expect(codes).toEqual(["DEAR", "CHEAP", "GAIN", "EXACT"]);
    }),
);
