import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";
import { newAccount, type TestAccount } from "../../helpers/db.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";

// A client generated from the served document (as docs/guide/api.md shows) type-checks and runs the
// documented REST flow: the document is complete enough to build on.

const here = join(dirname(fileURLToPath(import.meta.url)), "openapi-client");

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of the flow's typed results
type Row = Record<string, any>;

let t: TestApp;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  acct = await newAccount(t.db);
});
afterAll(() => t.close());

/** Every type error in the flow against the generated types, as "file:line message". */
function typeErrors(): string[] {
  const configFile = join(here, "tsconfig.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, here, undefined, configFile);
  expect(parsed.errors).toEqual([]);
  expect(parsed.fileNames).toContain(join(here, "flow.ts"));
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("a client generated from /api/v1/openapi.json", () => {
  it("generates types the documented flow type-checks against", async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenAPI3;
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/v1/stock-adjustments/bulk"');
    await mkdir(join(here, "generated"), { recursive: true });
    await writeFile(join(here, "generated", "countpoint.ts"), types);

    expect(typeErrors()).toEqual([]);
  });

  it("runs the documented REST flow, every response as documented", async () => {
    // A path tsc does not follow: the flow's types exist only once the test above generated them
    // (the first test type-checks it against them).
    const flowModule = "./openapi-client/flow.js";
    const { countpointClient, readmeFlow } = await import(flowModule);
    const mismatches: string[] = [];
    const checkedFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      const text = await response.clone().text();
      const contentType = response.headers.get("content-type");
      const body: unknown = contentType?.includes("json") ? JSON.parse(text) : text;
      mismatches.push(
        ...t.contract.check(request.method, request.url, {
          status: response.status,
          contentType,
          body,
          text,
        }),
      );
      return response;
    };
    const result = await readmeFlow(countpointClient(t.baseUrl, acct.token, checkedFetch));

    expect(mismatches).toEqual([]);

    expect(result.created).toMatchObject({ code: "BOLT-M6", on_hand: 250, active: true });
    expect(result.adjusted).toMatchObject({ id: result.created.id, on_hand: 12 });
    expect(result.adjusted.movement).toMatchObject({
      quantity_before: 250,
      quantity_after: 12,
      change: -238,
      reason: "manual",
      reference: "MANUAL-001",
    });
    expect(result.replayed).toBe(true);
    expect(
      result.adjustment.lines.map((l: Row) => [l.type, l.previous_qty, l.new_qty, l.status]),
    ).toEqual([
      ["sku", 12, 60, "changed"],
      ["supplier_item", 10, 12.5, "changed"],
    ]);
    expect(result.movements.map((m: Row) => [m.reason, m.quantity_after])).toEqual([
      ["opening_balance", 250],
      ["manual", 12],
      ["received", 60],
    ]);
    expect(result.missing).toMatchObject({ status: 404, code: "SKU_NOT_FOUND" });
    expect(result.refused).toMatchObject({ status: 422, code: "NOTE_REQUIRED" });
  });
});
