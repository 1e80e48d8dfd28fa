// An adjustment that waits for a stock take's start lands after the freeze. The start holds its
// SKUs FOR SHARE while it freezes them; an adjustment of one of them waits, and once the start
// has committed, the adjustment's change must flag that SKU's line as moved since the freeze (its
// expected quantity is the one before the change). REST's PATCH and GraphQL's adjustSkuStock
// write in one statement, whose own snapshot predates the stock take; the bulk adjustment locks
// in a statement of its own.
import { answerOf } from "../../helpers/answers.js";
import { databaseUrl } from "../../helpers/db.js";
import { holdLock } from "../../helpers/locks.js";
import { createSku } from "../../helpers/stock.js";
import { rest } from "../../helpers/app.js";
import { acct, adjustingApp, bulk, patch, t } from "../../helpers/adjusting.js";
import { AdjAdjustSkuStockDocument } from "../generated/graphql.js";

adjustingApp();

type Answer = { status: number };

/**
 * Starts a stock take of two SKUs, held on the second (locked here) once it has the first locked;
 * runs `adjust` on the first meanwhile, waits until it waits behind the start, then lets both go.
 * Answers the stock take's line of the first SKU.
 */
async function adjustDuringStart(adjust: (skuId: number) => Promise<Answer>) {
  const first = await createSku(t, acct.token, 5);
  const second = await createSku(t, acct.token, 7);
  const lock = await holdLock(
    databaseUrl(),
    "SELECT 1 FROM skus WHERE account_id = $1 AND id = $2 FOR UPDATE",
    [acct.accountId, second],
  );
  let started: Promise<{ status: number; body: { id: number } }> | undefined;
  let adjusted: Promise<Answer> | undefined;
  try {
    started = rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { scope: { sku_ids: [first, second] } },
    });
    await lock.waiters(1);
    adjusted = adjust(first);
    // The adjustment waits for the start (the chain: this lock, the start, the adjustment).
    await Promise.race([
      lock.waiters(2),
      adjusted.then((r) => {
        throw new Error(`the adjustment did not wait for the start (status ${r.status})`);
      }),
    ]);
  } finally {
    await lock.release();
  }
  const take = await started!;
  expect(take.status).toBe(201);
  expect([200, 201]).toContain((await adjusted!).status);
  const lines = await rest(t, "GET", `/stock-takes/${take.body.id}/lines`, { token: acct.token });
  const line = (
    lines.body.data as { id: number; expected_qty: number; moved_since_freeze: boolean }[]
  ).find((l) => l.id === first);
  await rest(t, "POST", `/stock-takes/${take.body.id}/cancel`, { token: acct.token });
  return line;
}

describe("an adjustment that waited for a stock take's start", () => {
  it("flags the SKU's line as moved since the freeze (PATCH, one statement)", async () => {
    const line = await adjustDuringStart((id) => patch(id, { on_hand: 9, reason: "found" }));
    expect(line).toMatchObject({ expected_qty: 5, moved_since_freeze: true });
  });

  it("flags it over GraphQL's adjustSkuStock too", async () => {
    const line = await adjustDuringStart((skuId) =>
      answerOf(
        t.baseUrl,
        {
          graphql: AdjAdjustSkuStockDocument,
          variables: { input: { skuId, onHand: 9, reason: "FOUND" } },
        },
        acct.token,
      ),
    );
    expect(line).toMatchObject({ expected_qty: 5, moved_since_freeze: true });
  });

  it("flags it through the bulk adjustment", async () => {
    const line = await adjustDuringStart((id) =>
      bulk({ reason: "found", lines: [{ type: "sku", id, new_qty: 9 }] }),
    );
    expect(line).toMatchObject({ expected_qty: 5, moved_since_freeze: true });
  });
});
