import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertUsdCents, formatCents, totalValue, valueInUsdCents } from "./valuation.ts";

describe("valueInUsdCents", () => {
  it("values whole and fractional coins exactly, rounding half up to the cent", () => {
    expect(valueInUsdCents(100_000_000n, "BTC", "64250.5")).toBe(6_425_050n);
    expect(valueInUsdCents(50_000_000n, "BTC", "64250.51")).toBe(3_212_526n); // 32125.255 → .26
    expect(valueInUsdCents(1n, "BTC", "64250")).toBe(0n); // one satoshi is 0.064 cents
    expect(valueInUsdCents(1_000_000n, "USDT", "0.9998")).toBe(100n); // 0.9998 → $1.00
    expect(valueInUsdCents(2_500_000_000n, "ETH", "3000")).toBe(750_000n);
    expect(valueInUsdCents(0n, "SOL", "150")).toBe(0n);
  });

  it("refuses negative balances and prices that are not plain decimals", () => {
    expect(() => valueInUsdCents(-1n, "BTC", "1")).toThrow(RangeError);
    expect(() => valueInUsdCents(1n, "BTC", "1e3")).toThrow();
    expect(() => valueInUsdCents(1n, "BTC", "-5")).toThrow();
  });

  it("is additive up to one cent of rounding per part", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (a, b, priceCents) => {
          const price = `${Math.floor(priceCents / 100)}.${String(priceCents % 100).padStart(2, "0")}`;
          const whole = valueInUsdCents(a + b, "BTC", price);
          const parts = valueInUsdCents(a, "BTC", price) + valueInUsdCents(b, "BTC", price);
          expect(whole - parts <= 1n && parts - whole <= 1n).toBe(true);
        },
      ),
    );
  });
});

describe("convertUsdCents", () => {
  it("converts at the rate and rounds half up", () => {
    expect(convertUsdCents(10_000n, "0.92")).toBe(9_200n);
    expect(convertUsdCents(1n, "0.5")).toBe(1n); // half a cent rounds up
    expect(convertUsdCents(123_456n, "0.7891")).toBe(97_419n);
    expect(convertUsdCents(0n, "1.1")).toBe(0n);
  });
});

describe("formatCents", () => {
  it("groups thousands and always shows two decimals with the currency's symbol", () => {
    expect(formatCents(123_456_789n, "USD")).toBe("$1,234,567.89");
    expect(formatCents(5n, "EUR")).toBe("€0.05");
    expect(formatCents(100n, "GBP")).toBe("£1.00");
  });
});

describe("totalValue", () => {
  it("adds cash at par and coins at their price, and names coins it could not price", () => {
    const total = totalValue([
      { asset: "USD", minor: 1_000_000n, priceUsd: null },
      { asset: "BTC", minor: 10_000_000n, priceUsd: "60000" },
      { asset: "SOL", minor: 1_000_000_000n, priceUsd: null },
      { asset: "ETH", minor: 0n, priceUsd: null },
    ]);
    expect(total).toEqual({ totalUsdCents: 1_000_000n + 600_000n, unpriced: ["SOL"] });
  });
});
