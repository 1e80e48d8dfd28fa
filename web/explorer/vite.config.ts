// The GraphQL explorer's bundle (GRAPHQL_EXPLORER=graphiql): built into dist/web/explorer by
// `npm run build`, served by the server at /graphql (the page) and /graphql/explorer/ (its files).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/graphql/explorer/",
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../../dist/web/explorer", import.meta.url)),
    emptyOutDir: true,
    // Monaco's editor and language workers are large; they load once and are cached.
    chunkSizeWarningLimit: 8192,
    rolldownOptions: {
      // Radix's and framer-motion's "use client" mean nothing outside React Server Components.
      onwarn: (warning, warn) => {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
