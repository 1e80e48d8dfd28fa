// Deliveries between sites in the app, in Debian's Chromium, on a phone: a manager sends one by
// scanning what goes in it (more than the site holds refused in view, naming the item); a store's
// device sees what is on its way there, opens a transfer, scans what arrived (a barcode, a code in
// another case; a code not on it refused in view), and receives it, closing it short: what never
// came is written off. A counting device is offered none of it. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

/** A new site of the account (its id), and SKUs of these rows at the default site (their ids). */
async function storeAndSkus(
  code: string,
  rows: { code: string; name: string; opening_on_hand: number; barcodes?: string[] }[],
): Promise<{ store: number; ids: number[] }> {
  const site = await call(app.server, "POST", "/sites", app.account.token, {
    code,
    name: code.replace("STORE-", "Store "),
  });
  expect(site.status).toBe(201);
  const made = await call(app.server, "POST", "/skus/bulk", app.account.token, { rows });
  expect(made.status).toBe(200);
  return { store: site.body.id, ids: (made.body.ids as { id: number }[]).map((r) => r.id) };
}

browserTest(
  "a store's device receives a delivery by scanning what arrived, and closes it short",
  () =>
    inBrowser(
      async (page) => {
        const admin = app.account.token;
        const {
          store,
          ids: [mug, saucer],
        } = await storeAndSkus("STORE-7", [
          { code: "TR-A", name: "Mug, blue", barcodes: ["4006381333931"], opening_on_hand: 10 },
          { code: "TR-B", name: "Saucer", opening_on_hand: 5 },
        ]);
        const sites = await call(app.server, "GET", "/sites", admin);
        const home = (sites.body.data as { id: number; is_default: boolean }[]).find(
          (s) => s.is_default,
        )!.id;
        const sent = await call(app.server, "POST", "/transfers", admin, {
          from_site_id: home,
          to_site_id: store,
          reference: "DN-7",
          lines: [
            { type: "sku", id: mug, qty: 3 },
            { type: "sku", id: saucer, qty: 2 },
          ],
        });
        expect(sent.status).toBe(201);
        const device = await call(app.server, "POST", "/tokens", admin, {
          name: "Store 7 back door",
          scopes: ["read", "adjust"],
          site_ids: [store],
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        });
        expect(device.status).toBe(201);

        await page.goto(`${app.server.base}/app/#token=${device.body.token}`);
        await page.getByRole("link", { name: "Deliveries" }).click();
        const card = page.getByRole("listitem").filter({ hasText: "DN-7" });
        await card.getByText("2 items").waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "deliveries");
        await card.getByRole("link", { name: `Receive #${sent.body.id}` }).click();
        await page.getByRole("heading", { name: `Receive #${sent.body.id} · DN-7` }).waitFor();

        const scan = page.getByLabel("Scan or type a code");
        for (const code of ["4006381333931", "04006381333931", "4006381333931", "tr-b"]) {
          await scan.fill(code);
          await scan.press("Enter");
        }
        await page.getByText("Saucer: 1 of 2").waitFor();
        expect(await page.getByLabel("Arrived of TR-A").inputValue()).toBe("3");
        expect(await page.getByLabel("Arrived of TR-B").inputValue()).toBe("1");
        // A code not on the transfer: refused under the field, in view, nothing counted.
        await scan.fill("NOPE-1");
        await scan.press("Enter");
        const refusal = page.getByRole("alert");
        await refusal.getByText('"NOPE-1" is not on this transfer', { exact: false }).waitFor();
        const box = await refusal.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        expect(await scan.getAttribute("aria-describedby")).toBe("receive-scan-problem");
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "receive-transfer");

        // Two saucers too many scanned: the receipt is refused in view, nothing written.
        for (let i = 0; i < 2; i++) {
          await scan.fill("TR-B");
          await scan.press("Enter");
        }
        await page.getByText("Saucer: 3 of 2 (more than was sent)").waitFor();
        await page.getByLabel(/^Nothing more will come/).check();
        const receive = page.getByRole("button", { name: "Receive and close" });
        await receive.click();
        const over = page
          .getByRole("alert")
          .filter({ hasText: "More arrived of TR-B than is on its way (2)" });
        await over.waitFor();
        const overBox = await over.boundingBox();
        expect(overBox!.y + overBox!.height).toBeLessThanOrEqual(740);
        await screenshot(page, "receive-refused");
        await page.getByLabel("Arrived of TR-B").fill("1");
        await receive.click();
        await page.getByText("Nothing is on its way to Store 7.").waitFor();

        const transfer = await call(app.server, "GET", `/transfers/${sent.body.id}`, admin);
        expect(transfer.body.status).toBe("received");
        expect(
          (transfer.body.lines as { id: number; received_qty: number; lost_qty: number }[]).map(
            (l) => [l.id, l.received_qty, l.lost_qty],
          ),
        ).toEqual([
          [mug, 3, 0],
          [saucer, 1, 1],
        ]);
        const atStore = async (id: number) =>
          (await call(app.server, "GET", `/skus/${id}?site_id=${store}`, admin)).body.on_hand;
        expect([await atStore(mug!), await atStore(saucer!)]).toEqual([3, 1]);

        // A delivery of which nothing came: closed with nothing scanned, all of it written off.
        const lost = await call(app.server, "POST", "/transfers", admin, {
          from_site_id: home,
          to_site_id: store,
          reference: "DN-9",
          lines: [{ type: "sku", id: mug, qty: 1 }],
        });
        expect(lost.status).toBe(201);
        await page.goto(`${app.server.base}/app/transfers/${lost.body.id}/receive`);
        await page.getByLabel(/^Nothing more will come/).check();
        await page.getByRole("button", { name: "Receive and close" }).click();
        await page.getByText("Nothing is on its way to Store 7.").waitFor();
        const closed = await call(app.server, "GET", `/transfers/${lost.body.id}`, admin);
        expect(closed.body).toMatchObject({
          status: "received",
          lines: [{ id: mug, received_qty: 0, lost_qty: 1 }],
        });
        expect(await atStore(mug!)).toBe(3);
      },
      { viewport: { width: 360, height: 740 } },
    ),
  150_000,
);

browserTest(
  "a manager sends a delivery to another site by scanning what goes in it",
  () =>
    inBrowser(
      async (page) => {
        const admin = app.account.token;
        const {
          store,
          ids: [teapot, tray],
        } = await storeAndSkus("STORE-8", [
          { code: "TS-A", name: "Teapot", barcodes: ["036000291452"], opening_on_hand: 6 },
          { code: "TS-B", name: "Tray", opening_on_hand: 2 },
        ]);
        const manager = await deviceToken(app, { name: "Manager", scopes: ["read", "adjust"] });

        await page.goto(`${app.server.base}/app/#token=${manager}`);
        await page.getByRole("link", { name: "Deliveries" }).click();
        await page.getByRole("link", { name: "Send to another site" }).click();
        await page.getByLabel("To", { exact: true }).selectOption({ label: "Store 8" });
        const scan = page.getByLabel("Scan or type a code");
        // Scanned one after another without waiting for each look-up: none is lost.
        for (const code of ["036000291452", "ts-a", "TS-B"]) {
          await scan.fill(code);
          await scan.press("Enter");
        }
        const toSend = (code: string) => page.getByLabel(`Send of ${code}`).inputValue();
        await page.getByLabel("Send of TS-B").waitFor();
        for (let i = 0; i < 100 && (await toSend("TS-A")) !== "2"; i++) {
          await page.waitForTimeout(50);
        }
        expect([await toSend("TS-A"), await toSend("TS-B")]).toEqual(["2", "1"]);
        // More trays than the site holds: refused in view, naming the item; nothing sent.
        await page.getByLabel("Send of TS-B").fill("5");
        await page.getByLabel(/^Reference/).fill("DN-8");
        const send = page.getByRole("button", { name: "Send", exact: true });
        await send.click();
        const refusal = page
          .getByRole("alert")
          .filter({ hasText: "There are only 2 of TS-B here" });
        await refusal.waitFor();
        const box = await refusal.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(740);
        expect(await accessibilityProblems(page)).toEqual([]);
        await screenshot(page, "send-transfer");
        await page.getByLabel("Send of TS-B").fill("1");
        await send.click();
        const sent = page.getByText(/^Sent: transfer #(\d+), 2 items on their way to Store 8\.$/);
        await sent.waitFor();
        const id = Number(/#(\d+)/.exec(await sent.innerText())![1]);

        const transfer = await call(app.server, "GET", `/transfers/${id}`, admin);
        expect(transfer.body).toMatchObject({
          status: "in_transit",
          to_site_id: store,
          reference: "DN-8",
        });
        expect(
          (transfer.body.lines as { id: number; qty: number }[]).map((l) => [l.id, l.qty]),
        ).toEqual([
          [teapot, 2],
          [tray, 1],
        ]);
        const here = async (sku: number) =>
          (await call(app.server, "GET", `/skus/${sku}`, admin)).body.on_hand;
        expect([await here(teapot!), await here(tray!)]).toEqual([4, 1]);
      },
      { viewport: { width: 360, height: 740 } },
    ),
  150_000,
);

browserTest("a counting device is offered no deliveries, and the address tells it why", () =>
  inBrowser(async (page) => {
    const counter = await deviceToken(app, { name: "Scanner 4", scopes: ["read", "count"] });
    await page.goto(`${app.server.base}/app/#token=${counter}`);
    await page.getByText("Signed in as Scanner 4").waitFor();
    expect(await page.getByRole("link", { name: "Deliveries" }).count()).toBe(0);
    await page.goto(`${app.server.base}/app/transfers`);
    await page
      .getByText("This token may not send or receive deliveries between sites.", { exact: false })
      .waitFor();
  }),
);
