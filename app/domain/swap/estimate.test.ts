import { describe, expect, it } from "vitest";
import { rateLines, swapEstimate } from "./estimate.ts";
import { quoteMath } from "./rules.ts";

const prices = { USD: "1", BTC: "31000", ETH: "1700", USDT: "1" };
const base = { prices, spreadBps: 50, feeBps: 0 };

describe("the swap estimate while typing", () => {
  it("is the quote's own arithmetic at the cached prices (rounded down)", () => {
    const estimate = swapEstimate({ ...base, from: "BTC", to: "ETH", amountText: "0.1" });
    // 0.1 × 31000 / 1700 × 0.995 = 1.8144117647… ETH, rounded down to the ETH unit (9 decimals)
    expect(estimate).toEqual({ toMinor: 1_814_411_764n, rate: "18.144117647058" });
    const quote = quoteMath({
      from: "BTC",
      to: "ETH",
      fromAmountMinor: 10_000_000n,
      fromPriceUsd: "31000",
      toPriceUsd: "1700",
      spreadBps: 50,
      feeBps: 0,
    });
    expect(estimate?.toMinor).toBe(quote.toMinor);
  });

  it("takes the fee off, rounded up in the treasury's favour", () => {
    const estimate = swapEstimate({ ...base, feeBps: 25, from: "USDT", to: "USD", amountText: "10" });
    // gross 9.95 USD; fee ⌈995 × 25 / 10000⌉ = 3 cents
    expect(estimate?.toMinor).toBe(992n);
  });

  it("has a rate but no amount while the field is empty or not a number", () => {
    for (const amountText of ["", "abc", "0", "0.123456789"]) {
      expect(swapEstimate({ ...base, from: "BTC", to: "ETH", amountText })).toEqual({
        toMinor: null,
        rate: "18.144117647058",
      });
    }
  });

  it("is absent when a currency has no price", () => {
    expect(swapEstimate({ ...base, from: "SOL", to: "ETH", amountText: "1" })).toBeNull();
    expect(
      swapEstimate({ ...base, prices: { ...prices, ETH: "0" }, from: "BTC", to: "ETH", amountText: "1" }),
    ).toBeNull();
  });
});

describe("the rate read both ways", () => {
  it("forward rounded down, inverse rounded up, at each currency's display decimals", () => {
    expect(rateLines({ from: "BTC", to: "USDT" }, "31155")).toEqual({
      forward: "1 BTC = 31,155.00 USDT",
      inverse: "1 USDT = 0.00003210 BTC", // 1 ÷ 31155 = 0.0000320976… → up
    });
    expect(rateLines({ from: "BTC", to: "ETH" }, "18.144117647058")).toEqual({
      forward: "1 BTC = 18.144117 ETH",
      inverse: "1 ETH = 0.05511429 BTC", // 1700 ÷ 31000 ÷ 0.995 = 0.055114285… → up
    });
  });

  it("has no inverse for a zero rate and refuses text that is not a rate", () => {
    expect(rateLines({ from: "TRX", to: "BTC" }, "0")).toEqual({
      forward: "1 TRX = 0.00000000 BTC",
      inverse: null,
    });
    expect(rateLines({ from: "BTC", to: "ETH" }, "n/a")).toBeNull();
  });
});
