// `countpoint serve` in a process of its own over the test database, as an operator runs it, and
// plain HTTP calls to it: for tests about several processes and about a process that dies.
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../src/paths.js";
import { databaseUrl } from "./db.js";

export interface Server {
  child: ChildProcess;
  base: string;
}

/** `countpoint serve` (with `args`) on a port of its own, over the test database. */
export async function startServer(args: string[] = []): Promise<Server> {
  const child = spawn(process.execPath, ["dist/src/cli.js", "serve", ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      DATABASE_URL: databaseUrl(),
      PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_WORKER: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!/running at (http:\/\/\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`serve did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base: /running at (http:\/\/\S+)/.exec(out)![1]! };
}

/** Sends `signal` (SIGTERM: a clean stop) and answers how the process ended. */
export const stopServer = (server: Server, signal: NodeJS.Signals = "SIGTERM") =>
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
