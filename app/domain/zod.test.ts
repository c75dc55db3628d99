import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Zod is imported through app/domain/zod.ts (which turns off its eval probe before any schema
// parses, for our Content-Security-Policy). Only server-only modules may import "zod" directly.
const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const serverOnly = (file: string) =>
  /\.server\.tsx?$/.test(file) || /[/\\]routes[/\\](api|test)[/\\]/.test(file) || file.endsWith("zod.ts");

describe("zod imports", () => {
  it("browser-loaded modules take z from app/domain/zod.ts", () => {
    const direct = sources(root)
      .filter((file) => !serverOnly(file))
      .filter((file) => /from\s+["']zod["']/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(direct).toEqual([]);
  });
});
