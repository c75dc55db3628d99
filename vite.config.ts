import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ModuleInfo } from "rolldown";
import { defineConfig } from "vite";

/**
 * The browser's chunks (ADR 0095). Left to itself the bundler gives every set of routes that
 * shares a module its own chunk: the signed-in dashboard needed 77 files, many under 1 KiB (one
 * per icon), and on a phone each costs a request before the page runs. Grouped instead:
 * - "framework": React, React DOM and React Router, which every hydrated page runs;
 * - "root": whatever app/root.tsx imports without waiting (every page loads it anyway), and
 *   "app-shell": the same for the signed-in layout (every signed-in page loads it);
 * - "icons": the icons more than one route uses (small, and cached for the next page).
 * What one route or one lazily loaded dialog alone uses stays with it, and a library that the
 * shell only loads on first use (Radix, zod) is not pulled in: only static imports count.
 */
const shells = [
  { name: "root", test: /[\\/]app[\\/]root\.tsx(\?|$)/ },
  { name: "app-shell", test: /[\\/]app[\\/]routes[\\/]_app[\\/]layout\.tsx(\?|$)/ },
] as const;

function shellOf(
  moduleId: string,
  getModuleInfo: (id: string) => ModuleInfo | null,
  memo: Map<string, string | null>,
): string | null {
  const known = memo.get(moduleId);
  if (known !== undefined) return known;
  memo.set(moduleId, null); // an import cycle leads nowhere new
  let found: string | null = shells.find((s) => s.test.test(moduleId))?.name ?? null;
  // "root" wins over "app-shell": a module both import belongs to every page.
  for (const importer of getModuleInfo(moduleId)?.importers ?? []) {
    if (found === "root") break;
    const shell = shellOf(importer, getModuleInfo, memo);
    if (shell === "root" || (shell && !found)) found = shell;
  }
  memo.set(moduleId, found);
  return found;
}

// One chunking pass per build: the memo is filled and read within it (ADR 0095).
const shellMemo = new Map<string, string | null>();

const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 30,
    },
    {
      debugName: "shell",
      // The route modules themselves stay route chunks: React Router loads them by name.
      name: (moduleId: string, ctx: { getModuleInfo: (id: string) => ModuleInfo | null }) =>
        shells.some((s) => s.test.test(moduleId))
          ? null
          : shellOf(moduleId, (id) => ctx.getModuleInfo(id), shellMemo),
      priority: 20,
    },
    { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 10 },
  ],
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Rolldown's "plugin timings" notice is advice for plugin authors; on a busy machine it filled
  // `npm start`'s output, which should end with the one "ready" line (server/main.ts).
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    // The server build's entry is our Express sub-app, so the database, config and router live
    // in one module graph (one PGlite instance per process). server/main.ts loads it.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
