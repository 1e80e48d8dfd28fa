import { rm } from "node:fs/promises";

export default async function globalTeardown() {
  /** @type {{ stop: () => Promise<void>; dataDir: string } | undefined} */
  const started = Reflect.get(globalThis, "__countpointTestDatabase");
  if (!started) return;
  await started.stop();
  await rm(started.dataDir, { recursive: true, force: true });
}
