import { describe, expect, it } from "vitest";
import { formatExpenseRatio, formatNumber, formatUsd } from "./format.ts";
import { etfDirectory } from "./types.ts";

describe("formatExpenseRatio", () => {
  it("shows basis points as a percentage with two decimals, trailing zeros kept", () => {
    expect(formatExpenseRatio(25)).toBe("0.25%");
    expect(formatExpenseRatio(150)).toBe("1.50%");
    expect(formatExpenseRatio(15)).toBe("0.15%");
    expect(formatExpenseRatio(5)).toBe("0.05%");
    expect(formatExpenseRatio(0)).toBe("0.00%");
    expect(formatExpenseRatio(-1)).toBe("—");
    expect(formatExpenseRatio(2.5)).toBe("—");
  });

  it("every spot bitcoin ETF shows its issuer's published expense ratio", () => {
    expect(
      Object.fromEntries(etfDirectory.map((e) => [e.symbol, formatExpenseRatio(e.expenseRatioBps)])),
    ).toEqual({
      IBIT: "0.25%",
      FBTC: "0.25%",
      GBTC: "1.50%",
      BTC: "0.15%",
      ARKB: "0.21%",
      BITB: "0.20%",
      HODL: "0.20%",
      BRRR: "0.25%",
      BTCO: "0.25%",
      EZBC: "0.19%",
      BTCW: "0.25%",
      DEFI: "0.94%",
    });
  });
});

describe("market figures", () => {
  it("USD with cents, compact for large sums, and a dash for missing values", () => {
    expect(formatUsd("31000")).toBe("$31,000.00");
    expect(formatUsd("0.051666666667")).toBe("$0.0517");
    expect(formatUsd("14585872000", { compact: true })).toBe("$14.59B");
    expect(formatUsd(null)).toBe("—");
    expect(formatNumber("2345678", { compact: true })).toBe("2.35M");
  });
});
