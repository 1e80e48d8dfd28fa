// Counting where the network does not reach, in Debian's Chromium: counts made with the network
// cut wait on the device (IndexedDB), survive the page being closed, and are sent once when the
// network is back; a count whose answer was lost is sent again with its idempotency key and
// recorded once. Checked through the API's count log, which keeps every count received.
import type { BrowserContext, Page } from "playwright-core";
import { browserTest, launchBrowser, PHONE } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

let device: string;

beforeAll(async () => {
  device = await deviceToken(app, { hours: 1 });
}, 120_000);

let tag = 0;

/** A stock take of SKUs with these codes (tagged); their codes as made. */
async function stockTake(codes: string[]): Promise<{ id: number; codes: string[] }> {
  const t = ++tag;
  const rows = codes.map((c) => ({ code: `${c}-${t}`, name: `Item ${c}`, opening_on_hand: 1 }));
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: made.body.ids.map((r: { id: number }) => r.id) },
  });
  expect(started.status).toBe(201);
  return { id: started.body.id, codes: rows.map((r) => r.code) };
}

/** Every count the API received for the stock take, as [code, quantity], oldest first. */
async function countLog(id: number): Promise<[string, number][]> {
  const res = await call(
    app.server,
    "GET",
    `/stock-takes/${id}/counts?limit=1000`,
    app.account.token,
  );
  expect(res.status).toBe(200);
  return res.body.data.map((c: { code: string; quantity: number }) => [c.code, c.quantity]);
}

/** A browser context (its IndexedDB shared by its pages) and a problem list for its pages. */
async function withContext(use: (context: BrowserContext) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  try {
    await use(await browser.newContext({ viewport: PHONE, locale: "en" }));
  } finally {
    await browser.close();
  }
}

async function openCount(page: Page, id: number): Promise<void> {
  await page.goto(`${app.server.base}/app/#token=${device}`);
  await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
  await page.goto(`${app.server.base}/app/stock-takes/${id}/count`);
  await page.getByLabel("Code or barcode").waitFor();
}

async function count(page: Page, code: string, quantity: string): Promise<void> {
  await page.getByLabel("Code or barcode").fill(code);
  await page.keyboard.press("Enter");
  await page.getByLabel("Counted quantity").waitFor();
  await page.getByLabel("Counted quantity").fill(quantity);
  await page.keyboard.press("Enter");
  await page.getByLabel("Counted quantity").waitFor({ state: "detached" });
}

browserTest(
  "counts made with the network cut wait on the device, and are sent once when it is back",
  () =>
    withContext(async (context) => {
      const take = await stockTake(["SEEN", "UNSEEN", "OTHER"]);
      const [seen, unseen] = take.codes;
      const page = await context.newPage();
      await openCount(page, take.id);
      // Found while the network was up: the device knows its line.
      await page.getByLabel("Code or barcode").fill(seen!);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Item SEEN" }).waitFor();
      await page.getByLabel("Code or barcode").fill("");

      await context.setOffline(true);
      await count(page, seen!, "2");
      await page.getByText(/Kept on this device: 2 × Item SEEN/).waitFor();
      await page.getByText("1 count waiting to be sent").waitFor();
      // Never seen on this device: counted unchecked, found when sent.
      await count(page, unseen!, "5");
      await count(page, "NOT-IN-IT", "1");
      await page.getByText("3 counts waiting to be sent").waitFor();
      expect(await countLog(take.id)).toEqual([]);
      // The page is closed before the network is back: the counts wait in the browser's storage.
      await page.close();

      await context.setOffline(false);
      const again = await context.newPage();
      await openCount(again, take.id);
      await again.getByRole("status").getByText("2 of 3 counted").waitFor({ timeout: 30_000 });
      await again.getByText(/NOT-IN-IT is not in this stock take/).waitFor();
      expect(await again.getByText(/waiting to be sent/).count()).toBe(0);
      expect(await countLog(take.id)).toEqual([
        [seen, 2],
        [unseen, 5],
      ]);
      // A refusal would come again: nothing to send again, only to let go, for good.
      expect(await again.getByRole("button", { name: /^Send 1 × NOT-IN-IT again$/ }).count()).toBe(
        0,
      );
      await again.getByRole("button", { name: "Let 1 × NOT-IN-IT go" }).click();
      await again.getByText(/NOT-IN-IT is not in this stock take/).waitFor({ state: "detached" });
      await again.reload();
      await again.getByRole("status").getByText("2 of 3 counted").waitFor({ timeout: 30_000 });
      expect(await again.getByText("Counts not taken").count()).toBe(0);
    }),
  120_000,
);

browserTest(
  "a count kept while offline says it was sent once the network is back",
  () =>
    withContext(async (context) => {
      const take = await stockTake(["LATER"]);
      const page = await context.newPage();
      await openCount(page, take.id);
      await context.setOffline(true);
      await count(page, take.codes[0]!, "3");
      // Never seen on this device: said by its code.
      await page.getByText(`Kept on this device: 3 × ${take.codes[0]}.`).waitFor();
      await context.setOffline(false);
      await page.getByText(`Sent: 3 × ${take.codes[0]}.`).waitFor({ timeout: 30_000 });
      expect(await page.getByText(/Kept on this device/).count()).toBe(0);
      expect(await countLog(take.id)).toEqual([[take.codes[0], 3]]);
    }),
  120_000,
);

browserTest(
  "a count whose answer was lost is sent again with its key, and recorded once",
  () =>
    withContext(async (context) => {
      const take = await stockTake(["LOST"]);
      const page = await context.newPage();
      let lost = 0;
      // The first save reaches the API, which records it; its answer never reaches the app.
      await page.route("**/graphql", async (route) => {
        if (lost === 0 && route.request().postData()?.includes("SaveCount")) {
          lost++;
          await route.fetch();
          await route.abort("connectionreset");
          return;
        }
        await route.continue();
      });
      await openCount(page, take.id);
      await count(page, take.codes[0]!, "4");
      await page.getByText(/Kept on this device: 4 × Item LOST/).waitFor();
      // Tried again within seconds, with the same key: replayed, not recorded again.
      await page.getByRole("status").getByText("1 of 1 counted").waitFor({ timeout: 30_000 });
      await page.getByText(/waiting to be sent/).waitFor({ state: "detached", timeout: 30_000 });
      expect(lost).toBe(1);
      expect(await countLog(take.id)).toEqual([[take.codes[0], 4]]);
    }),
  120_000,
);

browserTest(
  "a count the server keeps failing on is given up after a few tries and listed, and the counts behind it are sent",
  () =>
    withContext(async (context) => {
      const take = await stockTake(["POISON", "NEXT"]);
      const page = await context.newPage();
      // The idempotency key of every try of the first item's count.
      const keys: string[] = [];
      const keyOf = (body: string) =>
        (JSON.parse(body) as { variables: { input: { idempotencyKey: string } } }).variables.input
          .idempotencyKey;
      page.on("request", (request) => {
        const body = request.postData() ?? "";
        if (body.includes("SaveCount") && body.includes(`"countedQty":9`)) keys.push(keyOf(body));
      });
      // Every save of the first item fails on the server (500), as a bug would.
      await page.route("**/graphql", async (route) => {
        const body = route.request().postData() ?? "";
        if (body.includes("SaveCount") && body.includes(`"countedQty":9`)) {
          await route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({
              errors: [{ message: "internal error", extensions: { code: "INTERNAL" } }],
            }),
          });
          return;
        }
        await route.continue();
      });
      await openCount(page, take.id);
      await count(page, take.codes[0]!, "9");
      await page.getByText(/Kept on this device: 9 × Item POISON/).waitFor();
      // Each later save tries the queue again, oldest first.
      for (let i = 0; i < 5; i++) await count(page, take.codes[1]!, String(i + 1));
      await page
        .getByRole("alert")
        .getByText(/9 × Item POISON: Something went wrong on the server/)
        .waitFor({ timeout: 60_000 });
      await page.getByText(/waiting to be sent/).waitFor({ state: "detached", timeout: 30_000 });
      const log = await countLog(take.id);
      expect(log.map(([code]) => code)).not.toContain(take.codes[0]);
      expect(log.at(-1)).toEqual([take.codes[1], 5]);

      // Kept on the device, listed again after a reload; once the server is mended, sent again.
      await page.reload();
      const poison = page.getByRole("alert").getByText(/9 × Item POISON: Something went wrong/);
      await poison.waitFor({ timeout: 30_000 });
      await page.unroute("**/graphql");
      await page.getByRole("button", { name: "Send 9 × Item POISON again" }).click();
      await poison.waitFor({ state: "detached", timeout: 30_000 });
      await page.getByText(/waiting to be sent/).waitFor({ state: "detached", timeout: 30_000 });
      expect((await countLog(take.id)).at(-1)).toEqual([take.codes[0], 9]);
      // Every try, "Send again" included, carried the key the count was made with.
      expect(keys.length).toBeGreaterThanOrEqual(6);
      expect(new Set(keys).size).toBe(1);
    }),
  120_000,
);

browserTest(
  "a count is sent only by the sign-in that made it, stamped when it was made; another sign-in lists it and sends its own",
  () =>
    withContext(async (context) => {
      const take = await stockTake(["OWNED", "MINE"]);
      const [owned, mine] = take.codes;
      const other = await deviceToken(app, { name: "Other phone", hours: 1 });
      const page = await context.newPage();
      await openCount(page, take.id);
      await page.getByLabel("Code or barcode").fill(owned!);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Item OWNED" }).waitFor();
      await page.getByLabel("Code or barcode").fill("");
      await context.setOffline(true);
      const made = Date.now();
      await count(page, owned!, "3");
      await page.getByText("1 count waiting to be sent").waitFor();
      await page.close();
      // Sent minutes later in real life; seconds here.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await context.setOffline(false);

      // Another token signs in on the device (asked first, as one is signed in).
      const second = await context.newPage();
      await second.goto(`${app.server.base}/app/#token=${other}`);
      await second.getByRole("button", { name: "Sign in with the link" }).click();
      await second.goto(`${app.server.base}/app/stock-takes/${take.id}/count`);
      await second.getByRole("heading", { name: "Counts made under another sign-in" }).waitFor();
      await second.getByText(/3 × Item OWNED, counted/).waitFor();
      // Its own count is sent; the one before it, another token's, is not.
      await count(second, mine!, "7");
      await second.getByText(/Saved: 7 × Item MINE/).waitFor();
      expect(await countLog(take.id)).toEqual([[mine, 7]]);
      expect(await second.getByText(/waiting to be sent/).count()).toBe(0);

      // The token that made it signs in again: sent under its name, as of when it was made.
      await second.goto(`${app.server.base}/app/#token=${device}`);
      await second.getByRole("button", { name: "Sign in with the link" }).click();
      await second.goto(`${app.server.base}/app/stock-takes/${take.id}/count`);
      await second.getByRole("status").getByText("2 of 2 counted").waitFor({ timeout: 30_000 });
      expect(await second.getByText("Counts made under another sign-in").count()).toBe(0);
      const log = await call(
        app.server,
        "GET",
        `/stock-takes/${take.id}/counts`,
        app.account.token,
      );
      const counts = log.body.data as {
        code: string;
        counter: string;
        counted_at: string;
        received_at: string;
      }[];
      expect(counts.map((c) => [c.code, c.counter])).toEqual([
        [mine, "Other phone"],
        [owned, "Scanner"],
      ]);
      const sent = counts[1]!;
      expect(Math.abs(Date.parse(sent.counted_at) - made)).toBeLessThan(1500);
      expect(Date.parse(sent.received_at) - Date.parse(sent.counted_at)).toBeGreaterThan(1500);
    }),
  120_000,
);
