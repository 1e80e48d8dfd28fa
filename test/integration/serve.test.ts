import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { projectRoot } from "../../src/paths.js";
import { SERVE_NODE_FLAGS } from "../../src/node-flags.js";

// `countpoint serve` exactly as `npm start` runs it, with no DATABASE_URL: embedded PostgreSQL,
// migrations, demo data, Ctrl-C, and a second start on the same data.

interface Running {
  child: ChildProcess;
  baseUrl: string;
  token: string;
  output: () => string;
}

const environment = (dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COUNTPOINT_DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
};

/**
 * Starts `countpoint serve` in a process group of its own, as a terminal would, so that a Ctrl-C
 * can be sent to the whole group.
 */
async function serve(
  dataDir: string,
  options: { user?: { uid: number; gid: number }; env?: NodeJS.ProcessEnv } = {},
): Promise<Running> {
  const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, "dist/src/cli.js", "serve"], {
    cwd: projectRoot,
    env: environment(dataDir, options.env),
    detached: true,
    ...options.user,
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const deadline = Date.now() + 90_000;
  while (!/Database: /.test(out)) {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`serve did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 100)); // the rest of the banner
  const baseUrl = /running at (http:\/\/\S+)/.exec(out)?.[1] ?? "";
  const token =
    /Token \(all scopes\) of .*: (\S+)/.exec(out)?.[1] ??
    (await readFile(join(dataDir, "demo-token"), "utf8")).trim();
  return { child, baseUrl, token, output: () => out };
}

const exited = (running: Running) =>
  new Promise<number | null>((resolve) => {
    if (running.child.exitCode !== null) resolve(running.child.exitCode);
    else running.child.on("exit", (code) => resolve(code));
  });

/** Ctrl-C: SIGINT to the server's whole process group. */
async function interrupt(running: Running): Promise<number | null> {
  process.kill(-(running.child.pid ?? 0), "SIGINT");
  return exited(running);
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
    expect(first.output()).toMatch(/Demo account \d+ \("Demo"\) created/);
    expect((await get(first, "/readyz")).body).toMatchObject({ status: "ready" });
    const skus = await get(first, "/api/v1/skus?limit=1000");
    const items = await get(first, "/api/v1/supplier-items?limit=1000");
    expect(skus.status).toBe(200);
    expect(skus.body.data.length + items.body.data.length).toBeGreaterThanOrEqual(18);
    expect(items.body.data.some((i: { sku_id: number | null }) => i.sku_id !== null)).toBe(true);
    expect(items.body.data.some((i: { sku_id: number | null }) => i.sku_id === null)).toBe(true);

    expect(await interrupt(first)).toBe(0);
    expect(first.output()).toContain("Countpoint stopped (SIGINT).");
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    const second = await serve(dataDir);
    try {
      expect(second.output()).not.toContain("created with sample");
      // Which account the token is for, so a user who made more accounts knows what it reaches.
      expect(second.output()).toMatch(/Token \(all scopes\) of account \d+ \("Demo"\): cp_/);
      expect(second.token).toBe(first.token);
      const again = await get(second, "/api/v1/skus?limit=1000");
      expect(again.body.data).toEqual(skus.body.data);
    } finally {
      expect(await interrupt(second)).toBe(0);
    }
  }, 180_000);

  const clusterUrl = async () =>
    (JSON.parse(await readFile(join(dataDir, "cluster.lock"), "utf8")) as { url: string }).url;

  it("on Ctrl-C finishes the request in flight on a live database, then stops", async () => {
    const running = await serve(dataDir);
    let exitCode: number | null = null;
    const holder = new pg.Client({ connectionString: await clusterUrl() });
    holder.on("error", () => {});
    try {
      const sku = (await get(running, "/api/v1/skus?limit=1")).body.data[0];
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM skus WHERE id = $1 FOR UPDATE", [sku.id]);
      // The PATCH waits for the row held above: it is in flight when Ctrl-C arrives.
      const inFlight = fetch(`${running.baseUrl}/api/v1/skus/${sku.id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${running.token}`, "content-type": "application/json" },
        body: JSON.stringify({ on_hand: Number(sku.on_hand) + 1, reason: "found" }),
      });
      await new Promise((r) => setTimeout(r, 500));
      const stopped = interrupt(running);
      await new Promise((r) => setTimeout(r, 1000));
      expect(running.child.exitCode).toBeNull(); // still draining
      await holder.query("ROLLBACK");
      await holder.end();

      const response = await inFlight;
      expect(response.status).toBe(200);
      exitCode = await stopped;
    } finally {
      await holder.end().catch(() => {});
      if (exitCode === null) await interrupt(running);
    }
    expect(exitCode).toBe(0);
    expect(running.output()).toContain("Countpoint stopped (SIGINT).");
    expect(running.output()).not.toMatch(/"level":50|INTERNAL/);
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 180_000);

  it("in production prints neither the token nor a Sandbox link, but says whose token is kept where", async () => {
    const running = await serve(dataDir, { env: { NODE_ENV: "production" } });
    try {
      const banner = running.output();
      expect(banner).not.toContain(running.token);
      expect(banner).not.toMatch(/cp_\d+_/);
      expect(banner).not.toMatch(/Sandbox/i);
      expect(banner).toMatch(/Demo account \d+ \("Demo"\)/);
      expect(banner).toContain("demo-token");
      expect((await get(running, "/api/v1/skus?limit=1")).status).toBe(200);
    } finally {
      expect(await interrupt(running)).toBe(0);
    }
  }, 180_000);

  it("a command line run while the server runs shares its PostgreSQL and leaves it running", async () => {
    const running = await serve(dataDir);
    try {
      const listed = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const cli = spawn(process.execPath, ["dist/src/cli.js", "accounts", "list"], {
          cwd: projectRoot,
          env: environment(dataDir),
        });
        let stdout = "";
        cli.stdout.on("data", (d) => (stdout += String(d)));
        cli.on("exit", (code) => resolve({ code, stdout }));
      });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('"name":"Demo"');

      expect((await get(running, "/readyz")).body).toMatchObject({ status: "ready" });
      expect((await get(running, "/api/v1/skus?limit=1")).status).toBe(200);
    } finally {
      expect(await interrupt(running)).toBe(0);
    }
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 180_000);

  it("takes over the PostgreSQL of a server that was killed", async () => {
    const killed = await serve(dataDir);
    killed.child.kill("SIGKILL");
    await exited(killed);
    // Its PostgreSQL runs on, in a session of its own; the next start takes it over.
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(true);

    const next = await serve(dataDir);
    try {
      expect((await get(next, "/readyz")).body).toMatchObject({ status: "ready" });
      expect(next.token).toBe(killed.token);
    } finally {
      expect(await interrupt(next)).toBe(0);
    }
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
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
      const running = await serve(dataDir, { user: nobody });
      try {
        expect((await get(running, "/readyz")).body).toMatchObject({ status: "ready" });
        expect((await get(running, "/api/v1/skus")).status).toBe(200);
      } finally {
        expect(await interrupt(running)).toBe(0);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
