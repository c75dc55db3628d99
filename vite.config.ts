import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build's entry is our Express sub-app, so the database, config and router live
  // in one module graph (one PGlite instance per process). server/main.ts loads it.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter()],
});
