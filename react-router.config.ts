import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering for every page (product brief §4).
  ssr: true,
  // BUILD_DIR lets parallel work trees build side by side; server/main.ts reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
