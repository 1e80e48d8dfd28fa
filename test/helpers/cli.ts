// The command line as an operator runs it: the built `countpoint` binary in a process of its own.
import { execFile } from "node:child_process";
import { projectRoot } from "../../src/paths.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `countpoint` with the arguments against the database at `url` (settings of `extra` added). */
export function runCountpoint(
  url: string,
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, ...extra };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["dist/src/cli.js", ...args],
      // maxBuffer: the OpenAPI document alone is past the default 1 MiB.
      { cwd: projectRoot, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
