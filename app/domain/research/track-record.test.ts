import { describe, expect, it } from "vitest";
import { formatBp, pickReturn, returnBp, trackRecord } from "./track-record.ts";

// Every expectation below is worked out by hand in the comment beside it.
const r = (returnBp: bigint, btcReturnBp = 0n) => ({
  returnBp,
  btcReturnBp,
  vsBtcBp: returnBp - btcReturnBp,
});

describe("a pick's return", () => {
  it("is (exit − entry) ÷ entry in basis points, rounded once, half away from zero", () => {
    expect(returnBp("100", "112.345")).toBe(1235n); // +12.345 % = 1234.5 bp → 1235
    expect(returnBp("100", "87.655")).toBe(-1235n); // −12.345 % = −1234.5 bp → −1235
    expect(returnBp("3", "4")).toBe(3333n); // +33.33… % → 3333
    expect(returnBp("3", "2")).toBe(-3333n); // −33.33… % → −3333
    expect(returnBp("2", "3")).toBe(5000n); // +50 %
    expect(returnBp("64250.51", "64250.51")).toBe(0n);
  });

  it("is exact where floating point is not, and at any scale the feed sends", () => {
    // 0.1 → 0.3 is +200 % exactly; (0.3 − 0.1) / 0.1 in floating point is 1.9999999999999998.
    expect(returnBp("0.1", "0.3")).toBe(20_000n);
    expect(returnBp("0.00001234", "0.00002468")).toBe(10_000n); // doubled: +100 %
    expect(returnBp("64250.510000000000000001", "64250.51")).toBe(0n); // −1.6e−21 % → 0
    expect(returnBp("0.000000000000000003", "0.000000000000000001")).toBe(-6667n); // −66.67 %
  });

  it("has none from a zero entry price", () => {
    expect(returnBp("0", "5")).toBeNull();
  });

  it("is measured against holding Bitcoin over the same window", () => {
    // Pick 100 → 150: +50 % (5000 bp); BTC 60,000 → 66,000: +10 % (1000 bp); 4000 bp better.
    expect(
      pickReturn({ entryPrice: "100", exitPrice: "150", btcEntryPrice: "60000", btcExitPrice: "66000" }),
    ).toEqual({ returnBp: 5000n, btcReturnBp: 1000n, vsBtcBp: 4000n });
    // Pick +5 % while BTC −20 %: 2500 bp better, though the pick itself only made 5 %.
    expect(
      pickReturn({ entryPrice: "20", exitPrice: "21", btcEntryPrice: "50000", btcExitPrice: "40000" }),
    ).toEqual({ returnBp: 500n, btcReturnBp: -2000n, vsBtcBp: 2500n });
  });
});

describe("the track record", () => {
  it("four picks: hit rate, average, median of the middle two, best and worst", () => {
    // Returns 5000, −2000, 300, 0 bp; sorted −2000, 0, 300, 5000.
    // Hits (above zero): 2 of 4 = 50.00 % = 5000 bp. Sum 3300 / 4 = 825. Median (0 + 300) / 2 = 150.
    // Beat BTC (BTC +10 % = 1000 bp in every window): only the 5000 bp pick.
    const record = trackRecord([r(5000n, 1000n), r(-2000n, 1000n), r(300n, 1000n), r(0n, 1000n)]);
    expect(record).toEqual({
      count: 4,
      hits: 2,
      hitRateBp: 5000n,
      beatBtc: 1,
      averageBp: 825n,
      medianBp: 150n,
      bestBp: 5000n,
      worstBp: -2000n,
    });
  });

  it("three picks: the middle one is the median; thirds round half away from zero", () => {
    // 100, −50, 7 → sorted −50, 7, 100: median 7. Sum 57 / 3 = 19. Hits 2 / 3 = 66.666… % → 6667 bp.
    expect(trackRecord([r(100n), r(-50n), r(7n)])).toMatchObject({
      hitRateBp: 6667n,
      averageBp: 19n,
      medianBp: 7n,
      bestBp: 100n,
      worstBp: -50n,
    });
  });

  it("halves round away from zero on both sides", () => {
    // (1 + 2) / 2 = 1.5 → 2; (−1 + −2) / 2 = −1.5 → −2.
    expect(trackRecord([r(1n), r(2n)])).toMatchObject({ averageBp: 2n, medianBp: 2n });
    expect(trackRecord([r(-1n), r(-2n)])).toMatchObject({
      averageBp: -2n,
      medianBp: -2n,
      hits: 0,
      hitRateBp: 0n,
    });
  });

  it("without picks there is nothing to average", () => {
    expect(trackRecord([])).toEqual({
      count: 0,
      hits: 0,
      hitRateBp: null,
      beatBtc: 0,
      averageBp: null,
      medianBp: null,
      bestBp: null,
      worstBp: null,
    });
  });
});

describe("formatBp", () => {
  it("writes basis points as a signed percentage with two decimals", () => {
    expect(formatBp(1235n)).toBe("+12.35%");
    expect(formatBp(-5n)).toBe("−0.05%");
    expect(formatBp(0n)).toBe("0.00%");
    expect(formatBp(10_000n)).toBe("+100.00%");
    expect(formatBp(-123_456n)).toBe("−1234.56%");
    expect(formatBp(null)).toBe("—");
  });
});
