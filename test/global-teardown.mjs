import { rm } from "node:fs/promises";

export default async function globalTeardown() {
  const started = globalThis.__countpointTestDatabase;
  if (!started) return;
  await started.stop();
  await rm(started.dataDir, { recursive: true, force: true });
}
