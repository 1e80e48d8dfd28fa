// A count sheet names the site its stock take counts on every row (a printed sheet says where it
// is counted): the stock take's site, which stays its own when the account's default moves on.
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { createSku } from "../../helpers/stock.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("names the stock take's site by its code on every row, after the default has moved too", async () => {
  const acct = await newAccount(t.db);
  const skus = [await createSku(t, acct.token, 3), await createSku(t, acct.token, 4)];
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { sku_ids: skus } },
  });
  expect(started.status).toBe(201);
  const made = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "Store-2", name: "Second store", is_default: true },
  });
  expect(made.status).toBe(201);

  const sheet = await rest(t, "GET", `/stock-takes/${started.body.id}/lines`, {
    token: acct.token,
    headers: { accept: "text/csv" },
  });
  expect(sheet.status).toBe(200);
  const rows = (sheet.body as string).trim().split("\r\n");
  expect(rows[0]!.split(",").at(-1)).toBe("site");
  expect(rows.slice(1).map((row) => row.split(",").at(-1))).toEqual(["MAIN", "MAIN"]);
});

it("writes a site code a spreadsheet would run as a formula as text", async () => {
  const acct = await newAccount(t.db);
  const made = await rest(t, "POST", "/sites", {
    token: acct.token,
    body: { code: "=SUM(A1)", name: "Hostile", is_default: true },
  });
  expect(made.status).toBe(201);
  const sku = await createSku(t, acct.token, 2);
  const started = await rest(t, "POST", "/stock-takes/start", {
    token: acct.token,
    body: { scope: { sku_ids: [sku] } },
  });
  expect(started.status).toBe(201);
  const sheet = await rest(t, "GET", `/stock-takes/${started.body.id}/lines`, {
    token: acct.token,
    headers: { accept: "text/csv" },
  });
  expect((sheet.body as string).trim().split("\r\n")[1]).toMatch(/,"'=SUM\(A1\)"$/);
});
