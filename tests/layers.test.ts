// The layers (ADR 0065), checked by reading every import in the tree, so a change to biome.json
// that loosened its noRestrictedImports rules would not loosen the layers themselves:
//   - routes run no SQL and touch no table: no drizzle-orm, no db/schema, no query helpers
//     (development pages, test-only endpoints and tests excepted; getDb() hands the domain its handle);
//   - the design system (app/ui) knows neither the pages nor any server module.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name.startsWith(".") || name === "+types") return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sources(relative);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** Every module specifier a file imports or re-exports (type-only included: a type ties layers too). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+["']([^"']+)["']/gm)].map(
    (m) => m[1] as string,
  );
}

/** The specifier resolved to a path from the repository root, when it is one of ours. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return specifier;
}

const EXEMPT_ROUTES = [/^app\/routes\/dev\//, /^app\/routes\/test\//, /^app\/routes\/api\/[\w-]+-test\.ts$/];

function violations(files: string[], forbidden: (resolved: string) => string | null) {
  return files.flatMap((file) =>
    importsOf(file).flatMap((specifier) => {
      const why = forbidden(target(file, specifier));
      return why ? [`${file} imports ${specifier}: ${why}`] : [];
    }),
  );
}

function routeRule(resolved: string): string | null {
  if (resolved === "drizzle-orm" || resolved.startsWith("drizzle-orm/")) return "routes run no SQL";
  if (/^db\/schema(\/|$)/.test(resolved)) return "routes touch no table";
  if (resolved === "app/db/client.server.ts") return "routes run no SQL (getDb() is in app/db/db.server.ts)";
  return null;
}

function uiRule(resolved: string): string | null {
  if (resolved.startsWith("app/routes/") || resolved.startsWith("app/routes."))
    return "the design system knows no page";
  if (/\.server(\.tsx?)?$/.test(resolved)) return "UI code runs in the browser: no server module";
  return null;
}

describe("layers", () => {
  it("routes run no SQL and touch no table", () => {
    const routes = sources("app/routes").filter((f) => !EXEMPT_ROUTES.some((r) => r.test(f)));
    expect(routes.length).toBeGreaterThan(40);
    expect(violations(routes, routeRule)).toEqual([]);
  });

  it("the design system imports no page and no server module", () => {
    const ui = sources("app/ui");
    expect(ui.length).toBeGreaterThan(30);
    expect(violations(ui, uiRule)).toEqual([]);
  });

  it("the checks see a violation of each kind", () => {
    expect(routeRule("drizzle-orm")).not.toBeNull();
    expect(routeRule(target("app/routes/_app/x.tsx", "../../../db/schema/index.ts"))).not.toBeNull();
    expect(routeRule(target("app/routes/x.ts", "~/db/client.server.ts"))).not.toBeNull();
    expect(routeRule(target("app/routes/x.ts", "~/db/db.server.ts"))).toBeNull();
    expect(uiRule(target("app/ui/x.tsx", "~/routes/_app/swap.tsx"))).not.toBeNull();
    expect(uiRule(target("app/ui/earn/x.tsx", "../../domain/staking/views.server.ts"))).not.toBeNull();
    expect(uiRule(target("app/ui/x.tsx", "~/domain/staking/views.ts"))).toBeNull();
  });

  it("biome.json keeps the same rules for the editor", () => {
    const config = readFileSync(path.join(root, "biome.json"), "utf8");
    expect(config).toMatch(/"app\/routes\/\*\*"[\s\S]*noRestrictedImports/);
    expect(config).toMatch(/"app\/ui\/\*\*"[\s\S]*noRestrictedImports/);
  });
});
