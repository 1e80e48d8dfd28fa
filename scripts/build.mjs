// The build, part by part: the server (TypeScript, into dist/src and dist/bench), the GraphQL
// explorer and the counting app (Vite, into dist/web/…). `npm start` builds only the parts whose
// inputs changed since they were last built (a second start of an unchanged checkout builds
// nothing); `npm run build` builds every part. A part's inputs are hashed by content (not by
// time: a checkout or a copy changes times, not what is built), and the hash is kept beside its
// output in dist/.build/, written only once the part has built, so a failed or stopped build is
// built again next time.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name);

const BUILD_INFO = "dist/.build/server.tsbuildinfo";

/**
 * @typedef {object} Part
 * @property {string} name
 * @property {string[]} inputs files and folders it is built from
 * @property {string[]} [outputs] files among the inputs that are written there, not built from
 * @property {string} output a file its build writes
 * @property {[string, ...string[]]} command
 * @property {() => void} [fresh] what a full build does first
 */

/**
 * Every part: what it is built from, what shows it was built, and how to build it.
 * @type {Part[]}
 */
const PARTS = [
  {
    name: "server",
    inputs: ["src", "bench", "tsconfig.json", "tsconfig.build.json", "package-lock.json"],
    // What the benchmark writes beside its sources: never read by the build.
    outputs: ["bench/results.json"],
    output: "dist/src/cli.js",
    // Incremental: only what a change reaches is checked and written again. TypeScript trusts
    // its record of what it wrote, so a full build, or one whose output is gone, starts without.
    command: [
      bin("tsc"),
      "-p",
      "tsconfig.build.json",
      "--incremental",
      "--tsBuildInfoFile",
      BUILD_INFO,
    ],
    fresh: () => rmSync(join(root, BUILD_INFO), { force: true }),
  },
  {
    name: "explorer",
    inputs: ["web/explorer", "package-lock.json"],
    output: "dist/web/explorer/index.html",
    command: [bin("vite"), "build", "--config", "web/explorer/vite.config.ts"],
  },
  {
    name: "app",
    inputs: ["web/app", "package-lock.json"],
    output: "dist/web/app/index.html",
    command: [bin("vite"), "build", "--config", "web/app/vite.config.ts"],
  },
];

/**
 * Files under `path` (or `path` itself), in a fixed order.
 * @param {string} path
 * @returns {string[]}
 */
function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => files(join(path, e.name)));
}

/**
 * A digest of the part's inputs: each file's path and content.
 * @param {Part} part
 */
function digest(part) {
  const hash = createHash("sha256");
  const written = new Set(part.outputs ?? []);
  for (const file of part.inputs.flatMap(files).filter((f) => !written.has(f))) {
    hash
      .update(relative(root, join(root, file)))
      .update("\0")
      .update(readFileSync(join(root, file)));
  }
  return hash.digest("hex");
}

/** @param {Part} part */
const stampOf = (part) => join(root, "dist", ".build", `${part.name}.sha256`);

const all = process.argv.includes("--all");
for (const part of PARTS) {
  const now = digest(part);
  const stamp = stampOf(part);
  const built = existsSync(join(root, part.output)) && existsSync(stamp);
  if (!all && built && readFileSync(stamp, "utf8") === now) {
    console.log(`build: ${part.name} is up to date`);
    continue;
  }
  mkdirSync(join(root, "dist", ".build"), { recursive: true });
  if (all || !built) part.fresh?.();
  const [command, ...args] = part.command;
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`build: ${part.name} failed`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, now);
  console.log(`build: ${part.name} built`);
}
