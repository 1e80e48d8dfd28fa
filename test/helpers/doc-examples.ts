// Runs a page's runnable examples, in the page's order, against a server of its own with the demo
// data (what `npm start` gives a new user): GraphQL operations over HTTP (subscriptions over
// graphql-ws, briefly), shell blocks in bash with $BASE and $TOKEN set.
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
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
import { buildApp } from "../../src/server/app.js";
import { ensureDemoAccount } from "../../src/modules/account/demo.service.js";
import { type Block } from "./doc-pages.js";
import { VARIABLES, type Results } from "./doc-variables.js";
import { createFreshDatabase } from "./fresh-database.js";

export interface DemoServer {
  baseUrl: string;
  token: string;
  close(): Promise<void>;
}

/** A fresh database, migrated, with the demo account, served on a port of its own. */
export async function startDemoServer(): Promise<DemoServer> {
  const fresh = await createFreshDatabase();
  await migrate(fresh.url);
  const db: PrismaClient = createPrismaClient(fresh.url, 5);
  const dataDir = await mkdtemp(join(tmpdir(), "countpoint-docs-"));
  const demo = await ensureDemoAccount(db, dataDir);
  if (!demo) throw new Error("the demo account was not created");
  const app: FastifyInstance = await buildApp({
    db,
    config: { logLevel: "silent", bodyLimit: 1024 * 1024, graphqlIntrospection: true },
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    baseUrl,
    token: demo.token,
    close: async () => {
      await app.close();
      await db.$disconnect();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const hasShellTools = (): boolean =>
  ["curl", "jq"].every((c) => spawnSync("sh", ["-c", `command -v ${c}`]).status === 0);

const where = (b: Block) => `${b.page}:${b.line}`;

/**
 * Runs every runnable block of one page in order. GraphQL blocks are parsed together (so a
 * fragment may be shared), and each named operation runs with variables from VARIABLES, which
 * reads the answers of the page's earlier operations. Throws on the first example that fails.
 */
export async function runPage(
  server: DemoServer,
  blocks: Block[],
  options: { shell: boolean; print: boolean },
): Promise<void> {
  const runnable = blocks.filter((b) => b.runnable);
  const graphqlText = runnable
    .filter((b) => b.language === "graphql")
    .map((b) => b.body)
    .join("\n");
  const document = graphqlText ? parse(graphqlText) : undefined;
  const results: Results = {};
  for (const block of runnable) {
    if (block.language === "graphql" && document) {
      for (const operation of operationsOf(block)) {
        await runOperation(server, document, operation, results, where(block), options.print);
      }
    } else if (block.language === "sh") {
      if (options.shell) await runShell(server, block, options.print);
    } else {
      throw new Error(`${where(block)}: a runnable ${block.language || "(no language)"} block`);
    }
  }
}

function operationsOf(block: Block): OperationDefinitionNode[] {
  const operations = parse(block.body).definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  for (const o of operations) {
    if (!o.name) throw new Error(`${where(block)}: every runnable operation needs a name`);
  }
  return operations;
}

async function runOperation(
  server: DemoServer,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  results: Results,
  at: string,
  printAnswers: boolean,
): Promise<void> {
  const name = operation.name?.value ?? "";
  const bind = VARIABLES[name];
  if ((operation.variableDefinitions ?? []).length > 0 && !bind) {
    throw new Error(`${at}: say in test/helpers/doc-variables.ts how to fill ${name}'s variables`);
  }
  const variables = bind ? bind(results) : {};
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) {
    const answers = await subscribeBriefly(server, print(document), name, variables);
    if (answers.length > 0) throw new Error(`${at}: ${name} answered ${JSON.stringify(answers)}`);
    return;
  }
  const response = await fetch(`${server.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ query: print(document), operationName: name, variables }),
  });
  const body = (await response.json()) as { data?: Results; errors?: unknown[] };
  if (printAnswers) console.log(`${at} ${name}\n${JSON.stringify(body, null, 2)}`);
  if (body.errors?.length) throw new Error(`${at}: ${name}: ${JSON.stringify(body.errors)}`);
  if (/"userErrors":\[[^\]]/.test(JSON.stringify(body.data))) {
    throw new Error(`${at}: ${name} answered userErrors: ${JSON.stringify(body.data)}`);
  }
  results[name] = body.data;
}

/**
 * A subscription run as a client would (graphql-ws): what it answers within a moment of
 * subscribing (nothing, when it is valid and nothing changes; its errors otherwise).
 */
async function subscribeBriefly(
  server: DemoServer,
  query: string,
  operationName: string,
  variables: Record<string, unknown>,
): Promise<unknown[]> {
  const client = createClient({
    url: server.baseUrl.replace(/^http/, "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${server.token}` },
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

/** A shell block as pasted into bash with BASE and TOKEN set; any 4xx or 5xx answer fails it. */
async function runShell(server: DemoServer, block: Block, printOutput: boolean): Promise<void> {
  if (/localhost:|127\.0\.0\.1:/.test(block.body)) {
    throw new Error(`${where(block)}: use $BASE, not a host and port, in a runnable block`);
  }
  const script = [
    "set -euo pipefail",
    // --fail-with-body makes a 4xx or 5xx answer fail the block, with the problem printed.
    'curl() { command curl --fail-with-body --show-error "$@"; }',
    block.body,
  ].join("\n");
  try {
    // Asynchronously: the server answering curl runs in this process.
    const { stdout } = await promisify(execFile)("bash", ["-c", script], {
      env: { ...process.env, BASE: server.baseUrl, TOKEN: server.token },
    });
    if (printOutput) console.log(`${where(block)}\n${stdout}`);
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`${where(block)} failed:\n${block.body}\n---\n${e.stdout}\n${e.stderr}`);
  }
}
