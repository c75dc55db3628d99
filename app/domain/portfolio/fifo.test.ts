import { describe, expect, it } from "vitest";
import { OversoldError, runFifo, unrealisedGain } from "./fifo.ts";

const BTC = 100_000_000n; // minor units in 1 BTC (scale 8)
const ETH = 1_000_000_000n; // scale 9
const SOL = 1_000_000_000n; // scale 9

describe("FIFO lots", () => {
  it("a partial sell takes its share of one lot's cost, fees counted on both sides", () => {
    // Buy 1 BTC for $30,000 + $30 fee → lot cost $30,030.00 = 3,003,000¢.
    // Sell 0.4 BTC for $16,000 − $16 fee → proceeds 1,598,400¢.
    // Cost taken: 3,003,000 × 0.4 = 1,201,200¢. Gain: 1,598,400 − 1,201,200 = 397,200¢ ($3,972).
    // Left: 0.6 BTC costing 3,003,000 − 1,201,200 = 1,801,800¢.
    // At $50,000: 0.6 × 50,000 = $30,000 = 3,000,000¢ → unrealised 3,000,000 − 1,801,800 = 1,198,200¢.
    const result = runFifo([
      { kind: "buy", id: "b1", quantityMinor: BTC, costUsdCents: 3_000_000n, feeUsdCents: 3_000n },
      {
        kind: "sell",
        id: "s1",
        quantityMinor: (BTC * 4n) / 10n,
        proceedsUsdCents: 1_600_000n,
        feeUsdCents: 1_600n,
      },
    ]);
    expect(result.disposals).toEqual([
      {
        id: "s1",
        quantityMinor: 40_000_000n,
        proceedsUsdCents: 1_598_400n,
        costUsdCents: 1_201_200n,
        gainUsdCents: 397_200n,
      },
    ]);
    expect(result.realisedUsdCents).toBe(397_200n);
    expect(result.lots).toEqual([{ from: "b1", quantityMinor: 60_000_000n, costUsdCents: 1_801_800n }]);
    expect(unrealisedGain(result.lots, "BTC", "50000")).toEqual({
      valueUsdCents: 3_000_000n,
      costUsdCents: 1_801_800n,
      gainUsdCents: 1_198_200n,
    });
  });

  it("a sell across several lots consumes the oldest first", () => {
    // Lot 1: 1 ETH for $2,000 (200,000¢). Lot 2: 2 ETH for $5,000 (500,000¢, $2,500 each).
    // Sell 2 ETH for $6,000: all of lot 1 (200,000¢) + half of lot 2 (250,000¢) = 450,000¢.
    // Gain 600,000 − 450,000 = 150,000¢. Left: 1 ETH of lot 2 costing 250,000¢.
    const result = runFifo([
      { kind: "buy", id: "b1", quantityMinor: ETH, costUsdCents: 200_000n },
      { kind: "buy", id: "b2", quantityMinor: 2n * ETH, costUsdCents: 500_000n },
      { kind: "sell", id: "s1", quantityMinor: 2n * ETH, proceedsUsdCents: 600_000n },
    ]);
    expect(result.disposals[0]).toMatchObject({ costUsdCents: 450_000n, gainUsdCents: 150_000n });
    expect(result.lots).toEqual([{ from: "b2", quantityMinor: ETH, costUsdCents: 250_000n }]);
    // At $1,000 the last ETH is worth 100,000¢: a loss of 150,000¢ not yet realised.
    expect(unrealisedGain(result.lots, "ETH", "1000").gainUsdCents).toBe(-150_000n);
  });

  it("splitting a lot in thirds rounds each piece half up and the last piece takes the rest", () => {
    // 3 SOL for $10.00 (1,000¢), sold 1 SOL at a time for $5.00 each.
    // 1st: 1,000 × 1/3 = 333.33 → 333¢, gain 167. Left 2 SOL, 667¢.
    // 2nd: 667 × 1/2 = 333.5 → 334¢, gain 166. Left 1 SOL, 333¢.
    // 3rd: the whole 333¢, gain 167. Costs 333 + 334 + 333 = 1,000¢: nothing lost or made up.
    const result = runFifo([
      { kind: "buy", id: "b", quantityMinor: 3n * SOL, costUsdCents: 1_000n },
      { kind: "sell", id: "s1", quantityMinor: SOL, proceedsUsdCents: 500n },
      { kind: "sell", id: "s2", quantityMinor: SOL, proceedsUsdCents: 500n },
      { kind: "sell", id: "s3", quantityMinor: SOL, proceedsUsdCents: 500n },
    ]);
    expect(result.disposals.map((d) => d.costUsdCents)).toEqual([333n, 334n, 333n]);
    expect(result.disposals.map((d) => d.gainUsdCents)).toEqual([167n, 166n, 167n]);
    expect(result.realisedUsdCents).toBe(500n);
    expect(result.lots).toEqual([]);
  });

  it("selling more than is held is an error naming what was held", () => {
    // 1 BTC held, 1.5 BTC sold.
    const run = () =>
      runFifo([
        { kind: "buy", id: "b", quantityMinor: BTC, costUsdCents: 100n },
        { kind: "sell", id: "s", quantityMinor: (BTC * 3n) / 2n, proceedsUsdCents: 100n },
      ]);
    expect(run).toThrow(OversoldError);
    expect(run).toThrow("event s disposes of 150000000 but only 100000000 is held");
  });

  it("a staking reward is income at its value when received, apart from the later price gain", () => {
    // Buy 10 SOL for $1,000 ($100 each). A reward of 1 SOL arrives when SOL is $120: income 12,000¢,
    // and its lot costs 12,000¢. Sell all 11 SOL at $150: proceeds 165,000¢, cost 112,000¢,
    // price gain 53,000¢ = 10 × ($150 − $100) + 1 × ($150 − $120) = $500 + $30. Income stays $120.
    const result = runFifo([
      { kind: "buy", id: "b", quantityMinor: 10n * SOL, costUsdCents: 100_000n },
      { kind: "receive", id: "r", quantityMinor: SOL, valueUsdCents: 12_000n, income: true },
      { kind: "sell", id: "s", quantityMinor: 11n * SOL, proceedsUsdCents: 165_000n },
    ]);
    expect(result.incomeUsdCents).toBe(12_000n);
    expect(result.realisedUsdCents).toBe(53_000n);
  });

  it("a zero-cost receipt that is not income has all of its sale as gain", () => {
    // 0.1 BTC moved in with no known cost, sold for $6,000: gain 600,000¢, income 0.
    const result = runFifo([
      { kind: "receive", id: "in", quantityMinor: BTC / 10n, valueUsdCents: 0n, income: false },
      { kind: "sell", id: "s", quantityMinor: BTC / 10n, proceedsUsdCents: 600_000n },
    ]);
    expect(result.realisedUsdCents).toBe(600_000n);
    expect(result.incomeUsdCents).toBe(0n);
  });

  it("sending coins away takes the oldest lots with their cost and realises nothing", () => {
    // 2 BTC for $40,000 (4,000,000¢); 0.5 BTC sent: 1,000,000¢ of cost leaves, 1.5 BTC at 3,000,000¢ stay.
    const result = runFifo([
      { kind: "buy", id: "b", quantityMinor: 2n * BTC, costUsdCents: 4_000_000n },
      { kind: "send", id: "w", quantityMinor: BTC / 2n },
    ]);
    expect(result.sentCostUsdCents).toBe(1_000_000n);
    expect(result.disposals).toEqual([]);
    expect(result.lots).toEqual([{ from: "b", quantityMinor: 150_000_000n, costUsdCents: 3_000_000n }]);
  });

  it("refuses a zero quantity and a negative cost", () => {
    expect(() => runFifo([{ kind: "buy", id: "b", quantityMinor: 0n, costUsdCents: 1n }])).toThrow(
      RangeError,
    );
    expect(() => runFifo([{ kind: "buy", id: "b", quantityMinor: 1n, costUsdCents: -1n }])).toThrow(
      RangeError,
    );
  });
});
