// An account for cycle count tests: SKUs that moved given quantities at its default site.
import { newAccount, type TestAccount } from "./db.js";
import { rest, type TestApp } from "./app.js";

/** A new account whose SKUs `${prefix}-0…` moved these quantities (their on hand, from 0). */
export async function catalogMoving(
  t: TestApp,
  volumes: number[],
  prefix = "CYC",
): Promise<TestAccount & { ids: number[] }> {
  const acct = await newAccount(t.db);
  const rows = volumes.map((_, i) => ({
    code: `${prefix}-${i}`,
    name: `Item ${i}`,
    location: `A-${i}`,
  }));
  const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
  expect(made.status).toBe(200);
  const ids = (made.body.ids as { id: number }[]).map((r) => r.id);
  const lines = ids.map((id, i) => ({ type: "sku", id, new_qty: volumes[i] }));
  const moved = await rest(t, "POST", "/stock-adjustments/bulk", {
    token: acct.token,
    body: { reason: "received", lines },
  });
  expect(moved.status).toBe(201);
  return { ...acct, ids };
}
