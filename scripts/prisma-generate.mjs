// Runs `prisma generate` without Prisma's native schema engine. Generation never executes that
// engine, but the CLI looks for it (and tries to download it) unless told where it is; any
// existing file satisfies the lookup, so we point it at the Node binary.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync(process.execPath, [cli, "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
