import { describe, expect, it } from "vitest";
import { moneyWeightedReturnBps, timeWeightedReturnBps } from "./returns.ts";

// Values in US cents. 100,000¢ = $1,000.
describe("time-weighted and money-weighted return", () => {
  it("with no flows both are the plain growth of the period", () => {
    // $1,000 → $1,100 over 10 days: 1,100 ÷ 1,000 − 1 = 10 % = 1,000 bp, however it is weighted.
    expect(
      timeWeightedReturnBps({ startValueUsdCents: 100_000n, flows: [], endValueUsdCents: 110_000n }),
    ).toBe(1_000);
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 100_000n,
        days: 10,
        flows: [],
        endValueUsdCents: 110_000n,
      }),
    ).toBe(1_000);
  });

  it("a loss is negative in both", () => {
    // $1,000 → $900: −10 % = −1,000 bp.
    expect(
      timeWeightedReturnBps({ startValueUsdCents: 100_000n, flows: [], endValueUsdCents: 90_000n }),
    ).toBe(-1_000);
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 100_000n,
        days: 30,
        flows: [],
        endValueUsdCents: 90_000n,
      }),
    ).toBe(-1_000);
  });

  it("a deposit mid-period: TWR chains the two sub-periods, MWR weighs the larger second half more", () => {
    // Day 0: $1,000. Day 5: worth $1,100 (+10 %), then $1,000 is paid in → $2,100. Day 10: $2,246.40.
    // TWR = (1,100 / 1,000) × (2,246.40 / 2,100) − 1 = 1.1 × 1.0697142857 − 1 = 0.1766857 → 1,767 bp.
    // MWR: with x = (1 + d)^5, 1,000·x² + 1,000·x = 2,246.40 → x² + x − 2.2464 = 0 → x = 1.08
    // (1.1664 + 1.08 = 2.2464), so the period return is x² − 1 = 0.1664 → 1,664 bp.
    const twr = timeWeightedReturnBps({
      startValueUsdCents: 100_000n,
      flows: [{ valueBeforeUsdCents: 110_000n, amountUsdCents: 100_000n }],
      endValueUsdCents: 224_640n,
    });
    const mwr = moneyWeightedReturnBps({
      startValueUsdCents: 100_000n,
      days: 10,
      flows: [{ day: 5, amountUsdCents: 100_000n }],
      endValueUsdCents: 224_640n,
    });
    expect(twr).toBe(1_767);
    expect(mwr).toBe(1_664);
  });

  it("a withdrawal after a rise: MWR is above TWR because more money was in during the good half", () => {
    // Day 0: $2,000. Day 5: worth $2,200 (+10 %), $1,000 taken out → $1,200. Day 10: still $1,200 (0 %).
    // TWR = 1.1 × 1.0 − 1 = 10 % → 1,000 bp.
    // MWR: 2,000·x² − 1,000·x = 1,200 → 2x² − x − 1.2 = 0 → x = (1 + √10.6) / 4 = 1.0639410,
    // x² = 1.1319705 → 13.19705 % → 1,320 bp.
    expect(
      timeWeightedReturnBps({
        startValueUsdCents: 200_000n,
        flows: [{ valueBeforeUsdCents: 220_000n, amountUsdCents: -100_000n }],
        endValueUsdCents: 120_000n,
      }),
    ).toBe(1_000);
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 200_000n,
        days: 10,
        flows: [{ day: 5, amountUsdCents: -100_000n }],
        endValueUsdCents: 120_000n,
      }),
    ).toBe(1_320);
  });

  it("a zero start: the first day's deposit opens the period", () => {
    // Nothing on day 0 until $1,000 is paid in; $1,050 on day 10 → 5 % = 500 bp for both. The empty
    // sub-period before the deposit has no growth to measure and is skipped by TWR.
    expect(
      timeWeightedReturnBps({
        startValueUsdCents: 0n,
        flows: [{ valueBeforeUsdCents: 0n, amountUsdCents: 100_000n }],
        endValueUsdCents: 105_000n,
      }),
    ).toBe(500);
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 0n,
        days: 10,
        flows: [{ day: 0, amountUsdCents: 100_000n }],
        endValueUsdCents: 105_000n,
      }),
    ).toBe(500);
  });

  it("rounds half a basis point away from zero", () => {
    // 20,001 / 20,000 − 1 = 0.00005 = 0.5 bp → 1; 19,999 / 20,000 − 1 = −0.5 bp → −1; 4/3 − 1 = 3,333.3 bp → 3,333.
    expect(timeWeightedReturnBps({ startValueUsdCents: 20_000n, flows: [], endValueUsdCents: 20_001n })).toBe(
      1,
    );
    expect(timeWeightedReturnBps({ startValueUsdCents: 20_000n, flows: [], endValueUsdCents: 19_999n })).toBe(
      -1,
    );
    expect(timeWeightedReturnBps({ startValueUsdCents: 3n, flows: [], endValueUsdCents: 4n })).toBe(3_333);
  });

  it("has no return when nothing was ever invested", () => {
    expect(timeWeightedReturnBps({ startValueUsdCents: 0n, flows: [], endValueUsdCents: 0n })).toBeNull();
    expect(
      moneyWeightedReturnBps({ startValueUsdCents: 0n, days: 5, flows: [], endValueUsdCents: 0n }),
    ).toBeNull();
  });

  it("refuses a value that appears from nothing and a flow outside the period", () => {
    expect(() => timeWeightedReturnBps({ startValueUsdCents: 0n, flows: [], endValueUsdCents: 5n })).toThrow(
      RangeError,
    );
    expect(() =>
      moneyWeightedReturnBps({
        startValueUsdCents: 1n,
        days: 5,
        flows: [{ day: 6, amountUsdCents: 1n }],
        endValueUsdCents: 1n,
      }),
    ).toThrow(RangeError);
  });

  it("a year of daily compounding stays exact to the basis point", () => {
    // $1,000 → $1,500 over 365 days with no flows: 50 % = 5,000 bp.
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 100_000n,
        days: 365,
        flows: [],
        endValueUsdCents: 150_000n,
      }),
    ).toBe(5_000);
  });

  it("five years of monthly deposits with no growth is 0 bp, and a rate exact in the step is exact", () => {
    // $1,000 at the start and $100 on every 30th day for 60 months; the end value is exactly what
    // was paid in ($7,000): d = 0 solves it, so MWR = 0 bp whatever the timing.
    const flows = Array.from({ length: 60 }, (_, i) => ({ day: (i + 1) * 30, amountUsdCents: 10_000n }));
    expect(
      moneyWeightedReturnBps({
        startValueUsdCents: 100_000n,
        days: 1_825,
        flows,
        endValueUsdCents: 700_000n,
      }),
    ).toBe(0);
    // $100 → $121 over two days: d = 10 % a day exactly, 1.1² − 1 = 21 % = 2,100 bp.
    expect(
      moneyWeightedReturnBps({ startValueUsdCents: 10_000n, days: 2, flows: [], endValueUsdCents: 12_100n }),
    ).toBe(2_100);
  });
});
