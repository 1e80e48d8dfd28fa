// The counting app's bundle: built into dist/web/app by `npm run build`, served by the server at
// /app (its page for every route under it, its hashed files under /app/assets/).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/app/",
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../../dist/web/app", import.meta.url)),
    emptyOutDir: true,
  },
});
