// Codes are unique regardless of case: `bolt-m6` is `BOLT-M6`. SKU codes per account, supplier
// item codes per supplier; the spelling first stored is kept.
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { CreateSkuDocument } from "../generated/graphql.js";

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

const createSku = (code: string, token = acct.token) =>
  rest(t, "POST", "/skus", { token, body: { code, name: "Bolt M6" } });

const createItem = (supplier: string, code: string) =>
  rest(t, "POST", "/supplier-items", { token: acct.token, body: { supplier, code, name: "Item" } });

describe("SKU codes", () => {
  it("refuses a case variant with 409 DUPLICATE_CODE and keeps the stored spelling", async () => {
    const code = `Bolt-M6-${process.pid}`;
    const first = await createSku(code);
    expect(first.status).toBe(201);
    for (const variant of [code.toLowerCase(), code.toUpperCase()]) {
      const res = await createSku(variant);
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 409,
        code: "DUPLICATE_CODE",
      });
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/code" })]);
    }
    const stored = await rest(t, "GET", `/skus/${first.body.id}`, { token: acct.token });
    expect(stored.body.code).toBe(code);
    expect(await t.db.sku.count({ where: { accountId: acct.accountId } })).toBe(1);
  });

  it("lets exactly one of eight concurrent case variants through", async () => {
    const base = `nut-m8-${process.pid}`;
    const variants = [...Array(8).keys()].map((i) =>
      [...base].map((c, j) => ((i >> (j % 3)) & 1 ? c.toUpperCase() : c)).join(""),
    );
    const results = await Promise.all(variants.map((v) => createSku(v)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.code === "DUPLICATE_CODE"),
    ).toBe(true);
  });

  it("answers a case variant over GraphQL with the userError DUPLICATE_CODE", async () => {
    const code = `washer-${process.pid}`;
    expect((await createSku(code)).status).toBe(201);
    const res = await gql(
      t,
      CreateSkuDocument,
      { input: { code: code.toUpperCase(), name: "Washer" } },
      acct.token,
    );
    expect(res.data!.createSku.userErrors).toEqual([
      expect.objectContaining({ code: "DUPLICATE_CODE", field: ["code"] }),
    ]);
  });

  it("leaves other accounts free to use the same code in any case", async () => {
    const code = `shared-${process.pid}`;
    const owner = await newAccount(t.db);
    expect((await createSku(code)).status).toBe(201);
    expect((await createSku(code.toUpperCase(), owner.token)).status).toBe(201);
  });
});

describe("supplier item codes", () => {
  it("are unique per supplier regardless of case; another supplier may use the code", async () => {
    const code = `Ax-100-${process.pid}`;
    expect((await createItem("ACME", code)).status).toBe(201);
    const variant = await createItem("ACME", code.toLowerCase());
    expect({ status: variant.status, code: variant.body.code }).toEqual({
      status: 409,
      code: "DUPLICATE_CODE",
    });
    expect((await createItem("Globex", code.toLowerCase())).status).toBe(201);
  });

  it("treat supplier names as written: `acme` is another supplier than `ACME`", async () => {
    const code = `Bx-200-${process.pid}`;
    expect((await createItem("ACME", code)).status).toBe(201);
    expect((await createItem("acme", code)).status).toBe(201);
  });
});
