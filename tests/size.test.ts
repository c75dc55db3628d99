import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Small units (codebase guide §19): a file over 400 lines is a sign to split it. Every non-test
// TypeScript file of app/, server/ and scripts/ stays at or under the limit unless it is listed
// below with the reason it is kept whole, citing the decision that allows it. An entry whose file
// has shrunk under the limit (or gone) must leave the list, so it only ever gets shorter.

const root = path.resolve(import.meta.dirname, "..");
const MAX_LINES = 400;
const ADR = "docs/decisions/0067-file-size-exceptions.md";

/** Files allowed over the limit: "path": why, citing the ADR. */
const ALLOWED: Record<string, string> = {};

function sourceFiles(): string[] {
  return globSync(["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"], { cwd: root })
    .filter((file) => !/\.test\.tsx?$|\/\+types\//.test(file))
    .sort();
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(root, file), "utf8");
  return text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe(`no source file over ${MAX_LINES} lines`, () => {
  it(`every non-test file of app/, server/ and scripts/ has at most ${MAX_LINES} lines, or is allowed`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in ALLOWED))
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(
      over,
      `Split these files (or, if one must stay whole, list it in tests/size.test.ts citing ${ADR}):\n  ${over.join("\n  ")}`,
    ).toEqual([]);
  });

  it(`every allowed file cites ${ADR} and is still over the limit`, () => {
    const problems: string[] = [];
    const files = new Set(sourceFiles());
    for (const [file, reason] of Object.entries(ALLOWED)) {
      if (!reason.includes(ADR)) problems.push(`${file}: the reason does not cite ${ADR}`);
      if (!files.has(file)) problems.push(`${file}: no such source file; remove the entry`);
      else if (lineCount(file) <= MAX_LINES)
        problems.push(`${file}: ${lineCount(file)} lines, within the limit; remove the entry`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
