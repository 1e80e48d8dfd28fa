// `countpoint serve` and `countpoint worker` in processes of their own over the test database, as an
// operator runs them, and plain HTTP calls to a server: for tests about several processes and about
// a process that dies.
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../src/paths.js";
import { databaseUrl } from "./db.js";

export interface Running {
  child: ChildProcess;
}

export interface Server extends Running {
  base: string;
}

export interface ProcessOptions {
  /** The database (the test database unless given). */
  url?: string;
  /** More environment variables (they win over the defaults). */
  env?: NodeJS.ProcessEnv;
}

/** `countpoint <args>` in a process of its own, once its output shows `ready`. */
async function run(
  args: string[],
  ready: RegExp,
  { url, env }: ProcessOptions,
): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, ["dist/src/cli.js", ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      DATABASE_URL: url ?? databaseUrl(),
      PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_WORKER: "false",
      // As in test apps: every request goes through the rate limiter, none is refused by it.
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!ready.test(out)) {
    if (child.exitCode !== null) throw new Error(`countpoint ${args[0]} exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`countpoint ${args[0]} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output: out };
}

/** `countpoint serve` (with `args`) on a port of its own, over the test database (no worker). */
export async function startServer(
  args: string[] = [],
  options: ProcessOptions = {},
): Promise<Server> {
  const ready = /running at (http:\/\/\S+)/;
  const { child, output } = await run(["serve", ...args], ready, options);
  return { child, base: ready.exec(output)![1]! };
}

/** `countpoint worker` (webhook deliveries) in a process of its own, as a replica runs it. */
export async function startWorker(options: ProcessOptions = {}): Promise<Running> {
  const { child } = await run(["worker"], /delivering webhooks/, options);
  return { child };
}

/** Sends `signal` (SIGTERM: a clean stop) and answers how the process ended. */
export const stopProcess = (server: Running, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null) {
      return resolve({ code: child.exitCode, signal: child.signalCode });
    }
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.kill(signal);
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
export type Answer = { status: number; headers: Headers; body: any };

/** A JSON request to the server's REST API with the token (and any headers given). */
export async function call(
  server: Server,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${server.base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
