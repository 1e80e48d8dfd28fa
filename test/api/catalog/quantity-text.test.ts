// One quantity, one answer, however it is sent: a REST JSON body, a GraphQL literal, a GraphQL
// variable or a CSV cell. A quantity is judged on the decimal its text denotes, never on the
// double a JSON parser rounds it to (0.100000000000000000000000000001 is no 0.1); `-0` is 0 and an
// exponent form is the number it denotes (1e2 is 100). A refusal writes nothing.
import {
  postGraphql,
  rest,
  startTestApp,
  type RestResponse,
  type TestApp,
} from "../../helpers/app.js";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { createSku, ledgerState } from "../../helpers/stock.js";
import { oneSkuStockTake, stockTakeClient } from "../../helpers/stock-takes.js";

let t: TestApp;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

type Answer = { quantity: number } | { code: string; message: string };

const CASES: [string, Answer][] = [
  ["-0", { quantity: 0 }],
  ["-0.000", { quantity: 0 }],
  ["1e2", { quantity: 100 }],
  ["1E-1", { quantity: 0.1 }],
  ["2.5E+1", { quantity: 25 }],
  ["0.100000000000000000000000000001", refused("has more than 3 decimal places")],
  ["5.0000000000000000001", refused("has more than 3 decimal places")],
  ["1e-4", refused("has more than 3 decimal places")],
  ["1e-400", refused("has more than 3 decimal places")],
  ["-1e-400", refused("must not be negative")],
];

function refused(message: string): Answer {
  return { code: "INVALID_QUANTITY", message };
}

/** What a client learns from a GraphQL answer: the quantity written, or the first user error. */
function graphqlAnswer(data: unknown, field: string): Answer {
  const payload = (data as Record<string, Payload>)[field] as Payload;
  const [error] = payload.userErrors;
  if (error) return { code: error.code, message: error.message };
  return { quantity: (payload.sku?.onHand ?? payload.lines?.[0]?.countedQty) as number };
}
interface Payload {
  userErrors: { code: string; message: string }[];
  sku?: { onHand: number };
  lines?: { countedQty: number }[];
}

describe("an adjustment (PATCH /skus/{id}, adjustSkuStock) reads a quantity's text alike", () => {
  let sku: number;
  beforeAll(async () => {
    sku = await createSku(t, acct.token, 7);
  });
  // Back to 7 first, so an accepted quantity always writes and a refused one must write nothing.
  beforeEach(async () => {
    await rest(t, "PATCH", `/skus/${sku}`, {
      token: acct.token,
      body: { on_hand: 7, reason: "correction" },
    });
  });

  const selection = "sku { onHand } userErrors { field code message }";
  const transports: [string, (text: string) => Promise<Answer>][] = [
    [
      "REST JSON",
      async (text) => {
        const res = await rest(t, "PATCH", `/skus/${sku}`, {
          token: acct.token,
          raw: `{"on_hand": ${text}, "reason": "found"}`,
        });
        if (res.status === 200) return { quantity: res.body.on_hand };
        expect(res.body.errors).toHaveLength(1);
        return { code: res.body.errors[0].code, message: res.body.errors[0].message };
      },
    ],
    [
      "a GraphQL literal",
      async (text) => {
        const query = `mutation { adjustSkuStock(input: { skuId: ${sku}, onHand: ${text}, reason: FOUND }) { ${selection} } }`;
        const res = await postGraphql(t, { query }, acct.token);
        return graphqlAnswer(res.data, "adjustSkuStock");
      },
    ],
    [
      "a GraphQL variable",
      async (text) => {
        const query = `mutation ($q: Quantity!) { adjustSkuStock(input: { skuId: ${sku}, onHand: $q, reason: FOUND }) { ${selection} } }`;
        const raw = `{"query": ${JSON.stringify(query)}, "variables": {"q": ${text}}}`;
        const res = await postGraphql(t, { raw }, acct.token);
        return graphqlAnswer(res.data, "adjustSkuStock");
      },
    ],
  ];

  describe.each(transports)("over %s", (_transport, send) => {
    it.each(CASES)("%s", async (text, expected) => {
      const before = await ledgerState(t.db, acct.accountId);

      expect(await send(text)).toEqual(expected);
      if ("code" in expected) expect(await ledgerState(t.db, acct.accountId)).toEqual(before);
    });
  });
});

describe("a count (stock take input, submitStockTakeCounts) reads a quantity's text alike", () => {
  let sku: number;
  let stockTake: number;
  let countLog: () => Promise<unknown>;
  beforeAll(async () => {
    ({ sku, stockTake, countLog } = await oneSkuStockTake(t, acct.token));
  });

  const restAnswer = (res: RestResponse): Answer => {
    if (res.status === 200) return { quantity: res.body.lines[0].counted_qty };
    expect(res.body.errors).toHaveLength(1);
    return { code: res.body.errors[0].code, message: res.body.errors[0].message };
  };
  const selection = "lines { countedQty } userErrors { field code message }";
  const graphql = (counts: string) =>
    `submitStockTakeCounts(input: { stockTakeId: ${stockTake}, counts: [{ type: SKU, id: ${sku}, countedQty: ${counts} }] }) { ${selection} }`;
  const transports: [string, (text: string) => Promise<Answer>][] = [
    [
      "REST JSON",
      async (text) =>
        restAnswer(
          await rest(t, "POST", `/stock-takes/${stockTake}/input`, {
            token: acct.token,
            raw: `{"counts": [{"type": "sku", "id": ${sku}, "counted_qty": ${text}}]}`,
          }),
        ),
    ],
    [
      "CSV",
      async (text) =>
        restAnswer(
          await stockTakeClient(t, acct.token).inputCsv(
            stockTake,
            `type,id,counted_qty\r\nsku,${sku},${text}\r\n`,
          ),
        ),
    ],
    [
      "a GraphQL literal",
      async (text) => {
        const res = await postGraphql(t, { query: `mutation { ${graphql(text)} }` }, acct.token);
        return graphqlAnswer(res.data, "submitStockTakeCounts");
      },
    ],
    [
      "a GraphQL variable",
      async (text) => {
        const query = `mutation ($q: Quantity!) { ${graphql("$q")} }`;
        const raw = `{"query": ${JSON.stringify(query)}, "variables": {"q": ${text}}}`;
        const res = await postGraphql(t, { raw }, acct.token);
        return graphqlAnswer(res.data, "submitStockTakeCounts");
      },
    ],
  ];

  describe.each(transports)("over %s", (_transport, send) => {
    it.each(CASES)("%s", async (text, expected) => {
      const before = await countLog();

      expect(await send(text)).toEqual(expected);
      if ("code" in expected) expect(await countLog()).toEqual(before);
    });
  });
});
