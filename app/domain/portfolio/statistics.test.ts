import { describe, expect, it } from "vitest";
import {
  alignedReturns,
  annualisedVolatility,
  concentration,
  correlation,
  dailyReturns,
  datedReturns,
  maximumDrawdown,
  standardDeviation,
} from "./statistics.ts";

describe("portfolio statistics", () => {
  it("daily returns leave out money paid in that day", () => {
    // 100 → 110 (+10 %); then 110 → 165 with 50 paid in: (165 − 50) ÷ 110 − 1 = 115/110 − 1 ≈ 4.545 %.
    const r = dailyReturns([100, 110, 165], [0, 0, 50]);
    expect(r[0]).toBeCloseTo(0.1, 12);
    expect(r[1]).toBeCloseTo(115 / 110 - 1, 12);
  });

  it("a day after a zero value has no return", () => {
    expect(dailyReturns([0, 100, 120])).toEqual([0.19999999999999996]);
  });

  it("volatility is the sample standard deviation of daily returns × √365", () => {
    // Returns +1 %, −1 %, +1 %, −1 %: mean 0, squares 4 × 0.0001 = 0.0004, ÷ 3 → sd = √0.000133… ≈ 0.011547.
    const returns = [0.01, -0.01, 0.01, -0.01];
    expect(standardDeviation(returns)).toBeCloseTo(Math.sqrt(0.0004 / 3), 12);
    expect(annualisedVolatility(returns)).toBeCloseTo(Math.sqrt(0.0004 / 3) * Math.sqrt(365), 12);
    // ≈ 22.06 % a year.
    expect(annualisedVolatility(returns)).toBeCloseTo(0.2206, 4);
    expect(annualisedVolatility([0.05])).toBeNull();
  });

  it("maximum drawdown: the largest fall from a high to a later low, with its days", () => {
    // Values (no flows): 100 (d0) → 120 (d1) → 90 (d2, −25 % from 120) → 100 (d3) → 130 (d4, recovered)
    // → 117 (d5, −10 %). The worst fall is d1 → d2.
    const points = [100, 120, 90, 100, 130, 117].map((value, i) => ({ day: `d${i}`, value, flow: 0 }));
    const dd = maximumDrawdown(datedReturns(points));
    expect(dd?.fraction).toBeCloseTo(0.25, 12);
    expect(dd).toMatchObject({ peakDay: "d1", troughDay: "d2", recovered: true });
    const rising = [1, 2, 3].map((value, i) => ({ day: `d${i}`, value, flow: 0 }));
    expect(maximumDrawdown(datedReturns(rising))).toBeNull();
  });

  it("money taken out is not a fall, and a fall not yet made up is marked so", () => {
    // 100 → 60 with 40 withdrawn that day: (60 − (−40)) ÷ 100 − 1 = 0, no fall. Then 60 → 30: −50 %.
    const points = [
      { day: "a", value: 100, flow: 0 },
      { day: "b", value: 60, flow: -40 },
      { day: "c", value: 30, flow: 0 },
    ];
    expect(datedReturns(points).map((r) => [r.from, r.day, r.r])).toEqual([
      ["a", "b", 0],
      ["b", "c", -0.5],
    ]);
    expect(maximumDrawdown(datedReturns(points))).toEqual({
      fraction: 0.5,
      peakDay: "a",
      troughDay: "c",
      recovered: false,
    });
  });

  it("correlation: +1 for series moving together, −1 for opposite, null for a flat one", () => {
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    // a = 1, 2, 3, 4; b = 1, 3, 2, 4: means 2.5; deviations a −1.5 −.5 .5 1.5, b −1.5 .5 −.5 1.5;
    // cov = 2.25 − .25 − .25 + 2.25 = 4; var a = var b = 5 → 4 ÷ 5 = 0.8.
    expect(correlation([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 12);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(correlation([1], [1])).toBeNull();
  });

  it("concentration: largest share, Herfindahl and the equivalent number of equal holdings", () => {
    // 60 / 30 / 10: shares .6 .3 .1 → H = .36 + .09 + .01 = .46, 1/H ≈ 2.17.
    const c = concentration([
      { key: "BTC", value: 60 },
      { key: "ETH", value: 30 },
      { key: "USD", value: 10 },
      { key: "SOL", value: 0 },
    ]);
    expect(c?.largest).toEqual({ key: "BTC", share: 0.6 });
    expect(c?.herfindahl).toBeCloseTo(0.46, 12);
    expect(c?.effectiveHoldings).toBeCloseTo(1 / 0.46, 12);
    expect(concentration([])).toBeNull();
  });

  it("aligned returns use only the days every coin has a close", () => {
    const closes = new Map([
      [
        "BTC",
        new Map([
          ["2026-01-01", 100],
          ["2026-01-02", 110],
          ["2026-01-03", 121],
        ]),
      ],
      [
        "ETH",
        new Map([
          ["2026-01-01", 10],
          ["2026-01-03", 12],
        ]),
      ],
    ]);
    const { days, returns } = alignedReturns(closes);
    expect(days).toEqual(["2026-01-01", "2026-01-03"]);
    expect(returns.get("BTC")?.[0]).toBeCloseTo(0.21, 12);
    expect(returns.get("ETH")?.[0]).toBeCloseTo(0.2, 12);
  });
});
