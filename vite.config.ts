import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Rolldown's "plugin timings" notice is advice for plugin authors; on a busy machine it filled
  // `npm start`'s output, which should end with the one "ready" line (server/main.ts).
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
  // The server build's entry is our Express sub-app, so the database, config and router live
  // in one module graph (one PGlite instance per process). server/main.ts loads it.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  plugins: [tailwindcss(), reactRouter()],
});
