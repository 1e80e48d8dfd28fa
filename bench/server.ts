// The service for a benchmark as users run it: `countpoint serve` (the built CLI) in a process of
// its own on a free port, so its memory is its own and every request crosses real HTTP.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { PrismaClient } from "../src/db/client.js";
import { createToken } from "../src/modules/token/token.store.js";
import { SERVE_NODE_FLAGS } from "../src/node-flags.js";
import type { ServerUnderTest } from "./stock-take.js";

const CLI = fileURLToPath(new URL("../src/cli.js", import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A /proc/<pid>/status field in bytes (VmRSS now, VmHWM the peak). */
async function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} for process ${pid}`);
  return Number(kb) * 1024;
}

/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat, in USER_HZ = 100 ticks). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** What the server has done so far, from its /metrics. */
export interface Counters {
  /** Statements sent to PostgreSQL (scrapes' own reads left out); NaN: a build without it. */
  statements: number;
  /** HTTP requests answered, /metrics's own left out. */
  requests: number;
}

async function counters(baseUrl: string): Promise<Counters> {
  const text = await fetch(`${baseUrl}/metrics`).then(
    (r) => r.text(),
    () => "",
  );
  const statements = /^countpoint_db_statements_total (\S+)$/m.exec(text)?.[1];
  let requests = 0;
  for (const [line, count] of text.matchAll(
    /^countpoint_http_request_duration_seconds_count\{.*\} (\d+)$/gm,
  )) {
    if (!line.includes('route="/metrics"')) requests += Number(count);
  }
  return { statements: statements === undefined ? NaN : Number(statements), requests };
}

/**
 * Starts the server on `databaseUrl` with a token for `accountId`, node run with `nodeOptions`
 * (a heap ceiling, say) and settings of `env` added; stop() ends it.
 */
export async function startServer(
  db: PrismaClient,
  databaseUrl: string,
  accountId: number,
  nodeOptions: string[] = [],
  env: Record<string, string> = {},
): Promise<
  ServerUnderTest & {
    counters: () => Promise<Counters>;
    stop: (graceMs?: number) => Promise<void>;
  }
> {
  const port = await freePort();
  // BENCH_SERVER_NODE_OPTIONS adds node flags of your own, e.g. `--cpu-prof` to profile the server.
  const extra = process.env.BENCH_SERVER_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
  // Node's flags as `npm start` and the countpoint command give them.
  const flags = [...SERVE_NODE_FLAGS, ...nodeOptions, ...extra];
  const child = spawn(process.execPath, [...flags, CLI, "serve"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // The rate limiter runs as it does by default (each request takes from its token's bucket)
      // but never refuses: the scenarios measure the service, from one token, far past 100/s.
      RATE_LIMIT_PER_SECOND: "1000000000",
      RATE_LIMIT_BURST: "1000000000",
      // Each account's budget too (weighed and paid by every request, as by default): P2's 32
      // devices of one account change ~1,600 SKUs a second, past the default of 400 units.
      ACCOUNT_RATE_LIMIT_PER_SECOND: "1000000000",
      ACCOUNT_RATE_LIMIT_BURST: "1000000000",
      ...env,
    },
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || tries > 300) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const { token } = await createToken(db, { accountId, name: "bench" });
  const pid = child.pid;
  if (pid === undefined) throw new Error("no server process");
  return {
    baseUrl,
    token,
    accountId,
    rss: () => statusBytes(pid, "VmRSS"),
    peakRss: () => statusBytes(pid, "VmHWM"),
    cpuSeconds: () => cpuSeconds(pid),
    counters: () => counters(baseUrl),
    // A server still busy after `graceMs` (a hostile request holding it) is killed: its
    // figures are taken by then.
    stop: async (graceMs = Infinity) => {
      child.kill("SIGTERM");
      const timer = Number.isFinite(graceMs)
        ? setTimeout(() => child.kill("SIGKILL"), graceMs)
        : undefined;
      await exited;
      clearTimeout(timer);
    },
  };
}
