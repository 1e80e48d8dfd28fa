// `countpoint serve` as an operator runs it: the built command in a process of its own, on a
// port of its own; what it prints is kept, for a test to read when it fails or exits.
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../src/paths.js";

export interface Server {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, then its exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `countpoint serve` (with `args`) over `databaseUrl`, settings of `env` added. */
export async function startServer(
  databaseUrl: string,
  { args = [], env = {} }: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<Server> {
  const child = spawn(process.execPath, ["dist/src/cli.js", "serve", ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      DATABASE_URL: databaseUrl,
      PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_WORKER: "false",
      ...env,
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
  return {
    child,
    base: /running at (http:\/\/\S+)/.exec(out)![1]!,
    output: () => out,
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}
