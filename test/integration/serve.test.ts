import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../src/paths.js";

// `countpoint serve` exactly as `npm start` runs it, with no DATABASE_URL: embedded PostgreSQL,
// migrations, demo data, Ctrl-C, and a second start on the same data.

interface Running {
  child: ChildProcess;
  baseUrl: string;
  token: string;
  output: () => string;
}

async function serve(dataDir: string, user?: { uid: number; gid: number }): Promise<Running> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COUNTPOINT_DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["dist/src/cli.js", "serve"], {
    cwd: projectRoot,
    env,
    ...user,
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const deadline = Date.now() + 60_000;
  while (!/Token \(all scopes\): (\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`serve did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const baseUrl = /running at (http:\/\/\S+)/.exec(out)?.[1] ?? "";
  const token = /Token \(all scopes\): (\S+)/.exec(out)?.[1] ?? "";
  return { child, baseUrl, token, output: () => out };
}

async function interrupt(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    running.child.on("exit", (code) => resolve(code)),
  );
  running.child.kill("SIGINT");
  return exited;
}

const get = async (r: Running, path: string) => {
  const response = await fetch(`${r.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${r.token}` },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted on field by field
  return { status: response.status, body: (await response.json()) as any };
};

describe("countpoint serve without DATABASE_URL", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "countpoint-serve-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts embedded PostgreSQL with demo data, stops cleanly on Ctrl-C, and reuses the data on the next start", async () => {
    const first = await serve(dataDir);
    expect(first.output()).toContain("Demo account created");
    expect((await get(first, "/readyz")).body).toEqual({ status: "ready" });
    const skus = await get(first, "/api/v1/skus?limit=1000");
    const items = await get(first, "/api/v1/supplier-items?limit=1000");
    expect(skus.status).toBe(200);
    expect(skus.body.data.length + items.body.data.length).toBeGreaterThanOrEqual(18);
    expect(items.body.data.some((i: { sku_id: number | null }) => i.sku_id !== null)).toBe(true);
    expect(items.body.data.some((i: { sku_id: number | null }) => i.sku_id === null)).toBe(true);

    expect(await interrupt(first)).toBe(0);
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    const second = await serve(dataDir);
    try {
      expect(second.output()).not.toContain("Demo account created");
      expect(second.token).toBe(first.token);
      const again = await get(second, "/api/v1/skus?limit=1000");
      expect(again.body.data).toEqual(skus.body.data);
    } finally {
      expect(await interrupt(second)).toBe(0);
    }
  }, 180_000);
});

// Under root, PostgreSQL runs as the postgres user (the test above); as anyone else it runs as
// that user. When the suite runs as root, prove the second case with the `nobody` account.
const asRoot = process.getuid?.() === 0;
(asRoot ? describe : describe.skip)("countpoint serve as an ordinary user", () => {
  it("runs embedded PostgreSQL as that user", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "countpoint-user-"));
    const nobody = { uid: 65534, gid: 65534 };
    await chown(dataDir, nobody.uid, nobody.gid);
    try {
      const running = await serve(dataDir, nobody);
      try {
        expect((await get(running, "/readyz")).body).toEqual({ status: "ready" });
        expect((await get(running, "/api/v1/skus")).status).toBe(200);
      } finally {
        expect(await interrupt(running)).toBe(0);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
