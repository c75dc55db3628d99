import { describe, expect, it } from "vitest";
import { inlineText } from "../legal/markdown.ts";
import { isStatementYear, movementLine, statementBlocks, statementYears } from "./statement.ts";
import { taxRowOf } from "./tax-rows.ts";

const now = new Date("2026-11-26T08:00:00Z");

describe("yearly statement", () => {
  it("offers the years from the first movement to now, newest first, and nothing later", () => {
    expect(statementYears(new Date("2024-05-01T00:00:00Z"), now)).toEqual([2026, 2025, 2024]);
    expect(statementYears(now, now)).toEqual([2026]);
    expect(isStatementYear(2026, now)).toBe(true);
    expect(isStatementYear(2027, now)).toBe(false);
    expect(isStatementYear(2008, now)).toBe(false);
  });

  it("lists each asset's opening and closing balance and every movement, exactly", () => {
    const swap = taxRowOf({
      id: 1n,
      type: "swap",
      asset: "BTC",
      amount: 10_000_000n,
      counterAsset: "USDT",
      counterAmount: 6_000_000_000n,
      swapFeeMinor: 3_000_000n,
      references: {},
      createdAt: new Date("2026-02-03T04:05:06Z"),
    });
    expect(movementLine(swap)).toBe(
      "3 Feb 2026, 04:05 UTC - Swap BTC to USDT: sent 0.1 BTC; received 6,003 USDT; fee 3 USDT",
    );
    const blocks = statementBlocks({
      year: 2026,
      memberName: "Ann Example",
      opening: new Map([["BTC", 50_000_000n]]),
      closing: new Map([
        ["BTC", 40_000_000n],
        ["USDT", 6_000_000_000n],
      ]),
      movements: [swap],
      generatedAt: now,
    });
    const text = blocks.flatMap((b) =>
      b.kind === "list" ? b.items.map(inlineText) : [inlineText(b.content)],
    );
    expect(text).toContain("BTC: opening 0.5 BTC, closing 0.4 BTC");
    expect(text).toContain("USDT: opening 0 USDT, closing 6,000 USDT");
    expect(text).toContain("Movements (1)");
    expect(text.some((line) => line.startsWith("Ann Example. Your real account from 1 January 2026"))).toBe(
      true,
    );
  });
});
