// Names shown as who acted (a token's name, the counter of a count) must show something, and show
// it as written: a name of invisible characters only (U+200B alone) or with a bidirectional
// control (U+202E reverses what follows) is refused as INVALID_PARAMETER over REST, GraphQL and
// CSV, and nothing is written.
import { createToken } from "../../../src/modules/token/token.store.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { oneSkuStockTake, stockTakeClient } from "../../helpers/stock-takes.js";
import { CreateApiTokenDocument, StSubmitDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const BAD_NAMES: [string, string, RegExp][] = [
  ["a zero-width space alone", "\u200B", /visible/],
  ["a word joiner and spaces", " \u2060 ", /visible/],
  ["a right-to-left override", "Scanner \u202E3 enaL", /bidirectional/],
  ["a right-to-left isolate", "\u2067Scanner\u2069", /bidirectional/],
];
const expiresAt = () => new Date(Date.now() + 3_600_000).toISOString();

describe("a token's name", () => {
  const stored = () => t.db.apiToken.count({ where: { accountId: acct.accountId } });

  it.each(BAD_NAMES)("with %s is refused over REST", async (_what, name, message) => {
    const before = await stored();

    const res = await rest(t, "POST", "/tokens", {
      token: acct.token,
      body: { name, scopes: ["read"], expires_at: expiresAt() },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { pointer: "/name", code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
    ]);
    expect(await stored()).toBe(before);
  });

  it.each(BAD_NAMES)("with %s is refused over GraphQL", async (_what, name, message) => {
    const before = await stored();

    const res = await gql(
      t,
      CreateApiTokenDocument,
      { input: { name, scopes: ["READ"], expiresAt: expiresAt() } },
      acct.token,
    );

    expect(res.data?.createApiToken).toMatchObject({
      apiToken: null,
      token: null,
      userErrors: [
        { field: ["name"], code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
      ],
    });
    expect(await stored()).toBe(before);
  });

  it.each(BAD_NAMES)(
    "with %s is refused when the command line makes the token",
    async (_what, name, message) => {
      const before = await stored();

      await expect(createToken(t.db, { accountId: acct.accountId, name })).rejects.toMatchObject({
        code: "INVALID_PARAMETER",
        fieldErrors: [
          { path: ["name"], code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
        ],
      });
      expect(await stored()).toBe(before);
    },
  );

  it("in a right-to-left script, without controls, is kept as written", async () => {
    const res = await rest(t, "POST", "/tokens", {
      token: acct.token,
      body: { name: "ماسح ٣", scopes: ["read"], expires_at: expiresAt() },
    });

    expect(res.status).toBe(201);
    expect(res.body.name).toBe("ماسح ٣");
  });
});

describe("the counter of a count", () => {
  let sku: number;
  let stockTake: number;
  let countLog: () => Promise<unknown>;
  beforeAll(async () => {
    ({ sku, stockTake, countLog } = await oneSkuStockTake(t, acct.token));
  });
  const refusal = (message: RegExp) => [
    { pointer: "/counter", code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
  ];

  it.each(BAD_NAMES)("with %s is refused in a JSON body", async (_what, counter, message) => {
    const before = await countLog();

    const res = await stockTakeClient(t, acct.token).input(stockTake, {
      counts: [{ type: "sku", id: sku, counted_qty: 3 }],
      counter,
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(refusal(message));
    expect(await countLog()).toEqual(before);
  });

  it.each(BAD_NAMES)("with %s is refused beside a CSV body", async (_what, counter, message) => {
    const before = await countLog();

    const res = await stockTakeClient(t, acct.token).inputCsv(
      stockTake,
      `type,id,counted_qty\r\nsku,${sku},3\r\n`,
      `?counter=${encodeURIComponent(counter)}`,
    );

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(refusal(message));
    expect(await countLog()).toEqual(before);
  });

  it.each(BAD_NAMES)("with %s is refused over GraphQL", async (_what, counter, message) => {
    const before = await countLog();

    const res = await gql(
      t,
      StSubmitDocument,
      {
        input: {
          stockTakeId: stockTake,
          counts: [{ type: "SKU", id: sku, countedQty: 3 }],
          counter,
        },
      },
      acct.token,
    );

    expect(res.data?.submitStockTakeCounts.userErrors).toEqual([
      { field: ["counter"], code: "INVALID_PARAMETER", message: expect.stringMatching(message) },
    ]);
    expect(await countLog()).toEqual(before);
  });
});
