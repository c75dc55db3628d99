import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as Entries from "./entries.ts";
import type * as Holds from "./holds.server.ts";
import { isLedgerCode, LEDGER_CODES, type LedgerCode } from "./types.ts";

const root = path.resolve(import.meta.dirname, "../../..");

describe("LEDGER_CODES", () => {
  it("lists each code once, and cannot be changed", () => {
    expect(LEDGER_CODES.length).toBeGreaterThan(0);
    expect(new Set(LEDGER_CODES).size).toBe(LEDGER_CODES.length);
    expect(Object.isFrozen(LEDGER_CODES)).toBe(true);
  });

  it("codes are lower-case words joined by dots", () => {
    for (const code of LEDGER_CODES) expect(code).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
  });

  it("is all the ledger's API accepts, so every code passed in the codebase is listed (checked by tsc)", () => {
    expectTypeOf<Entries.PostEntryInput["code"]>().toEqualTypeOf<LedgerCode>();
    expectTypeOf<Parameters<typeof Holds.holdFunds>[1]["code"]>().toEqualTypeOf<LedgerCode | undefined>();
    expectTypeOf<Holds.ResolveHoldInput["code"]>().toEqualTypeOf<LedgerCode | undefined>();
    // And at run time, for a caller the compiler does not see (plain JavaScript, a cast).
    expect(LEDGER_CODES.every(isLedgerCode)).toBe(true);
    for (const stranger of ["test", "Deposit", "deposit ", "", undefined, null, 1]) {
      expect(isLedgerCode(stranger), String(stranger)).toBe(false);
    }
  });

  it("lists the codes the type cannot see: written by db/ledger.sql, or named in the app's SQL", () => {
    const ledgerSql = readFileSync(path.join(root, "db/ledger.sql"), "utf8");
    const written = [
      ...ledgerSql.matchAll(/INSERT INTO ledger_entries[^;]*?VALUES \(\s*\w+,\s*'([^']*)'/g),
    ].map((m) => m[1]);
    expect(written).toEqual(["ledger.consolidate"]);
    for (const code of written) expect(LEDGER_CODES, `${code} is not in LEDGER_CODES`).toContain(code);
    const sources = globSync(["app/**/*.{ts,tsx}", "bench/**/*.ts", "server/**/*.ts", "scripts/**/*.ts"], {
      cwd: root,
    }).filter((file) => !/\.test\.tsx?$/.test(file));
    for (const file of sources) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const [, code] of text.matchAll(/\bcode\s*(?:=|<>|!=)\s*'([^']*)'/g)) {
        expect(LEDGER_CODES, `${file}: ${code} is not in LEDGER_CODES`).toContain(code);
      }
    }
  });
});
