// Scanning with the camera in the counting app, in Debian's Chromium, whose fake camera plays a
// picture of an EAN-13 barcode: the app decodes it (ZXing: this Chromium has no BarcodeDetector),
// finds the item and the count is saved; without a camera it says so and typing still works.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBarcodeVideo } from "../helpers/barcode-video.js";
import { browserTest, inBrowser } from "../helpers/browser.js";
import { call } from "../helpers/server.js";
import { appServer } from "../helpers/app-server.js";

const app = appServer();

const GTIN = "4006381333931";

let takeId: number;
let skuId: number;
let dir: string;

beforeAll(async () => {
  const made = await call(app.server, "POST", "/skus", app.account.token, {
    code: "CAM-1",
    name: "Torch",
    barcodes: [GTIN],
  });
  skuId = made.body.id;
  const started = await call(app.server, "POST", "/stock-takes/start", app.account.token, {
    scope: { sku_ids: [skuId] },
  });
  takeId = started.body.id;
  dir = mkdtempSync(join(tmpdir(), "countpoint-camera-"));
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

browserTest(
  "a barcode in front of the camera is read, its item found and its count saved",
  async () => {
    const video = join(dir, "barcode.y4m");
    writeBarcodeVideo(video, GTIN);
    await inBrowser(
      async (page) => {
        await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
        await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
        await page.goto(`${app.server.base}/app/stock-takes/${takeId}/count`);
        await page.getByRole("button", { name: "Scan with camera" }).click();
        await page.getByRole("heading", { name: "Torch" }).waitFor({ timeout: 30_000 });
        expect(await page.getByLabel("Code or barcode").inputValue()).toBe(GTIN);
        // The camera is closed once a code is read.
        expect(await page.getByLabel("Camera preview").count()).toBe(0);
        await page.getByLabel("Counted quantity").fill("6");
        await page.keyboard.press("Enter");
        await page.getByText("Saved: 6 × Torch (CAM-1).").waitFor();
      },
      {
        args: [
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-video-capture=${video}`,
        ],
      },
    );
    const lines = await call(app.server, "GET", `/stock-takes/${takeId}/lines`, app.account.token);
    expect(lines.body.data[0].counted_qty).toBe(6);
  },
  120_000,
);

browserTest(
  "without a camera the app says so, and the code can still be typed",
  () =>
    inBrowser(
      async (page) => {
        await page.goto(`${app.server.base}/app/#token=${app.account.token}`);
        await page.getByRole("heading", { name: "Stock takes to count" }).waitFor();
        await page.goto(`${app.server.base}/app/stock-takes/${takeId}/count`);
        await page.getByRole("button", { name: "Scan with camera" }).click();
        await page
          .getByRole("alert")
          .getByText(/camera could not be opened/)
          .waitFor();
        await page.getByRole("button", { name: "Close camera" }).click();
        await page.getByLabel("Code or barcode").fill("CAM-1");
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { name: "Torch" }).waitFor();
      },
      { args: ["--use-fake-ui-for-media-stream"] },
    ),
  120_000,
);
