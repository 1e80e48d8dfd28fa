// Progress by counter: GET /stock-takes/{id}?by_counter=true adds summary.counters, GraphQL's
// StockTake.progressByCounter answers the same: each counter's counted lines (whose last count is
// theirs) and when they last counted. A line counted again by another counter moves to them; one
// sent back for a recount is nobody's until counted again; a counting device reads it too.
import { createToken } from "../../../src/modules/token/token.store.js";
import { newAccount } from "../../helpers/db.js";
import { postGraphql, rest, startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("a stock take's progress by counter", () => {
  it("groups counted lines by who counted each last, over REST and GraphQL alike", async () => {
    const acct = await newAccount(t.db);
    const rows = ["C-1", "C-2", "C-3", "C-4"].map((code) => ({
      code,
      name: `Item ${code}`,
      opening_on_hand: 5,
    }));
    const made = await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } });
    const ids = (made.body.ids as { id: number }[]).map((r) => r.id);
    const started = await rest(t, "POST", "/stock-takes/start", {
      token: acct.token,
      body: { blind: true },
    });
    const take = started.body.id as number;
    const count = (counter: string, id: number, qty: number, at: string) =>
      rest(t, "POST", `/stock-takes/${take}/input`, {
        token: acct.token,
        body: { counter, counts: [{ type: "sku", id, counted_qty: qty, counted_at: at }] },
      });
    const counters = async () =>
      (await rest(t, "GET", `/stock-takes/${take}?by_counter=true`, { token: acct.token })).body
        .summary.counters;

    expect(await counters()).toEqual([]);
    await count("Anna", ids[0]!, 5, "2026-12-01T09:00:00.000Z");
    await count("Anna", ids[1]!, 4, "2026-12-01T09:05:00.000Z");
    await count("Ben", ids[2]!, 5, "2026-12-01T09:02:00.000Z");
    expect(await counters()).toEqual([
      { counter: "Anna", lines: 2, last_counted_at: "2026-12-01T09:05:00.000Z" },
      { counter: "Ben", lines: 1, last_counted_at: "2026-12-01T09:02:00.000Z" },
    ]);

    // Ben counts Anna's second line again: it is his now.
    await count("Ben", ids[1]!, 5, "2026-12-01T09:10:00.000Z");
    expect(await counters()).toEqual([
      { counter: "Ben", lines: 2, last_counted_at: "2026-12-01T09:10:00.000Z" },
      { counter: "Anna", lines: 1, last_counted_at: "2026-12-01T09:00:00.000Z" },
    ]);

    // Sent back for a recount, Anna's line is nobody's; without by_counter there is no list.
    const sent = await rest(t, "POST", `/stock-takes/${take}/accept-lines`, {
      token: acct.token,
      body: { recount: [{ type: "sku", id: ids[0] }] },
    });
    expect(sent.status).toBe(200);
    expect(await counters()).toEqual([
      { counter: "Ben", lines: 2, last_counted_at: "2026-12-01T09:10:00.000Z" },
    ]);
    const plain = await rest(t, "GET", `/stock-takes/${take}`, { token: acct.token });
    expect(plain.body.summary).not.toHaveProperty("counters");

    // A counting device (count alone, blind) reads the same over GraphQL.
    const device = (
      await createToken(t.db, { accountId: acct.accountId, name: "Scanner", scopes: ["count"] })
    ).token;
    const answer = await postGraphql(
      t,
      {
        query: `query ($id: Int!) { stockTake(id: $id) {
          progressByCounter { counter lines lastCountedAt } } }`,
        variables: { id: take },
      },
      device,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      stockTake: {
        progressByCounter: [
          { counter: "Ben", lines: 2, lastCountedAt: "2026-12-01T09:10:00.000Z" },
        ],
      },
    });
  });
});
