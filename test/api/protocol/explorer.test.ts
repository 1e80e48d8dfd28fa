// GRAPHQL_EXPLORER=graphiql: the GraphQL explorer bundled with the service, for sites whose
// browsers cannot reach Apollo's CDN. The page and every file it loads come from the server
// itself, under a policy that names no other origin, and a query typed into it runs in a real
// browser (Debian's Chromium, driven by playwright-core; CI installs it).
import type { Page } from "playwright-core";
import type { PrismaClient } from "../../../src/db/client.js";
import { newAccount, testDb, type TestAccount } from "../../helpers/db.js";
import { call, startServer, stopProcess, type Server } from "../../helpers/server.js";
import { browserTest, inBrowser } from "../../helpers/browser.js";
import { liveSubscribers } from "../../helpers/subscriptions.js";

let server: Server;
let db: PrismaClient;
let account: TestAccount;
let skuId: number;

beforeAll(async () => {
  db = await testDb();
  server = await startServer([], {
    env: { GRAPHQL_EXPLORER: "graphiql", GRAPHQL_INTROSPECTION: "true" },
  });
  account = await newAccount(db);
  skuId = (
    await call(server, "POST", "/skus", account.token, { code: "EXPLORED-1", name: "Found" })
  ).body.id;
}, 120_000);

afterAll(async () => {
  await stopProcess(server);
  await db.$disconnect();
});

const page = () => fetch(`${server.base}/graphql`, { headers: { accept: "text/html" } });

test("a browser opening /graphql gets GraphiQL, its files from the server alone", async () => {
  const res = await page();
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain("<title>Countpoint GraphQL explorer</title>");
  // No CDN: every script and style sheet is one of the server's own files, and each loads.
  const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((url) => !url.startsWith("data:"));
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const file of files) {
    expect(file).toMatch(/^\/graphql\/explorer\/assets\//);
    const asset = await fetch(`${server.base}${file}`);
    await asset.arrayBuffer(); // read to the end, or the server's close waits for it
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  }
  const policy = res.headers.get("content-security-policy")!;
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/https?:/);
});

test("operations at /graphql still run; only the explorer's assets are served", async () => {
  const res = await fetch(`${server.base}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
    body: JSON.stringify({ query: "{ skus(first: 1) { edges { node { code } } } }" }),
  });
  const answer = (await res.json()) as { data: { skus: { edges: { node: { code: string } }[] } } };
  expect(answer.data.skus.edges.map((e) => e.node.code)).toEqual(["EXPLORED-1"]);
  const other = await fetch(`${server.base}/graphql/explorer/index.html`);
  expect(other.status).toBeGreaterThanOrEqual(400);
  expect(await other.text()).not.toContain("<html");
});

/** Runs `use` on the explorer opened in headless Chromium with the account's token in the link. */
async function inExplorer(use: (tab: Page) => Promise<void>): Promise<void> {
  await inBrowser(
    async (tab) => {
      await tab.goto(`${server.base}/graphql#token=${account.token}`);
      // The query editor is ready once it shows the welcome query's operation.
      await tab.locator(".graphiql-query-editor").getByText("FirstSkus").waitFor();
      await use(tab);
    },
    { viewport: { width: 1280, height: 720 } },
  );
}

browserTest(
  "a query run in the explorer answers with the account's data, the token from the link",
  () =>
    inExplorer(async (tab) => {
      // The token left the address bar as soon as the page read it.
      expect(tab.url()).toBe(`${server.base}/graphql`);
      await tab.getByRole("button", { name: /^Execute query/ }).click();
      await tab.locator(".result-window").getByText("EXPLORED-1").waitFor({ timeout: 30_000 });
    }),
  90_000,
);

browserTest(
  "a subscription run in the explorer shows the change made after it started",
  () =>
    inExplorer(async (tab) => {
      await tab.locator(".graphiql-query-editor .view-lines").click();
      await tab.keyboard.press("Control+A");
      await tab.keyboard.press("Delete");
      // The editor closes the braces itself; Escape closes its suggestions.
      await tab.keyboard.type(
        `subscription Live { stockChanged(skuIds: [${skuId}]) { quantityAfter `,
      );
      // Typed and parsed: the operation's tab is named after it.
      await tab.getByRole("tab", { name: "Live" }).waitFor();
      await tab.keyboard.press("Escape");
      await tab.getByRole("button", { name: /^Execute query/ }).click();
      // The subscription is open once the server counts a subscriber.
      for (let i = 0; i < 100 && !(await subscribed()); i++) await sleep(100);
      expect(await subscribed()).toBe(true);
      const set = await call(server, "PATCH", `/skus/${skuId}`, account.token, {
        on_hand: 731,
        reason: "correction",
      });
      expect(set.status).toBe(200);
      await tab.locator(".result-window").getByText("731").waitFor({ timeout: 30_000 });
    }),
  90_000,
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the server holds a live subscription (its metrics say so). */
const subscribed = async (): Promise<boolean> => (await liveSubscribers(server.base)) > 0;
