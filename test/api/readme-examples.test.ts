import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  Kind,
  OperationTypeNode,
  parse,
  print,
  type DocumentNode,
  type OperationDefinitionNode,
} from "graphql";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import type { FastifyInstance } from "fastify";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { buildApp } from "../../src/http/app.js";
import { ensureDemoAccount } from "../../src/modules/account/demo.service.js";
import { projectRoot } from "../../src/paths.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";

// The README's examples, run as written against a fresh server with the demo data: every
// GraphQL example is a named operation, every curl example a shell block that works as pasted
// (with $TOKEN set). Nothing assumes an id: examples that need one take it from an earlier step.

const fenced = (markdown: string, language: string): string[] =>
  [...markdown.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map(
    (m) => m[1] ?? "",
  );

/** What an operation's variables are, given the results of the operations before it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- README results are walked field by field
type Results = Record<string, any>;
const VARIABLES: Record<string, (results: Results) => Record<string, unknown>> = {
  ReceivePurchaseOrder: (r) => ({
    boltId: r.CreateBolt.createSku.sku.id,
    boxId: r.ListSupplierItems.supplierItems.edges.find((e: Results) => e.node.code === "PR-BOX-S")
      .node.id,
  }),
  BoltHistory: (r) => ({ boltId: r.CreateBolt.createSku.sku.id }),
  StartBoltCount: (r) => ({ boltId: r.CreateBolt.createSku.sku.id }),
  CountBolts: (r) => ({ stockTakeId: r.StartBoltCount.startStockTake.stockTake.id }),
  AcceptBoltCount: (r) => ({ stockTakeId: r.StartBoltCount.startStockTake.stockTake.id }),
  BoltCount: (r) => ({ stockTakeId: r.StartBoltCount.startStockTake.stockTake.id }),
  ReconcileBoltCount: (r) => ({ stockTakeId: r.StartBoltCount.startStockTake.stockTake.id }),
  WatchBolt: (r) => ({ boltId: r.CreateBolt.createSku.sku.id }),
  FollowCount: (r) => ({ stockTakeId: r.StartBoltCount.startStockTake.stockTake.id }),
};

/**
 * A subscription example, run as a client would (graphql-ws): what it answers within a moment of
 * subscribing (nothing, when it is valid and nothing changes; its errors otherwise).
 */
async function subscribeBriefly(
  baseUrl: string,
  token: string,
  query: string,
  operationName: string,
  variables: Record<string, unknown>,
): Promise<unknown[]> {
  const client = createClient({
    url: baseUrl.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const answers: unknown[] = [];
  const unsubscribe = client.subscribe(
    { query, operationName, variables },
    { next: (r) => void answers.push(r), error: (e) => void answers.push(e), complete: () => {} },
  );
  await new Promise((r) => setTimeout(r, 500));
  unsubscribe();
  await client.dispose();
  return answers;
}

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

describe("the README's examples", () => {
  let fresh: FreshDatabase;
  let db: PrismaClient;
  let app: FastifyInstance;
  let dataDir: string;
  let baseUrl: string;
  let token: string;
  let readme: string;

  beforeAll(async () => {
    readme = await readFile(join(projectRoot, "README.md"), "utf8");
    fresh = await createFreshDatabase();
    await migrate(fresh.url);
    db = createPrismaClient(fresh.url, 5);
    dataDir = await mkdtemp(join(tmpdir(), "countpoint-readme-"));
    const demo = await ensureDemoAccount(db, dataDir);
    if (!demo) throw new Error("the demo account was not created");
    token = demo.token;
    app = await buildApp({
      db,
      config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
    });
    baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.$disconnect();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("has GraphQL examples, each a named operation, that run in order on the demo data without errors", async () => {
    const blocks = fenced(readme, "graphql");
    expect(blocks.length).toBeGreaterThan(0);
    const document: DocumentNode = parse(blocks.join("\n"));
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    expect(operations.map((o) => o.name?.value ?? "(anonymous)")).not.toContain("(anonymous)");

    const results: Results = {};
    for (const operation of operations) {
      const name = operation.name?.value ?? "";
      const takesVariables = (operation.variableDefinitions ?? []).length > 0;
      const bind = VARIABLES[name];
      if (takesVariables && !bind) throw new Error(`say in VARIABLES how to fill ${name}'s`);
      if (operation.operation === OperationTypeNode.SUBSCRIPTION) {
        const variables = bind ? bind(results) : {};
        const answers = await subscribeBriefly(baseUrl, token, print(document), name, variables);
        expect({ name, answers }).toEqual({ name, answers: [] });
        continue;
      }
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: print(document),
          operationName: name,
          variables: bind ? bind(results) : {},
        }),
      });
      const body = (await response.json()) as { data?: Results; errors?: unknown[] };
      expect({ name, errors: body.errors ?? [] }).toEqual({ name, errors: [] });
      const userErrors = JSON.stringify(body.data).match(/"userErrors":\[[^\]]/g) ?? [];
      expect({ name, userErrors: userErrors.length === 0 ? [] : body.data }).toEqual({
        name,
        userErrors: [],
      });
      results[name] = body.data;
    }
  });

  (has("curl") && has("jq") ? it : it.skip)(
    "has curl examples that run as pasted, each call answering 2xx",
    async () => {
      const blocks = fenced(readme, "sh").filter((b) => b.includes("curl "));
      expect(blocks.length).toBeGreaterThan(0);
      const { host } = new URL(baseUrl);
      for (const block of blocks) {
        // --fail-with-body makes a 4xx or 5xx answer fail the block, with the problem printed.
        const script = [
          "set -euo pipefail",
          'curl() { command curl --fail-with-body --show-error "$@"; }',
          block.replaceAll("localhost:4000", host),
        ].join("\n");
        try {
          // Asynchronously: the server answering curl runs in this process.
          await promisify(execFile)("bash", ["-c", script], {
            env: { ...process.env, TOKEN: token },
          });
        } catch (error) {
          const e = error as { stdout?: string; stderr?: string };
          throw new Error(`README block failed:\n${block}\n---\n${e.stdout}\n${e.stderr}`);
        }
      }
    },
  );
});
