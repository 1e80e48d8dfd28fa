import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../src/paths.js";
import { SERVE_NODE_FLAGS } from "../../src/node-flags.js";

// SIGTERM, as a process manager (systemd, a container runtime, pm2) stops what it started, sent
// to that one process and not to its process group: to `countpoint serve` itself, and to the npm
// process of `npm start`. Either way the server and its embedded PostgreSQL are gone afterwards.
// npm forwards the signal to its child only, which is the server because the start script execs
// node (a shell between them would die of the signal and leave node and PostgreSQL running).

interface Started {
  child: ChildProcess;
  output: () => string;
  /** The embedded PostgreSQL's postmaster, from its postmaster.pid. */
  postgresPid: number;
}

async function start(command: string, args: string[], dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COUNTPOINT_DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  // A group of its own: nothing the test runner receives reaches it, and only the one process
  // the test signals is signalled.
  const child = spawn(command, args, { cwd: projectRoot, env, detached: true });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const deadline = Date.now() + 90_000;
  while (!/running at http/.test(out)) {
    if (child.exitCode !== null) throw new Error(`${command} exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`${command} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const [pid] = (await readFile(join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n");
  return { child, output: () => out, postgresPid: Number(pid) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Whether `pid` is gone within `ms` (a process is reaped a moment after it exits). */
async function gone(pid: number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The processes whose parent is `pid` (Linux: /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8");
  return children.split(" ").filter(Boolean).map(Number);
}

/** The `countpoint serve` process among the descendants of `pid`. */
async function serverUnder(pid: number): Promise<number> {
  for (const child of await childrenOf(pid)) {
    const cmdline = await readFile(`/proc/${child}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes("dist/src/cli.js\0serve")) return child;
    const below = await serverUnder(child);
    if (below) return below;
  }
  return 0;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

/**
 * Stops whatever a failed test left running: the process group it started (npm, a shell, the
 * server), given a moment to stop its PostgreSQL, then anything left, that PostgreSQL included.
 */
async function cleanUp(started: Started | undefined) {
  const group = started?.child.pid;
  if (!started || !group) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group, signal);
    } catch {
      // the group is gone
    }
  };
  signalGroup("SIGTERM");
  await gone(started.postgresPid);
  signalGroup("SIGKILL");
  if (alive(started.postgresPid)) process.kill(started.postgresPid, "SIGKILL");
}

describe("SIGTERM to the one process a process manager started", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "countpoint-stop-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("countpoint serve stops, and stops its embedded PostgreSQL", async () => {
    let started: Started | undefined;
    try {
      started = await start(
        process.execPath,
        [...SERVE_NODE_FLAGS, "dist/src/cli.js", "serve"],
        dataDir,
      );
      expect(alive(started.postgresPid)).toBe(true);
      started.child.kill("SIGTERM");
      expect(await exited(started.child)).toEqual({ code: 0, signal: null });
      expect(started.output()).toContain("Countpoint stopped (SIGTERM).");
      expect(await gone(started.postgresPid)).toBe(true);
      expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    } finally {
      await cleanUp(started);
    }
  }, 120_000);

  it("npm start: npm passes it to the server, which stops with its PostgreSQL, then npm exits", async () => {
    let started: Started | undefined;
    try {
      // The package's real start script; --ignore-scripts leaves out prestart's build (the tests
      // run on a fresh build already).
      started = await start("npm", ["start", "--ignore-scripts"], dataDir);
      const npm = started.child.pid!;
      const children = await childrenOf(npm);
      const server = await serverUnder(npm);
      expect(server).toBeGreaterThan(0);

      process.kill(npm, "SIGTERM");
      await exited(started.child);
      expect({ server: await gone(server), postgres: await gone(started.postgresPid) }).toEqual({
        server: true,
        postgres: true,
      });
      expect(started.output()).toContain("Countpoint stopped (SIGTERM).");
      // Because the start script execs node: npm's own child was the server, no shell between.
      expect(children).toEqual([server]);
      expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    } finally {
      await cleanUp(started);
    }
  }, 120_000);
});
