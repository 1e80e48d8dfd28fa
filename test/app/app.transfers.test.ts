// Receiving a delivery from another site in the app, in Debian's Chromium, on a phone: a store's
// device sees what is on its way there, opens a transfer, scans what arrived (a barcode, a code in
// another case; a code not on it refused in view), and receives it, closing it short: what never
// came is written off. A counting device is offered none of it. Checked through the API.
import { accessibilityProblems, browserTest, inBrowser, screenshot } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer, deviceToken } from "../helpers/app-server.js";

const app = appServer();

browserTest(
  "a store's device receives a delivery by scanning what arrived, and closes it short",
  () =>
    inBrowser(
      async (page) => {
        const admin = app.account.token;
        const store = await call(app.server, "POST", "/sites", admin, {
          code: "STORE-7",
          name: "Store 7",
        });
        expect(store.status).toBe(201);
        const rows = [
          { code: "TR-A", name: "Mug, blue", barcodes: ["4006381333931"], opening_on_hand: 10 },
          { code: "TR-B", name: "Saucer", opening_on_hand: 5 },
        ];
        const made = await call(app.server, "POST", "/skus/bulk", admin, { rows });
        expect(made.status).toBe(200);
        const [mug, saucer] = (made.body.ids as { id: number }[]).map((r) => r.id);
        const sites = await call(app.server, "GET", "/sites", admin);
        const home = (sites.body.data as { id: number; is_default: boolean }[]).find(
          (s) => s.is_default,
        )!.id;
        const sent = await call(app.server, "POST", "/transfers", admin, {
          from_site_id: home,
          to_site_id: store.body.id,
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
          site_ids: [store.body.id],
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
          (await call(app.server, "GET", `/skus/${id}?site_id=${store.body.id}`, admin)).body
            .on_hand;
        expect([await atStore(mug!), await atStore(saucer!)]).toEqual([3, 1]);
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
      .getByText("This token may not receive deliveries from other sites.", { exact: false })
      .waitFor();
  }),
);
