// What `npm start` builds first (scripts/build.mjs), in a copy of the checkout as the last
// `npm run build` left it: a second start of an unchanged checkout builds nothing and is serving
// within seconds; after a change to the server's source or to the app, the next start builds
// that part, and what it serves shows the change: never a stale build.
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../src/paths.js";
import { databaseUrl } from "../helpers/db.js";

let copy: string;

/** What the build and the server need: sources, scripts, migrations, manifests, the last build. */
const COPIED = [
  "src",
  "bench",
  "web",
  "scripts",
  "prisma",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "dist",
];

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), "countpoint-start-"));
  for (const path of COPIED)
    await cp(join(projectRoot, path), join(copy, path), { recursive: true });
  await symlink(join(projectRoot, "node_modules"), join(copy, "node_modules"), "dir");
}, 120_000);

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

/** `npm start` in the copy, on the test's database, until it serves; then stopped. */
async function npmStart(): Promise<{ output: string; readyMs: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    PORT: "0",
    LOG_LEVEL: "warn",
    WEBHOOK_WORKER: "false",
  };
  delete env.NODE_OPTIONS;
  // As a user's shell has it: not the settings of the npm that runs the tests (under
  // `npm test --ignore-scripts`, npm_config_ignore_scripts would skip the prestart build).
  for (const key of Object.keys(env)) if (key.startsWith("npm_")) delete env[key];
  const began = Date.now();
  const child = spawn("npm", ["start"], { cwd: copy, env, detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += String(d)));
  child.stderr.on("data", (d) => (output += String(d)));
  try {
    const deadline = Date.now() + 180_000;
    while (!/running at http/.test(output)) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { output, readyMs: Date.now() - began };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
  }
}

/** The built app's script files, as one text. */
async function appScripts(): Promise<string> {
  const dir = join(copy, "dist", "web", "app", "assets");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".js"));
  return (await Promise.all(names.map((n) => readFile(join(dir, n), "utf8")))).join("\n");
}

async function edit(path: string, from: string, to: string): Promise<void> {
  const file = join(copy, path);
  const text = await readFile(file, "utf8");
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

test("a second start of an unchanged checkout builds nothing and serves within seconds", async () => {
  // What a benchmark run leaves beside the sources is no change to them.
  await writeFile(join(copy, "bench", "results.json"), '{"written": "by npm run bench"}\n');
  const { output, readyMs } = await npmStart();
  for (const part of ["server", "explorer", "app"]) {
    expect(output).toContain(`build: ${part} is up to date`);
  }
  // Generous: the build's check takes a fraction of a second; the rest is node and the server.
  expect(readyMs).toBeLessThan(20_000);
}, 200_000);

test("a change to the server's source is built by the next start, and only it", async () => {
  await edit("src/cli/usage.ts", "run the service (what npm start runs)", "serve it all (changed)");
  const { output } = await npmStart();
  expect(output).toContain("build: server built");
  expect(output).toContain("build: app is up to date");
  const usage = spawnSync(process.execPath, ["dist/src/cli.js", "help"], {
    cwd: copy,
    encoding: "utf8",
  });
  expect(usage.stdout + usage.stderr).toContain("serve it all (changed)");
}, 200_000);

test("a change to the app is built by the next start, and only it", async () => {
  await edit("web/app/screens/Lookup.tsx", "Look up a SKU", "Find a SKU (changed)");
  const { output } = await npmStart();
  expect(output).toContain("build: app built");
  expect(output).toContain("build: server is up to date");
  expect(output).toContain("build: explorer is up to date");
  expect(await appScripts()).toContain("Find a SKU (changed)");
}, 200_000);
