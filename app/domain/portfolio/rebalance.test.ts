import { describe, expect, it } from "vitest";
import { planRebalance } from "./rebalance.ts";

describe("rebalancing to a target allocation", () => {
  it("sells the overweight coin first, then buys the underweight one, with spread and fee on each", () => {
    // Held: $1,000 cash; 0.075 BTC at $40,000 = $3,000; 0.5 ETH at $2,000 = $1,000. Total $5,000.
    // Target 40 % BTC, 40 % ETH, 20 % cash → $2,000 / $2,000 / $1,000.
    // Sell $1,000 of BTC = 1,000 / 40,000 = 0.025 BTC = 2,500,000 sats.
    // Buy $1,000 of ETH = 1,000 / 2,000 = 0.5 ETH = 500,000,000 minor units (scale 9).
    // Cost at 50 bp spread + 25 bp fee = 75 bp of $1,000 = $7.50 = 750¢ each, 1,500¢ in all.
    const plan = planRebalance({
      holdings: [
        { asset: "USD", quantityMinor: 100_000n },
        { asset: "BTC", quantityMinor: 7_500_000n },
        { asset: "ETH", quantityMinor: 500_000_000n },
      ],
      pricesUsd: { BTC: "40000", ETH: "2000" },
      targetBps: { BTC: 4_000, ETH: 4_000, USD: 2_000 },
      spreadBps: 50,
      feeBps: 25,
    });
    expect(plan.totalUsdCents).toBe(500_000n);
    expect(plan.trades).toEqual([
      { side: "sell", asset: "BTC", valueUsdCents: 100_000n, quantityMinor: 2_500_000n, costUsdCents: 750n },
      { side: "buy", asset: "ETH", valueUsdCents: 100_000n, quantityMinor: 500_000_000n, costUsdCents: 750n },
    ]);
    expect(plan.totalCostUsdCents).toBe(1_500n);
  });

  it("sells an asset left out of the target whole, and rounds quantities down and costs up", () => {
    // Held: 3 SOL at $33.33 = $99.99 (9,999¢) and 1¢ cash: total 10,000¢. Target: 100 % BTC at $30,000.
    // Sell all 3 SOL (3,000,000,000 minor units), value 9,999¢.
    // Buy 10,000¢ of BTC = $100 / $30,000 = 0.00333333|33 BTC → 333,333 sats (rounded down).
    // Cost at 50 + 50 bp: 1 % of 9,999¢ = 99.99 → 100¢ (up); 1 % of 10,000¢ = 100¢. Total 200¢.
    const plan = planRebalance({
      holdings: [
        { asset: "SOL", quantityMinor: 3_000_000_000n },
        { asset: "USD", quantityMinor: 1n },
      ],
      pricesUsd: { SOL: "33.33", BTC: "30000" },
      targetBps: { BTC: 10_000 },
      spreadBps: 50,
      feeBps: 50,
    });
    expect(plan.trades).toEqual([
      {
        side: "sell",
        asset: "SOL",
        valueUsdCents: 9_999n,
        quantityMinor: 3_000_000_000n,
        costUsdCents: 100n,
      },
      { side: "buy", asset: "BTC", valueUsdCents: 10_000n, quantityMinor: 333_333n, costUsdCents: 100n },
    ]);
    expect(plan.totalCostUsdCents).toBe(200n);
  });

  it("has nothing to do when the holdings already match, and lists several sells before several buys", () => {
    const balanced = planRebalance({
      holdings: [
        { asset: "BTC", quantityMinor: 100_000_000n },
        { asset: "USD", quantityMinor: 1_000_000n },
      ],
      pricesUsd: { BTC: "10000" },
      targetBps: { BTC: 5_000, USD: 5_000 },
      spreadBps: 50,
      feeBps: 0,
    });
    expect(balanced.trades).toEqual([]);
    // $100 each of BTC, ETH, SOL, nothing of TRX and BNB; target 10 % BTC, 10 % ETH, 50 % TRX, 30 % BNB
    // of $300 → sell $70 BTC and $70 ETH, sell all SOL ($100); buy $150 TRX then $90 BNB.
    const spread = planRebalance({
      holdings: [
        { asset: "BTC", quantityMinor: 1_000_000n },
        { asset: "ETH", quantityMinor: 100_000_000n },
        { asset: "SOL", quantityMinor: 1_000_000_000n },
      ],
      pricesUsd: { BTC: "10000", ETH: "1000", SOL: "100", TRX: "0.1", BNB: "300" },
      targetBps: { BTC: 1_000, ETH: 1_000, TRX: 5_000, BNB: 3_000 },
      spreadBps: 0,
      feeBps: 0,
    });
    expect(spread.trades.map((t) => `${t.side} ${t.asset} ${t.valueUsdCents}`)).toEqual([
      "sell SOL 10000",
      "sell BTC 7000",
      "sell ETH 7000",
      "buy TRX 15000",
      "buy BNB 9000",
    ]);
    // $150 of TRX at $0.10 = 1,500 TRX = 1,500,000,000 minor units (scale 6); $90 of BNB at $300 = 0.3 BNB.
    expect(spread.trades[3]?.quantityMinor).toBe(1_500_000_000n);
    expect(spread.trades[4]?.quantityMinor).toBe(30_000_000n);
  });

  it("refuses targets that do not sum to 10,000 bp and an asset without a price", () => {
    const base = { holdings: [{ asset: "BTC" as const, quantityMinor: 1n }], spreadBps: 0, feeBps: 0 };
    expect(() => planRebalance({ ...base, pricesUsd: { BTC: "1" }, targetBps: { BTC: 9_999 } })).toThrow(
      "the targets sum to 9999 bp, not 10,000",
    );
    expect(() => planRebalance({ ...base, pricesUsd: {}, targetBps: { BTC: 10_000 } })).toThrow(
      "no price for BTC",
    );
  });
});
