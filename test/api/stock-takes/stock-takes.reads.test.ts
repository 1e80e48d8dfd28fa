// What reading a stock take costs: over GraphQL its lines are read only for a field that needs
// them (summary, areas, lines), so a subscriber following a stock take without its summary costs
// no aggregate per event; over REST the summary and its areas are one statement.
import { postGraphql, rest } from "../../helpers/app.js";
import { newAccount } from "../../helpers/db.js";
import { startLoggedApp, type LoggedApp } from "../../helpers/movements.js";

let t: LoggedApp;
beforeAll(async () => {
  t = await startLoggedApp();
});
afterAll(() => t.close());

/** The statements the app sent that read a stock take's lines. */
const lineReads = () => t.queries.filter((q) => /\bstock_take_lines\b/.test(q.sql));

describe("reading a stock take", () => {
  it("reads its lines over GraphQL only for the fields that need them, and once for its summary by area over REST", async () => {
    const acct = await newAccount(t.db);
    const rows = Array.from({ length: 3 }, (_, i) => ({
      code: `R-${i}`,
      name: `R ${i}`,
      location: `A-0${i}-01`,
    }));
    expect(
      (await rest(t, "POST", "/skus/bulk", { token: acct.token, body: { rows } })).status,
    ).toBe(200);
    const started = await rest(t, "POST", "/stock-takes/start", { token: acct.token, body: {} });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const read = async (selection: string) => {
      t.queries.length = 0;
      const res = await postGraphql(
        t,
        { query: `query ($id: Int!) { stockTake(id: $id) { ${selection} } }`, variables: { id } },
        acct.token,
      );
      expect(res.errors).toBeUndefined();
      return lineReads().length;
    };
    expect(await read("id status reference")).toBe(0);
    expect(await read("summary { lines counted }")).toBe(1);
    expect(await read("progressByLocation { prefix lines }")).toBe(1);

    t.queries.length = 0;
    const got = await rest(t, "GET", `/stock-takes/${id}`, { token: acct.token });
    expect(got.body.summary).toMatchObject({ lines: 3 });
    expect(got.body.summary.locations).toHaveLength(3);
    expect(lineReads()).toHaveLength(1);
  });
});
