// Filter dates are bounded to the years 1970 to 9999 as written: year 0 (0000-01-01, or
// 0001-01-01 seen from a zone east of UTC) is no date PostgreSQL takes, and was a 500.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { createSku } from "../../helpers/stock.js";
import { MvStockMovementsDocument } from "../generated/graphql.js";

let t: TestApp;
let east: TestAccount;
let west: TestAccount;
let sku: number;

beforeAll(async () => {
  t = await startTestApp();
  east = await newAccount(t.db, { timezone: "Pacific/Kiritimati" }); // UTC+14
  west = await newAccount(t.db, { timezone: "Pacific/Pago_Pago" }); // UTC-11
  sku = await createSku(t, east.token, 3);
});
afterAll(() => t.close());

const OUT_OF_RANGE: [string, Record<string, string>, string][] = [
  ["from=0000-01-01", { from: "0000-01-01" }, "from"],
  ["from=0001-01-01 in a zone east of UTC", { from: "0001-01-01" }, "from"],
  ["to=0000-06-01T00:00:00Z", { to: "0000-06-01T00:00:00Z" }, "to"],
  ["from=1969-12-31", { from: "1969-12-31" }, "from"],
  ["to=1969-12-31T23:59:59Z", { to: "1969-12-31T23:59:59Z" }, "to"],
];

describe("REST movement filter dates out of range", () => {
  it.each(OUT_OF_RANGE)("%s answers 400 INVALID_PARAMETER naming it", async (_n, dates, name) => {
    const query = new URLSearchParams({ sku_id: String(sku), ...dates });
    const res = await rest(t, "GET", `/stock/movements?${query}`, { token: east.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PARAMETER");
    expect(res.body.errors).toEqual([
      {
        parameter: name,
        code: "INVALID_PARAMETER",
        message: expect.stringContaining("1970 to 9999"),
      },
    ]);
  });

  it("takes the last days of year 9999 in a zone west of UTC (ends past 9999 in UTC)", async () => {
    for (const query of [
      "from=9999-12-01&to=9999-12-31",
      "from=9999-12-31T00:00:00-12:00&to=9999-12-31T23:59:59.999-12:00",
    ]) {
      const res = await rest(t, "GET", `/stock/movements?${query}`, { token: west.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it("takes 1970-01-01 in a zone east of UTC (starts in 1969 in UTC) and finds the movements since", async () => {
    const res = await rest(t, "GET", `/stock/movements?sku_id=${sku}&from=1970-01-01`, {
      token: east.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });
});

describe("GraphQL movement filter dates out of range", () => {
  it.each(OUT_OF_RANGE)("%s answers INVALID_PARAMETER", async (_n, dates, name) => {
    const res = await gql(
      t,
      MvStockMovementsDocument,
      { filter: { skuId: sku, ...dates } },
      east.token,
    );
    expect(res.data).toBeNull();
    expect(res.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(`${name} must be`),
        extensions: { code: "INVALID_PARAMETER" },
      }),
    ]);
  });

  it("takes the last days of year 9999 in a zone west of UTC", async () => {
    const res = await gql(
      t,
      MvStockMovementsDocument,
      { filter: { from: "9999-12-01", to: "9999-12-31" } },
      west.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.stockMovements.edges).toEqual([]);
  });
});
