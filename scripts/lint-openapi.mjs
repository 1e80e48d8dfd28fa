// Lints the OpenAPI document the service serves (`countpoint openapi` prints it, from the build in
// dist/) with Spectral and the ruleset in .spectral.yaml; fails on any warning or error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const printed = spawnSync(process.execPath, ["dist/src/cli.js", "openapi"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  stdio: ["ignore", "pipe", "inherit"],
});
if (printed.status !== 0) {
  console.error(`countpoint openapi failed (exit ${printed.status ?? printed.signal})`);
  process.exit(1);
}
const folder = mkdtempSync(join(tmpdir(), "countpoint-openapi-"));
const file = join(folder, "openapi.json");
try {
  writeFileSync(file, printed.stdout);
  const lint = spawnSync(
    "npx",
    [
      "--no-install",
      "spectral",
      "lint",
      file,
      "--ruleset",
      ".spectral.yaml",
      "--fail-severity=warn",
    ],
    { stdio: "inherit" },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
